import Concurrency
import Testing

@Suite struct ParallelChunksTests {
    @Test(arguments: [(count: 1, chunkSize: 1), (10, 3), (64, 64), (1000, 7), (1000, 1000), (5, 0)])
    func runHandsEachIndexToExactlyOneWorker(count: Int, chunkSize: Int) {
        let seen = Locked([Int](repeating: 0, count: count))
        ParallelChunks.run(count: count, chunkSize: chunkSize, threads: 4) { claims in
            while let chunk = claims.next() {
                #expect(chunk.count <= max(1, chunkSize))
                seen.withLock { for index in chunk { $0[index] += 1 } }
            }
        }
        #expect(seen.withLock { $0 } == [Int](repeating: 1, count: count))
    }

    @Test func chunksAreConsecutiveRunsOfTheChunkSizeWithAShorterLastOne() {
        let chunks = Locked([Range<Int>]())
        ParallelChunks.run(count: 10, chunkSize: 4, threads: 3) { claims in
            while let chunk = claims.next() { chunks.withLock { $0.append(chunk) } }
        }
        #expect(chunks.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound } == [0..<4, 4..<8, 8..<10])
    }

    @Test func nothingRunsForNoWork() {
        let runs = Locked(0)
        ParallelChunks.run(count: 0, chunkSize: 8, threads: 4) { _ in runs.withLock { $0 += 1 } }
        ParallelChunks.run(count: -3, chunkSize: 8, threads: 4) { _ in runs.withLock { $0 += 1 } }
        #expect(runs.withLock { $0 } == 0)
        #expect(ParallelChunks.map(count: 0, chunkSize: 8, threads: 4) { $0 }.isEmpty)
    }

    @Test func noMoreWorkersRunThanThereAreChunksOrThreads() {
        let runs = Locked(0)
        ParallelChunks.run(count: 3, chunkSize: 1, threads: 16) { _ in runs.withLock { $0 += 1 } }
        #expect(runs.withLock { $0 } == 3)
        runs.withLock { $0 = 0 }
        ParallelChunks.run(count: 100, chunkSize: 1, threads: 2) { _ in runs.withLock { $0 += 1 } }
        #expect(runs.withLock { $0 } == 2)
    }

    @Test func aWorkerThatStopsEarlyLeavesItsRemainingChunksToTheOthers() {
        let done = Locked(Set<Int>())
        ParallelChunks.run(count: 200, chunkSize: 5, threads: 4) { claims in
            // Each worker stops after its first chunk but one, which must still be covered.
            var taken = 0
            while let chunk = claims.next() {
                done.withLock { $0.formUnion(chunk) }
                taken += 1
                if taken == 1 && chunk.lowerBound == 0 { return }
            }
        }
        #expect(done.withLock { $0 } == Set(0..<200))
    }

    @Test(arguments: [1, 2, 4])
    func mapReturnsTheChunksResultsInChunkOrderOnAnyNumberOfThreads(threads: Int) {
        let sums = ParallelChunks.map(count: 1_003, chunkSize: 10, threads: threads) { chunk in
            (chunk.lowerBound, chunk.reduce(0, +))
        }
        #expect(sums.map(\.0) == Array(stride(from: 0, to: 1_003, by: 10)))
        #expect(sums.map(\.1).reduce(0, +) == (0..<1_003).reduce(0, +))
        #expect(sums.last?.1 == 1_000 + 1_001 + 1_002)
    }
}
