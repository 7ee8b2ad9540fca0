import Foundation

/// Glyphs of one typeface drawn in one direction: a read-only view of shaping results,
/// for renderers (the `fitsize --render` option draws them with FreeType).
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
}
