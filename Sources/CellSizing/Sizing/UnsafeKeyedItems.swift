/// The keys and items of a batch, read where the array keeps them.
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
