/// A thread's buffers for writing a text that is not plain words: its decoded code units
/// and flags, its runs and its segments' ends, kept between texts so that finding them
/// allocates nothing; a prepared text copies them into its own storage.
final class PreparationScratch {
    // Only the owning thread touches these: no dynamic exclusivity checks.
    @exclusivity(unchecked) var runList = RunList()
    @exclusivity(unchecked) var segmentEnds: [UInt32] = []

    /// Room for the decoded text (its code units, then its flags) until it is copied into
    /// the prepared text's storage, whose size waits on the runs and segments.
    @exclusivity(unchecked) private var decodingStorage = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    deinit {
        decodingStorage.deallocate()
    }

    /// At least `byteCount` bytes, 2-byte aligned, valid until the next call.
    func decodingRoom(byteCount: Int) -> UnsafeMutableRawPointer {
        if decodingStorage.count < byteCount || decodingStorage.baseAddress == nil {
            decodingStorage.deallocate()
            decodingStorage = .allocate(byteCount: max(byteCount, 1024), alignment: 2)
        }
        return decodingStorage.baseAddress.unsafelyUnwrapped
    }

    /// Lets go of the runs when a long text made them large.
    func trimRuns() {
        if runList.runs.capacity > ThreadScratch.keptSegments { runList = RunList() }
    }

    /// Lets go of the segment ends when a long text made them large.
    func trimSegmentEnds() {
        if segmentEnds.capacity > ThreadScratch.keptSegments { segmentEnds = [] }
    }

    /// Lets go of every buffer a long text made large.
    func trim() {
        trimRuns()
        trimSegmentEnds()
        if decodingStorage.count > ThreadScratch.keptSegments * 16 {
            decodingStorage.deallocate()
            decodingStorage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        }
    }
}
