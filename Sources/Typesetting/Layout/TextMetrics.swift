import Foundation

/// What a layout measures, without its lines: the size and the first and last baselines of
/// ``PreparedText/layout(width:maxLines:lineBreakMode:lineSpacing:scale:)`` at the same
/// arguments, and whether it was truncated.
///
/// A view's intrinsic size and baseline offsets need only these; a layout's lines (their
/// string ranges, widths and faces) are for drawing. Measuring without them spares an
/// allocation and the string-index work of every line.
public struct TextMetrics: Sendable, Equatable {
    /// The layout's ``TextLayout/size``.
    public var size: CGSize
    /// The layout's ``TextLayout/firstBaseline``: the first line's baseline from the top.
    public var firstBaseline: CGFloat
    /// The layout's ``TextLayout/lastBaseline``: the last line's baseline from the top.
    public var lastBaseline: CGFloat
    /// The layout's ``TextLayout/isTruncated``.
    public var isTruncated: Bool

    /// Metrics with the given values.
    public init(size: CGSize, firstBaseline: CGFloat, lastBaseline: CGFloat, isTruncated: Bool) {
        self.size = size
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.isTruncated = isTruncated
    }
}

extension TextLayout {
    /// The layout's size, baselines and truncation.
    public var metrics: TextMetrics {
        TextMetrics(size: size, firstBaseline: firstBaseline, lastBaseline: lastBaseline, isTruncated: isTruncated)
    }
}
