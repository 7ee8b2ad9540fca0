import ConstraintSolver
import Testing

/// Numbers are range-checked where they enter the solver, a refused number changes nothing,
/// and within the range no sequence of adds and removes leaves a required constraint violated.
@Suite struct RangeAndResidueTests {
    /// `x == 0`, `y >= x + minimumGap` (required) and a weak pull of y to 0: y is minimumGap.
    private func gapSystem(minimumGap: Double) throws -> (Solver, Variable, Variable) {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x == 0)
        try solver.addConstraint(y >= x + minimumGap)
        try solver.addConstraint(Constraint(y == 0, priority: .weak))
        return (solver, x, y)
    }

    @Test(arguments: [Solver.maximumValue, -Solver.maximumValue, 123_456_789.123, 1e7])
    func removingAHugeStrongConstraintLeavesRequiredOnesSatisfied(target: Double) throws {
        for gap in [10.0, 0.5, 1e-6] {
            let (solver, x, y) = try gapSystem(minimumGap: gap)
            let huge = Constraint(y == target, priority: .strong)
            try solver.addConstraint(huge)
            solver.updateVariables()
            #expect(y.value == max(target, gap))
            try solver.removeConstraint(huge)
            solver.updateVariables()
            #expect(x.value == 0)
            // The required gap holds within the tolerance of the small numbers the solver now
            // holds; the optimum is off by no more than round-off of the number that left.
            #expect(y.value >= gap - 1e-9 * max(1, gap), "gap \(gap) after \(target): y = \(y.value)")
            #expect(abs(y.value - gap) <= 1e-15 * abs(target), "gap \(gap) after \(target): y = \(y.value)")
        }
    }

    @Test func suggestingAHugeValueAndBackLeavesRequiredOnesSatisfied() throws {
        let (solver, _, y) = try gapSystem(minimumGap: 0.5)
        try solver.addEditVariable(y, priority: .strong)
        for value in [Solver.maximumValue, -Solver.maximumValue, 987_654_321, 0.25, 0] {
            try solver.suggestValue(y, value)
            solver.updateVariables()
            #expect(abs(y.value - max(value, 0.5)) <= 1e-9 * max(1, abs(value)), "after \(value): \(y.value)")
        }
        try solver.removeEditVariable(y)
        solver.updateVariables()
        #expect(abs(y.value - 0.5) <= 1e-9)
    }

    @Test(arguments: [1e18, -1e10, Solver.maximumValue.nextUp, 1e308])
    func aConstantBeyondTheLimitIsRejectedAndChangesNothing(constant: Double) throws {
        let (solver, x, y) = try gapSystem(minimumGap: 10)
        solver.updateVariables()
        let before = solver.tableauFingerprint
        let huge = Constraint(y == constant, priority: .strong)
        do {
            try solver.addConstraint(huge)
            Issue.record("accepted \(huge)")
        } catch SolverError.valueOutOfRange(let message) {
            #expect(message.contains("constant") && message.contains("y"), "\(message)")
        }
        #expect(solver.tableauFingerprint == before && !solver.hasConstraint(huge))
        let gapConstraint = y >= x + 10
        try solver.addConstraint(gapConstraint)
        let withGap = solver.tableauFingerprint
        #expect(throws: SolverError.self) { try solver.setConstant(constant, of: gapConstraint) }
        #expect(solver.tableauFingerprint == withGap)
        solver.updateVariables()
        #expect(x.value == 0 && y.value == 10)
    }

    @Test func suggestingHugeValuesIsRejectedAndTheLastSuggestionStays() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addEditVariable(x, priority: .strong)
        try solver.suggestValue(x, 42)
        let before = solver.tableauFingerprint
        for value in [1e308, -1e308, 1e10, -.infinity] {
            #expect(throws: SolverError.self) { try solver.suggestValue(x, value) }
            #expect(solver.tableauFingerprint == before)
        }
        do {
            try solver.suggestValue(x, 1e308)
        } catch SolverError.valueOutOfRange(let message) {
            #expect(message.contains("suggested value") && message.contains("x"), "\(message)")
        }
        solver.updateVariables()
        #expect(x.value == 42)
    }

    @Test func aCoefficientBelowTheRangeIsRejectedAsOutOfRangeNotUnsatisfiable() throws {
        let x = Variable("x")
        let solver = Solver()
        let tiny = x * 1e-9 == 1
        do {
            try solver.addConstraint(tiny)
            Issue.record("accepted \(tiny)")
        } catch SolverError.valueOutOfRange(let message) {
            #expect(message.contains("coefficient") && message.contains("x"), "\(message)")
        }
        #expect(throws: SolverError.self) { try solver.addConstraint(x * 1e4 == 1) }
        #expect(solver.storageStatistics.rows == 0)
    }

    @Test func coefficientsAtTheEndsOfTheRangeSolveExactly() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let solver = Solver()
        let smallest = Solver.coefficientMagnitudes.lowerBound
        let largest = Solver.coefficientMagnitudes.upperBound
        try solver.addConstraint(x * smallest == 1)
        try solver.addConstraint(y * largest == 1)
        try solver.addConstraint(z * smallest - y * largest == 2)
        solver.updateVariables()
        #expect(abs(x.value - 1 / smallest) <= 1e-9 * (1 / smallest))
        #expect(abs(y.value - 1 / largest) <= 1e-12)
        #expect(abs(z.value - 3 / smallest) <= 1e-9 * (3 / smallest))
    }

    @Test func removedLargeNumbersLeaveNoWideToleranceBehind() throws {
        // With a tolerance that only grew, a 1e9 seen once let a later violation of 0.5 pass.
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let huge = x == Solver.maximumValue
        try solver.addConstraint(huge)
        try solver.removeConstraint(huge)
        try solver.addConstraint(x == 0)
        try solver.addConstraint(y >= x + 0.5)
        try solver.addEditVariable(y, priority: .strong)
        try solver.suggestValue(y, 0)
        solver.updateVariables()
        #expect(y.value == 0.5)
    }
}

/// Changing a huge constant back down leaves no round-off of it behind either.
@Suite struct ConstantRoundTripResidueTests {
    @Test(arguments: [Solver.maximumValue, -987_654_321.5])
    func changingAHugeConstantBackLeavesTheRequiredGapExact(huge: Double) throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x == 0)
        try solver.addConstraint(y >= x + 1e-6)
        try solver.addConstraint(Constraint(y == 0, priority: .weak))
        let pull = Constraint(y == 0, priority: .strong)
        try solver.addConstraint(pull)
        try solver.setConstant(-huge, of: pull)
        solver.updateVariables()
        #expect(y.value == max(huge, 1e-6))
        try solver.setConstant(0, of: pull)
        solver.updateVariables()
        #expect(x.value == 0 && y.value == 1e-6)
    }
}
