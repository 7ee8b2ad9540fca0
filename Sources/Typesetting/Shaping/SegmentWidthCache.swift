import Synchronization

/// The shaping of one piece of text, as stored in the cache: per UTF-16 position, the
/// advance in font units (at each cluster's first code unit) and whether a break there
/// is unsafe. Font units make one entry serve every point size.
final class ShapedPiece: Sendable {
    let advances: [Float]
    let unsafe: [Bool]

    init(advances: [Float], unsafe: [Bool]) {
        self.advances = advances
        self.unsafe = unsafe
    }
}

/// A process-wide, bounded cache of shaped segments (words with their trailing spaces,
/// or any text between two break opportunities), so the same words in other strings are
/// not shaped again.
///
/// Keys are the typeface, the feature set, the direction, the script and the segment's
/// UTF-16 text. The size in points is deliberately not part of the key: entries hold font
/// units, and a width is the sum of units scaled once, so a word shaped at 17 pt also
/// serves 12 pt. Eviction is least-recently-used, bounded by an estimate of the bytes the
/// entries occupy. All access is under one lock; lookups do not allocate.
public final class SegmentWidthCache: Sendable {
    /// The cache every ``PreparedText`` uses.
    public static let shared = SegmentWidthCache(capacityInBytes: 8 << 20)

    private struct Entry {
        var hash: UInt64
        var typefaceID: Int
        var features: FeatureSet
        var rightToLeft: Bool
        var script: UInt32
        var text: [UInt16]
        var piece: ShapedPiece
        var bytes: Int
        var newer: Int  // towards the most recently used; -1 at the head
        var older: Int  // towards the least recently used; -1 at the tail
    }

    private struct State {
        var capacity: Int
        var slots: [UInt64: Int] = [:]
        var entries: [Entry] = []
        var freeList: [Int] = []
        var newest = -1
        var oldest = -1
        var bytes = 0
        var hits = 0
        var misses = 0
    }

    private let state: Mutex<State>

    /// A cache that keeps at most about `capacityInBytes` of entries.
    public init(capacityInBytes: Int) {
        state = Mutex(State(capacity: max(0, capacityInBytes)))
    }

    /// The byte budget. Lowering it evicts the least recently used entries at once.
    public var capacityInBytes: Int {
        get { state.withLock { $0.capacity } }
    }

    /// Changes the byte budget, evicting as needed.
    public func setCapacity(bytes: Int) {
        state.withLock { state in
            state.capacity = max(0, bytes)
            Self.evict(&state)
        }
    }

    /// The estimated bytes held.
    public var byteCount: Int { state.withLock { $0.bytes } }

    /// The number of cached segments.
    public var count: Int { state.withLock { $0.slots.count } }

    /// Lookups answered from the cache and lookups that had to shape, since creation or
    /// the last ``removeAll()``.
    public var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// Empties the cache (for example to measure cold performance).
    public func removeAll() {
        state.withLock { state in
            state = State(capacity: state.capacity)
        }
    }

    /// The cached shaping of `text`, or nil.
    func piece(
        _ text: UnsafeBufferPointer<UInt16>, typeface: Typeface, features: FeatureSet,
        rightToLeft: Bool, script: UInt32
    ) -> ShapedPiece? {
        let hash = Self.hash(text, typeface.id, features, rightToLeft, script)
        return state.withLock { state -> ShapedPiece? in
            guard let slot = state.slots[hash] else {
                state.misses += 1
                return nil
            }
            let entry = state.entries[slot]
            // A 64-bit hash collision is astronomically rare, but must never return
            // another text's widths.
            guard entry.typefaceID == typeface.id, entry.features == features,
                  entry.rightToLeft == rightToLeft, entry.script == script,
                  entry.text.elementsEqual(text) else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            Self.moveToFront(slot, &state)
            return entry.piece
        }
    }

    /// Stores the shaping of `text`.
    func insert(
        _ text: UnsafeBufferPointer<UInt16>, typeface: Typeface, features: FeatureSet,
        rightToLeft: Bool, script: UInt32, piece: ShapedPiece
    ) {
        let hash = Self.hash(text, typeface.id, features, rightToLeft, script)
        // Text, advances and flags, plus the entry, the dictionary slot and the object.
        let bytes = text.count * (2 + 4 + 1) + 160
        let copy = Array(text)
        state.withLock { state in
            guard bytes <= state.capacity else { return }
            if let existing = state.slots[hash] {
                Self.unlink(existing, &state)
                state.bytes -= state.entries[existing].bytes
                state.slots[hash] = nil
                state.freeList.append(existing)
            }
            let entry = Entry(
                hash: hash, typefaceID: typeface.id, features: features, rightToLeft: rightToLeft,
                script: script, text: copy, piece: piece, bytes: bytes, newer: -1, older: -1)
            let slot: Int
            if let free = state.freeList.popLast() {
                state.entries[free] = entry
                slot = free
            } else {
                slot = state.entries.count
                state.entries.append(entry)
            }
            state.slots[hash] = slot
            state.bytes += bytes
            Self.linkAtFront(slot, &state)
            Self.evict(&state)
        }
    }

    private static func evict(_ state: inout State) {
        while state.bytes > state.capacity, state.oldest >= 0 {
            let victim = state.oldest
            unlink(victim, &state)
            state.bytes -= state.entries[victim].bytes
            state.slots[state.entries[victim].hash] = nil
            // Drop the arrays now; the slot is reused by the next insertion.
            state.entries[victim].text = []
            state.entries[victim].piece = emptyPiece
            state.freeList.append(victim)
        }
    }

    private static let emptyPiece = ShapedPiece(advances: [], unsafe: [])

    private static func moveToFront(_ slot: Int, _ state: inout State) {
        guard state.newest != slot else { return }
        unlink(slot, &state)
        linkAtFront(slot, &state)
    }

    private static func unlink(_ slot: Int, _ state: inout State) {
        let newer = state.entries[slot].newer
        let older = state.entries[slot].older
        if newer >= 0 { state.entries[newer].older = older } else { state.newest = older }
        if older >= 0 { state.entries[older].newer = newer } else { state.oldest = newer }
        state.entries[slot].newer = -1
        state.entries[slot].older = -1
    }

    private static func linkAtFront(_ slot: Int, _ state: inout State) {
        state.entries[slot].older = state.newest
        state.entries[slot].newer = -1
        if state.newest >= 0 { state.entries[state.newest].newer = slot }
        state.newest = slot
        if state.oldest < 0 { state.oldest = slot }
    }

    /// FNV-1a over the text and the rest of the key.
    private static func hash(
        _ text: UnsafeBufferPointer<UInt16>, _ typefaceID: Int, _ features: FeatureSet,
        _ rightToLeft: Bool, _ script: UInt32
    ) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ value: UInt64) {
            hash = (hash ^ value) &* 0x0000_0100_0000_01B3
        }
        mix(UInt64(truncatingIfNeeded: typefaceID))
        mix(UInt64(features.rawValue) | (rightToLeft ? 0x100 : 0))
        mix(UInt64(script))
        for unit in text { mix(UInt64(unit)) }
        return hash
    }
}
