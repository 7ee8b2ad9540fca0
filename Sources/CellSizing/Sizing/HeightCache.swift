import AutoLayout
import Concurrency
import Foundation

/// Heights by sizing conditions (width and content size category) and item key, and the
/// conditions cells are measured under now: the shared state of a ``CellSizer``, safe to use
/// from many threads.
///
/// The table of the current conditions is kept apart from the others, so that a lookup is one
/// lock and one hash of the key. Changing the width or the category files the current table
/// under its conditions and takes out the one of the new conditions, if there is one:
/// switching back costs nothing.
final class HeightCache: Sendable {
    private struct State: Sendable {
        var conditions: SizingConditions
        var current = KeyedHeights()
        var others: [SizingConditions: KeyedHeights] = [:]
    }

    // The state itself behind the package's lock: a cached lookup is short enough that an
    // object around the lock or a checked stored property would cost a good part of it.
    private let state: Locked<State>

    init(conditions: SizingConditions) {
        state = Locked(State(conditions: conditions))
    }

    private func withState<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        state.withLock { body(&$0) }
    }

    /// The conditions heights are measured and looked up under.
    var conditions: SizingConditions {
        withState { $0.conditions }
    }

    /// The width heights are measured and looked up at.
    var width: CGFloat { conditions.width }

    /// Makes `width` the current width, keeping the heights of the old one.
    func setWidth(_ width: CGFloat) {
        withState { state in
            Self.move(to: SizingConditions(width: width, contentSizeCategory: state.conditions.contentSizeCategory), in: &state)
        }
    }

    /// Makes `category` the current content size category, keeping the heights of the old one.
    func setContentSizeCategory(_ category: ContentSizeCategory) {
        withState { state in
            Self.move(to: SizingConditions(width: state.conditions.width, contentSizeCategory: category), in: &state)
        }
    }

    private static func move(to conditions: SizingConditions, in state: inout State) {
        guard conditions != state.conditions else { return }
        let incoming = state.others.removeValue(forKey: conditions) ?? KeyedHeights()
        let outgoing = state.current
        state.current = incoming
        if !outgoing.isEmpty { state.others[state.conditions] = outgoing }
        state.conditions = conditions
    }

    /// The height cached for `key` under the current conditions, and those conditions.
    func lookUp(_ key: CacheKey) -> (height: CGFloat?, conditions: SizingConditions) {
         withState { ($0.current[key], $0.conditions) }
    }

    /// The heights cached for `keys` under the current conditions (`nil` where none is), and
    /// those conditions.
    func lookUp(_ keys: [CacheKey]) -> (heights: [CGFloat?], conditions: SizingConditions) {
        withState { state in
            (keys.map { state.current[$0] }, state.conditions)
        }
    }

    /// The heights cached for `keys` under `conditions`, current or not (`nil` where none is).
    func lookUp(_ keys: [CacheKey], under conditions: SizingConditions) -> [CGFloat?] {
        withState { state in
            if conditions == state.conditions { return keys.map { state.current[$0] } }
            guard let table = state.others[conditions] else { return keys.map { _ in nil } }
            return keys.map { table[$0] }
        }
    }

    /// Records the heights of a batch measured under `conditions`: `heights[job]` for the key
    /// `keys[jobs[job]]`. The conditions may have changed since the measurement started; the
    /// heights still go to the table of the conditions they were measured under. Read straight
    /// from the batch's arrays, since gathering the pairs into an array first costs more than
    /// storing them.
    func store(heights: [CGFloat], forKeysAt jobs: [Int], of keys: [CacheKey], under conditions: SizingConditions) {
        withState { state in
            for (job, height) in heights.enumerated() {
                Self.store(keys[jobs[job]], height, under: conditions, in: &state)
            }
        }
    }

    /// Records one height measured under `conditions`, as
    /// ``store(heights:forKeysAt:of:under:)`` does for a batch.
    func store(_ key: CacheKey, height: CGFloat, under conditions: SizingConditions) {
        withState { state in Self.store(key, height, under: conditions, in: &state) }
    }

    private static func store(_ key: CacheKey, _ height: CGFloat, under conditions: SizingConditions, in state: inout State) {
        if conditions == state.conditions {
            state.current[key] = height
        } else {
            state.others[conditions, default: KeyedHeights()][key] = height
        }
    }

    /// Forgets the heights of `key` under every condition.
    func invalidate(_ key: CacheKey) {
        withState { state in
            state.current[key] = nil
            for conditions in Array(state.others.keys) {
                state.others[conditions]?[key] = nil
                if state.others[conditions]?.isEmpty == true { state.others[conditions] = nil }
            }
        }
    }

    /// Forgets every height under every condition.
    func invalidateAll() {
        withState { state in
            state.current.removeAll()
            state.others = [:]
        }
    }
}
