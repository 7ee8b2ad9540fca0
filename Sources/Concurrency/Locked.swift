import Foundation

/// State guarded by a POSIX mutex: the package's lock for state that threads share.
///
/// A pthread mutex rather than the standard library's `Mutex`, whose futexes the thread
/// sanitizer does not model, so that `swift test --sanitize=thread` sees the lock and reports
/// real races only.
package final class Locked<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The mutex already makes every access exclusive; the runtime's dynamic check of each
    /// `withLock` would only add a call in and out of the runtime.
    @exclusivity(unchecked) private var state: State

    /// State behind a mutex.
    package init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
