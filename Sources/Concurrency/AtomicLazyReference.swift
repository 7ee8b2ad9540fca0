import Synchronization

/// An object made at most once, by whichever thread first asks for it, and published to the
/// others without a lock.
///
/// For state that most owners never need, such as a prepared text's memo of reshaped widths:
/// the owner pays one word, not an object, until the first use. Threads that race to make it
/// each make one, one wins, and the others' are released. The object is held (retained) until
/// the reference is destroyed.
package struct AtomicLazyReference<Instance: AnyObject & Sendable>: ~Copyable, Sendable {
    /// The object's address as an integer (an owned, retained reference), or 0 before it is made.
    private let address = Atomic<Int>(0)

    /// A reference with no object yet.
    package init() {}

    /// The object, made by `make` if no thread has made it yet.
    package func value(orMake make: () -> Instance) -> Instance {
        if let existing = existing { return existing }
        let created = Unmanaged.passRetained(make())
        let (exchanged, current) = address.compareExchange(
            expected: 0, desired: Int(bitPattern: created.toOpaque()), ordering: .acquiringAndReleasing)
        if exchanged { return created.takeUnretainedValue() }
        created.release()
        // The exchange failed, so `current` is another thread's object, never 0.
        return Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: current).unsafelyUnwrapped).takeUnretainedValue()
    }

    /// The object, if it has been made.
    package var existing: Instance? {
        UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)).map {
            Unmanaged<Instance>.fromOpaque($0).takeUnretainedValue()
        }
    }

    deinit {
        if let object = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) {
            Unmanaged<Instance>.fromOpaque(object).release()
        }
    }
}
