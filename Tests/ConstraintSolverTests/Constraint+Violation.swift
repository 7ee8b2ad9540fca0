import ConstraintSolver

extension Constraint {
    /// The expression's value at the variables' current values.
    var currentValue: Double {
        expression.terms.reduce(expression.constant) { $0 + $1.coefficient * $1.variable.value }
    }

    /// How far the current values are from satisfying the constraint (0 when they do); NaN or
    /// infinite when the value is.
    var violation: Double {
        let value = currentValue
        guard value.isFinite else { return value.isNaN ? .nan : .infinity }
        switch relation {
        case .equal: return abs(value)
        case .lessThanOrEqual: return max(0, value)
        case .greaterThanOrEqual: return max(0, -value)
        }
    }

    /// The largest coefficient magnitude: a required row is judged in its variables' units,
    /// that is divided by it.
    var largestCoefficient: Double {
        expression.terms.map { abs($0.coefficient) }.max() ?? 1
    }
}
