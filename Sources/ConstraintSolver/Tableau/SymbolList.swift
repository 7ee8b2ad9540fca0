/// A short list of symbols whose first two entries are stored inline: the column index's
/// entry for one symbol (the rows that may contain it).
///
/// Most symbols are in one or two rows, so an array per list meant an allocation for
/// almost every symbol created; with two entries inline only the longer lists allocate.
struct SymbolList: RandomAccessCollection {
    private var first = Symbol.invalid
    private var second = Symbol.invalid
    /// Entries after the second.
    private var rest: [Symbol] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

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

    mutating func append(_ symbol: Symbol) {
        switch count {
        case 0: first = symbol
        case 1: second = symbol
        default:
            // Columns that spill tend to grow on: skip the smallest allocations.
            if rest.capacity == 0 { rest.reserveCapacity(8) }
            rest.append(symbol)
        }
        count += 1
    }

    /// Keeps the first `kept` entries; the overflow buffer keeps its capacity.
    mutating func truncate(to kept: Int) {
        guard kept < count else { return }
        if kept <= 2 {
            if !rest.isEmpty { rest.removeAll(keepingCapacity: true) }
        } else {
            rest.removeLast(count - kept)
        }
        count = kept
    }
}
