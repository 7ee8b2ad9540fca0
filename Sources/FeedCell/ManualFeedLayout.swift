import AutoLayout
import Foundation
import Typesetting

/// The feed cell laid out by hand: the frames of ``FeedCell``'s views computed with plain
/// arithmetic over the same text measurements its labels make (``PreparedText`` and
/// ``PreparedText/layout(width:maxLines:lineBreakMode:lineSpacing:scale:)`` with the labels'
/// arguments). It is the baseline the constraint cell's cost is compared with.
///
/// Frames are in the cell's coordinates. A layout object prepares the fixed texts ("...",
/// "Like", "Comment", "Share") once, as a template cell's labels do; it is meant for one
/// thread at a time.
public final class ManualFeedLayout {
    /// The frames of one item's views and the cell's height.
    public struct Frames: Sendable, Equatable {
        /// The action label.
        public var actionLabel = CGRect.zero
        /// The options label "...".
        public var optionsLabel = CGRect.zero
        /// The poster's picture.
        public var posterImage = CGRect.zero
        /// The poster's name.
        public var posterName = CGRect.zero
        /// The poster's headline.
        public var posterHeadline = CGRect.zero
        /// The poster's timestamp.
        public var posterTimestamp = CGRect.zero
        /// The poster's comment.
        public var posterComment = CGRect.zero
        /// The content's picture.
        public var contentImage = CGRect.zero
        /// The content's title.
        public var contentTitle = CGRect.zero
        /// The content's domain.
        public var contentDomain = CGRect.zero
        /// "Like".
        public var likeLabel = CGRect.zero
        /// "Comment".
        public var commentLabel = CGRect.zero
        /// "Share".
        public var shareLabel = CGRect.zero
        /// The actor's picture.
        public var actorImage = CGRect.zero
        /// The actor's comment.
        public var actorComment = CGRect.zero
        /// The cell's height: the bottom of its last part.
        public var height: CGFloat = 0
    }

    /// The display scale whose pixel grid text sizes are ceiled to, as a cell's root view's.
    public let scale: CGFloat
    private let font = FeedMetrics.font
    private let options: CGSize
    private let like: CGSize
    private let comment: CGSize
    private let share: CGSize

    /// A layout for a display of `scale` pixels per point.
    /// - Throws: ``Typesetting/TypesettingError/invalidScale(_:)`` when `scale` is not a
    ///   positive finite number.
    public init(scale: CGFloat = 1) throws {
        self.scale = scale
        let font = FeedMetrics.font
        func line(_ text: String) throws -> CGSize {
            try Self.singleLine(PreparedText(text, font: font), scale: scale)
        }
        options = try line(FeedMetrics.optionsText)
        like = try line(FeedMetrics.likeText)
        comment = try line(FeedMetrics.commentText)
        share = try line(FeedMetrics.shareText)
    }

    /// The frames of `item`'s cell at `width`.
    /// - Throws: ``Typesetting/TypesettingError/invalidWidth(_:)`` for a negative or NaN width.
    public func frames(for item: FeedItem, width: CGFloat) throws -> Frames {
        guard !width.isNaN, width >= 0 else { throw TypesettingError.invalidWidth(width) }
        var frames = Frames()
        var top: CGFloat = 0

        // Top bar: the options label keeps its size at the trailing edge; the action label
        // takes the rest of the row. The bar is as tall as the taller label.
        let action = try singleLine(item.actionText)
        frames.optionsLabel = CGRect(x: width - options.width, y: top, width: options.width, height: options.height)
        frames.actionLabel = CGRect(x: 0, y: top, width: width - options.width, height: max(action.height, options.height))
        top += max(action.height, options.height)

        // Mini profile: picture; name, headline and timestamp beside it; comment below both.
        let picture = item.posterImage.size
        let textX = picture.width + FeedMetrics.profileTextGap
        let textWidth = width - textX - FeedMetrics.profileTrailingInset
        let name = try singleLine(item.posterName)
        let headline = try PreparedText(item.posterHeadline, font: font).layout(
            width: max(0, textWidth), maxLines: FeedMetrics.headlineMaximumLines,
            lineBreakMode: .byTruncatingTail, scale: scale
        ).size
        let timestamp = try singleLine(item.posterTimestamp)
        let posterComment = try singleLine(item.posterComment)
        frames.posterImage = CGRect(x: 0, y: top, width: picture.width, height: picture.height)
        frames.posterName = CGRect(x: textX, y: top, width: textWidth, height: name.height)
        frames.posterHeadline = CGRect(
            x: textX, y: frames.posterName.maxY + FeedMetrics.profileLineGap, width: textWidth, height: headline.height)
        frames.posterTimestamp = CGRect(
            x: textX, y: frames.posterHeadline.maxY + FeedMetrics.profileLineGap, width: textWidth,
            height: timestamp.height)
        let commentY = max(frames.posterTimestamp.maxY, frames.posterImage.maxY) + FeedMetrics.posterCommentMinimumGap
        frames.posterComment = CGRect(x: 0, y: commentY, width: width, height: posterComment.height)
        top = frames.posterComment.maxY

        // Mini content: picture across the cell, then title and domain.
        let contentPicture = item.contentImage.size
        let title = try singleLine(item.contentTitle)
        let domain = try singleLine(item.contentDomain)
        frames.contentImage = CGRect(x: 0, y: top, width: width, height: contentPicture.height)
        frames.contentTitle = CGRect(x: 0, y: frames.contentImage.maxY, width: width, height: title.height)
        frames.contentDomain = CGRect(x: 0, y: frames.contentTitle.maxY, width: width, height: domain.height)
        top = frames.contentDomain.maxY

        // Social actions: at the margins and centred; as tall as the tallest.
        let rowHeight = max(like.height, comment.height, share.height)
        frames.likeLabel = CGRect(x: FeedMetrics.socialMargin, y: top, width: like.width, height: rowHeight)
        frames.commentLabel = CGRect(x: (width - comment.width) / 2, y: top, width: comment.width, height: comment.height)
        frames.shareLabel = CGRect(
            x: width - FeedMetrics.socialMargin - share.width, y: top, width: share.width, height: share.height)
        top += rowHeight

        // Comment: picture, then the comment beside it; as tall as the taller.
        let actorPicture = item.actorImage.size
        let actorComment = try singleLine(item.actorComment)
        let commentHeight = max(actorPicture.height, actorComment.height)
        frames.actorImage = CGRect(x: 0, y: top, width: actorPicture.width, height: actorPicture.height)
        frames.actorComment = CGRect(
            x: actorPicture.width, y: top, width: width - actorPicture.width, height: actorComment.height)
        frames.height = top + commentHeight
        return frames
    }

    private func singleLine(_ text: String) throws -> CGSize {
        try Self.singleLine(PreparedText(text, font: font), scale: scale)
    }

    /// A one-line label's size: its text unwrapped, cut at the tail if it had to be.
    private static func singleLine(_ text: PreparedText, scale: CGFloat) throws -> CGSize {
        try text.layout(width: .infinity, maxLines: 1, lineBreakMode: .byTruncatingTail, scale: scale).size
    }
}
