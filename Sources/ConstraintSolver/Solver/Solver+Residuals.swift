// The check of the solution: the required constraints whose variables moved are evaluated
// against it, and one found broken makes the solver derive its rows anew.
// Round-off accumulated over many pivots, or a coupling dropped as round-off, can leave the
// tableau consistent with itself but not with the constraints it was built from.

extension Solver {
    /// A held required constraint that a variable moved since the last check leaves broken
    /// beyond the tolerance, if any.
    ///
    /// A constraint is judged as the tableau encodes it (its residue, or a redundant equality's
    /// difference, admitted within the tolerance of its time, taken out), in its variables' units, against a billionth of
    /// the larger of the magnitudes the solver holds and its own terms' values: round-off of
    /// the rows stays far below that, a lost coupling does not. With `toDocumentedAccuracy`,
    /// it is judged against the solver's documented accuracy instead where that is wider
    /// (see `documentedAccuracy`).
    func brokenRequiredConstraint(toDocumentedAccuracy: Bool = false) -> Constraint? {
        tableau.clearRowsCombined()
        tableau.refreshValues()
        tableau.collectMarkersToCheck()
        let floor = toDocumentedAccuracy ? documentedAccuracy() : 0
        for k in tableau.markersToCheck.indices {
            let marker = tableau.markersToCheck[k]
            guard let owner = tableau.owner(marker) else { continue }
            var sum = 0.0
            var magnitude = 0.0
            var largestCoefficient = 1.0
            // The terms as the tableau noted them when the constraint came in, in the
            // expression's order: each variable's symbol without a look-up.
            for position in tableau.mentions.termPositions(of: marker) {
                let term = tableau.mentions.terms[position]
                let product = term.coefficient * tableau.value(term.symbol)
                sum += product
                magnitude += abs(product)
                largestCoefficient = max(largestCoefficient, abs(term.coefficient))
            }
            let tolerance = requiredTolerance(magnitude: magnitude, largestCoefficient: largestCoefficient, floor: floor)
            // The constraint as given holds, the common case: no need for its record.
            if Solver.shortfall(of: sum + owner.expression.constant, owner.relation) <= tolerance { continue }
            guard let record = records[owner], record.marker == marker else { continue }
            if !meetsAsEncoded(record, termsSum: sum, within: tolerance) { return owner }
        }
        return nil
    }

    /// The tolerance a required constraint is held to where its terms' values sum to
    /// `magnitude` in absolute value: a billionth of the larger of the magnitudes the solver
    /// holds and its own terms' (the constant tolerance, four billionths of their sum), or
    /// `floor` where wider, in its variables' units and so times its largest coefficient.
    /// Round-off of the rows stays far below it, a lost coupling does not.
    @inline(__always)
    func requiredTolerance(magnitude: Double, largestCoefficient: Double, floor: Double = 0) -> Double {
        max(tableau.constantEpsilon, 4e-9 * magnitude, floor) * largestCoefficient
    }

    /// The accuracy the solver documents for a required constraint, before the factor of its
    /// largest coefficient: 32 billionths of the largest magnitude it holds, a constant, a
    /// suggestion or a held constraint's term at the values last evaluated.
    ///
    /// Values pushed far out along tied directions carry round-off of that size into every
    /// variable their rows define, however small the constraints those variables meet.
    func documentedAccuracy() -> Double {
        var largest = 1.0
        for edit in edits.values { largest = max(largest, abs(edit.value)) }
        for record in records.all {
            largest = max(largest, abs(record.constant))
            for term in record.constraint.expression.terms {
                guard let symbol = tableau.knownSymbol(for: term.variable) else { continue }
                largest = max(largest, abs(term.coefficient * tableau.value(symbol)))
            }
        }
        return Tableau.accuracyBound * largest
    }

    /// Whether a held constraint, its terms summing to `termsSum`, meets its relation within
    /// `tolerance` as the tableau encodes it: with the residue phase one left taken out, and
    /// for an equality admitted as redundant (its dummy basic) the difference it was admitted
    /// with, within the tolerance of its time, kept as the dummy's value. What the tableau
    /// was allowed to encode is no break; a NaN sum fails.
    func meetsAsEncoded(_ record: ConstraintRecord, termsSum: Double, within tolerance: Double) -> Bool {
        var constant = record.constant - record.residue
        if tableau.kind(record.marker) == .dummy && tableau.isBasic(record.marker) {
            constant += tableau.row(record.marker).constant * record.markerCoefficient
        }
        // NaN fails the comparison too.
        return Solver.shortfall(of: termsSum + constant, record.constraint.relation) <= tolerance
    }

    /// How far an expression's value is from meeting the relation with 0, negative by the
    /// room an inequality has to spare: met within a tolerance when at most the tolerance,
    /// and, for an inequality, met however the round-off of summing its terms falls when at
    /// most the tolerance less that round-off, even where the round-off exceeds the
    /// tolerance (seed 52730: a row of terms of 2.2e14 held with room of 2.2e14). NaN stays
    /// NaN, which meets nothing.
    @inline(__always)
    static func shortfall(of value: Double, _ relation: Relation) -> Double {
        switch relation {
        case .equal: return abs(value)
        case .lessThanOrEqual: return value
        case .greaterThanOrEqual: return -value
        }
    }

    /// Before the solution is read: if the operations since the last check left a required
    /// constraint broken, the rows are derived anew from the held constraints, free of the
    /// round-off that broke it, unless the fresh rows break one too; the old ones are then
    /// repaired in place (see `rederive`).
    ///
    /// Runs only if rows were combined or numbers dropped, or a constant or a suggestion
    /// moved, since the last check: an add or a removal that did none of these moved
    /// variables exactly as its constraint says. A moved constant reaches rows through the
    /// coefficients they keep, and a coupling lost as round-off shows only then. Checking
    /// when the solution is read rather than after each operation costs one check for a
    /// run of adds or suggestions, and the values it evaluates are the ones to report.
    func keepRequiredConstraints() {
        guard movedConstantsUnchecked || tableau.rowsCombined else { return }
        movedConstantsUnchecked = false
        guard brokenRequiredConstraint() != nil else { return }
        var conflict: [Constraint] = []
        if !adoptFreshTableau(checkingResiduals: true, conflict: &conflict) { rederive() }
    }
}
