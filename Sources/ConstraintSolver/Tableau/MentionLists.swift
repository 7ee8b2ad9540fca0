/// For each external symbol, the markers of the required constraints that mention it: the
/// constraints to check when its variable moves; and for each of those markers, its
/// constraint's terms as the tableau's symbols: what the check sums.
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
    /// For each symbol as a marker: the first node of its chain, or -1, and where its terms
    /// lie in `terms` (none for a symbol that is no required constraint's marker). Indexed
    /// like `heads`, markers being symbols too; one array, so that a new symbol costs two
    /// appends.
    private var markers: [Marker] = []
    private var nodes: [Node] = []
    /// The first free node, or -1; free nodes are chained through `next`.
    private var firstFree: Int32 = -1

    /// A symbol as a marker: its chain's first node and the range of its terms.
    private struct Marker {
        var head: Int32 = -1
        var termStart: Int32 = 0
        var termCount: Int32 = 0
    }

    /// A term of a required constraint: its variable's symbol and its coefficient.
    struct Term {
        let symbol: Symbol
        let coefficient: Double
    }
    /// The terms of every marker, each marker's consecutive and in its expression's order,
    /// so that the check sums them in the order the expression lists them. Looking each
    /// term's variable up again at every check cost more than the sum itself.
    private(set) var terms: [Term] = []
    /// How many entries of `terms` no marker's range covers any more.
    private var unusedTerms = 0

    /// Makes room for a new symbol, with an empty list and an empty chain.
    mutating func appendSymbol() {
        heads.append(-1)
        markers.append(Marker())
    }

    mutating func reserveCapacity(_ capacity: Int) {
        heads.reserveCapacity(capacity)
        markers.reserveCapacity(capacity)
    }

    /// Makes room for `count` more terms of required constraints, and a node for each, as
    /// `Tableau.reservedCapacity` sizes it (the arrays double when full).
    mutating func reserveCapacity(forTerms count: Int) {
        Self.reserve(&terms, forAdding: count)
        Self.reserve(&nodes, forAdding: count)
    }

    private static func reserve<Element>(_ array: inout [Element], forAdding count: Int) {
        let needed = array.count + count
        guard needed > array.capacity else { return }
        array.reserveCapacity(Tableau.reservedCapacity(needing: needed, grownTo: 2 * array.capacity))
    }

    /// Drops the lists, chains and terms of the last `count` symbols, which must be empty.
    mutating func removeLastSymbols(_ count: Int) {
        heads.removeLast(count)
        markers.removeLast(count)
    }

    /// Notes the next term of the required constraint with `marker`, after the ones noted
    /// before, and adds `marker` to the term's symbol's list.
    mutating func addTerm(_ symbol: Symbol, _ coefficient: Double, by marker: Symbol) {
        let m = Int(marker.index)
        let start = markers[m].termStart, count = markers[m].termCount
        if count > 0 && Int(start + count) != terms.count {
            // Another marker's terms came in between: this marker's move to the end.
            for k in Int(start)..<Int(start + count) { terms.append(terms[k]) }
            unusedTerms += Int(count)
            markers[m].termStart = Int32(terms.count) - count
        } else if count == 0 {
            markers[m].termStart = Int32(terms.count)
        }
        terms.append(Term(symbol: symbol, coefficient: coefficient))
        markers[m].termCount += 1
        add(marker, to: symbol)
    }

    /// The positions in `terms` of the terms of the required constraint with `marker`.
    @inline(__always)
    func termPositions(of marker: Symbol) -> Range<Int> {
        let entry = markers[Int(marker.index)]
        return Int(entry.termStart)..<Int(entry.termStart + entry.termCount)
    }

    /// Adds `marker` to `symbol`'s list unless it is at its head already (a constraint that
    /// mentions a variable in two terms).
    private mutating func add(_ marker: Symbol, to symbol: Symbol) {
        let i = Int(symbol.index)
        let m = Int(marker.index)
        if heads[i] >= 0 && nodes[Int(heads[i])].marker == marker { return }
        let fresh = Node(marker: marker, symbol: symbol.index, previous: -1, next: heads[i],
                         previousOfMarker: -1, nextOfMarker: markers[m].head)
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
        if markers[m].head >= 0 { nodes[Int(markers[m].head)].previousOfMarker = node }
        markers[m].head = node
    }

    /// Removes `marker` from the list of every symbol it was added to, and forgets its terms.
    mutating func removeAll(by marker: Symbol) {
        let m = Int(marker.index)
        while markers[m].head >= 0 { unlink(markers[m].head) }
        forgetTerms(of: m)
    }

    /// Forgets the terms of the marker at index `m`; once most of `terms` is unused, moves
    /// the terms still used to the front, so that it grows with the constraints held, not
    /// with the constraints ever added.
    private mutating func forgetTerms(of m: Int) {
        let count = Int(markers[m].termCount)
        guard count > 0 else { return }
        (markers[m].termStart, markers[m].termCount) = (0, 0)
        unusedTerms += count
        guard unusedTerms > 64 && 2 * unusedTerms > terms.count else { return }
        var kept: [Term] = []
        kept.reserveCapacity(terms.count - unusedTerms)
        for k in markers.indices where markers[k].termCount > 0 {
            let start = Int(markers[k].termStart), count = Int(markers[k].termCount)
            markers[k].termStart = Int32(kept.count)
            kept.append(contentsOf: terms[start..<start + count])
        }
        terms = kept
        unusedTerms = 0
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
            markers[Int(n.marker.index)].head = n.nextOfMarker
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
