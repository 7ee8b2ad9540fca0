// A "who to follow" cell written for UIKit to load from a nib or from code: a wrapping name
// beside a Follow button that must keep its size, decided by priorities.
// Only the import differs from the iOS file.
#if canImport(UIKit)
import UIKit
#else
import FitsizeUIKit
#endif

final class FollowCell: UITableViewCell {
    static let reuseIdentifier = "FollowCell"

    let nameLabel = UILabel()
    let followButton = UIButton(type: .system)
    private(set) var isFollowing = false

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        commonInit()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        nameLabel.font = UIFont.preferredFont(forTextStyle: .headline)
        nameLabel.numberOfLines = 0
        followButton.setTitle("Follow", for: .normal)
        followButton.setTitle("Following", for: .selected)
        followButton.titleLabel?.font = UIFont.boldSystemFont(ofSize: 15)
        followButton.contentEdgeInsets = UIEdgeInsets(top: 6, left: 16, bottom: 6, right: 16)
        followButton.layer.cornerRadius = 15
        followButton.addTarget(self, action: Selector(("followTapped")), for: .touchUpInside)

        followButton.setContentHuggingPriority(.required, for: .horizontal)
        followButton.setContentCompressionResistancePriority(.required, for: .horizontal)
        nameLabel.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)

        nameLabel.translatesAutoresizingMaskIntoConstraints = false
        followButton.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(nameLabel)
        contentView.addSubview(followButton)
        let margins = contentView.layoutMarginsGuide
        let nameFillsHeight = nameLabel.bottomAnchor.constraint(equalTo: margins.bottomAnchor)
        nameFillsHeight.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
            nameLabel.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            nameLabel.topAnchor.constraint(equalTo: margins.topAnchor),
            nameLabel.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
            nameFillsHeight,
            followButton.leadingAnchor.constraint(equalTo: nameLabel.trailingAnchor, constant: 12),
            followButton.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            followButton.centerYAnchor.constraint(equalTo: margins.centerYAnchor),
            followButton.topAnchor.constraint(greaterThanOrEqualTo: margins.topAnchor),
            followButton.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
        ])
    }

    func configure(name: String, following: Bool) {
        nameLabel.text = name
        isFollowing = following
        followButton.isSelected = following
    }
}
