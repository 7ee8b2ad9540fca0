// A contacts cell written for UIKit with the Visual Format Language: metrics as NSNumber,
// CGFloat and Double, an option that aligns a badge with the name, and inequalities.
// Only the import differs from the iOS file.
#if canImport(UIKit)
import UIKit
#else
import FitsizeUIKit
#endif

final class ContactCell: UITableViewCell {
    static let reuseIdentifier = "ContactCell"

    let avatarView = UIImageView()
    let nameLabel = UILabel()
    let statusLabel = UILabel()
    let badgeLabel = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        accessoryType = .disclosureIndicator
        avatarView.contentMode = .scaleAspectFill
        avatarView.layer.cornerRadius = 22
        avatarView.clipsToBounds = true
        nameLabel.font = UIFont.boldSystemFont(ofSize: 17)
        statusLabel.font = UIFont.preferredFont(forTextStyle: .subheadline)
        statusLabel.textColor = .secondaryLabel
        badgeLabel.font = UIFont.preferredFont(forTextStyle: .caption1)
        badgeLabel.textAlignment = .center
        badgeLabel.backgroundColor = .systemRed
        badgeLabel.textColor = .white

        let views: [String: Any] = ["avatar": avatarView, "name": nameLabel, "status": statusLabel, "badge": badgeLabel]
        for case let view as UIView in views.values {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        let metrics: [String: Any] = ["avatarSize": NSNumber(value: 44), "spacing": CGFloat(12), "gap": 2.0]
        var constraints: [NSLayoutConstraint] = []
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-[avatar(avatarSize)]-spacing-[name]", options: [], metrics: metrics, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "H:[name]-(>=8)-[badge]-|", options: .alignAllCenterY, metrics: metrics, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "H:[avatar]-spacing-[status]-|", options: [], metrics: metrics, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "V:|-[avatar(avatarSize)]-(>=0)-|", options: [], metrics: metrics, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "V:|-[name]-gap-[status]-|", options: [], metrics: metrics, views: views)
        NSLayoutConstraint.activate(constraints)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func configure(name: String, status: String, unread: Int) {
        nameLabel.text = name
        statusLabel.text = status
        badgeLabel.text = unread > 0 ? "\(unread)" : nil
        badgeLabel.isHidden = unread == 0
    }
}
