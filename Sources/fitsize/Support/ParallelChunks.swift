import Dispatch
import Synchronization

/// Work over `0..<count` split into chunks that up to `jobs` threads take in turn, with the
/// results returned in chunk order: the batch and cell runners' way to use every core while
/// keeping their output in input order.
enum ParallelChunks {
    /// `transform` applied to each chunk of `chunkSize` consecutive indices (the last may be
    /// shorter), in order. Threads take the next unclaimed chunk as they finish one, so a
    /// slow chunk does not hold up the others.
    static func map<Result: Sendable>(
        count: Int, chunkSize: Int, jobs: Int, _ transform: @Sendable (Range<Int>) -> Result
    ) -> [Result] {
        guard count > 0 else { return [] }
        let size = max(1, chunkSize)
        let chunkCount = (count + size - 1) / size
        let slots = Slots<Result>(count: chunkCount)
        let nextChunk = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, chunkCount))) { _ in
            while true {
                let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunkCount else { return }
                let start = chunk * size
                slots.store(transform(start..<min(start + size, count)), at: chunk)
            }
        }
        return slots.values()
    }
}

/// One slot per chunk.
///
/// Unchecked `Sendable`: every chunk writes only its own slot, exactly once, and the slots
/// are read only after `concurrentPerform` has returned, which orders those writes before
/// the reads.
private final class Slots<Value: Sendable>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func store(_ value: Value, at index: Int) {
        storage[index] = value
    }

    /// The stored values, in order (every slot is filled once `concurrentPerform` returns).
    func values() -> [Value] {
        storage.compactMap { $0 }
    }
}
