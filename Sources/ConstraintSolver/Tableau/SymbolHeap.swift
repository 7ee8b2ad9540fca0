/// A binary heap of symbols: the work lists of the simplex loops. It yields the lowest
/// index first, or the highest when `highestFirst` is set; either way a fixed rule, so the
/// order things were discovered in never changes the result. Repeats are allowed; the
/// loops skip entries that no longer apply.
struct SymbolHeap {
    private var items: [Symbol] = []
    /// Whether `first` is the highest index rather than the lowest.
    private(set) var highestFirst: Bool

    init(highestFirst: Bool = false) {
        self.highestFirst = highestFirst
    }

    var isEmpty: Bool { items.isEmpty }

    /// The symbol `popFirst` would return.
    var first: Symbol? { items.first }

    /// Switches the order, keeping the entries.
    mutating func setHighestFirst(_ value: Bool) {
        guard value != highestFirst else { return }
        highestFirst = value
        let entries = items
        items.removeAll(keepingCapacity: true)
        for symbol in entries { insert(symbol) }
    }

    private func precedes(_ a: Symbol, _ b: Symbol) -> Bool {
        highestFirst ? b < a : a < b
    }

    mutating func insert(_ symbol: Symbol) {
        items.append(symbol)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popFirst() -> Symbol? {
        guard let last = items.popLast() else { return nil }
        guard !items.isEmpty else { return last }
        let top = items[0]
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < items.count else { break }
            let right = left + 1
            let child = right < items.count && precedes(items[right], items[left]) ? right : left
            guard precedes(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            parent = child
        }
        return top
    }

    mutating func removeAll() {
        if !items.isEmpty { items.removeAll(keepingCapacity: true) }
    }
}
