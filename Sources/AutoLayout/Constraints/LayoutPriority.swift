/// The priority of a ``LayoutConstraint``: 1000 is required, anything lower is optional.
///
/// Priorities are strict levels, as in UIKit: no number of unsatisfied constraints at one
/// level outweighs a single one at a higher level.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible
{
    /// The priority as a number from 1 to 1000.
    public var rawValue: Float

    /// Makes a priority from its number; valid priorities are from 1 to 1000.
    public init(rawValue: Float) { self.rawValue = rawValue }

    /// Makes a priority from its number; valid priorities are from 1 to 1000.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// Makes a priority from a literal such as `750` or `999.5`.
    public init(floatLiteral value: Float) { self.rawValue = value }

    /// Makes a priority from a literal such as `750`.
    public init(integerLiteral value: Int) { self.rawValue = Float(value) }

    /// A constraint that must be satisfied: 1000.
    public static let required = LayoutPriority(1000)
    /// A strong preference, the default compression resistance: 750.
    public static let defaultHigh = LayoutPriority(750)
    /// The priority at which a window-resizing drag may resize the scene: 510.
    public static let dragThatCanResizeScene = LayoutPriority(510)
    /// The priority at which a scene keeps its size: 500.
    public static let sceneSizeStayPut = LayoutPriority(500)
    /// The priority at which a drag cannot resize the scene: 490.
    public static let dragThatCannotResizeScene = LayoutPriority(490)
    /// A weak preference, the default content hugging: 250.
    public static let defaultLow = LayoutPriority(250)
    /// The priority of the target size in ``View/systemLayoutSizeFitting(_:)``: 50.
    public static let fittingSizeLevel = LayoutPriority(50)

    /// Whether this is the required priority (1000).
    public var isRequired: Bool { rawValue == 1000 }

    /// Whether the number is a valid priority: finite and from 1 to 1000.
    public var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }

    /// Orders priorities by their numbers.
    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// A priority raised by a number: `.defaultLow + 1` is 251.
    public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
        LayoutPriority(lhs.rawValue + rhs)
    }

    /// A priority lowered by a number: `.required - 1` is 999.
    public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
        LayoutPriority(lhs.rawValue - rhs)
    }

    /// The number, printed without a fraction when it has none (`750`, `999.5`).
    public var description: String {
        rawValue == rawValue.rounded() && abs(rawValue) < 1e9
            ? String(Int(rawValue)) : String(rawValue)
    }
}
