// The last try before a required add is refused: phase one that follows couplings below a
// billionth of its row that are more than round-off of their own terms, kept only when the
// values it reaches meet the required constraints.

extension Solver {
    /// Adds a required constraint that phase one could not meet, in the present rows or in
    /// rows derived anew, when phase one meets it by following couplings below a billionth of
    /// its row and the values it reaches meet every required constraint held
    /// (`requiredConstraintsHold`). Returns whether it did; if not, the solver is as it was.
    ///
    /// A chain of small coefficients can couple the new row to the one symbol that meets it
    /// by less than that billionth and still be real, but round-off of the rows can be as
    /// small, and following it sends values to its inverse, where a conflict by a fixed
    /// amount hides in a tolerance that grows with the values. Each coupling followed must be
    /// more than round-off of the terms that built it (`Tableau.setArtificial`): one that is
    /// reaches values the rows define to their own precision, however large.
    func insertFollowingSmallCouplings(_ constraint: Constraint, largestCoefficient: Double) -> Bool {
        tableau.beginTransaction(recordingChanges: false)
        guard case .success(let record) = tableau.insert(constraint, followingSmallCouplings: true),
            requiredConstraintsHold(adding: record)
        else {
            tableau.rollback()
            return false
        }
        tableau.commitInsertion(of: record)
        records.insert(record)
        if tableau.census(coefficient: largestCoefficient, constant: abs(record.constant), times: 1) {
            _ = tableau.settleTolerances()
        }
        return true
    }

    /// Whether every required constraint held, and `record`'s, meets its relation at the
    /// values the rows give now within the tolerance the solution check holds it to
    /// (`requiredTolerance`), which grows with its own terms' values, not with the largest
    /// held: values far out along a real coupling meet an equality only to their own
    /// precision, far coarser than the constant tolerance
    /// (`anEqualityMetFarOutThroughARealSmallCouplingIsTaken`), while a constraint the values
    /// do not reach stays broken on its own scale (`aConflictMetOnlyThroughRoundOffStaysRefused`).
    /// Evaluated from the rows, apart from the cached values, inside a transaction that may
    /// yet be rolled back.
    func requiredConstraintsHold(adding record: ConstraintRecord) -> Bool {
        for held in records.all + [record] where held.priority.isRequired {
            let expression = held.constraint.expression
            var sum = 0.0
            var magnitude = 0.0
            var largestCoefficient = 1.0
            for term in expression.terms {
                let value = tableau.knownSymbol(for: term.variable).map { tableau.valueFromRows($0) } ?? 0
                let product = term.coefficient * value
                sum += product
                magnitude += abs(product)
                largestCoefficient = max(largestCoefficient, abs(term.coefficient))
            }
            let allowed = requiredTolerance(magnitude: magnitude, largestCoefficient: largestCoefficient)
            if Solver.shortfall(of: sum + expression.constant, held.constraint.relation) <= allowed { continue }
            // As the tableau encodes it (see `meetsAsEncoded`).
            if !meetsAsEncoded(held, termsSum: sum, within: allowed) { return false }
        }
        return true
    }
}
