import AutoLayout
import Foundation

/// The feed cell's top bar: what the actor did, then an options label "..." that neither
/// stretches nor shrinks (required hugging and compression resistance), so the action text
/// takes the rest of the width.
public final class FeedTopBarView: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// What the actor did: "action text i".
    public let actionLabel = Label.feedLabel("action")
    /// "...": never stretched nor squeezed.
    public let optionsLabel = Label.feedLabel("options", text: FeedMetrics.optionsText)

    /// Builds the part with its subviews and constraints; the frame is the starting one.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        optionsLabel.setContentHuggingPriority(.required, for: .horizontal)
        optionsLabel.setContentCompressionResistancePriority(.required, for: .horizontal)
        addConstrainedSubviews([actionLabel, optionsLabel])
        LayoutConstraint.activate([
            actionLabel.leadingAnchor.constraint(equalTo: leadingAnchor),
            optionsLabel.leadingAnchor.constraint(equalTo: actionLabel.trailingAnchor),
            optionsLabel.trailingAnchor.constraint(equalTo: trailingAnchor),
            actionLabel.topAnchor.constraint(equalTo: topAnchor),
            actionLabel.bottomAnchor.constraint(equalTo: bottomAnchor),
            optionsLabel.topAnchor.constraint(equalTo: topAnchor),
            // The bar is as tall as the taller label.
            optionsLabel.bottomAnchor.constraint(lessThanOrEqualTo: bottomAnchor),
        ])
    }
}
