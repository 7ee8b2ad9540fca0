/// For each external symbol, the markers of the required constraints that mention it: the
/// constraints to check when its variable moves.
///
/// One singly linked list per symbol over a shared pool of nodes, so that a new variable
/// costs an append of its head rather than an array of its own.
struct MentionLists {
    private struct Node {
        var marker: Symbol
        var next: Int32
    }

    /// The first node of each symbol's list, or -1.
    private var heads: [Int32] = []
    private var nodes: [Node] = []
    /// The first free node, or -1; free nodes are chained through `next`.
    private var firstFree: Int32 = -1

    /// Makes room for a new symbol, with an empty list.
    mutating func appendSymbol() { heads.append(-1) }

    mutating func reserveCapacity(_ capacity: Int) { heads.reserveCapacity(capacity) }

    /// Drops the lists of the last `count` symbols, which must be empty.
    mutating func removeLastSymbols(_ count: Int) { heads.removeLast(count) }

    /// Adds `marker` to `symbol`'s list unless it is at its head already (a constraint that
    /// mentions a variable in two terms).
    mutating func add(_ marker: Symbol, to symbol: Symbol) {
        let i = Int(symbol.index)
        if heads[i] >= 0 && nodes[Int(heads[i])].marker == marker { return }
        let node: Int32
        if firstFree >= 0 {
            node = firstFree
            firstFree = nodes[Int(node)].next
            nodes[Int(node)] = Node(marker: marker, next: heads[i])
        } else {
            node = Int32(nodes.count)
            nodes.append(Node(marker: marker, next: heads[i]))
        }
        heads[i] = node
    }

    /// Removes `marker` from `symbol`'s list, if it is there.
    mutating func remove(_ marker: Symbol, from symbol: Symbol) {
        let i = Int(symbol.index)
        var previous: Int32 = -1
        var node = heads[i]
        while node >= 0 {
            let next = nodes[Int(node)].next
            if nodes[Int(node)].marker == marker {
                if previous >= 0 { nodes[Int(previous)].next = next } else { heads[i] = next }
                nodes[Int(node)].next = firstFree
                firstFree = node
                return
            }
            previous = node
            node = next
        }
    }

    /// Empties `symbol`'s list.
    mutating func removeAll(from symbol: Symbol) {
        let i = Int(symbol.index)
        while heads[i] >= 0 {
            let node = heads[i]
            heads[i] = nodes[Int(node)].next
            nodes[Int(node)].next = firstFree
            firstFree = node
        }
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
