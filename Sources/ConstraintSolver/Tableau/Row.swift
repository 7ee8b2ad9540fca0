/// One cell of a row: a symbol and its coefficient.
struct Cell: Equatable {
    var symbol: Symbol
    var coefficient: Double
}

/// A sparse row of the tableau, `basic = constant + Σ coefficient · symbol`, or a row
/// being built for a new constraint (`0 = constant + Σ …`).
///
/// Cells are kept in a dense array. Short rows, the common case, are searched linearly;
/// once a row grows past a few cells it also keeps an open-addressing index from symbol
/// to position, so that adding a short row into a long one costs the short row's length.
struct Row: Equatable {
    var constant: Double
    private(set) var cells: [Cell] = []
    /// Positions into `cells`, or -1 for an empty slot; empty while the row is short.
    private var index: [Int32] = []

    /// Rows at most this long are searched linearly.
    private static let linearSearchLimit = 32

    init(constant: Double = 0) {
        self.constant = constant
    }

    static func == (lhs: Row, rhs: Row) -> Bool {
        lhs.constant == rhs.constant && lhs.cells == rhs.cells
    }

    var isEmpty: Bool { cells.isEmpty }

    /// Whether the row keeps a hash index, so that finding one symbol's cell is O(1).
    var isIndexed: Bool { !index.isEmpty }

    mutating func reserveCapacity(_ capacity: Int) {
        cells.reserveCapacity(capacity)
    }

    /// Whether `sum`, the cell `old` plus a change, is round-off of a cancellation: within
    /// 1e-11 of the cell it cancelled and within `epsilon`, or below the floor, or within 1e-13
    /// of the cell, a few hundred units of its last place, which double precision cannot
    /// resolve at any magnitude (cells grown large through a small pivot leave such a residue
    /// above `epsilon`, and a pivot on it sends a symbol to its inverse).
    ///
    /// Both tests, not the tableau's tolerance alone: with coefficients from 1e-3 to 1e3 a
    /// real coupling in a row is a product of ratios that can lie below a billionth of the
    /// largest coefficient, and what is left of a cell of 1 is real unless it is that
    /// small beside the cell too. Nor the relative test alone: what is left of 57,180 after
    /// a real change of 3e-6 is above the tolerance and must stay. Dropping a real coupling
    /// leaves a variable that stops following a symbol, and a required constraint through
    /// it violated. The relative bound lies a thousand times above the round-off of a few
    /// operations and below what a definition solved for a small coefficient leaves of a
    /// real coupling when it cancels its large terms.
    @inline(__always)
    static func cancels(_ sum: Double, _ old: Double, epsilon: Double) -> Bool {
        let magnitude = abs(sum)
        return (magnitude <= 1e-11 * abs(old) && magnitude <= epsilon) || magnitude <= floor(epsilon)
            || magnitude <= 1e-13 * abs(old)
    }

    /// The magnitude below which a cell is dropped whatever it came from: a billionth of
    /// `epsilon` (itself a billionth of the largest coefficient), too small to move any row
    /// by more than round-off at the largest values the range checks admit.
    @inline(__always)
    static func floor(_ epsilon: Double) -> Double { 1e-9 * epsilon }

    /// What adding to a cell did, so the tableau can keep its column index in step.
    enum Change {
        case unchanged, inserted, updated, removed
    }

    func coefficient(for symbol: Symbol) -> Double {
        guard let position = position(of: symbol) else { return 0 }
        return cells[position].coefficient
    }

    /// The symbol's coefficient if the row has a cell for it, nil otherwise: `contains` and
    /// `coefficient(for:)` in one search.
    @inline(__always)
    func storedCoefficient(for symbol: Symbol) -> Double? {
        guard let position = position(of: symbol) else { return nil }
        return cells[position].coefficient
    }

    @inline(__always)
    func contains(_ symbol: Symbol) -> Bool {
        position(of: symbol) != nil
    }

    /// Adds `coefficient` to the symbol's cell, dropping a sum that cancels (see `cancels`).
    mutating func add(_ symbol: Symbol, _ coefficient: Double, epsilon: Double) -> Change {
        if let position = position(of: symbol) {
            let old = cells[position].coefficient
            let sum = old + coefficient
            if Row.cancels(sum, old, epsilon: epsilon) {
                remove(at: position)
                return .removed
            }
            cells[position].coefficient = sum
            return .updated
        }
        if abs(coefficient) <= Row.floor(epsilon) { return .unchanged }
        append(Cell(symbol: symbol, coefficient: coefficient))
        return .inserted
    }

