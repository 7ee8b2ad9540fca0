extension Array {
    /// Empties the array one element at a time from the end, keeping its storage.
    ///
    /// For the short lists emptied for every cell a list sizes (a transaction's journal, the
    /// layout engine's queued constraints, kept text layouts): `removeAll(keepingCapacity:)`
    /// takes the general path of a subrange replacement, which destroys the elements through
    /// their type's metadata and costs several times more than popping them with code
    /// specialised for the element type.
    ///
    /// Inlinable across the package, so that the layer above empties its lists the same way
    /// with code specialised in its own module.
    @inlinable @inline(__always)
    package mutating func removeEachKeepingStorage() {
        while !isEmpty { removeLast() }
    }
}
