import Foundation

/// State guarded by a POSIX read-write lock: any number of threads read it at once, one at a
/// time writes it.
///
/// For state that threads on every core read far more often than they change, such as the
/// shared table of shaped segments, whose lookups would otherwise take turns at one mutex. As
/// with ``Locked``, a POSIX lock rather than the standard library's `Mutex`, so that the thread
/// sanitizer understands it.
///
/// A thread that finds the lock taken retries for a while before it waits in the kernel: the
/// state is held for one lookup or insertion at a time, which is shorter than waking a sleeper.
package final class ReadWriteLocked<State>: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>
    /// The state, in memory of its own, which readers read in place.
    private let state: UnsafeMutablePointer<State>

    /// How many times a thread retries a refused lock before it waits in the kernel.
    static var retriesBeforeWaiting: Int { 1_000 }

    /// State behind a read-write lock that lets a waiting writer in before new readers, so that
    /// a stream of lookups from other cores never keeps an insertion waiting.
    package init(_ state: State) {
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` with the state, which other readers may be reading at the same time: `body`
    /// reads it through the pointer and must not write through it. A pointer rather than a
    /// borrowed value, which the compiler copies for the call (retaining every array in it,
    /// reference counts that every reading thread would then write).
    @inline(__always)
    package func withReadLock<Result>(_ body: (UnsafePointer<State>) throws -> Result) rethrows -> Result {
        if pthread_rwlock_tryrdlock(lock) != 0 { Self.acquire(lock, trying: pthread_rwlock_tryrdlock, else: pthread_rwlock_rdlock) }
        defer { pthread_rwlock_unlock(lock) }
        return try body(state)
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    package func withWriteLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        if pthread_rwlock_trywrlock(lock) != 0 { Self.acquire(lock, trying: pthread_rwlock_trywrlock, else: pthread_rwlock_wrlock) }
        defer { pthread_rwlock_unlock(lock) }
        return try body(&state.pointee)
    }

    /// Takes a refused lock: `attempt` again a number of times, then `wait`.
    @inline(never)
    private static func acquire(
        _ lock: UnsafeMutablePointer<pthread_rwlock_t>,
        trying attempt: (UnsafeMutablePointer<pthread_rwlock_t>) -> Int32,
        else wait: (UnsafeMutablePointer<pthread_rwlock_t>) -> Int32
    ) {
        for _ in 0..<retriesBeforeWaiting where attempt(lock) == 0 { return }
        _ = wait(lock)
    }
}
