import Foundation

/// Glyphs of one typeface drawn in one direction, or one attachment's box: a read-only view of
/// shaping results, for renderers (the `fitsize --render` option draws them with FreeType).
public struct GlyphRun: Sendable {
    /// The face that draws the glyphs.
    public let typeface: Typeface
    /// The size in points to draw at.
    public let pointSize: CGFloat
    /// Glyph ids in the face.
    public let glyphs: [UInt32]
    /// Each glyph's pen position in points, from the line's origin (left end, baseline);
    /// y grows up, as in font coordinates.
    public let positions: [CGPoint]
    /// Each glyph's advance in points.
    public let advances: [CGFloat]
    /// The UTF-16 range of the text the run draws (the ellipsis run has an empty range
    /// at the point where text was elided).
    public let utf16Range: Range<Int>
    /// Whether the run reads right to left.
    public let isRightToLeft: Bool
    /// The pen position where the run starts, in points from the line's left end.
    public let originX: CGFloat
    /// The run's advance in points (for an attachment, its box's width).
    public let width: CGFloat
    /// Points the run's baseline is raised above the line's (attributed text's
    /// `baselineOffset`; negative lowers it). The positions include it.
    public let baselineOffset: CGFloat
    /// The attachment the run shows, with no glyphs, or nil for text.
    public let attachment: TextAttachment?
}
