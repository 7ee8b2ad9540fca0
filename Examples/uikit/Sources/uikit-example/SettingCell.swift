// A settings row as an iOS app writes it: an icon, a title that wraps and a footnote,
// laid out with the Visual Format Language, and a switch as the accessory view.
// Only the import differs from the iOS file.
#if canImport(UIKit)
import UIKit
#else
import FitsizeUIKit
#endif

final class SettingCell: UITableViewCell {
    static let reuseIdentifier = "SettingCell"

    private let iconView = UIImageView()
    private let titleLabel = UILabel()
    private let footnoteLabel = UILabel()
    private let toggle = UISwitch()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        accessoryView = toggle
        iconView.layer.cornerRadius = 7
        iconView.backgroundColor = .systemBlue
        titleLabel.font = UIFont.preferredFont(forTextStyle: .body)
        titleLabel.numberOfLines = 0
        footnoteLabel.font = UIFont.preferredFont(forTextStyle: .footnote)
        footnoteLabel.textColor = .secondaryLabel
        footnoteLabel.numberOfLines = 0

        let views: [String: Any] = ["icon": iconView, "title": titleLabel, "footnote": footnoteLabel]
        for case let view as UIView in views.values {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        let metrics: [String: Any] = ["icon": NSNumber(value: 29), "gap": 15]
        var constraints = NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-[icon(icon)]-gap-[title]-|", options: [], metrics: metrics, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "H:[icon]-gap-[footnote]-|", options: [], metrics: metrics, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "V:|-[title]-2-[footnote]-|", options: [], metrics: metrics, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "V:|-[icon(icon)]", options: [], metrics: metrics, views: views)
        NSLayoutConstraint.activate(constraints)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func configure(title: String, footnote: String, isOn: Bool) {
        titleLabel.text = title
        footnoteLabel.text = footnote
        toggle.isOn = isOn
    }
}
