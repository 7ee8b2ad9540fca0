import Foundation
import Testing
@testable import Typesetting

/// Line counts and break positions for real paragraphs at several widths, against a
/// reference computed independently: ICU's break opportunities (conformance-tested)
/// and the width of each candidate line measured as a text of its own.
@Suite struct MultiLineCorpusTests {
    /// Greedy filling by the book: a line grows by whole segments while its text,
    /// measured alone without trailing whitespace, fits; a segment too wide for a line of
    /// its own is cut at the last of Swift's grapheme cluster (Character) boundaries that
    /// fits, keeping at least one.
    static func referenceBreaks(_ text: String, width: Double) -> [Int] {
        let utf16 = Array(text.utf16)
        let opportunities = utf16.withUnsafeBufferPointer { LineSegmenter.boundaries($0, scratch: ThreadScratch.current.breaking) }
        func measure(_ range: Range<Int>) -> Double {
            let line = String(decoding: utf16[range], as: UTF16.self)
            return Measure.width(Measure.trimmingTrailingWhitespace(line))
        }
        var breaks: [Int] = []
        var start = 0
        var index = 0
        while index < opportunities.count {
            var end = opportunities[index].offset
            var next = index + 1
            while next < opportunities.count, !opportunities[next - 1].isHard,
                  measure(start..<opportunities[next].offset) <= width {
                end = opportunities[next].offset
                next += 1
            }
            if next == index + 1, measure(start..<end) > width {
                // Overlong: cut between Characters.
                let segment = String(decoding: utf16[start..<end], as: UTF16.self)
                var cut = start
                var offset = start
                for character in segment {
                    offset += character.utf16.count
                    if measure(start..<offset) <= width || cut == start { cut = offset } else { break }
                }
                if cut < end && !Measure.trimmingTrailingWhitespace(String(decoding: utf16[cut..<end], as: UTF16.self)).isEmpty {
                    breaks.append(cut)
                    start = cut
                    continue
                }
            }
            breaks.append(end)
            start = end
            index = next
        }
        return breaks
    }

    static let widths: [Double] = [90, 140, 200, 260, 333.5]

    @Test(arguments: TestCorpus.all.map(\.0))
    func lineBreaksMatchTheIndependentGreedyReference(_ name: String) throws {
        let text = try #require(TestCorpus.all.first { $0.0 == name }?.1)
        let prepared = PreparedText(text, font: Measure.font)
        for width in Self.widths {
            let layout = try prepared.layout(width: width)
            let breaks = layout.lines.map(\.utf16Range.upperBound)
            #expect(breaks == Self.referenceBreaks(text, width: width), "\(name) at \(width)")
            for line in layout.lines {
                let shown = Measure.trimmingTrailingWhitespace(String(text[line.range]))
                #expect(abs(Double(line.width) - Measure.width(shown)) < 0.01, "\(name) at \(width): \(shown)")
                #expect(Double(line.width) <= width)
            }
        }
    }

    @Test func englishLineCountsAtKnownWidths() throws {
        let prepared = PreparedText(TestCorpus.english, font: Measure.font)
        var previous = Int.max
        for width in Self.widths {
            let count = try prepared.layout(width: width).lines.count
            #expect(count <= previous)
            previous = count
        }
        #expect(try prepared.layout(width: .infinity).lines.count == 1)
    }
}
