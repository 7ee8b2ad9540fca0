// Deriving the tableau anew from what the solver holds, after the numbers it was built with
// have left: the one way to drop their round-off from every row at once.

extension Solver {
    /// Builds the tableau anew from the held constraints and the edit variables' suggestions.
    ///
    /// Runs when the tolerances narrow 16-fold: the rows carry round-off of the large numbers
    /// that left, in definitions as well as in restricted rows, and no tolerance-based zeroing
    /// can tell it from a small value; rows derived again from the constraints carry none.
    /// If the fresh tableau cannot take them all (round-off in the old one hid a violation),
    /// the old tableau stays and its rows are repaired in place instead.
    func rederive() {
        var conflict: [Constraint] = []
        guard !adoptFreshTableau(checkingResiduals: false, conflict: &conflict) else { return }
        var dropped: [(marker: Symbol, constant: Double)] = []
        // A conflict the wider tolerances admitted cannot be repaired: it stays admitted, as
        // the residue of the constraint whose row shows it, and no later pivot trips on it.
        let failed = tableau.repairResidue(dropped: &dropped)
        _ = tableau.absorbConflicts(from: failed, withinBound: false, dropped: &dropped)
        keepResidues(dropped)
    }

    /// Replaces the tableau by one derived anew from the held constraints (with `changed`'s
    /// constant replaced, if given, and `added` held too) and the suggestions, and returns
    /// true; or returns false, with the tableau and the records as they were, when the fresh
    /// tableau cannot take every constraint or, with `checkingResiduals`, leaves a required
    /// constraint broken (beyond the solver's documented accuracy, with
    /// `toDocumentedAccuracy`; see `brokenRequiredConstraint`). In the first case `conflict`
    /// is the constraint the fresh tableau refused and those of its certificate.
    func adoptFreshTableau(
        checkingResiduals: Bool, toDocumentedAccuracy: Bool = false, changing changed: (Constraint, Double)? = nil,
        adding added: Constraint? = nil, conflict: inout [Constraint]
    ) -> Bool {
        var held = records.all
        // The added constraint goes in last but before any optimisation: the fresh rows
        // take it at a vertex of the constraints alone, not at whatever optimum the
        // current ones reached, where its coupling to them can be lost to round-off.
        if let added {
            held.append(ConstraintRecord(
                constraint: added, marker: .invalid, other: .invalid, markerCoefficient: 1,
                priority: added.priority, constant: added.expression.constant))
        }
        var fresh = Tableau()
        // Judged at the tolerances the old rows were: constraints a wider one let in together
        // must all go in again.
        fresh.numericsState = tableau.numericsState
        tableau.releaseVariables()
        var rebuilt: [ConstraintRecord] = []
        var complete = true
        for record in held {
            fresh.beginTransaction(recordingChanges: false)
            // The constant the old rows encode: a residue admitted within the tolerance of its
            // time stays admitted, or constraints it let in together could not all be taken.
            var (constant, residue) = (record.constant, record.residue)
            if let (constraint, new) = changed, constraint === record.constraint { (constant, residue) = (new, 0) }
            let insertion = fresh.insert(record.constraint, priority: record.priority, constant: constant - residue)
            guard case .success(var new) = insertion else {
                if case .failure(let certificate) = insertion {
                    var owners = [record.constraint]
                    for symbol in certificate {
                        if let owner = fresh.owner(symbol), !owners.contains(where: { $0 === owner }) { owners.append(owner) }
                    }
                    conflict = owners
                }
                fresh.rollback()
                complete = false
                break
            }
            fresh.commitInsertion(of: new)
            new.constant = constant
            new.residue += residue
            rebuilt.append(new)
            var largestCoefficient = 0.0
            for term in record.constraint.expression.terms {
                largestCoefficient = max(largestCoefficient, abs(term.coefficient))
            }
            _ = fresh.census(coefficient: largestCoefficient, constant: abs(new.constant), times: 1)
        }
        if complete {
            _ = fresh.settleTolerances()
            fresh.optimize()
            for edit in edits.values where edit.value != 0 {
                guard let record = rebuilt.first(where: { $0.constraint === edit.constraint }) else { continue }
                fresh.shiftMarker(of: record, byExpressionDelta: -edit.value)
                _ = fresh.census(movingConstantFrom: 0, to: edit.value)
            }
            _ = fresh.settleTolerances()
            complete = fresh.dualOptimize() == nil
        }
        guard complete else {
            fresh.releaseVariables()
            tableau.reclaimVariables()
            return false
        }
        let old = tableau
        tableau = fresh
        for record in rebuilt {
            if record.constraint === added { records.insert(record) } else { records.update(record) }
        }
        if checkingResiduals && brokenRequiredConstraint(toDocumentedAccuracy: toDocumentedAccuracy) != nil {
            tableau.releaseVariables()
            tableau = old
            tableau.reclaimVariables()
            if let added { _ = records.remove(added) }
            for record in held where record.constraint !== added { records.update(record) }
            return false
        }
        return true
    }

    /// Adds the constants a repair zeroed in basic markers' rows to their constraints'
    /// residues: zeroing one is a shift of its marker, which moves the constant the tableau
    /// encodes for the constraint.
    func keepResidues(_ dropped: [(marker: Symbol, constant: Double)]) {
        for (marker, constant) in dropped {
            guard let owner = tableau.owner(marker), var record = records[owner], record.marker == marker else { continue }
            record.residue -= constant * record.markerCoefficient
            records.update(record)
        }
    }
}
