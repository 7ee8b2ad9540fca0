/// A thread's buffers for looking a run's pieces up in the segment cache and shaping the
/// ones it lacks: the pieces' ranges, which missed and which were admitted, and the
/// stretches of missed pieces joined for shaping.
final class CacheLookupScratch {
    // Only the owning thread touches these: no dynamic exclusivity checks.

    /// Room for the pieces of a run (its segments clipped to it); only grows.
    @exclusivity(unchecked) private var pieceStorage = UnsafeMutableBufferPointer<Range<Int>>(start: nil, count: 0)

    /// Indices of the pieces of a run the segment cache did not have.
    @exclusivity(unchecked) var missedPieces: [Int] = []
    /// The missed pieces the cache admitted (their second sighting), to store once shaped.
    @exclusivity(unchecked) var admittedPieces: [AdmittedPiece] = []

    /// A missed piece to store: its position in ``missedPieces``, and its hash in the
    /// segment cache, computed by the lookup and reused to insert it.
    struct AdmittedPiece {
        var missed: Int
        var hash: UInt64
    }

    /// A stretch of consecutive missed pieces (indices `first...last` into `missedPieces`),
    /// its text range, and how far its window was moved to sit in `joinedText`.
    struct Stretch {
        var first: Int
        var last: Int
        var range: Range<Int>
        var shift: Int
    }

    /// The stretches of missed pieces of a run, and their windows' text joined for shaping.
    @exclusivity(unchecked) var stretches: [Stretch] = []
    @exclusivity(unchecked) var joinedText: [UInt16] = []

    deinit {
        pieceStorage.deallocate()
    }

    /// Room for at least `count` piece ranges, valid until the next call.
    @inline(__always)
    func pieceRanges(atLeast count: Int) -> UnsafeMutableBufferPointer<Range<Int>> {
        if pieceStorage.count < count { growPieceStorage(count) }
        return pieceStorage
    }

    @inline(never)
    private func growPieceStorage(_ count: Int) {
        pieceStorage.deallocate()
        pieceStorage = .allocate(capacity: max(count, 2 * pieceStorage.count, 64))
    }

    /// Empties ``missedPieces`` and ``admittedPieces``, keeping their storage. They are
    /// emptied for every run and are usually empty already; `removeAll(keepingCapacity:)`
    /// goes through the generic `replaceSubrange` even then, and removing the few elements
    /// one by one is a store each.
    @inline(__always)
    func clearMissedPieces() {
        while !missedPieces.isEmpty { missedPieces.removeLast() }
        while !admittedPieces.isEmpty { admittedPieces.removeLast() }
    }

    /// Lets go of the buffers a long text made large.
    func trim() {
        if pieceStorage.count > ThreadScratch.keptSegments {
            pieceStorage.deallocate()
            pieceStorage = UnsafeMutableBufferPointer(start: nil, count: 0)
        }
        if missedPieces.capacity > ThreadScratch.keptSegments { missedPieces = [] }
        if admittedPieces.capacity > ThreadScratch.keptSegments { admittedPieces = [] }
    }
}
