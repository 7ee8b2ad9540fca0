import Concurrency
import Dispatch
import Foundation

/// A value computed on a thread of its own while the caller goes on, for start-up work
/// whose result is needed only later (the fonts' fingerprint, for the summary).
final class BackgroundResult<Value: Sendable>: Sendable {
    private let result = Locked<Result<Value, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts computing.
    init(_ compute: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [result, done] in
            let value = Result { try compute() }
            result.withLock { $0 = value }
            done.signal()
        }
        thread.start()
    }

    /// The value, once computed.
    /// - Throws: what computing it threw.
    func get() throws -> Value {
        done.wait()
        // Left signalled, so that every later call returns at once.
        done.signal()
        return try result.withLock { $0! }.get()
    }
}
