import CHarfBuzz

/// A thread's HarfBuzz buffer and the per-position results of its last
/// ``Shaper/shapeIntoScratch(_:range:font:rightToLeft:script:features:scratch:)`` call.
///
/// Only the owning thread ever touches it, so the runtime's dynamic exclusivity checks on
/// these properties (a call into the runtime on every access) can prove nothing: they are
/// turned off.
final class ShapingScratch {
    let buffer: OpaquePointer

    /// Per-position results of the last shaping into scratch, in their first positions (as
    /// many as the shaped range has): the advance in font units, and whether a break there
    /// is unsafe.
    @exclusivity(unchecked) var unitAdvances: [Float] = []
    @exclusivity(unchecked) var unsafe: [Bool] = []

    init() {
        buffer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(buffer)
    }

    /// Resets the first `count` positions of the per-position arrays. The arrays only
    /// grow: positions past `count` hold stale values that no caller reads, and filling
    /// a prefix in place is a memset rather than a resize.
    func prepareArrays(count: Int) {
        if unitAdvances.count < count {
            unitAdvances.append(contentsOf: repeatElement(0, count: count - unitAdvances.count))
            unsafe.append(contentsOf: repeatElement(true, count: count - unsafe.count))
        }
        unitAdvances.withUnsafeMutableBufferPointer { $0.baseAddress?.update(repeating: 0, count: count) }
        unsafe.withUnsafeMutableBufferPointer { $0.baseAddress?.update(repeating: true, count: count) }
    }
}
