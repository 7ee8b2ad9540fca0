/// One cell of a row: a symbol, its coefficient, and the scale of the round-off in it.
struct Cell: Equatable {
    var symbol: Symbol
    /// The largest magnitude that went into the coefficient: the largest contribution
    /// added to it and the largest value it held, scaled with the row, or for a copy of a
    /// definition's cell that cell's scale times the factor. Round-off of the
    /// sums that built the cell lies within a few units of this magnitude's last place,
    /// whatever the coefficient itself is now (`Row.cancels`). A `Float` fills the padding
    /// after `symbol`, so the cell stays 16 bytes.
    var scale: Float
    var coefficient: Double

    init(symbol: Symbol, coefficient: Double) {
        self.init(symbol: symbol, coefficient: coefficient, scale: abs(coefficient))
    }

    /// A cell whose coefficient was computed from numbers as large as `scale`. A definition's
    /// cell copied into a new row (`Tableau.expanded`) carries its scale times the factor:
    /// it is the same coupling, and judged by a smaller scale in the copy, the same later
    /// change that leaves round-off of it would be dropped in the definition and kept in the
    /// copy, where a pivot on that residue sends a symbol to its inverse (seed 48052: 2.1e-8
    /// left of 163.74, a cell built from terms of 1.55e8, and a pivot on 1.05e-8). A
    /// substitution's products start from their own magnitude: there the factor is itself a
    /// computed cell, and scales carried through chains of pivots compound far past the
    /// round-off (seed 9600: a scale of 4.6e11 dropped 1.1e-4 of a cell of 1.1).
    init(symbol: Symbol, coefficient: Double, scale: Double) {
        self.symbol = symbol
        self.coefficient = coefficient
        self.scale = Cell.scale(Swift.max(scale, abs(coefficient)))
    }

    /// A magnitude as a scale (a cell's, or a cost entry's magnitude), held at `Float`'s
    /// largest finite value rather than rounded to infinity, which would judge every sum a
    /// cancellation.
    @inline(__always)
    static func scale(_ magnitude: Double) -> Float {
        Float(Swift.min(magnitude, Double(Float.greatestFiniteMagnitude)))
    }

