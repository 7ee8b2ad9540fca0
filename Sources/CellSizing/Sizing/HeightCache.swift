import Concurrency
import Foundation

/// Heights by width and item key, and the width cells are measured at now: the shared state of
/// a ``CellSizer``, safe to use from many threads.
///
/// The table of the current width is kept apart from the others, so that a lookup is one lock
/// and one hash of the key. Changing the width files the current table under its width and
/// takes out the one of the new width, if there is one: switching back costs nothing.
final class HeightCache: Sendable {
    private struct State: Sendable {
        var width: CGFloat
        var current = KeyedHeights()
        var otherWidths: [CGFloat: KeyedHeights] = [:]
    }

    // The state itself behind the package's lock: a cached lookup is short enough that an
    // object around the lock or a checked stored property would cost a good part of it.
    private let state: Locked<State>

    init(width: CGFloat) {
        state = Locked(State(width: width))
    }

    private func withState<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        state.withLock { body(&$0) }
    }

    /// The width heights are measured and looked up at.
    var width: CGFloat {
        withState { $0.width }
    }

    /// Makes `width` the current width, keeping the heights of the old one.
    func setWidth(_ width: CGFloat) {
        withState { state in
            guard width != state.width else { return }
            let incoming = state.otherWidths.removeValue(forKey: width) ?? KeyedHeights()
            let outgoing = state.current
            state.current = incoming
            if !outgoing.isEmpty { state.otherWidths[state.width] = outgoing }
            state.width = width
        }
    }

    /// The height cached for `key` at the current width, and that width.
    func lookUp(_ key: CacheKey) -> (height: CGFloat?, width: CGFloat) {
         withState { ($0.current[key], $0.width) }
    }

    /// The heights cached for `keys` at the current width (`nil` where none is), and that width.
    func lookUp(_ keys: [CacheKey]) -> (heights: [CGFloat?], width: CGFloat) {
        withState { state in
            (keys.map { state.current[$0] }, state.width)
        }
    }

    /// The heights cached for `keys` at `width`, current or not (`nil` where none is).
    func lookUp(_ keys: [CacheKey], atWidth width: CGFloat) -> [CGFloat?] {
        withState { state in
            if width == state.width { return keys.map { state.current[$0] } }
            guard let table = state.otherWidths[width] else { return keys.map { _ in nil } }
            return keys.map { table[$0] }
        }
    }

    /// Records the heights of a batch measured at `width`: `heights[job]` for the key
    /// `keys[jobs[job]]`. The width may have changed since the measurement started; the
    /// heights still go to the table of the width they were measured at. Read straight from
    /// the batch's arrays: gathering 10,000 pairs into an array first was a third of the time
    /// a batch spent storing.
    func store(heights: [CGFloat], forKeysAt jobs: [Int], of keys: [CacheKey], atWidth width: CGFloat) {
        withState { state in
            for (job, height) in heights.enumerated() {
                Self.store(keys[jobs[job]], height, atWidth: width, in: &state)
            }
        }
    }

    /// Records one height measured at `width`, as
    /// ``store(heights:forKeysAt:of:atWidth:)`` does for a batch.
    func store(_ key: CacheKey, height: CGFloat, atWidth width: CGFloat) {
        withState { state in Self.store(key, height, atWidth: width, in: &state) }
    }

    private static func store(_ key: CacheKey, _ height: CGFloat, atWidth width: CGFloat, in state: inout State) {
        if width == state.width {
            state.current[key] = height
        } else {
            state.otherWidths[width, default: KeyedHeights()][key] = height
        }
    }

    func invalidate(_ key: CacheKey) {
        withState { state in
            state.current[key] = nil
            for width in Array(state.otherWidths.keys) {
                state.otherWidths[width]?[key] = nil
                if state.otherWidths[width]?.isEmpty == true { state.otherWidths[width] = nil }
            }
        }
    }

    /// Forgets every height at every width.
    func invalidateAll() {
        withState { state in
            state.current.removeAll()
            state.otherWidths = [:]
        }
    }
}
