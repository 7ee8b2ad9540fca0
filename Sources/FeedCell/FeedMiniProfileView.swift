import AutoLayout
import Foundation

/// The poster's mini profile: the 50×50 picture; right of it (2 points away, 4 from the
/// trailing edge) the name, the headline (up to three lines) and the timestamp, 1 point
/// apart; under both, the poster's comment at full width, at least 3 points lower.
public final class FeedMiniProfileView: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The poster's 50×50 picture.
    public let posterImageView = ImageView.feedPicture("posterImage")
    /// The poster's name.
    public let nameLabel = Label.feedLabel("posterName")
    /// The poster's headline, up to three lines.
    public let headlineLabel = Label.feedLabel("posterHeadline")
    /// When the post was made.
    public let timestampLabel = Label.feedLabel("posterTimestamp")
    /// The poster's comment, across the cell under the picture and texts.
    public let commentLabel = Label.feedLabel("posterComment")

    /// Builds the part with its subviews and constraints; the frame is the starting one.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        headlineLabel.numberOfLines = FeedMetrics.headlineMaximumLines
        addConstrainedSubviews([posterImageView, nameLabel, headlineLabel, timestampLabel, commentLabel])
        var constraints = [
            posterImageView.leadingAnchor.constraint(equalTo: leadingAnchor),
            posterImageView.topAnchor.constraint(equalTo: topAnchor),
            nameLabel.topAnchor.constraint(equalTo: topAnchor),
            headlineLabel.topAnchor.constraint(equalTo: nameLabel.bottomAnchor, constant: FeedMetrics.profileLineGap),
            timestampLabel.topAnchor.constraint(
                equalTo: headlineLabel.bottomAnchor, constant: FeedMetrics.profileLineGap),
            commentLabel.topAnchor.constraint(
                greaterThanOrEqualTo: timestampLabel.bottomAnchor, constant: FeedMetrics.posterCommentMinimumGap),
            commentLabel.topAnchor.constraint(
                greaterThanOrEqualTo: posterImageView.bottomAnchor, constant: FeedMetrics.posterCommentMinimumGap),
            commentLabel.bottomAnchor.constraint(equalTo: bottomAnchor),
        ]
        // The comment sits as high as the two minimum gaps allow: just under the timestamp,
        // unless the picture reaches lower. Without this the gap above it could be anything.
        let hugTimestamp = commentLabel.topAnchor.constraint(
            equalTo: timestampLabel.bottomAnchor, constant: FeedMetrics.posterCommentMinimumGap)
        hugTimestamp.priority = .defaultHigh - 1
        constraints.append(hugTimestamp)
        constraints += commentLabel.constraintsPinningSides(to: self)
        for label in [nameLabel, headlineLabel, timestampLabel] {
            constraints += [
                label.leadingAnchor.constraint(equalTo: posterImageView.trailingAnchor, constant: FeedMetrics.profileTextGap),
                label.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -FeedMetrics.profileTrailingInset),
            ]
        }
        LayoutConstraint.activate(constraints)
    }
}
