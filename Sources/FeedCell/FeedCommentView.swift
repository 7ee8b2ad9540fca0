import AutoLayout
import Foundation

/// The actor's comment: the 50×50 picture, then the comment beside it.
public final class FeedCommentView: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The actor's 50×50 picture.
    public let actorImageView = ImageView.feedPicture("actorImage")
    /// The actor's comment, beside the picture.
    public let commentLabel = Label.feedLabel("actorComment")

    /// Builds the part with its subviews and constraints; the frame is the starting one.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        addConstrainedSubviews([actorImageView, commentLabel])
        // As tall as the taller of the picture and the comment: both stay inside, and the
        // bottom hugs the picture unless the comment reaches lower.
        let hugPicture = bottomAnchor.constraint(equalTo: actorImageView.bottomAnchor)
        hugPicture.priority = .defaultHigh - 1
        LayoutConstraint.activate([
            actorImageView.leadingAnchor.constraint(equalTo: leadingAnchor),
            commentLabel.leadingAnchor.constraint(equalTo: actorImageView.trailingAnchor),
            commentLabel.trailingAnchor.constraint(equalTo: trailingAnchor),
            actorImageView.topAnchor.constraint(equalTo: topAnchor),
            commentLabel.topAnchor.constraint(equalTo: topAnchor),
            actorImageView.bottomAnchor.constraint(lessThanOrEqualTo: bottomAnchor),
            commentLabel.bottomAnchor.constraint(lessThanOrEqualTo: bottomAnchor),
            hugPicture,
        ])
    }
}
