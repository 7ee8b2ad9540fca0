// The column index (symbol → rows that may contain it) and the substitution of a definition
// into every row that mentions its symbol.

extension Tableau {
    /// Above this product of row lengths, `substitute` uses the position map; below it a
    /// plain search of a short row is cheaper than marking and unmarking it.
    private static let positionMapThreshold = 16

    /// Whether substituting `definition` into `row` should go through the position map,
    /// which costs the length of both rows: worth it when the row is searched linearly
    /// and the product of lengths is not tiny, or when the definition is about as long
    /// as the row. A long row with a short definition (a chain link into a long sum)
    /// keeps its hash index lookups, which cost only the definition's length.
    private func usesPositionMap(_ row: Row, definition: Row) -> Bool {
        if row.isIndexed { return 2 * definition.cells.count >= row.cells.count }
        return row.cells.count * definition.cells.count > Tableau.positionMapThreshold
    }


    /// The rows that contain the symbol, in a deterministic order; compacts the column.
    mutating func rowsContaining(_ symbol: Symbol) -> SymbolList {
        forEachRow(containing: symbol) { _, _, _ in }
        return columns[Int(symbol.index)]
    }

    /// Calls `visit` with each row that contains the symbol and the symbol's coefficient
    /// there, in the order `rowsContaining` lists them, compacting the column on the way.
    ///
    /// One search of each row finds both whether it contains the symbol and the coefficient,
    /// and the walk needs no copy of the column: a caller that went through the list
    /// `rowsContaining` returns searched each row twice and kept the column's buffer shared,
    /// which made the next compaction copy it. `visit` may change the tableau but not the
    /// symbol's column (out of the tableau during the walk) nor the visit stamps.
    @inline(__always)
    mutating func forEachRow(containing symbol: Symbol, _ visit: (inout Tableau, Symbol, Double) -> Void) {
        let i = Int(symbol.index)
        nextVisitGeneration()
        let generation = visitGeneration
        // Swapped out, so that the compaction writes into a unique buffer and the write-back
        // allocates nothing.
        var column = SymbolList()
        swap(&column, &columns[i])
        var kept = 0
        for k in 0..<column.count {
            let entry = column[k]
            let r = Int(entry.index)
            guard r < states.count, states[r].isBasic, states[r].visitStamp != generation,
                let coefficient = rows[r].storedCoefficient(for: symbol)
            else { continue }
            states[r].visitStamp = generation
            if kept != k { column[kept] = entry }
            kept += 1
            visit(&self, entry, coefficient)
        }
        column.truncate(to: kept)
        swap(&column, &columns[i])
    }

    /// Adds `shift` times the symbol's coefficient to the constant of every row that
    /// contains it: a marker's shift when its constraint's constant changes, and a free
    /// variable's move when an edit suggests a new value.
    mutating func shiftConstants(ofRowsContaining symbol: Symbol, by shift: Double) {
        forEachRow(containing: symbol) { tableau, basic, coefficient in
            tableau.addToConstant(basic, coefficient * shift)
        }
    }

    mutating func nextVisitGeneration() {
        visitGeneration &+= 1
        if visitGeneration == 0 {
            for k in states.indices { states[k].visitStamp = 0 }
            visitGeneration = 1
        }
    }

