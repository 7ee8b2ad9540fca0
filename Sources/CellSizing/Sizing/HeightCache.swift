import Foundation

/// Heights by width and item key, and the width cells are measured at now: the shared state of
/// a ``CellSizer``, safe to use from many threads.
///
/// The table of the current width is kept apart from the others, so that a lookup is one lock
/// and one hash of the key. Changing the width files the current table under its width and
/// takes out the one of the new width, if there is one: switching back costs nothing.
final class HeightCache: @unchecked Sendable {
    // Unchecked: keys are `AnyHashable`, which is not `Sendable`; the lock guards every access,
    // and keys are documented to be immutable values.
    private struct State {
        var width: CGFloat
        var current: [AnyHashable: CGFloat] = [:]
        var otherWidths: [CGFloat: [AnyHashable: CGFloat]] = [:]
    }

    private let lock = NSLock()
    private var state: State

    init(width: CGFloat) {
        state = State(width: width)
    }

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// The width heights are measured and looked up at.
    var width: CGFloat {
        withState { $0.width }
    }

    /// Makes `width` the current width, keeping the heights of the old one.
    func setWidth(_ width: CGFloat) {
        withState { state in
            guard width != state.width else { return }
            let incoming = state.otherWidths.removeValue(forKey: width) ?? [:]
            let outgoing = state.current
            state.current = incoming
            if !outgoing.isEmpty { state.otherWidths[state.width] = outgoing }
            state.width = width
        }
    }

    /// The height cached for `key` at the current width, and that width.
    func lookUp(_ key: AnyHashable) -> (height: CGFloat?, width: CGFloat) {
        withState { ($0.current[key], $0.width) }
    }

    /// The heights cached for `keys` at the current width (`nil` where none is), and that width.
    func lookUp(_ keys: some Sequence<AnyHashable>) -> (heights: [CGFloat?], width: CGFloat) {
        withState { state in
            (keys.map { state.current[$0] }, state.width)
        }
    }

    /// The height cached for `key` at `width`, whether or not it is the current width.
    func height(for key: AnyHashable, atWidth width: CGFloat) -> CGFloat? {
        withState { state in
            width == state.width ? state.current[key] : state.otherWidths[width]?[key]
        }
    }

    /// Records heights measured at `width`. The width may have changed since the measurement
    /// started; the heights still go to the table of the width they were measured at.
    func store(_ entries: some Sequence<(AnyHashable, CGFloat)>, atWidth width: CGFloat) {
        withState { state in
            if width == state.width {
                for (key, height) in entries { state.current[key] = height }
            } else {
                for (key, height) in entries { state.otherWidths[width, default: [:]][key] = height }
            }
        }
    }

    /// Forgets the heights of `key` at every width.
    func invalidate(_ key: AnyHashable) {
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
            state.current = [:]
            state.otherWidths = [:]
        }
    }
}
