import AutoLayout
import Foundation

/// The feed cell of the mobile layout benchmarks, built with constraints: a vertical chain
/// of five parts, each pinned to both sides of the cell (top bar, mini profile, mini
/// content, social actions, comment). ``show(_:)`` fills it with an item; size it with a
/// `CellSizer`.
///
/// ``ManualFeedLayout`` computes the same layout with frame arithmetic over the same text
/// measurements; the two must agree on the height of every item at every width.
public final class FeedCell: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The top bar: action and options.
    public let topBar = FeedTopBarView()
    /// The poster's picture, name, headline, timestamp and comment.
    public let miniProfile = FeedMiniProfileView()
    /// The shared content: picture, title, domain.
    public let miniContent = FeedMiniContentView()
    /// Like, Comment, Share.
    public let socialActions = FeedSocialActionsView()
    /// The actor's picture and comment.
    public let comment = FeedCommentView()

    /// The parts, top to bottom.
    public var parts: [View] { [topBar, miniProfile, miniContent, socialActions, comment] }

    /// Builds the cell with its five parts and their constraints, empty until ``show(_:)``.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        let parts = self.parts
        addConstrainedSubviews(parts)
        var constraints: [LayoutConstraint] = []
        var above = topAnchor
        for part in parts {
            constraints += part.constraintsPinningSides(to: self)
            constraints.append(part.topAnchor.constraint(equalTo: above))
            above = part.bottomAnchor
        }
        constraints.append(bottomAnchor.constraint(equalTo: above))
        LayoutConstraint.activate(constraints)
    }

    /// Shows `item`: its eight texts and three images.
    public func show(_ item: FeedItem) {
        topBar.actionLabel.text = item.actionText
        miniProfile.posterImageView.image = item.posterImage
        miniProfile.nameLabel.text = item.posterName
        miniProfile.headlineLabel.text = item.posterHeadline
        miniProfile.timestampLabel.text = item.posterTimestamp
        miniProfile.commentLabel.text = item.posterComment
        miniContent.contentImageView.image = item.contentImage
        miniContent.titleLabel.text = item.contentTitle
        miniContent.domainLabel.text = item.contentDomain
        comment.actorImageView.image = item.actorImage
        comment.commentLabel.text = item.actorComment
    }
}
