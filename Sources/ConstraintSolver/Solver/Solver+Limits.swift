// The ranges the solver accepts, checked where a number enters it: a constraint's terms and
// constant when it is added, a new constant, a suggested value. Inside these ranges the
// tolerances of `Tableau` separate round-off from real violations.

extension Solver {
    /// The largest magnitude of a constraint's constant or a suggested value: 1e9.
    ///
    /// Round-off grows with the largest number the tableau holds, and the tolerances grow
    /// with it (a billionth of it). At 1e9 a tolerance is about 1, which still tells a layout
    /// in points from rounding; at 1e18, `1e18 + 10 == 1e18` in floating point, and a required
    /// `y >= x + 10` could no longer be told from `y >= x`.
    public static let maximumValue: Double = 1e9

    /// The magnitudes a non-zero coefficient may have: 1e-3 through 1e3.
    ///
    /// A coefficient is 0 (the term is dropped) or has a magnitude in this range. A pivot can
    /// multiply the ratio of the largest to the smallest coefficient, and coefficients within
    /// a billionth of the largest are taken for round-off; a ratio of a million between
    /// coefficients keeps every accepted coefficient a thousand times above that line.
    public static let coefficientMagnitudes: ClosedRange<Double> = 1e-3...1e3

    /// Checks a constraint's coefficients and constant; returns its largest coefficient
    /// magnitude, which the tolerances follow.
    func validate(_ expression: Expression, of constraint: Constraint) throws -> Double {
        try validate(constant: expression.constant, "the constant", of: constraint)
        var largest = 0.0
        for term in expression.terms {
            let magnitude = abs(term.coefficient)
            // One comparison on the common path: `1` is the usual coefficient.
            if magnitude != 1 {
                guard term.coefficient.isFinite else {
                    throw SolverError.nonFiniteValue(
                        "the coefficient \(term.coefficient) of \(term.variable) in \(constraint)")
                }
                guard magnitude == 0 || Solver.coefficientMagnitudes.contains(magnitude) else {
                    throw SolverError.valueOutOfRange(
                        "the coefficient \(term.coefficient) of \(term.variable) in \(constraint) "
                            + "(a coefficient must be 0 or of a magnitude from "
                            + "\(Solver.coefficientMagnitudes.lowerBound) to \(Solver.coefficientMagnitudes.upperBound))")
                }
            }
            largest = max(largest, magnitude)
        }
        return largest
    }

    /// Checks a constant (or a suggested value) against ``maximumValue``; `what` names it.
    @inline(__always)
    func validate(constant: Double, _ what: @autoclosure () -> String, of subject: Any) throws {
        guard abs(constant) <= Solver.maximumValue else {
            guard constant.isFinite else {
                throw SolverError.nonFiniteValue("\(what()) \(constant) of \(subject)")
            }
            throw SolverError.valueOutOfRange(
                "\(what()) \(constant) of \(subject) (the limit is ±\(Solver.maximumValue))")
        }
    }
}
