import CHarfBuzz
import CICU
import Foundation

/// The mutable objects shaping and segmentation need, one set per thread: a HarfBuzz
/// buffer, ICU line and grapheme break iterators and an ICU bidi object.
///
/// These are the only mutable shaping state; keeping them per thread (in thread-local
/// storage, released when the thread exits) lets any number of threads prepare text
/// at once without locks, and saves the microseconds ICU takes to open an iterator.
final class ThreadScratch {
    let buffer: OpaquePointer
    let lineBreaks: BreakIterator?
    let graphemes: BreakIterator?
    let bidi: BidiResolver?
    // Only the owning thread ever touches its scratch, so the runtime's dynamic exclusivity
    // checks on these properties (a call in and out of the runtime on every access, a tenth of
    // the work of measuring a label around HarfBuzz) can prove nothing: they are turned off.

    /// Per-position results of the last ``Shaper/shapeIntoScratch`` call, in their first
    /// positions (as many as the shaped range has).
    @exclusivity(unchecked) var unitAdvances: [Float] = []
    @exclusivity(unchecked) var unsafe: [Bool] = []
    /// The general path's runs and segments, kept between texts so that finding them
    /// allocates nothing; a prepared text copies them into its own storage.
    @exclusivity(unchecked) var runList = RunList()
    @exclusivity(unchecked) var segmentEnds: [UInt32] = []

    /// Room for the general path's decoded text (its code units, then its flags) until it is
    /// copied into the prepared text's storage, whose size waits on the runs and segments.
    @exclusivity(unchecked) private var decodingStorage = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// At least `byteCount` bytes, 2-byte aligned, valid until the next call.
    func decodingRoom(byteCount: Int) -> UnsafeMutableRawPointer {
        if decodingStorage.count < byteCount || decodingStorage.baseAddress == nil {
            decodingStorage.deallocate()
            decodingStorage = .allocate(byteCount: max(byteCount, 1024), alignment: 2)
        }
        return decodingStorage.baseAddress.unsafelyUnwrapped
    }

    /// Lets go of the general path's buffers when a long text made them large, so that a
    /// thread does not hold on to the memory of the longest text it ever prepared.
    func trimTextBuffers() {
        trimRuns()
        trimSegmentEnds()
        if pieceStorage.count > Self.keptSegments {
            pieceStorage.deallocate()
            pieceStorage = UnsafeMutableBufferPointer(start: nil, count: 0)
        }
        if missedPieces.capacity > Self.keptSegments { missedPieces = [] }
        if admittedPieces.capacity > Self.keptSegments { admittedPieces = [] }
        if decodingStorage.count > Self.keptSegments * 16 {
            decodingStorage.deallocate()
            decodingStorage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        }
    }

    /// Lets go of the runs when a long text made them large.
    func trimRuns() {
        if runList.runs.capacity > Self.keptSegments { runList = RunList() }
    }

    /// Lets go of the segment ends when a long text made them large.
    func trimSegmentEnds() {
        if segmentEnds.capacity > Self.keptSegments { segmentEnds = [] }
    }

    /// About a 10,000-character text's worth.
    static let keptSegments = 4096

    /// Room for the pieces of a run (its segments clipped to it); only grows.
    @exclusivity(unchecked) private var pieceStorage = UnsafeMutableBufferPointer<Range<Int>>(start: nil, count: 0)

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

    /// Empties ``missedPieces`` and ``admittedPieces``, keeping their storage. They are
    /// emptied for every run and are usually empty already; `removeAll(keepingCapacity:)`
    /// goes through the generic `replaceSubrange` even then, and removing the few elements
    /// one by one is a store each.
    @inline(__always)
    func clearMissedPieces() {
        while !missedPieces.isEmpty { missedPieces.removeLast() }
        while !admittedPieces.isEmpty { admittedPieces.removeLast() }
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
    /// Direct-mapped memory of font selection: (cascade id, scalar) → face. 16-byte entries,
    /// 64 KiB: a few hundred distinct ideographs per paragraph hardly collide.
    @exclusivity(unchecked) var faceCache = [(cascade: Int32, scalar: UInt32, face: Typeface?)](
        repeating: (-1, 0, nil), count: ThreadScratch.faceCacheSize)
    static let faceCacheSize = 4096

    private init() {
        buffer = hb_buffer_create()
        lineBreaks = BreakIterator(FITSIZE_BREAK_LINE)
        graphemes = BreakIterator(FITSIZE_BREAK_CHARACTER)
        bidi = BidiResolver()
    }

    deinit {
        hb_buffer_destroy(buffer)
        pieceStorage.deallocate()
        decodingStorage.deallocate()
    }

    /// Resets the first `count` positions of the per-position arrays. The arrays only
    /// grow: positions past `count` hold stale values that no caller reads, and filling
    /// a prefix in place is a memset rather than a resize.
    func prepareArrays(count: Int) {
        if unitAdvances.count < count {
            unitAdvances.append(contentsOf: repeatElement(0, count: count - unitAdvances.count))
            unsafe.append(contentsOf: repeatElement(true, count: count - unsafe.count))
        }
        unitAdvances.withUnsafeMutableBufferPointer { $0.baseAddress?.update(repeating: 0, count: count) }
        unsafe.withUnsafeMutableBufferPointer { $0.baseAddress?.update(repeating: true, count: count) }
    }

    /// The calling thread's scratch objects, created on first use.
    static var current: ThreadScratch {
        let key = storageKey
        if let existing = pthread_getspecific(key) {
            return Unmanaged<ThreadScratch>.fromOpaque(existing).takeUnretainedValue()
        }
        let scratch = ThreadScratch()
        pthread_setspecific(key, Unmanaged.passRetained(scratch).toOpaque())
        return scratch
    }

    /// The thread-local slot; its destructor releases a thread's scratch when it exits.
    private static let storageKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<ThreadScratch>.fromOpaque(pointer).release() }
        }
        return key
    }()
}
