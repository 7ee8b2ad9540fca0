/// Which parts of a view's frame stretch when its superview resizes (UIKit's autoresizing).
///
/// Used only while ``View/translatesAutoresizingMaskIntoConstraints`` is true. When the
/// superview's size changes by some amount, the change is shared among the flexible parts in
/// proportion to their current sizes; an empty mask keeps the view's origin and size.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    /// The mask's bits, with UIKit's values.
    public let rawValue: UInt

    /// Makes a mask from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The distance to the superview's left edge may change.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width may change.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The distance to the superview's right edge may change.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The distance to the superview's top edge may change.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height may change.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The distance to the superview's bottom edge may change.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}
