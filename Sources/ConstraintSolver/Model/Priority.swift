/// How strongly a constraint is enforced, from 1 (weakest) to 1000 (``required``).
///
/// Priorities are strict levels, as in UIKit's engine: no number of errors at one level
/// outweighs a single error at a higher level. Within a level, errors add up: an optional
/// `a == b` minimises |a − b| together with the other errors at its level.
/// Any value in 1...1000 is a level of its own (250.5 sits between 250 and 251).
public struct Priority: Sendable, Hashable, Comparable {
    /// The priority as a number in 1...1000.
    public let rawValue: Float

    /// Creates a priority, clamping the value into 1...1000 (NaN becomes 1).
    public init(_ value: Float) {
        rawValue = value.isNaN ? 1 : min(max(value, 1), 1000)
    }

    /// Creates a priority without clamping, for the solver's reserved levels.
    private init(reserved value: Float) {
        rawValue = value
    }

    /// A constraint that must hold exactly. Adding one that cannot throws.
    public static let required = Priority(1000)
    /// A strong preference (750): the level of edit variables that follow user input.
    public static let strong = Priority(750)
    /// A medium preference (500).
    public static let medium = Priority(500)
    /// A weak preference (250), for example a stay that keeps a value where it was.
    public static let weak = Priority(250)

    /// The reserved level above every optional one and below ``required``'s feasibility:
    /// a required constraint that could not be satisfied is re-added at this priority, so
    /// its error is minimised before any optional constraint's (UIKit's rule for broken
    /// constraints). A constraint at this level is optional to the solver: adding one never
    /// throws ``SolverError/unsatisfiableConstraint(conflicting:)``.
    public static let brokenRequired = Priority(reserved: 1001)

    /// Whether this is ``required`` (exactly 1000).
    public var isRequired: Bool { rawValue == 1000 }

    /// Orders priorities by strength.
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Priority: ExpressibleByFloatLiteral {
    /// Creates a priority from a literal such as `250.5`, clamped into 1...1000.
    public init(floatLiteral value: Float) { self.init(value) }
}

extension Priority: ExpressibleByIntegerLiteral {
    /// Creates a priority from a literal such as `750`, clamped into 1...1000.
    public init(integerLiteral value: Int) { self.init(Float(value)) }
}

extension Priority: CustomStringConvertible {
    /// The priority as a number, like UIKit prints it (`1000`, `250.5`).
    public var description: String {
        rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)
    }
}
