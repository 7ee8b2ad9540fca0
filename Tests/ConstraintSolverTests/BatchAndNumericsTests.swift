import ConstraintSolver
import Testing

/// Batches defer optimisation without changing results; degenerate, redundant and
/// large-scale systems solve without trouble.
@Suite struct BatchAndNumericsTests {
    private func buildRow(in solver: Solver, count: Int) throws -> [Variable] {
        var widths: [Variable] = []
        var previous: (Variable, Variable)?
        for index in 0..<count {
            let x = Variable("x\(index)")
            let w = Variable("w\(index)")
            try solver.addConstraint(previous.map { x == $0.0 + $0.1 + 8 } ?? (x == 0))
            try solver.addConstraint(w >= 0)
            try solver.addConstraint(Constraint(w == 50, priority: 250))
            previous = (x, w)
            widths.append(w)
        }
        try solver.addConstraint(previous!.0 + previous!.1 <= 300)
        return widths
    }

    @Test func batchGivesTheSameSolutionAsOneByOne() throws {
        let plain = Solver()
        let plainWidths = try buildRow(in: plain, count: 8)
        plain.updateVariables()
        let batched = Solver()
        var batchedWidths: [Variable] = []
        try batched.batch {
            try batched.batch { batchedWidths = try buildRow(in: batched, count: 8) }
        }
        batched.updateVariables()
        let plainTotal: Double = plainWidths.map(\.value).reduce(0.0) { $0 + $1 }
        let batchedTotal: Double = batchedWidths.map(\.value).reduce(0.0) { $0 + $1 }
        #expect(plainTotal == batchedTotal)
        #expect(batchedTotal == 244)
    }

    @Test func errorsInsideABatchPropagateAndTheSolverStaysUsable() throws {
        let x = Variable("x")
        let solver = Solver()
        #expect(throws: SolverError.self) {
            try solver.batch {
                try solver.addConstraint(x >= 10)
                try solver.addConstraint(Constraint(x == 0, priority: .weak))
                try solver.addConstraint(x <= 5)
            }
        }
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func suggestionsInsideABatchSeeTheConstraintsAddedBefore() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.batch {
            try solver.addConstraint(x <= 100)
            try solver.addEditVariable(x, priority: .strong)
            try solver.suggestValue(x, 250)
        }
        solver.updateVariables()
        #expect(x.value == 100)
    }

    @Test func largeCoordinatesSolveExactly() throws {
        let x = Variable("x")
        let w = Variable("w")
        let solver = Solver()
        try solver.addConstraint(x == 12_345_678)
        try solver.addConstraint(w >= 0)
        try solver.addConstraint(x + w <= 25_000_000)
        try solver.addConstraint(Constraint(w == 30_000_000, priority: .weak))
        solver.updateVariables()
        #expect(x.value == 12_345_678)
        #expect(w.value == 25_000_000 - 12_345_678)
    }

    @Test func degenerateSystemThroughOnePointTerminatesAtTheOptimum() throws {
        // Many inequalities tight at the same vertex, in an order that invites cycling.
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let solver = Solver()
        for a in 1...6 {
            for b in 1...6 {
                try solver.addConstraint(Double(a) * x + Double(b) * y - Double(a + b) * z <= 0)
            }
        }
        try solver.addConstraint(z == 0)
        try solver.addConstraint(Constraint(x == 5, priority: .strong))
        try solver.addConstraint(Constraint(y == 5, priority: .medium))
        try solver.addConstraint(x >= -10)
        try solver.addConstraint(y >= -10)
        solver.updateVariables()
        // x + y <= 0 (a = b) and the others: with x at 5 at the higher level, y goes to -5.
        #expect(x.value <= 10 + 1e-9)
        for a in 1...6 { for b in 1...6 { #expect(Double(a) * x.value + Double(b) * y.value <= 1e-9) } }
    }

    @Test func redundantConstraintsAddAndRemoveCleanly() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        var constraints: [Constraint] = []
        for _ in 0..<10 {
            let pair = [x + y == 10, x - y == 2, 2 * x == 12, x <= 6, y >= 4]
            for constraint in pair { try solver.addConstraint(constraint) }
            constraints += pair
        }
        solver.updateVariables()
        #expect(x.value == 6 && y.value == 4)
        for constraint in constraints.shuffled() { try solver.removeConstraint(constraint) }
        #expect(solver.storageStatistics.rows == 0)
    }
}
