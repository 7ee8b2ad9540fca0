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

extension Sequence<Constraint> {
    /// The largest magnitude the constraints hold now: their constants, their terms' values,
    /// and `suggestions` (at least 1), the scale a required constraint's tolerance follows.
    public func largestMagnitude(suggestions: some Sequence<Double>) -> Double {
        var largest = 1.0
        for value in suggestions { largest = Swift.max(largest, abs(value)) }
        for constraint in self {
            largest = Swift.max(largest, abs(constraint.expression.constant))
            for term in constraint.expression.terms {
                largest = Swift.max(largest, abs(term.coefficient * term.variable.value))
            }
        }
        return largest
    }
}

/// The scale each held required constraint is judged at: the largest magnitude held since it
/// was admitted or its constant last changed (see `Constraint.requiredTolerance(peak:)`).
public struct ToleranceScale {
    private var peaks: [ObjectIdentifier: Double] = [:]

    public init() {}

    /// Starts `constraint`'s scale again: a new constant is judged at the scale of its time.
    public mutating func restart(_ constraint: Constraint) { peaks[ObjectIdentifier(constraint)] = 0 }

    /// Forgets a removed constraint.
    public mutating func forget(_ constraint: Constraint) { peaks[ObjectIdentifier(constraint)] = nil }

    /// The violation `constraint` is allowed now that the held numbers reach `largest`.
    public mutating func tolerance(of constraint: Constraint, largest: Double) -> Double {
        let peak = Swift.max(peaks[ObjectIdentifier(constraint)] ?? 0, largest)
        peaks[ObjectIdentifier(constraint)] = peak
        return constraint.requiredTolerance(peak: peak)
    }
}
