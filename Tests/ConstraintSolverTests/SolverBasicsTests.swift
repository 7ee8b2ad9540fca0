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

    @Test func aVariableSharedBySolversIsOneUnknownInEachAndOutlivesThem() throws {
        let x = Variable("x")
        var first: Solver? = Solver()
        let second = Solver()
        try first?.addConstraint(x == 1)
        // The first solver holds x through its cache; the second keeps x's symbol aside, and
        // must find it there again rather than give x a second symbol: then `x >= 7` could
        // not hold with `x == 2`.
        let pin = x == 2
        try second.addConstraint(pin)
        second.updateVariables()
        #expect(x.value == 2)
        #expect(throws: SolverError.self) { try second.addConstraint(x >= 7) }
        #expect(throws: SolverError.self) { try first?.addConstraint(x >= 7) }

        // The first solver goes; a third takes x, and the second still finds it.
        first = nil
        let third = Solver()
        let floor = x >= 3
        let rest = Constraint(x == 0, priority: .weak)
        try third.addConstraint(floor)
        try third.addConstraint(rest)
        third.updateVariables()
        #expect(x.value == 3)
        #expect(throws: SolverError.self) { try second.addConstraint(x >= 7) }
        try second.setConstant(-5, of: pin)
        second.updateVariables()
        #expect(x.value == 5)

        // The third solver lets x go; a fourth takes it, and the second still finds it.
        try third.removeConstraint(floor)
        try third.removeConstraint(rest)
        let fourth = Solver()
        try fourth.addConstraint(x == 4)
        fourth.updateVariables()
        #expect(x.value == 4)
        #expect(throws: SolverError.self) { try second.addConstraint(x >= 7) }
        try second.setConstant(-6, of: pin)
        second.updateVariables()
        #expect(x.value == 6)
    }

    @Test func aSolverLettingGoOfASharedVariableLeavesAnotherSolversHoldOnIt() throws {
        let x = Variable("x")
        let first = Solver()
        let second = Solver()
        // Taken in the same order, x gets the same symbol in both: the second solver's
        // symbol matches the first's claim on x's cache, which is still not the second's.
        try first.addConstraint(x == 1)
        let pin = x == 2
        try second.addConstraint(pin)
        try second.removeConstraint(pin)
        #expect(throws: SolverError.self) { try first.addConstraint(x >= 7) }
        first.updateVariables()
        #expect(x.value == 1)
    }
}
