/// The objective's coefficient of every symbol, stored only for the symbols that have one.
///
/// Only non-basic symbols carry a cost, and in a layout without optional constraints none
/// does, so a `CostVector` in every symbol's place made the costs the largest of the
/// per-symbol arrays while they held mostly zeros. Each symbol keeps the index of its
/// vector's place here instead, and the vectors of the symbols that have a cost lie together
/// in a dense array; a vector whose last entry cancels gives its place back for the next
/// symbol that gets a cost. The dense array keeps the most places ever held at once.
///
/// Reading a symbol without a cost gives a zero vector; changing a cost in place through
/// the subscript gives the symbol a place first, so callers read and write costs as they
/// would an array of vectors.
struct CostTable {
    /// For each symbol, the index of its vector in `vectors`, or -1 when its cost is zero.
    private var places: [Int32] = []
    /// The costs of the symbols that have one, and zero vectors whose places are free.
    private var vectors: [CostVector] = []
    /// The indices in `vectors` that no symbol holds: the first `freeCount` entries (the
    /// buffer is not shrunk, so that giving a place back and taking it again cost a store).
    private var freePlaces: [Int32] = []
    private var freeCount = 0
    /// The cost of a symbol without a place.
    private let zero = CostVector()

    /// How many entries all the costs hold together.
    var entryCount: Int {
        places.reduce(0) { $0 + ($1 < 0 ? 0 : vectors[Int($1)].count) }
    }

    /// The cost of symbol `i`. The accessors are inlined so that a look at a cost reads the
    /// vector where it lies, as an array's element would be read.
    subscript(i: Int) -> CostVector {
        @inline(__always) get {
            let place = places[i]
            return place < 0 ? zero : vectors[Int(place)]
        }
        @inline(__always) set {
            let place = places[i]
            if place >= 0 {
                vectors[Int(place)] = newValue
                if newValue.isZero { release(i, place) }
            } else if !newValue.isZero {
                vectors[Int(claim(for: i))] = newValue
            }
        }
        @inline(__always) _modify {
            var place = places[i]
            if place < 0 { place = claim(for: i) }
            yield &vectors[Int(place)]
            if vectors[Int(place)].isZero { release(i, place) }
        }
    }

    /// Changes symbol `i`'s cost in place and returns what `body` says of it, in one access
    /// (the subscript's would be one for the change and one for each look after it).
    @inline(__always)
    mutating func update<Result>(_ i: Int, _ body: (inout CostVector) -> Result) -> Result {
        body(&self[i])
    }

    /// Adds a symbol, with no cost.
    mutating func appendSymbol() {
        places.append(-1)
    }

    /// Forgets the last `k` symbols and their costs.
    mutating func removeLastSymbols(_ k: Int) {
        for i in (places.count - k)..<places.count where places[i] >= 0 {
            vectors[Int(places[i])].clear()
            release(i, places[i])
        }
        places.removeLast(k)
    }

    /// Makes room for `capacity` symbols, as the other per-symbol arrays grow.
    mutating func reserveCapacity(_ capacity: Int) {
        places.reserveCapacity(capacity)
    }

    /// A place for symbol `i`'s cost, holding a zero vector.
    private mutating func claim(for i: Int) -> Int32 {
        let place: Int32
        if freeCount > 0 {
            freeCount -= 1
            place = freePlaces[freeCount]
        } else {
            place = Int32(vectors.count)
            vectors.append(CostVector())
        }
        places[i] = place
        return place
    }

    /// Gives back the place of symbol `i`, whose vector is zero. The vector's spare storage
    /// stays for the next symbol that takes the place.
    private mutating func release(_ i: Int, _ place: Int32) {
        places[i] = -1
        if freeCount < freePlaces.count {
            freePlaces[freeCount] = place
        } else {
            freePlaces.append(place)
        }
        freeCount += 1
    }
}
