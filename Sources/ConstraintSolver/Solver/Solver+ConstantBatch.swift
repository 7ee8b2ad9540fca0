// Constant changes of optional constraints, made in place without a journal, one at a time or
// several re-solved together.

extension Solver {
    /// Sets the constants of held constraints, as ``setConstant(_:of:)`` for each change in
    /// order, except that consecutive changes of optional constraints are re-solved together:
    /// their markers are shifted one after the other and one dual pass (and one primal pass)
    /// finds the optimum of them all, where one by one each would have its own passes, and the
    /// changes of a hugging and a compression constraint to the same size can pivot back and
    /// forth. The optimum is the same; where it is not unique, the point reached can differ.
    ///
    /// A required constraint's change is judged as ``setConstant(_:of:)`` judges it, after the
    /// optional changes before it are solved. A change that throws is reported to `failed`
    /// with its index and error at once, and leaves the solver as it was before that change;
    /// `failed` may change the solver, which the following changes then see.
    ///
    /// - Parameters:
    ///   - changes: Each held constraint with the new constant of its normalised
    ///     ``Constraint/expression``, as ``setConstant(_:of:)`` takes it.
    ///   - failed: Called with the index and the error of each change that is refused.
    public func setConstants(
        _ changes: [(constraint: Constraint, constant: Double)], failed: (Int, any Error) -> Void
    ) {
        var shifted = false
        var censusMoved = false
        // By index, each constraint used unretained (the array holds it): iterating over the
        // elements retained and released each constraint twice, for every cell a list sizes.
        for index in changes.indices {
            do {
                let constant = changes[index].constant
                try Unmanaged.passUnretained(changes[index].constraint)._withUnsafeGuaranteedRef { constraint in
                    try setConstant(constant, ofHeld: constraint, shifted: &shifted, censusMoved: &censusMoved)
                }
            } catch {
                if shifted { resolveShiftedConstants(censusMoved: censusMoved) }
                (shifted, censusMoved) = (false, false)
                failed(index, error)
            }
        }
        if shifted { resolveShiftedConstants(censusMoved: censusMoved) }
    }

    /// One change of ``setConstants(_:failed:)``: an optional constraint's marker is shifted
    /// (`shifted`), to be re-solved with the shifts that follow; a required one is set after the
    /// shifts before it are re-solved.
    @inline(__always)
    private func setConstant(
        _ constant: Double, ofHeld constraint: Constraint, shifted: inout Bool, censusMoved: inout Bool
    ) throws {
        guard let slot = try slotForNewConstant(constant, of: constraint),
            let record = records.constantState(at: slot)
        else { return }
        guard !record.isRequired else {
            if shifted { resolveShiftedConstants(censusMoved: censusMoved) }
            (shifted, censusMoved) = (false, false)
            try setConstant(constant, of: constraint)
            return
        }
        shifted = true
        // From the constant the tableau encodes: a residue phase one left does not outlive it.
        if shiftOptionalConstant(
            record.marker, coefficient: record.markerCoefficient,
            byExpressionDelta: constant - record.constant + record.residue, from: record.constant, to: constant,
            recording: {
                records.setConstant(constant, at: slot)
                constraint.expression.constant = constant
            })
        {
            censusMoved = true
        }
    }

    /// Moves an optional constraint's constant from `old` to `new` in place, a shift of its
    /// marker by `delta` in the units of its expression, and re-solves; `storeConstant` stores
    /// the new constant before anything can read it back (a derivation of the rows anew).
    func moveOptionalConstant(
        of record: ConstraintRecord, byExpressionDelta delta: Double, from old: Double, to new: Double,
        recording storeConstant: () -> Void
    ) {
        let moved = shiftOptionalConstant(
            record.marker, coefficient: record.markerCoefficient, byExpressionDelta: delta, from: old, to: new,
            recording: storeConstant)
        resolveShiftedConstants(censusMoved: moved)
    }

    /// The first half of ``moveOptionalConstant(of:byExpressionDelta:from:to:recording:)``:
    /// the shift of the constraint's marker (with its coefficient in the record), which may
    /// leave rows infeasible until ``resolveShiftedConstants(censusMoved:)``. Returns whether
    /// the census's highest band moved.
    private func shiftOptionalConstant(
        _ marker: Symbol, coefficient: Double, byExpressionDelta delta: Double, from old: Double, to new: Double,
        recording storeConstant: () -> Void
    ) -> Bool {
        tableau.noteMagnitudes(coefficient: 0, constant: abs(new))
        tableau.shiftMarker(marker, coefficient: coefficient, byExpressionDelta: delta)
        storeConstant()
        return tableau.census(movingConstantFrom: old, to: new)
    }

    /// Re-solves after shifts of optional constraints' markers, without a journal: their
    /// errors absorb any constant, so only round-off can make the dual simplex fail, and then
    /// rows derived anew carry none. The required constraints are checked once, when the
    /// solution is next read (`keepRequiredConstraints`), not after every change.
    private func resolveShiftedConstants(censusMoved: Bool) {
        var dropped: [(marker: Symbol, constant: Double)] = []
        // A conflict admitted within the tolerance can end up in a row no pivot repairs, moved
        // there by the change's pivots: it stays admitted, as `rederive` keeps one.
        let failed = tableau.absorbConflicts(from: tableau.dualOptimize(), withinBound: true, dropped: &dropped)
        // The dual ratio test takes costs within the tolerance for equal, so a pivot can leave a
        // real cost below it negative: the primal simplex finishes what that leaves.
        if failed == nil { tableau.optimize() }
        keepResidues(dropped)
        if failed != nil {
            _ = tableau.settleTolerances()
            rederive()
        } else if censusMoved {
            repairIfTolerancesNarrowed()
        }
        movedConstantsUnchecked = true
    }
}
