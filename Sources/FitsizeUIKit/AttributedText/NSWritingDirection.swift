/// UIKit's `NSWritingDirection`.
public enum NSWritingDirection: Int, Hashable, Sendable {
    /// The direction the text's own characters give.
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}
