import Foundation

extension PreparedText {
    /// The embedding level of the paragraph over `range`: the lowest level the bidi
    /// algorithm gives its characters, odd when it reads right to left (its first strong
    /// character is right to left). `cursor` is a run index at or before the paragraph's
    /// first run and is moved to it, so that paragraphs read in order cost one pass.
    func paragraphLevel(over range: Range<Int>, cursor: inout Int) -> UInt8 {
        guard !runs.isEmpty else { return 0 }
        var index = min(cursor, runs.count - 1)
        while index + 1 < runs.count && runs.end(index) <= range.lowerBound { index += 1 }
        cursor = index
        var lowest = UInt8.max
        // Level 0 is the lowest there is, so most left-to-right paragraphs stop at their first run.
        while lowest > 0 && index < runs.count && runs.start(index) < max(range.upperBound, range.lowerBound + 1) {
            lowest = min(lowest, runs.packed[index].level)
            index += 1
        }
        return lowest == .max ? 0 : lowest
    }

    /// The paragraph holding UTF-16 offset `offset`: from after the hard break before it to
    /// its own hard break (included) or the text's end.
    func paragraphRange(containing offset: Int) -> Range<Int> {
        guard !segments.isEmpty else { return 0..<0 }
        // Without hard breaks the text is one paragraph: no walk over its segments.
        guard segments.hasHardBreaks else { return 0..<utf16.count }
        let segment = segments.index(containing: offset, from: 0)
        var first = segment
        while first > 0 && !segments.isHard(first - 1) { first -= 1 }
        var last = segment
        while last + 1 < segments.count && !segments.isHard(last) { last += 1 }
        return segments.start(first)..<segments.end(last)
    }
}
