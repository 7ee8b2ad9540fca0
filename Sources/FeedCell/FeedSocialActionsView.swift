import AutoLayout
import Foundation

/// The social actions: "Like" at the leading margin, "Comment" centred, "Share" at the
/// trailing margin.
public final class FeedSocialActionsView: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// "Like", at the leading margin.
    public let likeLabel = Label.feedLabel("like", text: FeedMetrics.likeText)
    /// "Comment", centred.
    public let commentLabel = Label.feedLabel("comment", text: FeedMetrics.commentText)
    /// "Share", at the trailing margin.
    public let shareLabel = Label.feedLabel("share", text: FeedMetrics.shareText)

    /// Builds the part with its subviews and constraints; the frame is the starting one.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        layoutMargins = EdgeInsets(
            top: 0, left: FeedMetrics.socialMargin, bottom: 0, right: FeedMetrics.socialMargin)
        addConstrainedSubviews([likeLabel, commentLabel, shareLabel])
        LayoutConstraint.activate([
            likeLabel.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            commentLabel.centerXAnchor.constraint(equalTo: centerXAnchor),
            shareLabel.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
            likeLabel.topAnchor.constraint(equalTo: topAnchor),
            likeLabel.bottomAnchor.constraint(equalTo: bottomAnchor),
            commentLabel.topAnchor.constraint(equalTo: topAnchor),
            shareLabel.topAnchor.constraint(equalTo: topAnchor),
            // The row is as tall as its tallest label.
            commentLabel.bottomAnchor.constraint(lessThanOrEqualTo: bottomAnchor),
            shareLabel.bottomAnchor.constraint(lessThanOrEqualTo: bottomAnchor),
        ])
    }
}
