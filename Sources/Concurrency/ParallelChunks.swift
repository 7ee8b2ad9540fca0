import Dispatch
import Synchronization

/// Work over `0..<count` shared out among threads in chunks of consecutive indices: the
/// package's way to use every core (the cell sizer's batches, the command line tool's blocks
/// of lines).
///
/// Each thread takes the next unclaimed chunk as it finishes one, so a slow chunk does not
/// hold up the others, and consecutive indices stay on one thread, where the data they touch
/// shares cache lines.
package enum ParallelChunks {
    /// Runs `worker` once on each of up to `threads` threads (on the calling thread alone when
    /// that is one), and returns when every run has returned.
    ///
    /// The workers share `chunks`: each claim hands out the next `chunkSize` indices of
    /// `0..<count` (the last chunk may be shorter) to exactly one worker. A worker prepares
    /// whatever it needs once, claims chunks until none are left, and may stop early.
    package static func run(
        count: Int, chunkSize: Int, threads: Int, _ worker: @Sendable (borrowing Claims) -> Void
    ) {
        guard count > 0 else { return }
        let claims = Claims(count: count, chunkSize: chunkSize)
        let threads = max(1, min(threads, claims.chunkCount))
        if threads == 1 {
            worker(claims)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { _ in worker(claims) }
        }
    }

    /// `transform` applied to each chunk of `chunkSize` consecutive indices of `0..<count`
    /// (the last may be shorter) on up to `threads` threads, with the results in chunk order.
    package static func map<Result: Sendable>(
        count: Int, chunkSize: Int, threads: Int, _ transform: @Sendable (Range<Int>) -> Result
    ) -> [Result] {
        guard count > 0 else { return [] }
        let size = max(1, chunkSize)
        // Each thread keeps its results and hands them over once, so the threads meet at the
        // lock once each rather than once a chunk.
        let finished = Locked<[(chunk: Int, result: Result)]>([])
        run(count: count, chunkSize: size, threads: threads) { claims in
            var results: [(chunk: Int, result: Result)] = []
            while let chunk = claims.next() {
                results.append((chunk.lowerBound / size, transform(chunk)))
            }
            finished.withLock { $0 += results }
        }
        var ordered = [Result?](repeating: nil, count: (count + size - 1) / size)
        finished.withLock { finished in
            for (chunk, result) in finished { ordered[chunk] = result }
        }
        return ordered.compactMap { $0 }
    }

    /// The chunks of one ``run(count:chunkSize:threads:_:)``, claimed by its workers.
    package struct Claims: ~Copyable, Sendable {
        private let count: Int
        private let chunkSize: Int
        private let claimed = Atomic<Int>(0)

        fileprivate init(count: Int, chunkSize: Int) {
            self.count = count
            self.chunkSize = max(1, chunkSize)
        }

        /// How many chunks `0..<count` makes.
        fileprivate var chunkCount: Int { (count + chunkSize - 1) / chunkSize }

        /// The next unclaimed chunk, or `nil` once every chunk has been claimed.
        package func next() -> Range<Int>? {
            let start = claimed.wrappingAdd(chunkSize, ordering: .relaxed).oldValue
            guard start < count else { return nil }
            return start..<min(start + chunkSize, count)
        }
    }
}
