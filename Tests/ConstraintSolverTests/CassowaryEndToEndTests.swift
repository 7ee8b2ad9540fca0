import ConstraintSolver
import Testing

/// The behaviours the Cassowary.js end-to-end suite checks, in this solver's terms: weak
/// stays are optional equalities at a low priority, "strong" edits sit at a higher one.
@Suite struct CassowaryEndToEndTests {
    @Test func simpleEqualityAndOffsets() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x + 2 == y)
        try solver.addConstraint(y == 10)
        solver.updateVariables()
        #expect(x.value == 8)
        #expect(y.value == 10)
    }

    @Test func staysEmulatedByWeakEqualitiesKeepValuesWhereTheyWere() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(Constraint(x == 5, priority: .weak))
        try solver.addConstraint(Constraint(y == 10, priority: .weak))
        solver.updateVariables()
        #expect(x.value == 5 && y.value == 10)
        // x <= y and y == x + 3: one of the two stays has to give.
        try solver.addConstraint(x <= y)
        try solver.addConstraint(y == x + 3)
        solver.updateVariables()
        #expect((x.value == 5 && y.value == 8) || (x.value == 7 && y.value == 10))
        #expect(y.value == x.value + 3)
    }

    @Test func addingAndDeletingConstraintsRestoresEarlierSolutions() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(Constraint(x == 100, priority: .weak))
        let c10 = x <= 10
        let c20 = x <= 20
        try solver.addConstraint(c10)
        try solver.addConstraint(c20)
        solver.updateVariables()
        #expect(x.value == 10)
        try solver.removeConstraint(c10)
        solver.updateVariables()
        #expect(x.value == 20)
        try solver.removeConstraint(c20)
        solver.updateVariables()
        #expect(x.value == 100)
        try solver.addConstraint(c10)
        solver.updateVariables()
        #expect(x.value == 10)
        try solver.removeConstraint(c10)
        solver.updateVariables()
        #expect(x.value == 100)
    }

    @Test func addingAndDeletingInTwoVariables() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(Constraint(x == 100, priority: .weak))
        try solver.addConstraint(Constraint(y == 120, priority: .strong))
        let c10 = x <= 10
        let c20 = x <= 20
        try solver.addConstraint(c10)
        try solver.addConstraint(c20)
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 120)
        try solver.removeConstraint(c10)
        solver.updateVariables()
        #expect(x.value == 20 && y.value == 120)
        let cxy = x * 2 == y
        try solver.addConstraint(cxy)
        solver.updateVariables()
        #expect(x.value == 20 && y.value == 40)
        try solver.removeConstraint(c20)
        solver.updateVariables()
        #expect(x.value == 60 && y.value == 120)
        try solver.removeConstraint(cxy)
        solver.updateVariables()
        #expect(x.value == 100 && y.value == 120)
    }

    @Test func inconsistentEqualitiesThrow() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(x == 10)
        #expect(throws: SolverError.self) { try solver.addConstraint(x == 5) }
    }

    @Test func inconsistentInequalitiesThrow() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(x >= 10)
        #expect(throws: SolverError.self) { try solver.addConstraint(x <= 5) }
    }

    @Test func inconsistentChainThrowsAndNamesTheWholeChain() throws {
        let w = Variable("w"), x = Variable("x"), y = Variable("y"), z = Variable("z")
        let solver = Solver()
        let chain = [w >= 10, x >= w, y >= x, z >= y, z >= 8]
        for constraint in chain { try solver.addConstraint(constraint) }
        let cap = z <= 4
        do {
            try solver.addConstraint(cap)
            Issue.record("z <= 4 was accepted")
        } catch SolverError.unsatisfiableConstraint(let conflicting) {
            // z >= 8 is implied by the chain, so it is not needed in the conflict.
            #expect(Set(conflicting.map(ObjectIdentifier.init)) == Set((chain.prefix(4) + [cap]).map(ObjectIdentifier.init)))
        }
    }

    @Test func multipleEditsMoveTogetherAndStaysHoldTheRest() throws {
        let x = Variable("x"), y = Variable("y"), w = Variable("w"), h = Variable("h")
        let solver = Solver()
        for (variable, value) in [(x, 0.0), (y, 0.0), (w, 0.0), (h, 0.0)] {
            try solver.addConstraint(Constraint(variable == value, priority: .weak))
        }
        try solver.addEditVariable(x, priority: .strong)
        try solver.addEditVariable(y, priority: .strong)
        try solver.suggestValue(x, 10)
        try solver.suggestValue(y, 20)
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 20 && w.value == 0 && h.value == 0)
        try solver.addEditVariable(w, priority: .strong)
        try solver.addEditVariable(h, priority: .strong)
        try solver.suggestValue(w, 30)
        try solver.suggestValue(h, 40)
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 20 && w.value == 30 && h.value == 40)
        try solver.suggestValue(x, 50)
        try solver.suggestValue(y, 60)
        solver.updateVariables()
        #expect(x.value == 50 && y.value == 60 && w.value == 30 && h.value == 40)
        try solver.removeEditVariable(w)
        try solver.removeEditVariable(h)
        solver.updateVariables()
        #expect(w.value == 0 && h.value == 0)
        #expect(x.value == 50 && y.value == 60)
    }

    @Test func requiredEditVariablesAreRejected() throws {
        let x = Variable("x")
        let solver = Solver()
        #expect(throws: SolverError.badRequiredPriority) { try solver.addEditVariable(x, priority: .required) }
        #expect(!solver.hasEditVariable(x))
        #expect(solver.storageStatistics.constraints == 0)
    }

    @Test func errorWeightsPickTheStrongerPreference() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let solver = Solver()
        try solver.addConstraint(x <= y)
        try solver.addConstraint(y == x + 3)
        try solver.addConstraint(Constraint(x == 10, priority: .weak))
        try solver.addConstraint(Constraint(y == 10, priority: .strong))
        solver.updateVariables()
        #expect(x.value == 7 && y.value == 10)
        // Errors at one level add up: two medium pulls on z outvote one.
        try solver.addConstraint(Constraint(z == x, priority: .medium))
        try solver.addConstraint(Constraint(z == 3, priority: .medium))
        try solver.addConstraint(Constraint(z == 3, priority: .medium))
        solver.updateVariables()
        #expect(z.value == 3)
    }

    @Test func editingWithinBoundsClampsAtTheBounds() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(x >= 0)
        try solver.addConstraint(x <= 100)
        try solver.addEditVariable(x, priority: .strong)
        for (suggestion, expected) in [(50.0, 50.0), (-20, 0), (150, 100), (75, 75)] {
            try solver.suggestValue(x, suggestion)
            solver.updateVariables()
            #expect(x.value == expected)
        }
    }
}
