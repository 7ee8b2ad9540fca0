/// The elements of an array that parallel workers fill, each element written by at most one
/// worker and read only after every worker has returned.
///
/// An array captured by several threads would be copied on the first write, and a lock per
/// write would serialise them; the workers write through the array's buffer instead. That is
/// sound only under the rule above, which ``ParallelChunks`` gives when each index belongs to
/// the one chunk that claims it. The name of this file says what it hides: raw writes into
/// the array's memory, checked against its bounds.
package struct DisjointSlots<Element>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Element>

    fileprivate init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

    /// The number of elements.
    package var count: Int { buffer.count }

    /// Writes element `index`, which no other worker writes.
    package func set(_ index: Int, to value: Element) {
        precondition(index >= 0 && index < buffer.count, "slot index out of range")
        buffer[index] = value
    }
}

extension Array {
    /// Runs `body` with this array's elements as ``DisjointSlots`` for parallel workers to fill;
    /// the array holds what they wrote when `body` returns.
    package mutating func withDisjointSlots<Result>(_ body: (DisjointSlots<Element>) -> Result) -> Result {
        withUnsafeMutableBufferPointer { buffer in body(DisjointSlots(buffer)) }
    }
}
