/// At most `capacity` values by key: when a new one would exceed it, the one used least
/// recently is forgotten, so that memory stays bounded however many keys come (`fitsize
/// cells` keeps heights by `--cache-key` value in one).
///
/// Used from one thread only, so it takes no lock. The recency list is kept in arrays of slot
/// indices rather than as linked objects: nothing is allocated per value once the arrays are
/// full.
struct LRUCache<Key: Hashable, Value> {
    let capacity: Int
    private var slots: [Key: Int] = [:]
    private var keys: [Key] = []
    private var values: [Value] = []
    /// Neighbours in recency order: `newer[slot]` was used more recently than `slot`.
    private var newer: [Int] = []
    private var older: [Int] = []
    /// The most and least recently used slots, -1 when empty.
    private var newest = -1
    private var oldest = -1
    /// Slots of removed keys, reused before new ones.
    private var free: [Int] = []

    /// A cache of at most `capacity` values (at least 1).
    init(capacity: Int) {
        precondition(capacity >= 1, "a cache holds at least one value")
        self.capacity = capacity
    }

    var count: Int { slots.count }

    /// The value stored for `key`, which becomes the most recently used; nil when there is none.
    mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        moveToFront(slot)
        return values[slot]
    }

    /// The value stored for `key`, leaving the order of use as it is.
    func peek(_ key: Key) -> Value? {
        slots[key].map { values[$0] }
    }

    /// Replaces the value of `key`, if it has one, leaving the order of use as it is.
    mutating func replace(_ key: Key, with value: Value) {
        if let slot = slots[key] { values[slot] = value }
    }

    /// Forgets `key`'s value; its slot is reused by the next key stored.
    mutating func remove(_ key: Key) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        unlink(slot)
        free.append(slot)
    }

    /// Stores `value` for `key` as the most recently used, forgetting the least recently
    /// used value when the cache is full.
    mutating func store(_ value: Value, for key: Key) {
        if let slot = slots[key] {
            values[slot] = value
            moveToFront(slot)
            return
        }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            keys[slot] = key
            values[slot] = value
        } else if slots.count < capacity {
            slot = keys.count
            keys.append(key)
            values.append(value)
            newer.append(-1)
            older.append(-1)
        } else {
            slot = oldest
            unlink(slot)
            slots[keys[slot]] = nil
            keys[slot] = key
            values[slot] = value
        }
        slots[key] = slot
        linkAtFront(slot)
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAtFront(slot)
    }

    private mutating func unlink(_ slot: Int) {
        if newer[slot] >= 0 { older[newer[slot]] = older[slot] } else { newest = older[slot] }
        if older[slot] >= 0 { newer[older[slot]] = newer[slot] } else { oldest = newer[slot] }
        newer[slot] = -1
        older[slot] = -1
    }

    private mutating func linkAtFront(_ slot: Int) {
        older[slot] = newest
        newer[slot] = -1
        if newest >= 0 { newer[newest] = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
