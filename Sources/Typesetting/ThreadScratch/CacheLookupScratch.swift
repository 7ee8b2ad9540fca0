/// A thread's buffers for looking a run's pieces up in the segment cache and shaping the
/// ones it lacks: the pieces' ranges, which missed and which were admitted, the runs whose
/// missed pieces wait to be shaped with those of other runs, and the stretches of missed
/// pieces joined for shaping.
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

    /// A run with missed pieces, waiting to be shaped with the other waiting runs of its key:
    /// its pieces are `pieces` in ``waitingPieces``. `features` are the run's own, which
    /// differ from the key's when the run shares the shaping of text with ligatures.
    /// `group` and `failed` are worked out when the waiting runs are shaped.
    struct WaitingRun {
        var run: TextRun
        var key: SegmentWidthCache.Key
        var features: FeatureSet
        var scale: Double
        var pieces: Range<Int>
        var group = -1
        var failed = false
    }

    /// A missed piece of a waiting run: its range in the text, and whether the cache
    /// admitted it (with the hash to store it under).
    struct WaitingPiece {
        var range: Range<Int>
        var hash: UInt64
        var admitted: Bool
    }

    /// The runs waiting to be shaped and their missed pieces, and the code units the runs
    /// span (which bounds one batch).
    @exclusivity(unchecked) var waitingRuns: [WaitingRun] = []
    @exclusivity(unchecked) var waitingPieces: [WaitingPiece] = []
    @exclusivity(unchecked) var waitingLength = 0

    /// A stretch of consecutive missed pieces of waiting run `run` (indices `first...last`
    /// into ``waitingPieces``), its text range, and how far its window was moved to sit in
    /// `joinedText`.
    struct Stretch {
        var run: Int
        var first: Int
        var last: Int
        var range: Range<Int>
        var shift: Int
    }

    /// The stretches of missed pieces of the runs shaped together, their windows' text
    /// joined for shaping, the order the waiting runs are shaped in (grouped by key), and
    /// the admitted pieces of a group to store (indices into ``waitingPieces`` and
    /// ``stretches``).
    @exclusivity(unchecked) var stretches: [Stretch] = []
    @exclusivity(unchecked) var joinedText: [UInt16] = []
    @exclusivity(unchecked) var runOrder: [Int] = []
    @exclusivity(unchecked) var storedPieces: [(piece: Int, stretch: Int)] = []

    /// Sets run aside to be shaped later with other runs of its key, with the pieces that
    /// ``missedPieces`` and ``admittedPieces`` name in `pieces`.
    func wait(
        _ run: TextRun, key: SegmentWidthCache.Key, features: FeatureSet, scale: Double,
        pieces: UnsafeBufferPointer<Range<Int>>
    ) {
        let first = waitingPieces.count
        for index in missedPieces {
            waitingPieces.append(WaitingPiece(range: pieces[index], hash: 0, admitted: false))
        }
        for piece in admittedPieces {
            waitingPieces[first + piece.missed].hash = piece.hash
            waitingPieces[first + piece.missed].admitted = true
        }
        waitingRuns.append(WaitingRun(run: run, key: key, features: features, scale: scale, pieces: first..<waitingPieces.count))
        waitingLength += run.end - run.start
    }

    /// Empties the waiting runs and pieces, keeping their storage.
    func clearWaiting() {
        waitingRuns.removeAll(keepingCapacity: true)
        waitingPieces.removeAll(keepingCapacity: true)
        waitingLength = 0
    }

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
        if waitingPieces.capacity > ThreadScratch.keptSegments { waitingPieces = [] }
        if waitingRuns.capacity > ThreadScratch.keptSegments { waitingRuns = [] }
        if joinedText.capacity > ThreadScratch.keptSegments { joinedText = [] }
    }
}
