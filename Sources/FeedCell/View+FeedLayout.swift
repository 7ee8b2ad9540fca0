import AutoLayout
import Foundation

extension View {
    /// Adds subviews that are positioned by constraints, not by their frames.
    func addConstrainedSubviews(_ views: [View]) {
        for view in views {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
    }

    /// Constraints that pin the view's leading and trailing edges to `container`'s.
    func constraintsPinningSides(to container: View) -> [LayoutConstraint] {
        [
            leadingAnchor.constraint(equalTo: container.leadingAnchor),
            trailingAnchor.constraint(equalTo: container.trailingAnchor),
        ]
    }
}

extension ImageView {
    /// An image view exactly as large as its image, on both axes: required hugging and
    /// compression resistance, so that the labels beside it take the rest of a row.
    static func feedPicture(_ name: String) -> ImageView {
        let view = ImageView(image: nil)
        view.accessibilityIdentifier = name
        for axis in [LayoutAxis.horizontal, .vertical] {
            view.setContentHuggingPriority(.required, for: axis)
            view.setContentCompressionResistancePriority(.required, for: axis)
        }
        return view
    }
}

extension Label {
    /// A label in the feed's font showing `text`, named for diagnostics.
    static func feedLabel(_ name: String, text: String? = nil) -> Label {
        let label = Label(frame: .zero)
        label.font = FeedMetrics.font
        label.text = text
        label.accessibilityIdentifier = name
        return label
    }
}
