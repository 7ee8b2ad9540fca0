import Foundation
import Testing
import TextOracles
@testable import Typesetting

/// A span that ends inside a segment ("word" before the next span's " ") is looked up as the
/// whole segment, which the cache knows from other text; only its part in the span counts,
/// and only where the span's end is safe to break. Widths are `hb-shape`'s, span by span.
@Suite struct SpanEdgeShapingTests {
    typealias F = AttributedFixtures

    /// `(text, file, size)` spans whose edges fall inside segments: "To" kerns across the
    /// edge (unsafe there), "word" meets the next span's space (safe).
    static let cases: [[(String, String, Double)]] = [
        [("T", F.regularFile, 17), ("o and word", F.regularFile, 18), (" next", F.boldFile, 17)],
        [("AVA", F.boldFile, 20), ("VA word", F.boldFile, 14), (", Tower", F.regularFile, 17)],
        [("wor", F.regularFile, 17), ("d office ", F.regularFile, 17.5), ("To", F.regularFile, 17), ("o", F.boldFile, 9)],
    ]

    static func string(_ spans: [(String, String, Double)]) throws -> AttributedString {
        try spans.reduce(into: AttributedString()) { $0 += try F.run($1.0, $1.1, CGFloat($1.2)) }
    }

    @Test(arguments: 0..<cases.count)
    func spansEndingInsideWordsMeasureAsTheirPartsShapedAlone(_ index: Int) throws {
        let spans = Self.cases[index]
        let expected = try spans.reduce(0.0) { $0 + (try F.width($1.0, $1.1, $1.2)) }
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        let font = try F.font(F.regularFile, 12)
        // First with the whole words unknown, then once they are cached from plain text
        // (seen twice, so admitted), which the spans' last pieces then find.
        let words = spans.map(\.0).joined()
        for pass in 0..<3 {
            if pass == 1 {
                for file in [F.regularFile, F.boldFile] {
                    for _ in 0..<2 { _ = try PreparedText(attributed: F.run(words, file, 17), defaultFont: font, cache: cache) }
                }
            }
            let prepared = try PreparedText(attributed: Self.string(spans), defaultFont: font, cache: cache)
            let width = Double(prepared.unconstrainedWidth)
            #expect(abs(width - expected) < 1e-9 * expected, "pass \(pass)")
        }
    }

    /// The whole segment of a span's last piece is what the cache gains: the plain word is
    /// then found whole, and measures as `hb-shape` says.
    @Test func theWholeSegmentIsCachedForPlainText() throws {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        let font = try F.font(F.regularFile, 12)
        var string = try F.run("hello", F.regularFile, 17)
        string += try F.run(" there", F.regularFile, 11)
        for _ in 0..<2 { _ = try PreparedText(attributed: string, defaultFont: font, cache: cache) }
        let before = cache.statistics
        let plain = try PreparedText(attributed: F.run("hello ", F.regularFile, 17), defaultFont: font, cache: cache)
        #expect(cache.statistics.hits == before.hits + 1)
        #expect(cache.statistics.misses == before.misses)
        let expected = try F.width("hello", F.regularFile, 17)
        #expect(abs(Double(plain.unconstrainedWidth) - expected) < 1e-9 * expected)
    }
}
