import ConstraintSolver
import Testing

/// Strict priority levels: the objective is a vector keyed by level, compared
/// lexicographically, with errors adding up within a level.
@Suite struct PriorityTests {
    @Test func threeErrorsAt251LoseToOneAt252() throws {
        let x = Variable("x")
        let solver = Solver()
        for _ in 0..<3 { try solver.addConstraint(Constraint(x == 3, priority: 251)) }
        try solver.addConstraint(Constraint(x == 4, priority: 252))
        solver.updateVariables()
        #expect(x.value == 4)
    }

    @Test func anyNumberOfLowerErrorsLosesToOneHigherError() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(Constraint(x == 10, priority: 251))
        for _ in 0..<500 { try solver.addConstraint(Constraint(x == 0, priority: 250)) }
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func addingALowPriorityConstraintNeverLetsA500BeatA501() throws {
        // 501 wants the gap at 10, 500 wants it at 0. A weighted sum (kiwi) tips over once
        // a third constraint at 1 sides with the 500 one; strict levels never do.
        let left = Variable("left")
        let right = Variable("right")
        let solver = Solver()
        try solver.addConstraint(left == 0)
        try solver.addConstraint(Constraint(right - left == 10, priority: 501))
        try solver.addConstraint(Constraint(right - left == 0, priority: 500))
        solver.updateVariables()
        #expect(right.value == 10)
        try solver.addConstraint(Constraint(right == 0, priority: 1))
        try solver.addConstraint(Constraint(right <= 2, priority: 1))
        solver.updateVariables()
        #expect(right.value == 10)
    }

    @Test func errorsAtOneLevelAddUp() throws {
        // L1 within a level: two votes for 10 beat one vote for 0.
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(Constraint(x == 0, priority: 500))
        try solver.addConstraint(Constraint(x == 10, priority: 500))
        try solver.addConstraint(Constraint(x == 10, priority: 500))
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func optionalEqualityMinimisesTheAbsoluteDifference() throws {
        // |a - b| at 500 is traded one for one against |b - 40| at 500: the sum is 30
        // wherever b lies in [10, 40]; the weaker pull on b at 250 then decides.
        let a = Variable("a")
        let b = Variable("b")
        let solver = Solver()
        try solver.addConstraint(a == 10)
        try solver.addConstraint(Constraint(a == b, priority: 500))
        try solver.addConstraint(Constraint(b == 40, priority: 500))
        try solver.addConstraint(Constraint(b == 25, priority: 250))
        solver.updateVariables()
        #expect(b.value == 25)
    }

    @Test func brokenRequiredLevelOutranksEveryOptionalLevel() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(Constraint(x == 5, priority: 999))
        try solver.addConstraint(Constraint(x == 7, priority: .brokenRequired))
        solver.updateVariables()
        #expect(x.value == 7)
        #expect(!Priority.brokenRequired.isRequired)
    }

    @Test func prioritiesClampIntoOneToAThousand() {
        #expect(Priority(2000) == .required)
        #expect(Priority(0).rawValue == 1)
        #expect(Priority(-5).rawValue == 1)
        #expect(Priority(.nan).rawValue == 1)
        #expect(Priority(250.5).rawValue == 250.5)
        let literal: Priority = 750
        #expect(literal == .strong)
        #expect(Priority.weak < Priority.medium && Priority.medium < Priority.strong)
        #expect(Priority.required.description == "1000")
        #expect(Priority(250.5).description == "250.5")
    }

    @Test func fractionalPrioritiesAreLevelsOfTheirOwn() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(Constraint(x == 1, priority: 250))
        try solver.addConstraint(Constraint(x == 2, priority: 250.5))
        try solver.addConstraint(Constraint(x == 1, priority: 250))
        solver.updateVariables()
        #expect(x.value == 2)
    }

    @Test func setPriorityReweighsAnOptionalConstraintInPlace() throws {
        let x = Variable("x")
        let solver = Solver()
        let high = Constraint(x == 10, priority: 300)
        let low = Constraint(x == 20, priority: 200)
        try solver.addConstraint(high)
        try solver.addConstraint(low)
        solver.updateVariables()
        #expect(x.value == 10)
        try solver.setPriority(100, of: high)
        solver.updateVariables()
        #expect(x.value == 20)
        #expect(high.priority == 100)
        try solver.setPriority(.brokenRequired, of: high)
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func setPriorityBetweenRequiredAndOptionalIsRejected() throws {
        let x = Variable("x")
        let solver = Solver()
        let required = x == 10
        let optional = Constraint(x == 20, priority: 200)
        try solver.addConstraint(required)
        try solver.addConstraint(optional)
        let before = solver.tableauFingerprint
        #expect(throws: SolverError.badRequiredPriority) { try solver.setPriority(500, of: required) }
        #expect(throws: SolverError.badRequiredPriority) { try solver.setPriority(.required, of: optional) }
        #expect(throws: SolverError.unknownConstraint(required)) {
            try Solver().setPriority(500, of: required)
        }
        #expect(solver.tableauFingerprint == before)
        #expect(required.priority == .required && optional.priority == 200)
    }
}
