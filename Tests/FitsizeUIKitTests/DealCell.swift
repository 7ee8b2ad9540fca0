// A shop cell written for UIKit on iOS 15: a wrapping name and a price above a configured
// "Add to Cart" button whose title follows its selected state through the configuration
// update handler. Only the import differs from the iOS file.
#if canImport(UIKit)
import UIKit
#else
import FitsizeUIKit
#endif

final class DealCell: UITableViewCell {
    static let reuseIdentifier = "DealCell"

    let nameLabel = UILabel()
    let priceLabel = UILabel()
    let addButton: UIButton = {
        var config = UIButton.Configuration.filled()
        config.image = UIImage(systemName: "cart.badge.plus")
        config.imagePadding = 8
        config.titlePadding = 2
        config.cornerStyle = .capsule
        config.baseBackgroundColor = .systemOrange
        return UIButton(configuration: config, primaryAction: nil)
    }()
    private let stack = UIStackView()

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
        priceLabel.font = UIFont.preferredFont(forTextStyle: .body)
        addButton.configurationUpdateHandler = { button in
            var config = button.configuration
            config?.title = button.isSelected ? "In Cart" : "Add to Cart"
            button.configuration = config
        }

        stack.axis = .vertical
        stack.spacing = 8
        stack.addArrangedSubview(nameLabel)
        stack.addArrangedSubview(priceLabel)
        stack.translatesAutoresizingMaskIntoConstraints = false
        addButton.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)
        contentView.addSubview(addButton)
        let margins = contentView.layoutMarginsGuide
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: margins.topAnchor),
            stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            addButton.topAnchor.constraint(equalTo: stack.bottomAnchor, constant: 12),
            addButton.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            addButton.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor),
            addButton.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
    }

    func configure(name: String, price: String, shipping: String?, inCart: Bool) {
        nameLabel.text = name
        priceLabel.text = price
        addButton.configuration?.subtitle = shipping
        addButton.isSelected = inCart
    }
}
