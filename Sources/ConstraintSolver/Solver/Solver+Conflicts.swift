// Explaining an unsatisfiable required constraint.
//
// When phase one (or the dual simplex) fails, the final objective row is a certificate of
// infeasibility: the constraints whose markers appear in it are the ones combined to prove
// it. That set is usually already irreducible, but not always, so a deletion filter then
// drops each member whose removal leaves the rest still infeasible, checking with a
// throwaway solver. What remains has the property callers rely on: every member is needed,
// and removing any one makes the rest satisfiable. This runs only on failure.

extension Solver {
    /// A conflict for a constraint that could not be added.
    func explain(_ others: [Constraint], adding constraint: Constraint) -> [Constraint] {
        let members = [constraint] + others
        guard explainsConflicts else { return members }
        return minimize(members) { $0 === constraint ? constraint.expression : self.currentExpression(of: $0) }
    }

    /// Whether the constraint and the held ones a failed add's certificate names can all hold
    /// together, in a solver of their own: then the certificate is no proof, and the rows, not
    /// the constraints, refused the add.
    func holdTogether(_ others: [Constraint], adding constraint: Constraint) -> Bool {
        satisfiable([constraint] + others) { $0 === constraint ? constraint.expression : self.currentExpression(of: $0) }
    }

    /// A conflict for a constraint whose constant could not be changed.
    func explain(_ others: [Constraint], changing constraint: Constraint, to constant: Double) -> [Constraint] {
        let members = [constraint] + others
        guard explainsConflicts else { return members }
        return minimize(members) { member in
            var expression = self.currentExpression(of: member)
            if member === constraint { expression.constant = constant }
            return expression
        }
    }

    /// The expression a held constraint has in the tableau.
    private func currentExpression(of constraint: Constraint) -> Expression {
        var expression = constraint.expression
        if let record = records[constraint] { expression.constant = record.constant }
        return expression
    }

    /// Whether the constraints, as `expression` gives them, can all hold together in a
    /// throwaway solver.
    private func satisfiable(_ subset: [Constraint], expression: (Constraint) -> Expression) -> Bool {
        let scratch = Solver()
        scratch.explainsConflicts = false
        do {
            try scratch.batch {
                for member in subset {
                    try scratch.addConstraint(Constraint(expression(member), member.relation))
                }
            }
            return true
        } catch {
            return false
        }
    }

    private func minimize(_ members: [Constraint], expression: (Constraint) -> Expression) -> [Constraint] {
        func satisfiable(_ subset: [Constraint]) -> Bool { self.satisfiable(subset, expression: expression) }
        var conflict = members
        guard !satisfiable(conflict) else { return conflict }
        // The constraint being added or changed comes first and always stays: the others
        // were satisfiable without it.
        var index = 1
        while index < conflict.count {
            var trial = conflict
            trial.remove(at: index)
            if satisfiable(trial) {
                index += 1
            } else {
                conflict = trial
            }
        }
        return conflict
    }
}
