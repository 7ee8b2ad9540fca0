// A feed cell written for UIKit: anchors, a stack view of buttons, preferred fonts, and
// priorities that let the body decide the height. Only the import differs from the iOS file.
#if canImport(UIKit)
import UIKit
#else
import FitsizeUIKit
#endif

final class PostCell: UITableViewCell {
    static let reuseIdentifier = "PostCell"

    let avatarView = UIImageView()
    let nameLabel = UILabel()
    let timeLabel = UILabel()
    let bodyLabel = UILabel()
    let likeButton = UIButton(type: .system)
    let replyButton = UIButton(type: .system)
    private lazy var actions = UIStackView(arrangedSubviews: [likeButton, replyButton])

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        avatarView.layer.cornerRadius = 20
        avatarView.clipsToBounds = true
        avatarView.backgroundColor = .secondarySystemBackground
        nameLabel.font = UIFont.preferredFont(forTextStyle: .headline)
        nameLabel.adjustsFontForContentSizeCategory = true
        timeLabel.font = UIFont.preferredFont(forTextStyle: .footnote)
        timeLabel.textColor = .secondaryLabel
        bodyLabel.font = UIFont.preferredFont(forTextStyle: .body)
        bodyLabel.numberOfLines = 0
        likeButton.setTitle("Like", for: .normal)
        replyButton.setTitle("Reply", for: .normal)
        actions.axis = .horizontal
        actions.spacing = 24
        actions.alignment = .center

        for view in [avatarView, nameLabel, timeLabel, bodyLabel, actions] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        let margins = contentView.layoutMarginsGuide
        let bodyBelowName = bodyLabel.topAnchor.constraint(equalTo: timeLabel.bottomAnchor, constant: 8)
        bodyBelowName.priority = .defaultLow
        NSLayoutConstraint.activate([
            avatarView.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            avatarView.topAnchor.constraint(equalTo: margins.topAnchor),
            avatarView.widthAnchor.constraint(equalToConstant: 40),
            avatarView.heightAnchor.constraint(equalTo: avatarView.widthAnchor),

            nameLabel.leadingAnchor.constraint(equalTo: avatarView.trailingAnchor, constant: 12),
            nameLabel.topAnchor.constraint(equalTo: avatarView.topAnchor),
            nameLabel.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor),
            timeLabel.leadingAnchor.constraint(equalTo: nameLabel.leadingAnchor),
            timeLabel.topAnchor.constraint(equalTo: nameLabel.bottomAnchor, constant: 2),

            bodyLabel.leadingAnchor.constraint(equalTo: nameLabel.leadingAnchor),
            bodyLabel.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            bodyLabel.topAnchor.constraint(greaterThanOrEqualTo: avatarView.bottomAnchor, constant: 8),
            bodyLabel.topAnchor.constraint(greaterThanOrEqualTo: timeLabel.bottomAnchor, constant: 8),
            bodyBelowName,

            actions.leadingAnchor.constraint(equalTo: bodyLabel.leadingAnchor),
            actions.topAnchor.constraint(equalTo: bodyLabel.bottomAnchor, constant: 8),
            actions.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        avatarView.image = nil
        bodyLabel.text = nil
    }

    func configure(name: String, time: String, body: String, avatar: UIImage?) {
        nameLabel.text = name
        timeLabel.text = time
        bodyLabel.text = body
        avatarView.image = avatar
    }
}
