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
    /// A coefficient is 0 (the term is dropped) or has a magnitude in this range: a layout's
    /// multipliers (aspect ratios, proportions) and the random coefficients of the classic
    /// Cassowary benchmark (uniform in ±5) fit well inside. Each pivot multiplies coefficients
    /// by ratios of others, and the tableau takes a coefficient within a billionth of the
    /// largest for round-off, so a much wider spread would lose real couplings between
    /// variables; below 1e-3 a coefficient is refused rather than silently dropped.
    public static let coefficientMagnitudes: ClosedRange<Double> = 1e-3...1e3

    /// Checks a constraint's coefficients and constant; returns its largest coefficient
    /// magnitude, which the tolerances follow.
    func validate(_ expression: Expression, of constraint: Constraint) throws -> Double {
        try validate(constant: expression.constant, "the constant \(expression.constant) of \(constraint)")
        var largest = 0.0
        let accepted = Solver.coefficientMagnitudes
        for term in expression.terms {
            let magnitude = abs(term.coefficient)
            // NaN fails both comparisons, so one test on the common path covers every case.
            if !(magnitude >= accepted.lowerBound && magnitude <= accepted.upperBound) && magnitude != 0 {
                guard term.coefficient.isFinite else {
                    throw SolverError.nonFiniteValue(
                        "the coefficient \(term.coefficient) of \(term.variable) in \(constraint)")
                }
                throw SolverError.valueOutOfRange(
                    "the coefficient \(term.coefficient) of \(term.variable) in \(constraint) "
                        + "(a coefficient must be 0 or of a magnitude from \(accepted.lowerBound) "
                        + "to \(accepted.upperBound))")
            }
            largest = max(largest, magnitude)
        }
        return largest
    }

    /// Checks a constant (or a suggested value) against ``maximumValue``; `what` names it and
    /// where it came from, and is only built for the error.
    @inline(__always)
    func validate(constant: Double, _ what: @autoclosure () -> String) throws {
        guard abs(constant) <= Solver.maximumValue else { throw Solver.rangeError(constant, what()) }
    }

    private static func rangeError(_ value: Double, _ what: String) -> SolverError {
        guard value.isFinite else { return .nonFiniteValue(what) }
        return .valueOutOfRange("\(what) (the limit is ±\(Solver.maximumValue))")
    }
}
