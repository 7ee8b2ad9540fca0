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

    @Test func oneConstraintHeldByTwoSolversIsTrackedInEach() throws {
        let x = Variable("x")
        let pin = x == 5
        let first = Solver()
        let second = Solver()
        try first.addConstraint(pin)
        try second.addConstraint(pin)
        #expect(first.hasConstraint(pin) && second.hasConstraint(pin))
        #expect(throws: SolverError.self) { try second.addConstraint(pin) }

        // Removing it from the solver it was first added to leaves the other one holding it.
        try first.removeConstraint(pin)
        #expect(!first.hasConstraint(pin))
        #expect(second.hasConstraint(pin))
        #expect(throws: SolverError.self) { try first.removeConstraint(pin) }
        try second.setConstant(-7, of: pin)
        second.updateVariables()
        #expect(x.value == 7)

        // Either solver can take it again, in either order.
        try first.addConstraint(pin)
        try second.removeConstraint(pin)
        #expect(first.hasConstraint(pin) && !second.hasConstraint(pin))
        try second.addConstraint(pin)
        try first.removeConstraint(pin)
        try second.removeConstraint(pin)
        #expect(!first.hasConstraint(pin) && !second.hasConstraint(pin))
    }

    @Test func constraintsOfAFreedSolverCanJoinANewOne() throws {
        let x = Variable("x")
        let pin = x == 3
        do {
            let old = Solver()
            try old.addConstraint(pin)
        }
        let solver = Solver()
        #expect(!solver.hasConstraint(pin))
        try solver.addConstraint(pin)
        solver.updateVariables()
        #expect(x.value == 3)
        try solver.removeConstraint(pin)
        #expect(!solver.hasConstraint(pin))
    }
}
