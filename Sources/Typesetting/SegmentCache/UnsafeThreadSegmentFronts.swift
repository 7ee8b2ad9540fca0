import Foundation

/// The fronts of the calling thread, one per ``SegmentWidthCache`` it used lately: at most
/// ``limit``, the least recently used dropped first (with what it owed: a little recency
/// and a few hits in the statistics, never a width).
final class UnsafeThreadSegmentFronts {
    static let limit = 4

    private let ids: UnsafeMutablePointer<Int>
    private let fronts: UnsafeMutablePointer<UnsafeThreadSegmentFront?>

    private init() {
        ids = .allocate(capacity: Self.limit)
        ids.initialize(repeating: -1, count: Self.limit)
        fronts = .allocate(capacity: Self.limit)
        fronts.initialize(repeating: nil, count: Self.limit)
    }

    deinit {
        fronts.deinitialize(count: Self.limit)
        fronts.deallocate()
        ids.deallocate()
    }

    /// Runs `body` with the calling thread's front for the cache `id`, made by `make` if there
    /// is none. Neither the list nor the front is retained: the thread-local slot holds the
    /// list until the thread exits, and the list holds the front until the thread asks for
    /// the front of another cache, which `body` must not do.
    @inline(__always)
    static func withFront<Result>(
        for id: Int, make: () -> UnsafeThreadSegmentFront, _ body: (UnsafeThreadSegmentFront) -> Result
    ) -> Result {
        let list = current
        return list._withUnsafeGuaranteedRef { fronts in
            if fronts.ids[0] != id { fronts.moveFirst(id, make: make) }
            // Unwrapping the slot's optional retains nothing once it is known to be set.
            return fronts.first._withUnsafeGuaranteedRef(body)
        }
    }

    /// The first front, which ``moveFirst(_:make:)`` has set.
    private var first: Unmanaged<UnsafeThreadSegmentFront> {
        Unmanaged.passUnretained(fronts[0].unsafelyUnwrapped)
    }

    /// Finds or makes the front of the cache `id` and moves it first.
    @inline(never)
    private func moveFirst(_ id: Int, make: () -> UnsafeThreadSegmentFront) {
        var position = 0
        while position < Self.limit - 1 && ids[position] != id { position += 1 }
        let front: UnsafeThreadSegmentFront
        if ids[position] == id, let existing = fronts[position] {
            front = existing
        } else {
            front = make()  // the last position's front, if any, is dropped
        }
        while position > 0 {
            ids[position] = ids[position - 1]
            fronts[position] = fronts[position - 1]
            position -= 1
        }
        ids[0] = id
        fronts[0] = front
    }

    /// The calling thread's fronts, created on first use; the thread-local slot holds them.
    @inline(__always)
    private static var current: Unmanaged<UnsafeThreadSegmentFronts> {
        slot.object(orMake: { UnsafeThreadSegmentFronts() })
    }

    private static let slot = ThreadLocalSlot<UnsafeThreadSegmentFronts>()
}
