import ConstraintSolver
import Testing

/// An optional equality whose shortfall has a priority of its own: it must behave exactly as
/// the two inequalities it stands for, `expression <= 0` at its priority and
/// `expression >= 0` at its shortfall priority (the randomized oracle checks the same
/// against an independent simplex; these are the cases a view's intrinsic size meets).
@Suite struct ShortfallPriorityTests {
    /// A width that wants to be 300 at 500, and an intrinsic size of `content` that resists
    /// growing at 250 and shrinking at 750, like a label's hugging and compression resistance.
    private static func labelLike(content: Double) throws -> (Solver, Variable, Constraint) {
        let width = Variable("width")
        let solver = Solver()
        try solver.addConstraint(Constraint(width == 300, priority: 500))
        let size = Constraint(width - content, equalWithExcessAt: 250, shortfallAt: 750)
        try solver.addConstraint(size)
        return (solver, width, size)
    }

    @Test func theLowerExcessPriorityGivesWayAndTheHigherShortfallPriorityHolds() throws {
        // Content 200: growing past it is an error at 250, which loses to the wish at 500.
        let (solver, width, size) = try Self.labelLike(content: 200)
        solver.updateVariables()
        #expect(width.value == 300)
        // Content 400: shrinking below it is an error at 750, which beats the wish.
        try solver.setConstant(-400, of: size)
        solver.updateVariables()
        #expect(width.value == 400)
        // And back across: the excess is the error again.
        try solver.setConstant(-120, of: size)
        solver.updateVariables()
        #expect(width.value == 300)
    }

    @Test func aBatchOfConstantsCrossingSidesMatchesTheTwoInequalities() throws {
        let (solver, width, size) = try Self.labelLike(content: 200)
        let twin = Variable("twin")
        try solver.addConstraint(Constraint(twin == 300, priority: 500))
        let below = Constraint(twin - 200 <= 0, priority: 250)
        let above = Constraint(twin - 200 >= 0, priority: 750)
        try solver.addConstraint(below)
        try solver.addConstraint(above)
        for content in [350.0, 120, 300, 299.5, 800, 0] {
            solver.setConstants([(size, -content), (below, -content), (above, -content)]) { _, error in
                Issue.record("refused: \(error)")
            }
            solver.updateVariables()
            #expect(width.value == twin.value, "content \(content)")
            #expect(width.value == max(300, content), "content \(content)")
        }
    }

    @Test func setPriorityReweighsOnlyTheExcess() throws {
        let (solver, width, size) = try Self.labelLike(content: 200)
        // At 800 the excess beats the wish at 500: the width hugs its content.
        try solver.setPriority(800, of: size)
        solver.updateVariables()
        #expect(width.value == 200)
        // At 400 the shortfall must still weigh 750, above the wish.
        try solver.setPriority(400, of: size)
        try solver.setConstant(-450, of: size)
        solver.updateVariables()
        #expect(width.value == 450)
        #expect(size.shortfallPriority == 750)
    }

    @Test func eitherPriorityRequiredIsRefusedAndLeavesTheSolverAlone() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(Constraint(x == 5, priority: 300))
        let before = solver.tableauFingerprint
        for constraint in [
            Constraint(x - 10, equalWithExcessAt: .required, shortfallAt: 750),
            Constraint(x - 10, equalWithExcessAt: 250, shortfallAt: .required),
        ] {
            #expect(throws: SolverError.badRequiredPriority) { try solver.addConstraint(constraint) }
            #expect(!solver.hasConstraint(constraint))
        }
        #expect(solver.tableauFingerprint == before)
        solver.updateVariables()
        #expect(x.value == 5)
    }

    @Test func theDescriptionNamesBothPriorities() {
        let x = Variable("x")
        let constraint = Constraint(x - 40, equalWithExcessAt: 250, shortfallAt: 750)
        #expect(constraint.description.hasSuffix("== 0 | priority 250, shortfall 750"))
        #expect(Constraint(constraint, priority: 300).shortfallPriority == nil)
    }
}
