import AutoLayout
import Foundation

/// The shared content: the 350×200 picture across the cell, its title and its domain.
public final class FeedMiniContentView: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The picture: as wide as the cell, as tall as the image.
    public let contentImageView = ImageView(image: nil)
    /// The content's title.
    public let titleLabel = Label.feedLabel("contentTitle")
    /// The content's domain.
    public let domainLabel = Label.feedLabel("contentDomain")

    /// Builds the part with its subviews and constraints; the frame is the starting one.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentImageView.accessibilityIdentifier = "contentImage"
        addConstrainedSubviews([contentImageView, titleLabel, domainLabel])
        var constraints = [
            contentImageView.topAnchor.constraint(equalTo: topAnchor),
            titleLabel.topAnchor.constraint(equalTo: contentImageView.bottomAnchor),
            domainLabel.topAnchor.constraint(equalTo: titleLabel.bottomAnchor),
            domainLabel.bottomAnchor.constraint(equalTo: bottomAnchor),
        ]
        for view in [contentImageView, titleLabel, domainLabel] {
            constraints += view.constraintsPinningSides(to: self)
        }
        LayoutConstraint.activate(constraints)
    }
}
