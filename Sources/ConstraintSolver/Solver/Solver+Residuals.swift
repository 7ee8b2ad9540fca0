// The check that ends every operation: the required constraints whose variables moved are
// evaluated against the solution, and one found broken makes the solver derive its rows anew.
// Round-off accumulated over many pivots, or a coupling dropped as round-off, can leave the
// tableau consistent with itself but not with the constraints it was built from.

extension Solver {
    /// A held required constraint that a variable the operation moved leaves broken beyond
    /// the tolerance, if any.
    ///
    /// A constraint is judged as the tableau encodes it (its residue, admitted within the
    /// tolerance of its time, taken out), in its variables' units, against a billionth of
    /// the larger of the magnitudes the solver holds and its own terms' values: round-off of
    /// the rows stays far below that, a lost coupling does not.
    func brokenRequiredConstraint() -> Constraint? {
        tableau.refreshValues()
        for marker in tableau.requiredMarkersOfRefreshedVariables() {
            guard let owner = tableau.owner(marker), let record = records[owner], record.marker == marker else { continue }
            let expression = owner.expression
            var value = record.constant - record.residue
            var magnitude = 0.0
            var largestCoefficient = 1.0
            for term in expression.terms {
                guard let symbol = tableau.knownSymbol(for: term.variable) else { continue }
                let product = term.coefficient * tableau.value(symbol)
                value += product
                magnitude += abs(product)
                largestCoefficient = max(largestCoefficient, abs(term.coefficient))
            }
            let violation: Double
            switch owner.relation {
            case .equal: violation = abs(value)
            case .lessThanOrEqual: violation = max(0, value)
            case .greaterThanOrEqual: violation = max(0, -value)
            }
            let tolerance = max(tableau.constantEpsilon, 4e-9 * magnitude) * largestCoefficient
            // NaN fails the comparison too.
            if !(violation <= tolerance) { return owner }
        }
        return nil
    }

    /// Ends an operation: if it left a required constraint broken, the rows are derived
    /// anew from the held constraints, free of the round-off that broke it, unless the fresh
    /// rows break one too; the old ones are then repaired in place (see `rederive`).
    func keepRequiredConstraints() {
        guard brokenRequiredConstraint() != nil else { return }
        var conflict: [Constraint] = []
        if !adoptFreshTableau(checkingResiduals: true, conflict: &conflict) { rederive() }
    }
}
