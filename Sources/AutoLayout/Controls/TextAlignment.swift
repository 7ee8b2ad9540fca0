/// How a control places its lines of text horizontally, as UIKit's `NSTextAlignment`.
///
/// Alignment never changes a size: it decides where each line sits inside the width the
/// control was given (see ``Label/lineFrames``).
public enum TextAlignment: Int, Sendable, CaseIterable {
    /// Lines start at the left edge.
    case left = 0
    /// Lines are centred.
    case center = 1
    /// Lines end at the right edge.
    case right = 2
    /// Lines fill the width; the last line is placed as `natural`.
    case justified = 3
    /// `left` in a left-to-right layout, `right` in a right-to-left one: the default.
    case natural = 4
}
