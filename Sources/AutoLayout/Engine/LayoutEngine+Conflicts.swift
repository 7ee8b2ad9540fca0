import ConstraintSolver

/// Unsatisfiable required constraints: the engine finds the conflicting set, breaks one
/// constraint by a fixed rule, and records a report for the handler.
extension LayoutEngine {
    /// Adds a solver constraint; when a required one conflicts, breaks one constraint of the
    /// conflicting set (see ``UnsatisfiableConstraintReport`` for the rule) and records a report.
    func add(_ solverConstraint: EngineConstraint, for constraint: LayoutConstraint) {
        do {
            try solver.addConstraint(solverConstraint)
        } catch SolverError.unsatisfiableConstraint(let conflicting) {
            resolveConflict(conflicting, adding: solverConstraint, for: constraint)
        } catch {
            // A number beyond the solver's range (forms are finite).
            refuse(constraint, because: error)
        }
    }

    private func resolveConflict(
        _ conflicting: [Constraint], adding solverConstraint: EngineConstraint, for constraint: LayoutConstraint
    ) {
        var set = conflicting.compactMap(layoutConstraint(behind:))
        if !set.contains(where: { $0 === constraint }) { set.append(constraint) }
        set.sort { $0.sequence < $1.sequence }
        let broken = Self.constraintToBreak(in: set)
        reports.append(UnsatisfiableConstraintReport(conflictingConstraints: set, brokenConstraint: broken))
        broken.isBroken = true
        brokenConstraints.insert(ObjectIdentifier(broken))
        if broken === constraint {
            let weakened = EngineConstraint(solverConstraint, priority: .brokenRequired)
            replace(solverConstraint, with: weakened, for: constraint)
            try? solver.addConstraint(weakened)
        } else {
            if let old = broken.solverConstraint {
                try? solver.removeConstraint(old)
                let weakened = EngineConstraint(old, priority: .brokenRequired)
                replace(old, with: weakened, for: broken)
                try? solver.addConstraint(weakened)
            }
            // Try again: the rest may still conflict with another set.
            add(solverConstraint, for: constraint)
        }
    }

    private func replace(_ old: EngineConstraint, with new: EngineConstraint, for constraint: LayoutConstraint) {
        old.layoutConstraint = nil
        new.layoutConstraint = constraint
        constraint.solverConstraint = new
    }

    /// The deterministic rule: constraints people wrote before those the view system made,
    /// then the one that entered the engine last.
    static func constraintToBreak(in set: [LayoutConstraint]) -> LayoutConstraint {
        var best = set[0]
        for candidate in set.dropFirst() {
            let rank = candidate.origin.breakingRank
            let bestRank = best.origin.breakingRank
            if rank < bestRank || (rank == bestRank && candidate.sequence > best.sequence) {
                best = candidate
            }
        }
        return best
    }
}
