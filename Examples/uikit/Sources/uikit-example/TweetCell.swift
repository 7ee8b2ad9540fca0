// A timeline cell as an iOS app writes it: anchors to the content view's margins, stack
// views, Dynamic Type fonts and attributed text. Only the import differs from the iOS file.
#if canImport(UIKit)
import UIKit
#else
import FitsizeUIKit
#endif

final class TweetCell: UITableViewCell {
    static let reuseIdentifier = "TweetCell"

    private let avatarView = UIImageView()
    private let nameLabel = UILabel()
    private let handleLabel = UILabel()
    private let bodyLabel = UILabel()
    private let replyButton = UIButton(type: .system)
    private let likeButton = UIButton(type: .system)
    private lazy var header = UIStackView(arrangedSubviews: [nameLabel, handleLabel])
    private lazy var actions = UIStackView(arrangedSubviews: [replyButton, likeButton])

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        avatarView.layer.cornerRadius = 24
        avatarView.clipsToBounds = true
        avatarView.backgroundColor = .systemGray5
        nameLabel.font = UIFont.preferredFont(forTextStyle: .headline)
        handleLabel.font = UIFont.preferredFont(forTextStyle: .subheadline)
        handleLabel.textColor = .secondaryLabel
        handleLabel.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        header.axis = .horizontal
        header.spacing = 4
        header.alignment = .firstBaseline
        bodyLabel.numberOfLines = 0
        replyButton.setTitle("Reply", for: .normal)
        actions.axis = .horizontal
        actions.distribution = .fillEqually
        actions.spacing = 8

        for view in [avatarView, header, bodyLabel, actions] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        let margins = contentView.layoutMarginsGuide
        let actionsAtBottom = actions.bottomAnchor.constraint(equalTo: margins.bottomAnchor)
        NSLayoutConstraint.activate([
            avatarView.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            avatarView.topAnchor.constraint(equalTo: margins.topAnchor),
            avatarView.widthAnchor.constraint(equalToConstant: 48),
            avatarView.heightAnchor.constraint(equalToConstant: 48),
            avatarView.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),

            header.leadingAnchor.constraint(equalTo: avatarView.trailingAnchor, constant: 12),
            header.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor),
            header.topAnchor.constraint(equalTo: margins.topAnchor),
            bodyLabel.leadingAnchor.constraint(equalTo: header.leadingAnchor),
            bodyLabel.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            bodyLabel.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 4),
            actions.leadingAnchor.constraint(equalTo: header.leadingAnchor),
            actions.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            actions.topAnchor.constraint(equalTo: bodyLabel.bottomAnchor, constant: 6),
            actionsAtBottom,
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func configure(name: String, handle: String, text: String, likes: Int) {
        nameLabel.text = name
        handleLabel.text = "@" + handle
        let body = NSMutableAttributedString(
            string: text, attributes: [.font: UIFont.preferredFont(forTextStyle: .body), .foregroundColor: UIColor.label])
        for word in text.split(separator: " ") where word.hasPrefix("@") || word.hasPrefix("#") {
            let range = (text as NSString).range(of: String(word))
            body.addAttribute(.foregroundColor, value: UIColor.link, range: range)
        }
        bodyLabel.attributedText = body
        likeButton.setTitle(likes == 0 ? "Like" : "Like · \(likes)", for: .normal)
    }
}
