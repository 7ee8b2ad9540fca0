import Foundation

/// State guarded by a POSIX mutex.
///
/// The standard library's `Mutex` uses futexes on Linux, which ThreadSanitizer does not
/// model, so `swift test --sanitize=thread` would report every guarded access as a race;
/// a pthread mutex is both cheap uncontended and understood by the sanitizer. Package-wide:
/// the cell sizer's shared height cache and template pool use it for the same reason.
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
