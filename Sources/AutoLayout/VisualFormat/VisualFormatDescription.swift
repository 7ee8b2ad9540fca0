// The visual-format shapes in which UIKit describes constraints: `H:|-(20)-[Label:0x…]`,
// `V:[A]-(8)-[B]`, `H:[Button:0x…(>=50)]`, with the superview a `|` named after the
// status (`names: '|':View:0x… `).

/// Describes a constraint in one of UIKit's visual-format shapes, from its current values,
/// through the description hook of ``LayoutConstraint`` (`formatDescription`).
struct VisualFormatDescription {
    let form: PlannedConstraint.Form

    /// Makes the constraint describe itself in this shape from now on.
    func apply(to constraint: LayoutConstraint) {
        if case .equation = form { return }
        constraint.formatDescription = { constraint in
            body(of: constraint).map { body in
                (body.text, body.bar.map { "'|':" + LayoutConstraint.describe($0) })
            }
        }
    }

    /// The text and the node the `|` stands for, if any.
    private func body(of constraint: LayoutConstraint) -> (text: String, bar: LayoutNode?)? {
        let first = LayoutConstraint.describe(constraint.firstNode)
        switch form {
        case .equation:
            return nil
        case .spacing(let axis):
            guard let second = constraint.secondNode else { return nil }
            let gap = predicate(constraint, object: LayoutConstraint.format(constraint.constant))
            return (prefix(axis) + "[\(LayoutConstraint.describe(second))]-(\(gap))-[\(first)]", nil)
        case .size(let axis):
            let size: String
            if let second = constraint.secondNode {
                // Another view's size always shows its relation: `(==Button:0x…)`.
                size = constraint.relation.description + LayoutConstraint.describe(second)
                    + priority(constraint)
            } else {
                size = predicate(constraint, object: LayoutConstraint.format(constraint.constant))
            }
            return (prefix(axis) + "[\(first)(\(size))]", nil)
        case .fromSuperview(let axis):
            let gap = predicate(constraint, object: LayoutConstraint.format(constraint.constant))
            return (prefix(axis) + "|-(\(gap))-[\(first)]", constraint.secondNode)
        case .toSuperview(let axis):
            guard let second = constraint.secondNode else { return nil }
            let gap = predicate(constraint, object: LayoutConstraint.format(constraint.constant))
            return (prefix(axis) + "[\(LayoutConstraint.describe(second))]-(\(gap))-|", constraint.firstNode)
        }
    }

    /// A predicate as the format writes it: `20`, `>=8`, `100@20`.
    private func predicate(_ constraint: LayoutConstraint, object: String) -> String {
        let relation = constraint.relation == .equal ? "" : constraint.relation.description
        return relation + object + priority(constraint)
    }

    private func priority(_ constraint: LayoutConstraint) -> String {
        constraint.priority.isRequired ? "" : "@" + constraint.priority.description
    }

    private func prefix(_ axis: LayoutAxis) -> String {
        axis == .horizontal ? "H:" : "V:"
    }
}
