// A shop cell written for UIKit with the Visual Format Language and a button that must never
// shrink or stretch. Only the import differs from the iOS file.
#if canImport(UIKit)
import UIKit
#else
import FitsizeUIKit
#endif

final class ProductCell: UITableViewCell {
    static let reuseIdentifier = "ProductCell"

    let titleLabel = UILabel()
    let detailLabel = UILabel()
    let buyButton = UIButton(type: .system)

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        titleLabel.font = UIFont.preferredFont(forTextStyle: .body)
        titleLabel.numberOfLines = 2
        detailLabel.font = UIFont.preferredFont(forTextStyle: .subheadline)
        detailLabel.textColor = .secondaryLabel
        buyButton.setTitle("Buy", for: .normal)
        buyButton.contentEdgeInsets = UIEdgeInsets(top: 4, left: 12, bottom: 4, right: 12)
        buyButton.layer.cornerRadius = 8
        buyButton.setContentHuggingPriority(.required, for: .horizontal)
        buyButton.setContentCompressionResistancePriority(.required, for: .horizontal)

        let views: [String: Any] = ["title": titleLabel, "detail": detailLabel, "buy": buyButton]
        for case let view as UIView in views.values {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        let metrics: [String: Any] = ["gap": 8, "line": NSNumber(value: 2)]
        var constraints = NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-[title]-gap-[buy]-|", options: [], metrics: metrics, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-[detail]-gap-[buy]", options: [], metrics: metrics, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "V:|-[title]-line-[detail]-|", options: [], metrics: metrics, views: views)
        constraints.append(buyButton.centerYAnchor.constraint(equalTo: contentView.centerYAnchor))
        NSLayoutConstraint.activate(constraints)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func configure(title: String, detail: String) {
        titleLabel.text = title
        detailLabel.text = detail
    }
}
