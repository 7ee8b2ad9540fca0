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

/// `reserveCapacity(forAdding:)` sizes the storage to a batch: no less than it takes, not
/// much more, and without changing what the solver computes.
@Suite struct StorageReservationTests {
    /// A row of `count` views: each view's x follows the one before (so most variables are in
    /// three constraints), its width is fixed, and every third view has an optional minimum.
    private func row(_ count: Int) -> (constraints: [Constraint], symbols: Int, requiredTerms: Int) {
        let xs = (0..<count).map { Variable("x\($0)") }
        let ws = (0..<count).map { Variable("w\($0)") }
        var constraints = [xs[0] == 8]
        for i in 1..<count { constraints.append(xs[i] == xs[i - 1] + ws[i - 1] + 8) }
        for i in 0..<count { constraints.append(ws[i] == 20) }
        for i in stride(from: 0, to: count, by: 3) { constraints.append(Constraint(ws[i] >= 30, priority: 250)) }
        let optional = (count + 2) / 3
        let required = constraints.count - optional
        // A marker per required constraint, two symbols per optional one, one per variable.
        let symbols = required + 2 * optional + 2 * count
        let requiredTerms = 1 + 3 * (count - 1) + count
        return (constraints, symbols, requiredTerms)
    }

    /// What a 4 KiB page rounds an array of `stride`-byte elements up by, at most: large
    /// arrays are mapped in whole pages, and an array's capacity counts the whole mapping.
    private func pageRounding(_ stride: Int) -> Int { 4096 / stride }

    @Test func aBatchGetsTheRoomItTakesAndLittleMore() throws {
        let (constraints, symbols, requiredTerms) = row(3_000)
        let solver = Solver()
        solver.reserveCapacity(forAdding: constraints)
        let reserved = solver.storageRoom
        // The symbols' states are 24 bytes each, the mention terms 16.
        #expect(reserved.symbols >= symbols)
        #expect(reserved.symbols <= symbols + symbols / 32 + 1 + pageRounding(24))
        #expect(reserved.mentionTerms >= requiredTerms)
        #expect(reserved.mentionTerms <= requiredTerms + requiredTerms / 32 + 1 + pageRounding(16))
        for constraint in constraints { try solver.addConstraint(constraint) }
        // Nothing grew while the batch went in: the count was not short.
        #expect(solver.storageRoom == reserved)
        #expect(solver.storageStatistics.liveSymbols == symbols)
    }

    @Test func aReservedSolverComputesWhatAnUnreservedOneDoes() throws {
        func solvedValues(reserving: Bool) throws -> [Double] {
            let (constraints, _, _) = row(500)
            let solver = Solver()
            if reserving { solver.reserveCapacity(forAdding: constraints) }
            for constraint in constraints { try solver.addConstraint(constraint) }
            solver.updateVariables()
            // Each constraint's first variable, in the order they were made.
            return constraints.map { $0.expression.terms[0].variable.value }
        }
        let values = try solvedValues(reserving: true)
        #expect(values == (try solvedValues(reserving: false)))
        // The optional minimum loses to the required width everywhere.
        #expect(values.last == 20)
    }

    @Test func reservingForConstraintsNotAddedChangesNothingElse() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        solver.reserveCapacity(forAdding: row(100).constraints)
        try solver.addConstraint(x == 10)
        try solver.addConstraint(y == x * 2 + 1)
        solver.updateVariables()
        #expect(y.value == 21)
        // The reservation's variables were counted, not registered.
        #expect(solver.storageStatistics.variables == 2)
    }

    @Test func smallReservationsGrowTheStorageGeometrically() throws {
        let solver = Solver()
        let xs = (0..<2_000).map { Variable("x\($0)") }
        var rooms: Set<Int> = []
        var previous = xs[0] == 0
        try solver.addConstraint(previous)
        for i in 1..<xs.count {
            previous = xs[i] == xs[i - 1] + 1
            solver.reserveCapacity(forAdding: [previous])
            try solver.addConstraint(previous)
            rooms.insert(solver.storageRoom.symbols)
        }
        // Growing by half from 64 to 4,000 symbols takes 11 sizes; room made for each
        // constraint exactly would have taken about 2,000.
        #expect(rooms.count <= 12)
        solver.updateVariables()
        #expect(xs[1_999].value == 1_999)
    }
}
