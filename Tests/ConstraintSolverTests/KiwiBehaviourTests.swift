import ConstraintSolver
import Testing

/// The behaviours kiwi's solver tests check, restated for this solver.
@Suite struct KiwiBehaviourTests {
    @Test func managingConstraintsTracksMembership() throws {
        let x = Variable("x")
        let solver = Solver()
        let constraint = x >= 1
        #expect(!solver.hasConstraint(constraint))
        try solver.addConstraint(constraint)
        #expect(solver.hasConstraint(constraint))
        #expect(throws: SolverError.duplicateConstraint(constraint)) { try solver.addConstraint(constraint) }
        try solver.removeConstraint(constraint)
        #expect(!solver.hasConstraint(constraint))
        #expect(throws: SolverError.unknownConstraint(constraint)) { try solver.removeConstraint(constraint) }
    }

    @Test func managingEditVariablesTracksMembership() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        #expect(!solver.hasEditVariable(x))
        try solver.addEditVariable(x, priority: .weak)
        #expect(solver.hasEditVariable(x))
        #expect(throws: SolverError.duplicateEditVariable(x)) { try solver.addEditVariable(x, priority: .medium) }
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
        #expect(throws: SolverError.unknownEditVariable(x)) { try solver.removeEditVariable(x) }
        #expect(throws: SolverError.unknownEditVariable(y)) { try solver.suggestValue(y, 10) }
        try solver.addEditVariable(x, priority: .weak)
        try solver.addEditVariable(y, priority: .medium)
        try solver.suggestValue(x, 10)
        try solver.suggestValue(y, 20)
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 20)
    }

    @Test func underConstrainedSystemSettlesThroughItsPreferences() throws {
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        let solver = Solver()
        try solver.addEditVariable(a, priority: .strong)
        try solver.addConstraint(2 * a + 3 * b == 4 * c + 10)
        try solver.addConstraint(Constraint(c == 1, priority: .weak))
        try solver.suggestValue(a, 10)
        solver.updateVariables()
        #expect(a.value == 10)
        #expect(2 * a.value + 3 * b.value == 4 * c.value + 10)
    }

    @Test func strengthsDecideBetweenConflictingPreferences() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x + y == 0)
        try solver.addConstraint(x == 10)
        try solver.addConstraint(Constraint(y >= 0, priority: .weak))
        solver.updateVariables()
        #expect(x.value == 10 && y.value == -10)

        let other = Solver()
        try other.addConstraint(x + y == 0)
        try other.addConstraint(Constraint(x == 10, priority: .weak))
        try other.addConstraint(Constraint(y >= 0, priority: .medium))
        other.updateVariables()
        #expect(x.value == 0 && y.value == 0)
    }

    @Test func infeasibleSuggestionsAreMetAsWellAsTheRequiredConstraintsAllow() throws {
        // kiwi's xm/xl/xr case: a midpoint between two edges at least 20 apart, in [-10, 100].
        let xm = Variable("xm"), xl = Variable("xl"), xr = Variable("xr")
        let solver = Solver()
        for variable in [xm, xl, xr] { try solver.addEditVariable(variable, priority: .strong) }
        try solver.addConstraint(2 * xm == xl + xr)
        try solver.addConstraint(xl + 20 <= xr)
        try solver.addConstraint(xl >= -10)
        try solver.addConstraint(xr <= 100)
        try solver.suggestValue(xm, 40)
        try solver.suggestValue(xr, 50)
        try solver.suggestValue(xl, 30)
        solver.updateVariables()
        #expect(xm.value == 40 && xl.value == 30 && xr.value == 50)
        // xm = 60 with xl = 30 and xr = 50 cannot all hold: moving xm up by t costs the
        // edges 2t of error to gain t, so at one level the midpoint edit gives way.
        try solver.suggestValue(xm, 60)
        solver.updateVariables()
        #expect(xm.value == 40 && xl.value == 30 && xr.value == 50)
        // Past the range, the bounds hold.
        try solver.suggestValue(xm, 1000)
        try solver.suggestValue(xr, 1000)
        try solver.suggestValue(xl, 1000)
        solver.updateVariables()
        #expect(xr.value == 100 && xl.value == 80 && xm.value == 90)
    }

    @Test func editVariablesStartPulledToZero() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(Constraint(x == 42, priority: .weak))
        try solver.addEditVariable(x, priority: .medium)
        solver.updateVariables()
        #expect(x.value == 0)
        try solver.removeEditVariable(x)
        solver.updateVariables()
        #expect(x.value == 42)
    }
}
