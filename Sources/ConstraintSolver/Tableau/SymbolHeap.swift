/// A binary min-heap of symbols: the work lists of the simplex loops, which always take
/// the lowest index next so the order things were discovered in never changes the result.
/// Repeats are allowed; the loops skip entries that no longer apply.
struct SymbolHeap {
    private var items: [Symbol] = []
    var descending = false
    init(descending: Bool = false) { self.descending = descending }
    private func less(_ a: Symbol, _ b: Symbol) -> Bool { descending ? b < a : a < b }

    var isEmpty: Bool { items.isEmpty }

    mutating func insert(_ symbol: Symbol) {
        items.append(symbol)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard less(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popMin() -> Symbol? {
        guard let last = items.popLast() else { return nil }
        guard !items.isEmpty else { return last }
        let top = items[0]
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < items.count else { break }
            let right = left + 1
            let child = right < items.count && less(items[right], items[left]) ? right : left
            guard less(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            parent = child
        }
        return top
    }

    var min: Symbol? { items.first }

    mutating func removeAll() { items.removeAll(keepingCapacity: true) }
}
