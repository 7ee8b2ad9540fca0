/// A short list of symbols whose first two entries are stored inline: the column index's
/// entry for one symbol (the rows that may contain it).
///
/// Most symbols are in one or two rows, so an array per list meant an allocation for
/// almost every symbol created; with two entries inline only the longer lists allocate.
/// The count is not stored: an invalid symbol marks the end of the inline entries, so that a
/// list takes 16 bytes in every symbol's place rather than 24.
struct SymbolList: RandomAccessCollection {
    private var first = Symbol.invalid
    private var second = Symbol.invalid
    /// Entries after the second.
    private var rest: [Symbol] = []

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    var count: Int {
        guard first.isValid else { return 0 }
        return second.isValid ? 2 + rest.count : 1
    }

    subscript(position: Int) -> Symbol {
        get {
            switch position {
            case 0: first
            case 1: second
            default: rest[position - 2]
            }
        }
        set {
            switch position {
            case 0: first = newValue
            case 1: second = newValue
            default: rest[position - 2] = newValue
            }
        }
    }

    /// Appends `symbol` and returns the new count, which the list knows here without
    /// looking at its overflow buffer again.
    @discardableResult
    mutating func append(_ symbol: Symbol) -> Int {
        if !first.isValid {
            first = symbol
            return 1
        }
        if !second.isValid {
            second = symbol
            return 2
        }
        // Columns that spill tend to grow on: skip the smallest allocations.
        if rest.capacity == 0 { rest.reserveCapacity(8) }
        rest.append(symbol)
        return 2 + rest.count
    }

    /// Keeps the first `kept` entries; the overflow buffer keeps its capacity.
    mutating func truncate(to kept: Int) {
        let count = count
        guard kept < count else { return }
        if kept <= 2 {
            if !rest.isEmpty { rest.removeAll(keepingCapacity: true) }
            if kept < 2 { second = .invalid }
            if kept < 1 { first = .invalid }
        } else {
            rest.removeLast(count - kept)
        }
    }
}
