import Foundation

/// The result of laying out a ``PreparedText`` at a width: lines with their text ranges,
/// widths and baselines, and the overall size ceiled to the pixel grid.
///
/// Coordinates are UIKit's: y grows down from the top of the first line.
public struct TextLayout: Sendable {
    /// One laid-out line.
    public struct Line: Sendable, Equatable {
        /// The text shown on the line, from its first to its last character (trailing
        /// whitespace included; for a middle-truncated line this spans the elided part).
        public var range: Range<String.Index>
        /// The same range as UTF-16 offsets.
        public var utf16Range: Range<Int>
        /// Width of the line's visible content in points: trailing whitespace hangs and
        /// does not count; an ellipsis does; a clipped line is at most the layout width.
        public var width: CGFloat
        /// The top of the line box.
        public var minY: CGFloat
        /// The line's height: the largest line height among the faces used on it.
        public var height: CGFloat
        /// The baseline's distance from the top of the layout.
        public var baseline: CGFloat
        /// Text replaced by the ellipsis on a truncated line, or nil.
        public var elidedRange: Range<String.Index>?
        /// The elided range as UTF-16 offsets.
        public var elidedUTF16Range: Range<Int>?
        /// Where the ellipsis goes, if the line has one.
        public var ellipsis: EllipsisPosition?
        /// Whether the line's content is wider than the layout and was clipped.
        public var isClipped: Bool

        /// Bit i set when the prepared text's face i is used on the line.
        var faceMask: UInt64

        /// The line's left end: a paragraph style's indents and alignment in its paragraph's
        /// direction (0 for plain text).
        public var minX: CGFloat = 0
    }

    /// Where a truncated line's ellipsis sits.
    public enum EllipsisPosition: Sendable, Equatable {
        case head, middle, tail
    }

    /// The bounding size of all lines, each dimension ceiled to the pixel grid of
    /// ``scale``: the widest line's width, and the lines' heights plus line spacing
    /// between them.
    public let size: CGSize
    /// The lines, top to bottom.
    public let lines: [Line]
    /// Whether text was dropped (maxLines reached) or cut (an ellipsis or clipping).
    public let isTruncated: Bool
    /// The width the text was laid out at.
    public let width: CGFloat
    /// The display scale whose pixel grid the size is ceiled to.
    public let scale: CGFloat

    /// The prepared text this is a layout of.
    public let preparedText: PreparedText

    /// The first line's baseline, from the top (0 when there are no lines).
    public var firstBaseline: CGFloat { lines.first?.baseline ?? 0 }

    /// The last line's baseline, from the top (0 when there are no lines).
    public var lastBaseline: CGFloat { lines.last?.baseline ?? 0 }

    /// The typefaces that draw line `index`'s characters (fallback faces included), in the
    /// prepared text's order; empty for an index out of range.
    public func typefaces(onLine index: Int) -> [Typeface] {
        guard lines.indices.contains(index) else { return [] }
        return preparedText.typefaces(inMask: lines[index].faceMask)
    }

    /// The glyphs that draw line `index`, in visual order, positioned from the line's
    /// origin (its left end, on its baseline); empty for an index out of range.
    public func glyphRuns(onLine index: Int) -> [GlyphRun] {
        guard lines.indices.contains(index) else { return [] }
        return preparedText.glyphRuns(for: lines[index])
    }
}
