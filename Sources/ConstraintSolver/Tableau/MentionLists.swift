/// For each external symbol, the markers of the required constraints that mention it: the
/// constraints to check when its variable moves.
///
/// One node per (marker, symbol) pair in a shared pool, linked twice: into the symbol's
/// list, and into the marker's chain of its own nodes. Both links are doubly linked, so that
/// removing a constraint unlinks each of its nodes in constant time however long the
/// symbol's list is (a root view's variables are mentioned by every constraint).
struct MentionLists {
    private struct Node {
        var marker: Symbol
        var symbol: Int32
        /// The neighbours in the symbol's list, or -1.
        var previous: Int32
        var next: Int32
        /// The neighbours in the marker's chain, or -1.
        var previousOfMarker: Int32
        var nextOfMarker: Int32
    }

    /// The first node of each symbol's list, or -1.
    private var heads: [Int32] = []
    /// The first node of each marker's chain, or -1 (indexed like `heads`: markers are
    /// symbols too).
    private var markerHeads: [Int32] = []
    private var nodes: [Node] = []
    /// The first free node, or -1; free nodes are chained through `next`.
    private var firstFree: Int32 = -1

    /// Makes room for a new symbol, with an empty list and an empty chain.
    mutating func appendSymbol() {
        heads.append(-1)
        markerHeads.append(-1)
    }

    mutating func reserveCapacity(_ capacity: Int) {
        heads.reserveCapacity(capacity)
        markerHeads.reserveCapacity(capacity)
    }

    /// Drops the lists and chains of the last `count` symbols, which must be empty.
    mutating func removeLastSymbols(_ count: Int) {
        heads.removeLast(count)
        markerHeads.removeLast(count)
    }

    /// Adds `marker` to `symbol`'s list unless it is at its head already (a constraint that
    /// mentions a variable in two terms).
    mutating func add(_ marker: Symbol, to symbol: Symbol) {
        let i = Int(symbol.index)
        let m = Int(marker.index)
        if heads[i] >= 0 && nodes[Int(heads[i])].marker == marker { return }
        let fresh = Node(marker: marker, symbol: symbol.index, previous: -1, next: heads[i],
                         previousOfMarker: -1, nextOfMarker: markerHeads[m])
        let node: Int32
        if firstFree >= 0 {
            node = firstFree
            firstFree = nodes[Int(node)].next
            nodes[Int(node)] = fresh
        } else {
            node = Int32(nodes.count)
            nodes.append(fresh)
        }
        if heads[i] >= 0 { nodes[Int(heads[i])].previous = node }
        heads[i] = node
        if markerHeads[m] >= 0 { nodes[Int(markerHeads[m])].previousOfMarker = node }
        markerHeads[m] = node
    }

    /// Removes `marker` from the list of every symbol it was added to.
    mutating func removeAll(by marker: Symbol) {
        let m = Int(marker.index)
        while markerHeads[m] >= 0 { unlink(markerHeads[m]) }
    }

    /// Empties `symbol`'s list, and the chain of `symbol` as a marker: nothing may name a
    /// symbol that goes back to the pool.
    mutating func removeAll(involving symbol: Symbol) {
        let i = Int(symbol.index)
        while heads[i] >= 0 { unlink(heads[i]) }
        removeAll(by: symbol)
    }

    /// Takes `node` out of its symbol's list and its marker's chain, and frees it.
    private mutating func unlink(_ node: Int32) {
        let n = nodes[Int(node)]
        if n.previous >= 0 { nodes[Int(n.previous)].next = n.next } else { heads[Int(n.symbol)] = n.next }
        if n.next >= 0 { nodes[Int(n.next)].previous = n.previous }
        if n.previousOfMarker >= 0 {
            nodes[Int(n.previousOfMarker)].nextOfMarker = n.nextOfMarker
        } else {
            markerHeads[Int(n.marker.index)] = n.nextOfMarker
        }
        if n.nextOfMarker >= 0 { nodes[Int(n.nextOfMarker)].previousOfMarker = n.previousOfMarker }
        nodes[Int(node)].next = firstFree
        firstFree = node
    }

    /// Calls `body` with each marker in `symbol`'s list.
    @inline(__always)
    func forEach(of symbol: Symbol, _ body: (Symbol) -> Void) {
        var node = heads[Int(symbol.index)]
        while node >= 0 {
            body(nodes[Int(node)].marker)
            node = nodes[Int(node)].next
        }
    }
}
