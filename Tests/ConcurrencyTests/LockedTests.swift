import Concurrency
import Dispatch
import Testing

@Suite struct LockedTests {
    @Test func incrementsFromManyThreadsAreNeverLost() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func withLockReturnsWhatItsBodyReturns() {
        let names = Locked(["a", "b"])
        let removed = names.withLock { $0.removeFirst() }
        #expect(removed == "a")
        #expect(names.withLock { $0 } == ["b"])
    }

    @Test func anErrorThrownInsideLeavesTheLockFreeAndTheStateAsTheBodyLeftIt() {
        struct Refused: Error {}
        let state = Locked(1)
        #expect(throws: Refused.self) {
            try state.withLock { value in
                value = 2
                throw Refused()
            }
        }
        // A second withLock would deadlock if the throw had kept the mutex.
        #expect(state.withLock { $0 } == 2)
    }
}

@Suite struct ReadWriteLockedTests {
    @Test func readersSeeEveryWriteOfOtherThreads() {
        let table = ReadWriteLocked([Int]())
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<2_000 {
                if index % 4 == thread {
                    table.withWriteLock { $0.append(index) }
                } else {
                    _ = table.withReadLock { $0.pointee.count }
                }
            }
        }
        #expect(table.withReadLock { $0.pointee.sorted() } == Array(0..<2_000))
    }
}
