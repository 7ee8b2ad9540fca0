import ConstraintSolver

extension Constraint {
    /// The expression's value at the variables' current values.
    public var currentValue: Double {
        expression.terms.reduce(expression.constant) { $0 + $1.coefficient * $1.variable.value }
    }

    /// How far the current values are from satisfying the constraint (0 when they do); NaN or
    /// infinite when the value is.
    public var violation: Double {
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
    public var largestCoefficient: Double {
        expression.terms.map { abs($0.coefficient) }.max() ?? 1
    }

    /// The violation the solver's documented tolerance allows a held required constraint:
    /// 32 billionths of `peak`, the largest magnitude (a constant, a suggestion or a term's
    /// value) held since the constraint was admitted, in its variables' units.
    public func requiredTolerance(peak: Double) -> Double {
        32e-9 * peak * max(1, largestCoefficient)
    }
}
