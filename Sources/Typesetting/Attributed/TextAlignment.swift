/// Where a line sits between the paragraph's indents, as UIKit's `NSTextAlignment`: for a
/// paragraph style and for the text controls (which is why it lives below them).
///
/// Alignment moves lines (``TextLayout/Line/minX``); it never changes a size.
public enum TextAlignment: Int, Hashable, Sendable, CaseIterable {
    /// At the leading (left) indent.
    case left = 0
    /// Centred between the indents.
    case center = 1
    /// At the trailing (right) indent.
    case right = 2
    /// Lines fill the width; the last line is placed as `natural` (measured as `natural`).
    case justified = 3
    /// At the leading side: the default. In a paragraph style, the paragraph's own
    /// direction decides (its first strong character, as TextKit resolves a natural writing
    /// direction), so a right-to-left paragraph sits at the right; a control's plain text
    /// follows the control's layout direction.
    case natural = 4
}
