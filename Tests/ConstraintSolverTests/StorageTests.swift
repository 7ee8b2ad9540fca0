import ConstraintSolver
import Testing

/// Removing constraints gives back their rows, symbols and objective cells.
@Suite struct StorageTests {
    /// A small layout: views in a row, with hugging, compression resistance and an edit.
    private func addLayout(to solver: Solver, views: [(Variable, Variable)], container: Variable) throws -> [Constraint] {
        var constraints: [Constraint] = []
        for (index, (x, w)) in views.enumerated() {
            constraints.append(index == 0 ? x == 8 : x == views[index - 1].0 + views[index - 1].1 + 8)
            constraints.append(w >= 0)
            constraints.append(Constraint(w <= 100, priority: 250))
            constraints.append(Constraint(w >= 60, priority: 750))
        }
        constraints.append(Constraint(views.last!.0 + views.last!.1 + 8 <= container, priority: 500))
        for constraint in constraints { try solver.addConstraint(constraint) }
        return constraints
    }

    @Test func addRemoveChurnDoesNotGrowStorage() throws {
        let solver = Solver()
        let container = Variable("container")
        try solver.addEditVariable(container, priority: 999)
        let views = (0..<12).map { (Variable("x\($0)"), Variable("w\($0)")) }
        var baseline: Solver.StorageStatistics?
        for cycle in 0..<60 {
            try solver.suggestValue(container, Double(200 + 10 * cycle))
            let constraints = try addLayout(to: solver, views: views, container: container)
            // A rejected add and a constant change in the middle of the churn.
            #expect(throws: SolverError.self) { try solver.addConstraint(views[0].1 <= -1) }
            try solver.setConstant(-12, of: constraints[0])
            solver.updateVariables()
            #expect(views[0].0.value == 12)
            // Remove in an order unlike the order of adding.
            for (k, constraint) in constraints.enumerated() where k % 2 == 1 { try solver.removeConstraint(constraint) }
            for (k, constraint) in constraints.enumerated() where k % 2 == 0 { try solver.removeConstraint(constraint) }
            let statistics = solver.storageStatistics
            #expect(statistics.constraints == 1)
            #expect(statistics.variables == 1)
            if let baseline {
                #expect(statistics.symbolCapacity == baseline.symbolCapacity, "cycle \(cycle)")
                #expect(statistics.liveSymbols == baseline.liveSymbols, "cycle \(cycle)")
                #expect(statistics.rows == baseline.rows, "cycle \(cycle)")
                #expect(statistics.cells == baseline.cells, "cycle \(cycle)")
                #expect(statistics.objectiveCells == baseline.objectiveCells, "cycle \(cycle)")
                #expect(statistics.columnEntries <= baseline.columnEntries + 64, "cycle \(cycle)")
            } else if cycle == 1 {
                baseline = statistics
            }
        }
    }

    @Test func removingEverythingLeavesAnEmptyTableau() throws {
        let solver = Solver()
        let container = Variable("container")
        let views = (0..<5).map { (Variable("x\($0)"), Variable("w\($0)")) }
        let constraints = try addLayout(to: solver, views: views, container: container)
        try solver.addEditVariable(container, priority: .strong)
        try solver.suggestValue(container, 300)
        try solver.removeEditVariable(container)
        for constraint in constraints.reversed() { try solver.removeConstraint(constraint) }
        let statistics = solver.storageStatistics
        #expect(statistics.rows == 0)
        #expect(statistics.cells == 0)
        #expect(statistics.objectiveCells == 0)
        #expect(statistics.liveSymbols == 0)
        #expect(statistics.variables == 0)
        #expect(statistics.constraints == 0)
    }

    /// Thousands of constraints fill several chunks of the solver's record table: a constant
    /// change reaches each record, and the slots freed across chunk boundaries are reused.
    @Test func recordsAcrossManyChunksStayFoundAndReused() throws {
        let solver = Solver()
        let count = 3_000
        let xs = (0..<count).map { Variable("x\($0)") }
        var links = [xs[0] == 1]
        for i in 1..<count { links.append(xs[i] == xs[i - 1] + 1) }
        for link in links { try solver.addConstraint(link) }
        solver.updateVariables()
        #expect(xs[count - 1].value == Double(count))

        // One constant change in every 500th link moves everything after it.
        for i in stride(from: 500, to: count, by: 500) { try solver.setConstant(-2, of: links[i]) }
        solver.updateVariables()
        #expect(xs[count - 1].value == Double(count + (count - 1) / 500))

        // Free slots in every chunk (none of them a link changed above), then take them
        // again with new links.
        let removed = Array(stride(from: 7, to: count, by: 10))
        for i in removed { try solver.removeConstraint(links[i]) }
        let before = solver.storageStatistics.constraints
        for i in removed {
            links[i] = xs[i] == xs[i - 1] + 3
            try solver.addConstraint(links[i])
        }
        #expect(solver.storageStatistics.constraints == before + removed.count)
        solver.updateVariables()
        let expected = Double(count + (count - 1) / 500 + 2 * removed.count)
        #expect(xs[count - 1].value == expected)
        for i in removed { #expect(solver.hasConstraint(links[i])) }
    }
}
