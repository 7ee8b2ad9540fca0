/// The keys and items of a batch, read where the array keeps them; reached through
/// `Array.withKeyedItems(_:)`, whose ``KeyedItems`` view checks every index.
///
/// Reading `items[i].0` or `items[i].1` from an array of `(Key, Item)` copies the
/// whole tuple, the other half included (every string of the item retained and released
/// again), after asking the runtime for the tuple type's metadata, since `Item` is generic,
/// twice per item of a batch. The tuple's layout is asked for once instead, and each key and
/// item is reached through a pointer, so that it is borrowed, not copied.
struct UnsafeKeyedItems<Key: Hashable, Item> {
    private let base: UnsafeRawPointer?
    /// The number of items.
    let count: Int
    private let stride: Int
    private let itemOffset: Int

    /// The items of `buffer`, which must outlive this value and not change while it is used.
    init(_ buffer: UnsafeBufferPointer<(Key, Item)>) {
        base = UnsafeRawPointer(buffer.baseAddress)
        count = buffer.count
        stride = MemoryLayout<(Key, Item)>.stride
        // A tuple's elements are stored properties, so the key path has an offset; were it
        // refused, the tuple's layout rule gives the same: the item at the first offset past
        // the key that is a multiple of the item's alignment.
        let alignment = MemoryLayout<Item>.alignment
        itemOffset = MemoryLayout<(Key, Item)>.offset(of: \(Key, Item).1)
            ?? (MemoryLayout<Key>.size + alignment - 1) / alignment * alignment
    }

    /// The key of item `index`, in place (a tuple's first element is at its start).
    @inline(__always)
    func key(at index: Int) -> UnsafePointer<Key> {
        (base.unsafelyUnwrapped + index * stride).assumingMemoryBound(to: Key.self)
    }

    /// Item `index`, in place.
    @inline(__always)
    func item(at index: Int) -> UnsafePointer<Item> {
        (base.unsafelyUnwrapped + index * stride + itemOffset).assumingMemoryBound(to: Item.self)
    }

    /// Every item's key, as the cache keeps it.
    func cacheKeys() -> [CacheKey] {
        [CacheKey](unsafeUninitializedCapacity: count) { keys, initialized in
            for index in 0..<count {
                (keys.baseAddress.unsafelyUnwrapped + index).initialize(to: CacheKey(key(at: index).pointee))
            }
            initialized = count
        }
    }
}

/// A batch's keys and items, read in place: a checked view over ``UnsafeKeyedItems`` that
/// lives only as long as the call to `Array.withKeyedItems(_:)` that made it.
struct KeyedItems<Key: Hashable, Item> {
    private let items: UnsafeKeyedItems<Key, Item>

    fileprivate init(_ items: UnsafeKeyedItems<Key, Item>) { self.items = items }

    /// The number of items.
    var count: Int { items.count }

    /// The key of item `index`, borrowed from the array.
    subscript(key index: Int) -> Key {
        unsafeAddress {
            precondition(index >= 0 && index < items.count, "batch index out of range")
            return items.key(at: index)
        }
    }

    /// Item `index`, borrowed from the array.
    subscript(item index: Int) -> Item {
        unsafeAddress {
            precondition(index >= 0 && index < items.count, "batch index out of range")
            return items.item(at: index)
        }
    }

    /// Every item's key, as the cache keeps it.
    func cacheKeys() -> [CacheKey] { items.cacheKeys() }
}

extension Array {
    /// Runs `body` with a view that reads this batch's keys and items where the array keeps
    /// them, without copying either half of a pair to read the other.
    func withKeyedItems<Key: Hashable, Item, Result, Failure: Error>(
        _ body: (KeyedItems<Key, Item>) throws(Failure) -> Result
    ) throws(Failure) -> Result where Element == (Key, Item) {
        try withUnsafeBufferPointer { buffer throws(Failure) in try body(KeyedItems(UnsafeKeyedItems(buffer))) }
    }
}