    /// Removes the symbol's cell and returns its coefficient (0 when it had none).
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        guard let position = position(of: symbol) else { return 0 }
        let coefficient = cells[position].coefficient
        remove(at: position)
        return coefficient
    }

    /// Multiplies the constant and every coefficient by a non-zero factor.
    mutating func multiply(by factor: Double) {
        constant *= factor
        for position in cells.indices { cells[position].coefficient *= factor }
    }

    /// Negates the constant and every coefficient.
    mutating func reverseSign() {
        constant = -constant
        for position in cells.indices { cells[position].coefficient = -cells[position].coefficient }
    }

    /// Turns `0 = constant + a·symbol + rest` into `symbol = (constant + rest) / -a`,
    /// dropping the symbol's cell. The symbol must be in the row.
    mutating func solve(for symbol: Symbol) {
        let factor = -1 / remove(symbol)
        constant *= factor
        for position in cells.indices { cells[position].coefficient *= factor }
    }

    /// Turns `lhs = …` (with `rhs` in the row) into `rhs = …`.
    mutating func solve(for rhs: Symbol, replacing lhs: Symbol) {
        // A short row takes `lhs` into `rhs`'s cell, where appending it and removing `rhs`
        // would put it, without growing its array (a pivot's row is often full).
        if index.isEmpty && cells.count < Row.linearSearchLimit, let position = position(of: rhs) {
            let factor = -1 / cells[position].coefficient
            cells[position] = Cell(symbol: lhs, coefficient: -1)
            constant *= factor
            for position in cells.indices { cells[position].coefficient *= factor }
            return
        }
        append(Cell(symbol: lhs, coefficient: -1))
        solve(for: rhs)
    }

    /// Replaces the symbol's cell, with coefficient `a`, by `a · definition` (the symbol
    /// equals `definition`), dropping sums that cancel (`cancels`). Returns nil, changing
    /// nothing, when the row does not contain the symbol.
    ///
    /// `positions` maps a symbol index to a position in this row; it must hold -1
    /// everywhere on entry and does again on return. With it each cell of the definition
    /// costs O(1) whatever the row's length, instead of a search of the row. The cells that
    /// appear are written to the front of `inserted` and the symbols whose cells disappear
    /// (the substituted one aside) to the front of `removed`, so the caller can keep its
    /// column index in step; it gets how many of each. Both buffers must hold at least as
    /// many elements as the definition has cells, the most either can receive.
    mutating func substitute(
        _ symbol: Symbol, by definition: Row, epsilon: Double, positions: inout [Int32],
        inserted: UnsafeMutableBufferPointer<Cell>, removed: UnsafeMutableBufferPointer<Symbol>
    ) -> (inserted: Int, removed: Int)? {
        // Stale column entries send rows that lost the symbol: a search costs less than
        // marking the row's positions and unmarking them again.
        guard let own = position(of: symbol) else { return nil }
        let coefficient = cells[own].coefficient
        guard coefficient != 0 else { return nil }
        var insertedCount = 0
        var removedCount = 0
        // Cells that cancel are zeroed here and compacted after, so positions stay valid.
        var zeroed = 0
        var firstNew = 0
        let floor = Row.floor(epsilon)
        positions.withUnsafeMutableBufferPointer { positions in
            cells.withUnsafeMutableBufferPointer { cells in
                for position in cells.indices { positions[Int(cells[position].symbol.index)] = Int32(position) }
                cells[own].coefficient = 0
                for cell in definition.cells {
                    let change = coefficient * cell.coefficient
                    let position = positions[Int(cell.symbol.index)]
                    if position >= 0 {
                        let old = cells[Int(position)].coefficient
                        let sum = old + change
                        if Row.cancels(sum, old, epsilon: epsilon) {
                            cells[Int(position)].coefficient = 0
                            removed[removedCount] = cell.symbol
                            removedCount += 1
                        } else {
                            cells[Int(position)].coefficient = sum
                        }
                    } else if abs(change) > floor {
                        inserted[insertedCount] = Cell(symbol: cell.symbol, coefficient: change)
                        insertedCount += 1
                    }
                }
                for cell in cells { positions[Int(cell.symbol.index)] = -1 }
                // Compact the kept cells to the front, then reuse the freed slots for new
                // cells: the substituted cell is always freed and usually refilled, so the
                // row seldom changes length.
                var kept = 0
                for position in cells.indices where cells[position].coefficient != 0 {
                    cells[kept] = cells[position]
                    kept += 1
                }
                var next = 0
                while kept < cells.count && next < insertedCount {
                    cells[kept] = inserted[next]
                    kept += 1
                    next += 1
                }
                zeroed = cells.count - kept
                firstNew = next
            }
        }
        constant += coefficient * definition.constant
        if zeroed > 0 { cells.removeLast(zeroed) }
        var next = firstNew
        while next < insertedCount {
            cells.append(inserted[next])
            next += 1
        }
        if !index.isEmpty || cells.count > Row.linearSearchLimit {
            if cells.count > Row.linearSearchLimit { rebuildIndex() } else { index = [] }
        }
        return (insertedCount, removedCount)
    }

    /// Adds `coefficient` to the symbol's cell of a row being built from sums, with
    /// `positions` (all -1 on entry, see `substitute`) locating its cells in O(1). Finish
    /// with `endAccumulation`, which drops the sums that cancelled (zeroed here, where the
    /// cell they cancelled is known; see `cancels`).
    mutating func accumulate(_ symbol: Symbol, _ coefficient: Double, epsilon: Double, positions: inout [Int32]) {
        let position = positions[Int(symbol.index)]
        if position >= 0 {
            let old = cells[Int(position)].coefficient
            let sum = old + coefficient
            cells[Int(position)].coefficient = Row.cancels(sum, old, epsilon: epsilon) ? 0 : sum
        } else {
            positions[Int(symbol.index)] = Int32(cells.count)
            cells.append(Cell(symbol: symbol, coefficient: coefficient))
        }
    }

    /// Ends a series of `accumulate` calls: resets `positions` to -1 and drops the cells
    /// that cancelled or lie below the floor that `epsilon` sets (see `floor`).
    mutating func endAccumulation(epsilon: Double, positions: inout [Int32]) {
        for cell in cells { positions[Int(cell.symbol.index)] = -1 }
        let floor = Row.floor(epsilon)
        if cells.contains(where: { abs($0.coefficient) <= floor }) {
            cells.removeAll { abs($0.coefficient) <= floor }
        }
        if cells.count > Row.linearSearchLimit { rebuildIndex() } else if !index.isEmpty { index = [] }
    }

    // MARK: Index

    @inline(__always)
    private func position(of symbol: Symbol) -> Int? {
        if index.isEmpty {
            for position in cells.indices where cells[position].symbol == symbol {
                return position
            }
            return nil
        }
        let mask = index.count - 1
        var slot = Row.home(of: symbol, mask: mask)
        while true {
            let position = index[slot]
            if position < 0 { return nil }
            if cells[Int(position)].symbol == symbol { return Int(position) }
            slot = (slot + 1) & mask
        }
    }

    private static func home(of symbol: Symbol, mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt32(bitPattern: symbol.index) &* 0x9E37_79B1) >> 7) & mask
    }

    private mutating func append(_ cell: Cell) {
        cells.append(cell)
        if index.isEmpty {
            if cells.count > Row.linearSearchLimit { rebuildIndex() }
        } else if cells.count * 2 > index.count {
            rebuildIndex()
        } else {
            insertIntoIndex(cell.symbol, position: cells.count - 1)
        }
    }

    private mutating func remove(at position: Int) {
        let last = cells.count - 1
        if !index.isEmpty {
            removeFromIndex(cells[position].symbol)
            if position != last { moveInIndex(cells[last].symbol, to: position) }
        }
        if position != last { cells[position] = cells[last] }
        cells.removeLast()
    }

    private mutating func rebuildIndex() {
        var capacity = 32
        while capacity < cells.count * 4 { capacity *= 2 }
        index = Array(repeating: -1, count: capacity)
        for position in cells.indices { insertIntoIndex(cells[position].symbol, position: position) }
    }

    private mutating func insertIntoIndex(_ symbol: Symbol, position: Int) {
        let mask = index.count - 1
        var slot = Row.home(of: symbol, mask: mask)
        while index[slot] >= 0 { slot = (slot + 1) & mask }
        index[slot] = Int32(position)
    }

    private func slot(of symbol: Symbol) -> Int {
        let mask = index.count - 1
        var slot = Row.home(of: symbol, mask: mask)
        while cells[Int(index[slot])].symbol != symbol { slot = (slot + 1) & mask }
        return slot
    }

    private mutating func moveInIndex(_ symbol: Symbol, to position: Int) {
        index[slot(of: symbol)] = Int32(position)
    }

    /// Linear-probing deletion by backward shift, so lookups never need tombstones.
    private mutating func removeFromIndex(_ symbol: Symbol) {
        let mask = index.count - 1
        var hole = slot(of: symbol)
        var next = (hole + 1) & mask
        while index[next] >= 0 {
            let home = Row.home(of: cells[Int(index[next])].symbol, mask: mask)
            // The entry at `next` may move back into the hole only if its home slot does
            // not lie cyclically within (hole, next].
            let homeInRange = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !homeInRange {
                index[hole] = index[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        index[hole] = -1
    }
}
