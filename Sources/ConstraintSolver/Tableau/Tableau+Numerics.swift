// The tolerances: a billionth of the largest magnitudes held, from the census of the held
// constraints, and the repair of what wider ones let pass when they narrow.

extension Tableau {
    /// Widens the tolerances, for the operation in progress, to the magnitudes it brings in,
    /// so that a layout in the tens of thousands of points does not mistake rounding noise
    /// for a violation. A rollback narrows them again (the journal keeps them).
    mutating func noteMagnitudes(coefficient: Double, constant: Double) {
        if coefficient > largestCoefficient {
            largestCoefficient = coefficient
            coefficientEpsilon = 1e-9 * largestCoefficient
        }
        if constant > largestConstant {
            largestConstant = constant
            constantEpsilon = 1e-9 * largestConstant
        }
    }

    /// Counts (`times` 1) or uncounts (`times` -1) a held constraint's largest coefficient
    /// and its constant in the census the tolerances follow. Returns whether the tolerances
    /// must be settled again (`settleTolerances`).
    @inline(__always)
    mutating func census(coefficient: Double, constant: Double, times: Int32) -> Bool {
        let coefficientChanged = coefficientCensus.add(coefficient, times: times)
        let constantChanged = constantCensus.add(constant, times: times)
        return coefficientChanged || constantChanged
    }

    /// Moves a held constraint's constant (or an edit's suggestion) in the census; returns
    /// whether the tolerances must be settled again.
    @inline(__always)
    mutating func census(movingConstantFrom old: Double, to new: Double) -> Bool {
        constantCensus.move(from: abs(old), to: abs(new))
    }

    /// Sets the tolerances to a billionth of the largest magnitudes held now, at once when
    /// they widen and, when they narrow, only once the census has fallen 16-fold below them.
    /// Returns whether they narrowed, in which case round-off that the wider ones let pass may
    /// now count as a violation and `repairResidue` must run.
    ///
    /// The 16-fold margin keeps a value that goes back and forth across a power of two (a
    /// window resized between 568 and 1366 points) from costing a scan of every row each
    /// time; the tolerances stay within 32 billionths of the largest magnitude held.
    mutating func settleTolerances() -> Bool {
        let coefficient = coefficientCensus.bound
        let constant = constantCensus.bound
        var narrowed = false
        if coefficient > largestCoefficient || coefficient * Tableau.narrowingFactor <= largestCoefficient {
            narrowed = coefficient < largestCoefficient
            largestCoefficient = coefficient
            coefficientEpsilon = 1e-9 * coefficient
        }
        if constant > largestConstant || constant * Tableau.narrowingFactor <= largestConstant {
            narrowed = narrowed || constant < largestConstant
            largestConstant = constant
            constantEpsilon = 1e-9 * constant
        }
        return narrowed
    }

    /// How far the census must fall below the tolerances before they narrow.
    private static let narrowingFactor = 16.0

    /// The widest a tolerance gets against the largest magnitude held (32 billionths): a
    /// billionth of the census's bound, at most twice the largest, kept until the census
    /// falls `narrowingFactor`-fold below it. The accuracy the solver documents.
    static let accuracyBound = 2 * narrowingFactor * 1e-9

    /// Makes the tableau feasible within narrowed tolerances, keeping it optimal. Returns
    /// the row that could not be repaired, if any.
    ///
    /// The residue is round-off of the numbers that left. A required equality whose dummy
    /// marker is basic was accepted as redundant, so its constant is nothing but residue and
    /// becomes 0; a restricted row a little below zero goes to the dual simplex, which moves
    /// it back to feasibility without losing optimality.
    ///
    /// A zeroed constant can also be a real difference that the wider tolerances admitted;
    /// each one goes to `dropped` with its dummy, so that the equality's record can keep it.
    mutating func repairResidue(dropped: inout [(marker: Symbol, constant: Double)]) -> Symbol? {
        infeasibleRows.removeAll()
        for i in states.indices where states[i].isBasic {
            switch states[i].kind {
            case .dummy:
                if rows[i].constant != 0 {
                    rowsCombined = true
                    dropped.append((Symbol(index: Int32(i)), rows[i].constant))
                    addToConstant(Symbol(index: Int32(i)), -rows[i].constant)
                }
            case .slack, .error:
                if rows[i].constant < -constantEpsilon { infeasibleRows.insert(Symbol(index: Int32(i))) }
            case .external:
                break
            }
        }
        return dualOptimize()
    }

    /// Absorbs the rows the dual simplex could not repair, from `failed` on: each one's
    /// constant is zeroed, the residue of a conflict between required constraints that a wider
    /// tolerance admitted, and goes to `dropped`, and the dual simplex goes on. With
    /// `withinBound`, only a row off by no more than 32 times the constant tolerance (the
    /// documented bound of a required constraint's violation) is absorbed. Returns the row
    /// left unrepaired, if any.
    mutating func absorbConflicts(
        from failed: Symbol?, withinBound: Bool, dropped: inout [(marker: Symbol, constant: Double)]
    ) -> Symbol? {
        var failed = failed
        var budget = symbolCapacity
        while let basic = failed, budget > 0 {
            let constant = rows[Int(basic.index)].constant
            if withinBound && abs(constant) > 32 * constantEpsilon { break }
            budget -= 1
            rowsCombined = true
            dropped.append((basic, constant))
            addToConstant(basic, -constant)
            failed = dualOptimize()
        }
        return failed
    }

    /// Whether a row holds a value so far beyond the magnitudes the constraints give (a
    /// billion times the tolerance's own scale, where a thousand units of its last place
    /// exceed the constant tolerance many times over) that the rows' round-off, not the
    /// tolerance, decides what counts as zero.
    func valuesOutgrowTolerances() -> Bool {
        let bound = 1e9 * largestConstant
        for i in states.indices where states[i].isBasic && abs(rows[i].constant) > bound { return true }
        return false
    }

    var numericsState: (Double, Double, Double, Double) {
        get { (coefficientEpsilon, constantEpsilon, largestCoefficient, largestConstant) }
        set { (coefficientEpsilon, constantEpsilon, largestCoefficient, largestConstant) = newValue }
    }
}
