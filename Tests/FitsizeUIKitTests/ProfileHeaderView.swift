// A header written as for UIKit: anchors, NSLayoutConstraint(item:...), the Visual Format
// Language with [String: Any] views and metrics, UIFont and UILayoutPriority. Only the import
// differs from the iOS file.
#if canImport(UIKit)
import UIKit
#else
import FitsizeUIKit
#endif

final class ProfileHeaderView: UIView {
    let avatarView = UIImageView()
    let nameLabel = UILabel()
    let bioLabel = UILabel()
    let countLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        nameLabel.font = UIFont.preferredFont(forTextStyle: .headline)
        bioLabel.font = UIFont.systemFont(ofSize: 15)
        bioLabel.numberOfLines = 0
        countLabel.font = UIFont.monospacedDigitSystemFont(ofSize: 13, weight: .regular)
        for view in [avatarView, nameLabel, bioLabel, countLabel] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        let views: [String: Any] = ["avatar": avatarView, "name": nameLabel, "count": countLabel]
        let metrics: [String: Any] = ["pad": 16, "size": NSNumber(value: 48)]
        var constraints = NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-pad-[avatar(size)]-12-[name]-(>=8)-[count]-pad-|", options: [],
            metrics: metrics, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "V:|-pad-[avatar(size)]", options: [], metrics: metrics, views: views)
        constraints += [
            NSLayoutConstraint(item: nameLabel, attribute: .top, relatedBy: .equal, toItem: avatarView,
                               attribute: .top, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: countLabel, attribute: .firstBaseline, relatedBy: .equal, toItem: nameLabel,
                               attribute: .firstBaseline, multiplier: 1, constant: 0),
            bioLabel.topAnchor.constraint(equalTo: nameLabel.bottomAnchor, constant: 4),
            bioLabel.leadingAnchor.constraint(equalTo: nameLabel.leadingAnchor),
            bioLabel.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
            bioLabel.bottomAnchor.constraint(lessThanOrEqualTo: bottomAnchor, constant: -16),
            avatarView.bottomAnchor.constraint(lessThanOrEqualTo: bottomAnchor, constant: -16),
        ]
        let hug = bioLabel.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -16)
        hug.priority = UILayoutPriority(rawValue: 999)
        constraints.append(hug)
        countLabel.setContentHuggingPriority(.required, for: .horizontal)
        NSLayoutConstraint.activate(constraints)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func show(name: String, bio: String, count: Int) {
        nameLabel.text = name
        bioLabel.text = bio
        countLabel.text = "\(count)"
    }
}
