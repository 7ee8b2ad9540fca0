// A chat cell written for UIKit before anchors existed: every constraint made with
// NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:) and added
// to the content view. Only the import differs from the iOS file.
#if canImport(UIKit)
import UIKit
#else
import FitsizeUIKit
#endif

final class ChatBubbleCell: UITableViewCell {
    static let reuseIdentifier = "ChatBubbleCell"

    let bubbleView = UIView()
    let messageLabel = UILabel()
    let timestampLabel = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        bubbleView.backgroundColor = UIColor.systemBlue.withAlphaComponent(0.12)
        bubbleView.layer.cornerRadius = 16
        messageLabel.font = UIFont.systemFont(ofSize: 16)
        messageLabel.numberOfLines = 0
        timestampLabel.font = UIFont.systemFont(ofSize: 11)
        timestampLabel.textColor = .secondaryLabel

        for view in [bubbleView, messageLabel, timestampLabel] {
            view.translatesAutoresizingMaskIntoConstraints = false
        }
        contentView.addSubview(bubbleView)
        bubbleView.addSubview(messageLabel)
        contentView.addSubview(timestampLabel)

        contentView.addConstraints([
            NSLayoutConstraint(item: bubbleView, attribute: .leading, relatedBy: .equal,
                               toItem: contentView, attribute: .leadingMargin, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: bubbleView, attribute: .trailing, relatedBy: .lessThanOrEqual,
                               toItem: contentView, attribute: .trailingMargin, multiplier: 1, constant: -60),
            NSLayoutConstraint(item: bubbleView, attribute: .top, relatedBy: .equal,
                               toItem: contentView, attribute: .topMargin, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: messageLabel, attribute: .leading, relatedBy: .equal,
                               toItem: bubbleView, attribute: .leading, multiplier: 1, constant: 12),
            NSLayoutConstraint(item: messageLabel, attribute: .trailing, relatedBy: .equal,
                               toItem: bubbleView, attribute: .trailing, multiplier: 1, constant: -12),
            NSLayoutConstraint(item: messageLabel, attribute: .top, relatedBy: .equal,
                               toItem: bubbleView, attribute: .top, multiplier: 1, constant: 8),
            NSLayoutConstraint(item: messageLabel, attribute: .bottom, relatedBy: .equal,
                               toItem: bubbleView, attribute: .bottom, multiplier: 1, constant: -8),
            NSLayoutConstraint(item: timestampLabel, attribute: .top, relatedBy: .equal,
                               toItem: bubbleView, attribute: .bottom, multiplier: 1, constant: 4),
            NSLayoutConstraint(item: timestampLabel, attribute: .leading, relatedBy: .equal,
                               toItem: bubbleView, attribute: .leading, multiplier: 1, constant: 12),
            NSLayoutConstraint(item: timestampLabel, attribute: .bottom, relatedBy: .equal,
                               toItem: contentView, attribute: .bottomMargin, multiplier: 1, constant: 0),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func configure(message: String, time: String) {
        messageLabel.text = message
        timestampLabel.text = time
    }
}
