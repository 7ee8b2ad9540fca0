import ConstraintSolver
import Testing

@Suite struct SolverBasicsTests {
    @Test func requiredEqualitiesAreSolvedExactly() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x + y == 10)
        try solver.addConstraint(x - y == 4)
        solver.updateVariables()
        #expect(x.value == 7)
        #expect(y.value == 3)
    }

    @Test func inequalityWithWeakPullSettlesOnTheBound() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(x >= 10)
        try solver.addConstraint(Constraint(x == 0, priority: .weak))
        solver.updateVariables()
        #expect(x.value == 10)
    }
}
