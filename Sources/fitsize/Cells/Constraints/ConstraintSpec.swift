import AutoLayout

/// A constraint of the template.
enum ConstraintSpec: Sendable {
    /// A Visual Format Language string with its options.
    case visualFormat(String, options: LayoutConstraint.FormatOptions, node: JSONNode)
    /// An anchor equation.
    case equation(ConstraintEquation, node: JSONNode)

    var node: JSONNode {
        switch self {
        case .visualFormat(_, _, let node), .equation(_, let node): node
        }
    }
}
