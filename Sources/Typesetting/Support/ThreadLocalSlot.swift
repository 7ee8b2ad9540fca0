import Foundation

/// One object per thread, in a POSIX thread-local key: made on the thread's first use and
/// released when the thread exits.
///
/// The key's destructor is a C function, which cannot know `Object`: it releases the
/// object as `AnyObject`, the same reference.
struct ThreadLocalSlot<Object: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        self.key = key
    }

    /// The calling thread's object, made by `make` on first use. Not retained: the slot
    /// holds it until the thread exits.
    @inline(__always)
    func object(orMake make: () -> Object) -> Unmanaged<Object> {
        if let existing = pthread_getspecific(key) { return Unmanaged<Object>.fromOpaque(existing) }
        return store(make())
    }

    @inline(never)
    private func store(_ object: Object) -> Unmanaged<Object> {
        let retained = Unmanaged.passRetained(object)
        pthread_setspecific(key, retained.toOpaque())
        return retained
    }
}
