/// How the two sides of a ``LayoutConstraint`` compare.
public enum LayoutRelation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The first side is at most the second.
    case lessThanOrEqual = -1
    /// The two sides are equal.
    case equal = 0
    /// The first side is at least the second.
    case greaterThanOrEqual = 1

    /// The relation's symbol as it appears in constraint descriptions: `<=`, `==` or `>=`.
    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
