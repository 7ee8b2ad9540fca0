import ConstraintSolver
import Testing

/// A rejected operation leaves the solver exactly as it was, and says which required
/// constraints conflict.
@Suite struct TransactionTests {
    @Test func failedAddLeavesTheSolutionAndTheTableauUntouched() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        let sum = x + y == 10
        let floor = x >= 8
        try solver.addConstraint(sum)
        try solver.addConstraint(floor)
        solver.updateVariables()
        let before = solver.tableauFingerprint
        let storage = solver.storageStatistics

        let tooMuch = y >= 5
        do {
            try solver.addConstraint(tooMuch)
            Issue.record("y >= 5 was accepted")
        } catch SolverError.unsatisfiableConstraint(let conflicting) {
            #expect(Set(conflicting.map(ObjectIdentifier.init)) == Set([sum, floor, tooMuch].map(ObjectIdentifier.init)))
        }
        #expect(solver.tableauFingerprint == before)
        var after = solver.storageStatistics
        after.columnEntries = storage.columnEntries  // may keep stale entries, dropped lazily
        #expect(after == storage)
        #expect(!solver.hasConstraint(tooMuch))
        solver.updateVariables()
        #expect(x.value == 8)
        #expect(y.value == 2)

        try solver.addConstraint(y == 1)
        solver.updateVariables()
        #expect(x.value == 9)
        #expect(y.value == 1)
    }

    @Test func conflictLeavesOutRequiredConstraintsThatAreNotNeeded() throws {
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        let solver = Solver()
        let unrelated = [z == 5, y <= 1000, x <= 100, y >= -1000]
        for constraint in unrelated { try solver.addConstraint(constraint) }
        let lower = x >= 10
        let link = y == x + 5
        try solver.addConstraint(lower)
        try solver.addConstraint(link)
        try solver.addConstraint(Constraint(y == 0, priority: 999))
        let cap = y <= 12
        do {
            try solver.addConstraint(cap)
            Issue.record("y <= 12 was accepted")
        } catch SolverError.unsatisfiableConstraint(let conflicting) {
            #expect(conflicting.first === cap)
            #expect(Set(conflicting.map(ObjectIdentifier.init)) == Set([cap, lower, link].map(ObjectIdentifier.init)))
        }
    }

    @Test func everyMemberOfAConflictIsNeeded() throws {
        // A chain w >= 10, x >= w, y >= x, z >= y with z <= 4, plus required noise.
        let w = Variable("w"), x = Variable("x"), y = Variable("y"), z = Variable("z")
        let solver = Solver()
        let chain = [w >= 10, x >= w, y >= x, z >= y]
        for constraint in chain { try solver.addConstraint(constraint) }
        try solver.addConstraint(z >= 8)
        try solver.addConstraint(x <= 1000)
        let cap = z <= 4
        do {
            try solver.addConstraint(cap)
            Issue.record("z <= 4 was accepted")
        } catch SolverError.unsatisfiableConstraint(let conflicting) {
            #expect(conflicting.first === cap)
            // Dropping any one member makes the rest satisfiable.
            for skipped in conflicting.indices {
                let check = Solver()
                for (k, member) in conflicting.enumerated() where k != skipped {
                    try check.addConstraint(Constraint(member, priority: .required))
                }
            }
            let check = Solver()
            #expect(throws: SolverError.self) {
                for member in conflicting { try check.addConstraint(Constraint(member, priority: .required)) }
            }
        }
    }

    @Test func contradictoryEqualitiesAreRejectedAndRedundantOnesAccepted() throws {
        let x = Variable("x")
        let solver = Solver()
        let first = x == 10
        try solver.addConstraint(first)
        try solver.addConstraint(x == 10)
        try solver.addConstraint(2 * x == 20)
        let before = solver.tableauFingerprint
        let contradiction = x == 11
        do {
            try solver.addConstraint(contradiction)
            Issue.record("x == 11 was accepted")
        } catch SolverError.unsatisfiableConstraint(let conflicting) {
            #expect(conflicting.count == 2)
            #expect(conflicting.first === contradiction)
        }
        #expect(solver.tableauFingerprint == before)
        try solver.removeConstraint(first)
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func setConstantThatBreaksARequiredConstraintIsRolledBack() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        let floor = x >= 10
        let gap = y == x + 5
        let ceiling = y <= 40
        try solver.addConstraint(floor)
        try solver.addConstraint(gap)
        try solver.addConstraint(ceiling)
        try solver.addConstraint(Constraint(x == 0, priority: 250))
        solver.updateVariables()
        #expect(y.value == 15)
        let before = solver.tableauFingerprint

        // y == x + 50 cannot hold with x >= 10 and y <= 40.
        do {
            try solver.setConstant(-50, of: gap)
            Issue.record("the new constant was accepted")
        } catch SolverError.unsatisfiableConstraint(let conflicting) {
            #expect(Set(conflicting.map(ObjectIdentifier.init)) == Set([floor, gap, ceiling].map(ObjectIdentifier.init)))
        }
        #expect(solver.tableauFingerprint == before)
        #expect(gap.expression.constant == -5)

        try solver.setConstant(-20, of: gap)
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 30)
        #expect(gap.expression.constant == -20)
    }

    @Test func setConstantMovesTheSolutionWithoutReAdding() throws {
        let x = Variable("x")
        let width = Variable("width")
        let solver = Solver()
        let leading = x == 20
        try solver.addConstraint(leading)
        try solver.addConstraint(width >= 0)
        let trailing = x + width <= 300
        try solver.addConstraint(trailing)
        try solver.addConstraint(Constraint(width == 1000, priority: 250))
        solver.updateVariables()
        #expect(width.value == 280)
        let storage = solver.storageStatistics
        try solver.setConstant(-500, of: trailing)
        try solver.setConstant(-40, of: leading)
        solver.updateVariables()
        #expect(x.value == 40)
        #expect(width.value == 460)
        #expect(solver.storageStatistics.rows == storage.rows)
        // The new constants are what the constraints now say, also after re-adding.
        try solver.removeConstraint(trailing)
        try solver.addConstraint(trailing)
        solver.updateVariables()
        #expect(width.value == 460)
    }
}
