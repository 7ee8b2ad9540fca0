/// A growable array kept in chunks of at most `chunkCapacity` elements.
///
/// An array grows by moving every element into a buffer a multiple of its size, and holds
/// the room it grew by, unused until it fills. A large table in such an array (a solver's
/// constraint records) held up to twice the room its elements needed, and both buffers while
/// it grew. Past its first chunk, this one adds a chunk of `chunkCapacity` elements instead:
/// no element moves, and at most one chunk is partly used. The first chunk grows as an array
/// does, so a small table takes no more room than an array would.
struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
    /// log2 of `chunkCapacity`.
    private static var chunkShift: Int { 10 }
    /// The elements a full chunk holds.
    static var chunkCapacity: Int { 1 << chunkShift }

    private var chunks: [[Element]] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        @inline(__always) get { chunks[position >> Self.chunkShift][position & (Self.chunkCapacity - 1)] }
        @inline(__always) set { chunks[position >> Self.chunkShift][position & (Self.chunkCapacity - 1)] = newValue }
        @inline(__always) _modify { yield &chunks[position >> Self.chunkShift][position & (Self.chunkCapacity - 1)] }
    }

    /// Adds an element at the end.
    mutating func append(_ element: Element) {
        if count == chunks.count << Self.chunkShift {
            var chunk: [Element] = []
            // Chunks after the first are made whole at once; the first grows as needed.
            if !chunks.isEmpty { chunk.reserveCapacity(Self.chunkCapacity) }
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }
}