    /// Cells are equal when their symbols and coefficients are: the scale records how the
    /// coefficient was reached, not what it is.
    static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.symbol == rhs.symbol && lhs.coefficient == rhs.coefficient
    }

    /// Adds `change` to the coefficient, returning false (changing nothing) when the sum
    /// cancels (`Row.cancels`); otherwise the scale takes in the change and the sum.
    @inline(__always)
    mutating func add(_ change: Double, epsilon: Double) -> Bool {
        add(change, scale: abs(change), epsilon: epsilon)
    }

    /// `add` of a change computed from numbers as large as `changeScale`: a copy of another
    /// row's cell, whose own scale it carries (see `init(symbol:coefficient:scale:)`).
    @inline(__always)
    mutating func add(_ change: Double, scale changeScale: Double, epsilon: Double) -> Bool {
        let sum = coefficient + change
        let built = Swift.max(Double(scale), changeScale, abs(change))
        if Row.cancels(sum, scale: built, epsilon: epsilon) { return false }
        coefficient = sum
        scale = Cell.scale(Swift.max(built, abs(sum)))
        return true
    }

    /// Multiplies the coefficient, and with it its scale, by a non-zero factor.
    @inline(__always)
    mutating func multiply(by factor: Double) {
        coefficient *= factor
        scale = Cell.scale(Double(scale) * abs(factor))
    }
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

    /// Whether `sum`, a cell plus a change, is round-off of a cancellation: within 1e-13 of
    /// `scale`, the largest magnitude that went into the cell (the change included), a few
    /// hundred units of its last place, which is as much as the sums that built the cell
    /// can leave; or below the floor.
    ///
    /// Judged against what built the cell, not against the cell it cancelled: a real
    /// coupling in a row is a product of ratios that can lie far below the cell it is left
    /// in (3.4e-9 left in a cell of 2,202.81, seed 52730 of the oracle), and a test
    /// relative to that cell dropped it; and a cell left small by large terms is round-off
    /// of them however far above its own last place it lies (7.3e-12 of a cell of 0.0072
    /// built from terms of 5e4, seed 34517), which a test relative to the cell kept.
    /// Dropping a real coupling leaves a variable that stops following a symbol, and a
    /// required constraint through it violated; keeping a residue of round-off sends a
    /// symbol to its inverse when a pivot lands on it.
    @inline(__always)
    static func cancels(_ sum: Double, scale: Double, epsilon: Double) -> Bool {
        let magnitude = abs(sum)
        return magnitude <= 1e-13 * scale || magnitude <= floor(epsilon)
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

    /// The symbol's cell, with the scale its coefficient was built from, or nil.
    func cell(for symbol: Symbol) -> Cell? {
        guard let position = position(of: symbol) else { return nil }
        return cells[position]
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
        add(symbol, coefficient, scale: abs(coefficient), epsilon: epsilon)
    }

    /// `add` of a coefficient computed from numbers as large as `scale`, a definition's cell
    /// times a factor (see `Cell.init(symbol:coefficient:scale:)`).
    mutating func add(_ symbol: Symbol, _ coefficient: Double, scale: Double, epsilon: Double) -> Change {
        if let position = position(of: symbol) {
            if cells[position].add(coefficient, scale: scale, epsilon: epsilon) { return .updated }
            remove(at: position)
            return .removed
        }
        if abs(coefficient) <= Row.floor(epsilon) { return .unchanged }
        append(Cell(symbol: symbol, coefficient: coefficient, scale: scale))
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
        for position in cells.indices { cells[position].multiply(by: factor) }
    }

    /// Negates the constant and every coefficient.
    mutating func reverseSign() {
        constant = -constant
        for position in cells.indices { cells[position].coefficient = -cells[position].coefficient }
    }

    /// Turns `0 = constant + a·symbol + rest` into `symbol = (constant + rest) / -a`,
    /// dropping the symbol's cell. The symbol must be in the row.
    mutating func solve(for symbol: Symbol) {
        multiply(by: -1 / remove(symbol))
    }

    /// Turns `lhs = …` (with `rhs` in the row) into `rhs = …`.
    mutating func solve(for rhs: Symbol, replacing lhs: Symbol) {
        // A short row takes `lhs` into `rhs`'s cell, where appending it and removing `rhs`
        // would put it, without growing its array (a pivot's row is often full).
        if index.isEmpty && cells.count < Row.linearSearchLimit, let position = position(of: rhs) {
            let factor = -1 / cells[position].coefficient
            cells[position] = Cell(symbol: lhs, coefficient: -1)
            multiply(by: factor)
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
                        if !cells[Int(position)].add(change, epsilon: epsilon) {
                            cells[Int(position)].coefficient = 0
                            removed[removedCount] = cell.symbol
                            removedCount += 1
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
        if zeroed > 0 { releaseUnusedRoom() }
        return (insertedCount, removedCount)
    }

    /// Adds `coefficient` to the symbol's cell of a row being built from sums, with
    /// `positions` (all -1 on entry, see `substitute`) locating its cells in O(1). Finish
    /// with `endAccumulation`, which drops the sums that cancelled (zeroed here, where the
    /// cell they cancelled is known; see `cancels`).
    /// `scale` is what the coefficient was computed from, as in `add(_:_:scale:epsilon:)`.
    mutating func accumulate(_ symbol: Symbol, _ coefficient: Double, scale: Double, epsilon: Double, positions: inout [Int32]) {
        let position = positions[Int(symbol.index)]
        if position >= 0 {
            if !cells[Int(position)].add(coefficient, scale: scale, epsilon: epsilon) { cells[Int(position)].coefficient = 0 }
        } else {
            positions[Int(symbol.index)] = Int32(cells.count)
            cells.append(Cell(symbol: symbol, coefficient: coefficient, scale: scale))
        }
    }

    /// Ends a series of `accumulate` calls: resets `positions` to -1 and drops the cells
    /// that cancelled or lie below the floor that `epsilon` sets (see `floor`).
    mutating func endAccumulation(epsilon: Double, positions: inout [Int32]) {
        for cell in cells { positions[Int(cell.symbol.index)] = -1 }
        let floor = Row.floor(epsilon)
        if cells.contains(where: { abs($0.coefficient) <= floor }) {
            cells.removeAll { abs($0.coefficient) <= floor }
            releaseUnusedRoom()
        }
        if cells.count > Row.linearSearchLimit { rebuildIndex() } else if !index.isEmpty { index = [] }
    }

    /// Moves the cells of a row left with under a quarter of the room it once grew to into
    /// storage twice their number. A row that substitutions widen and then narrow again
    /// otherwise keeps the room for as long as it lives, and a layout of thousands of views
    /// leaves megabytes of it; the move costs the cells left, paid for by the three quarters
    /// that went. The index, of positions, stays valid.
    @inline(__always)
    private mutating func releaseUnusedRoom() {
        if holdsMostlyUnusedRoom { moveCellsToFittingStorage() }
    }

    /// Whether the row has room for 64 cells or more and uses under a quarter of it: what
    /// `releaseUnusedRoom` gives back.
    @inline(__always)
    var holdsMostlyUnusedRoom: Bool {
        cells.capacity >= 64 && cells.count * 4 < cells.capacity
    }

    @inline(never)
    private mutating func moveCellsToFittingStorage() {
        var kept: [Cell] = []
        kept.reserveCapacity(2 * cells.count)
        kept.append(contentsOf: cells)
        cells = kept
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
        releaseUnusedRoom()
    }

    /// Sizes the index to at least twice the cells, so that it is at most half full when
    /// made, as `append` keeps it: linear probing stays short, and the index takes no more
    /// room than its cells.
    ///
    /// An index of the right size is cleared in place: a long row's index is made again after
    /// every substitution into it, and clearing it costs no new buffer.
    private mutating func rebuildIndex() {
        var capacity = 32
        while capacity < cells.count * 2 { capacity *= 2 }
        if index.count == capacity {
            for slot in index.indices { index[slot] = -1 }
        } else {
            index = Array(repeating: -1, count: capacity)
        }
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
