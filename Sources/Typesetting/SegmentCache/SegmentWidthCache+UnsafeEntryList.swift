extension SegmentWidthCache {
    /// The shared table's entries, in order of their index, in manually managed memory.
    ///
    /// A lookup under the read lock reads entries through the list's pointer while it passes
    /// hits to its caller. An array read there is retained for as long (the caller's code could
    /// change it, as far as the compiler knows), and every reading thread would write that one
    /// reference count. The list is a value without a deinitializer: ``deallocate()`` frees it,
    /// once, when the table drops it.
    struct UnsafeEntryList {
        /// The first entry; entries `0..<count` are initialized.
        private(set) var base: UnsafeMutablePointer<Entry>
        private(set) var count = 0
        private var capacity: Int

        init() {
            capacity = 64
            base = .allocate(capacity: capacity)
        }

        subscript(index: Int) -> Entry {
            get {
                precondition(index >= 0 && index < count, "entry index out of range")
                return base[index]
            }
            set {
                precondition(index >= 0 && index < count, "entry index out of range")
                base[index] = newValue
            }
        }

        var indices: Range<Int> { 0..<count }

        /// Adds `entry` at index `count`.
        mutating func append(_ entry: Entry) {
            if count == capacity {
                let larger = UnsafeMutablePointer<Entry>.allocate(capacity: 2 * capacity)
                larger.moveInitialize(from: base, count: count)
                base.deallocate()
                base = larger
                capacity *= 2
            }
            (base + count).initialize(to: entry)
            count += 1
        }

        /// Frees the storage of entry `index`, which then holds none.
        mutating func deallocateStorage(of index: Int) {
            self[index].storage.deallocate()
            self[index].storage = UnsafeMutableBufferPointer(start: nil, count: 0)
        }

        /// Frees every entry's storage and the list's memory; the list must not be used after.
        func deallocateWithStorage() {
            for index in indices { base[index].storage.deallocate() }
            base.deinitialize(count: count)
            base.deallocate()
        }
    }
}