    /// Replaces `symbol` by `row` (its definition) in every row and in the objectives.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        let i = Int(symbol.index)
        let column = columns[i]
        columns[i] = SymbolList()
        // Room for what one row can gain and lose: at most a cell per cell of the definition.
        if insertedCells.count < row.cells.count {
            insertedCells = Array(repeating: Cell(symbol: .invalid, coefficient: 0), count: row.cells.count)
            removedSymbols = Array(repeating: .invalid, count: row.cells.count)
        }
        for basic in column {
            let r = Int(basic.index)
            guard r < states.count, states[r].isBasic else { continue }
            if usesPositionMap(rows[r], definition: row) {
                // Long rows: a position map makes each cell of the definition O(1), and
                // finds the symbol's cell too, unless the row must be saved before.
                if recordsChanges {
                    guard rows[r].contains(symbol) else { continue }
                    recordRow(r)
                }
                let epsilon = coefficientEpsilon
                let changes = insertedCells.withUnsafeMutableBufferPointer { inserted in
                    removedSymbols.withUnsafeMutableBufferPointer { removed in
                        rows[r].substitute(
                            symbol, by: row, epsilon: epsilon, positions: &positions,
                            inserted: inserted, removed: removed)
                    }
                }
                guard let changes else { continue }
                states[i].columnCount -= 1
                noteCellChanges(in: basic, inserted: changes.inserted, removed: changes.removed)
            } else {
                let coefficient = rows[r].coefficient(for: symbol)
                if coefficient == 0 { continue }
                recordRow(r)
                states[i].columnCount -= 1
                rows[r].remove(symbol)
                rows[r].constant += coefficient * row.constant
                for cell in row.cells {
                    switch rows[r].add(cell.symbol, coefficient * cell.coefficient, epsilon: coefficientEpsilon) {
                    case .inserted: noteInserted(cell.symbol, in: basic)
                    case .removed: states[Int(cell.symbol.index)].columnCount -= 1
                    case .updated, .unchanged: break
                    }
                }
            }
            rowsCombined = true
            noteConstantChanged(basic)
        }
        // The symbol is in no row now; keep its column's buffer for when it is again.
        if column.count > 2 && columns[i].isEmpty {
            var emptied = column
            emptied.truncate(to: 0)
            columns[i] = emptied
        }
        let cost = costs[i]
        if !cost.isZero {
            recordCost(i)
            costs[i] = .zero
            // Every cell, however small: a skipped one, times a large cost, leaves the objective
            // out of step with the rows (the costs judge their own round-off, `CostVector`).
            for cell in row.cells {
                addCost(cell.symbol, cost, times: cell.coefficient)
            }
        }
        if artificial != nil {
            let coefficient = artificial!.remove(symbol)
            if coefficient != 0 {
                artificial!.constant += coefficient * row.constant
                for cell in row.cells {
                    _ = artificial!.add(cell.symbol, coefficient * cell.coefficient, epsilon: coefficientEpsilon)
                    if artificial!.coefficient(for: cell.symbol) < -artificialFloor {
                        artificialCandidates.insert(cell.symbol)
                    }
                }
            }
        }
    }

    /// `noteInserted` for the cells a position-map substitution added to a row (the first
    /// `inserted` of `insertedCells`), and the column counts of the cells it cancelled (the
    /// first `removed` of `removedSymbols`). Rows that gain and lose several cells at a pivot
    /// are the rule when a layout is resized.
    private mutating func noteCellChanges(in basic: Symbol, inserted: Int, removed: Int) {
        // Taken out of the tableau for the call, which needs the tableau mutable.
        var cells: [Cell] = []
        swap(&cells, &insertedCells)
        cells.withUnsafeBufferPointer { cells in
            noteInserted(UnsafeBufferPointer(rebasing: cells[0..<inserted]), in: basic)
        }
        swap(&cells, &insertedCells)
        states.withUnsafeMutableBufferPointer { states in
            for k in 0..<removed { states[Int(removedSymbols[k].index)].columnCount -= 1 }
        }
    }

    /// `noteInserted` for each of the cells `basic`'s row gained, with one access to the
    /// per-symbol arrays for all of them instead of one per cell; the columns that overgrow
    /// are compacted after.
    mutating func noteInserted(_ cells: UnsafeBufferPointer<Cell>, in basic: Symbol) {
        var overgrown = false
        states.withUnsafeMutableBufferPointer { states in
            columns.withUnsafeMutableBufferPointer { columns in
                for cell in cells {
                    let i = Int(cell.symbol.index)
                    states[i].columnCount += 1
                    if columns[i].append(basic) > Tableau.columnSlack(Int(states[i].columnCount)) { overgrown = true }
                }
            }
        }
        guard overgrown else { return }
        for cell in cells {
            let i = Int(cell.symbol.index)
            if columns[i].count > Tableau.columnSlack(Int(states[i].columnCount)) { _ = rowsContaining(cell.symbol) }
        }
    }

    /// How long a column may grow, stale entries included, before it is compacted. Stale
    /// entries cost little (a substitution skips a row without the symbol after a search),
    /// so they are let pile up to several times the real ones.
    private static func columnSlack(_ columnCount: Int) -> Int { 4 * columnCount + 16 }

    mutating func noteInserted(_ symbol: Symbol, in basic: Symbol) {
        let i = Int(symbol.index)
        states[i].columnCount += 1
        // Keep stale entries from piling up on symbols that come and go from rows.
        if columns[i].append(basic) > Tableau.columnSlack(Int(states[i].columnCount)) { _ = rowsContaining(symbol) }
    }
}
