extension Array {
    /// Empties the array one element at a time from the end, keeping its storage.
    ///
    /// For the short lists the engine and the controls empty for every cell a list sizes
    /// (a handful of queued constraints or kept text layouts): `removeAll(keepingCapacity:)`
    /// takes the general path of a subrange replacement, which destroys the elements through
    /// their type's metadata and costs several times more than popping them with code
    /// specialised for the element type.
    @inline(__always)
    mutating func removeEachKeepingStorage() {
        while !isEmpty { removeLast() }
    }
}
