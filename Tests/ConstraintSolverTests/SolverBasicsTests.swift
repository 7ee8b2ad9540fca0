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

    @Test func aConstraintHeldByOneSolverIsRejectedByAnotherAndBothStayIntact() throws {
        let x = Variable("x")
        let pin = x == 5
        let first = Solver()
        let second = Solver()
        try second.addConstraint(x <= 100)
        try first.addConstraint(pin)
        let firstBefore = first.tableauFingerprint
        let secondBefore = second.tableauFingerprint
        #expect(throws: SolverError.constraintInAnotherSolver(pin)) { try second.addConstraint(pin) }
        #expect(first.tableauFingerprint == firstBefore && second.tableauFingerprint == secondBefore)
        #expect(first.hasConstraint(pin) && !second.hasConstraint(pin))
        #expect(throws: SolverError.unknownConstraint(pin)) { try second.removeConstraint(pin) }

        // The first solver still solves with it, and a constant change there is its own.
        try first.setConstant(-7, of: pin)
        first.updateVariables()
        #expect(x.value == 7)

        // Once the first solver lets it go, the second may take it.
        try first.removeConstraint(pin)
        try second.addConstraint(pin)
        second.updateVariables()
        #expect(x.value == 7)
        #expect(throws: SolverError.constraintInAnotherSolver(pin)) { try first.addConstraint(pin) }
        try second.removeConstraint(pin)
        try first.addConstraint(pin)
        #expect(first.hasConstraint(pin) && !second.hasConstraint(pin))
    }

    @Test func aCopyOfAConstraintJoinsAnotherSolver() throws {
        let x = Variable("x")
        let pin = x == 5
        let first = Solver()
        let second = Solver()
        try first.addConstraint(pin)
        let copy = Constraint(pin, priority: pin.priority)
        try second.addConstraint(copy)
        #expect(first.hasConstraint(pin) && second.hasConstraint(copy) && !second.hasConstraint(pin))
        second.updateVariables()
        #expect(x.value == 5)
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
