import Foundation
import Testing
import TextOracles
import SeededRandom
@testable import Typesetting

/// Words far longer than a line (hashes, base64, DNA, kerning chains) and runs longer than
/// a shaping window: broken and measured as short ones are.
@Suite struct LongRunBreakingTests {
    let font = Measure.font

    /// Random lowercase letters, the same every run.
    static func letters(_ count: Int, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        return String((0..<count).map { _ in alphabet.randomElement(using: &random)! })
    }

    /// Every line fits measured on its own, and one more cluster would not (each line holds
    /// as many as fit); the lines tile the word.
    func expectGreedyClusterBreaking(_ word: String, width: Double) throws {
        let layout = try PreparedText(word, font: font).layout(width: width)
        let texts = Measure.lineTexts(layout)
        #expect(texts.joined() == word)
        for (index, text) in texts.enumerated() {
            #expect(Measure.width(text) <= width + 1e-6, "line \(index): \(text)")
            #expect(abs(Double(layout.lines[index].width) - Measure.width(text)) < 1e-6, "line \(index)")
            if index + 1 < texts.count {
                #expect(Measure.width(text + String(texts[index + 1].prefix(1))) > width, "line \(index) could hold more")
            }
        }
    }

    @Test func aLongRandomWordBreaksIntoLinesThatEachHoldAsManyClustersAsFit() throws {
        try expectGreedyClusterBreaking(Self.letters(3000, seed: 19), width: 300)
    }

    @Test func aKerningChainWithNoSafeBreakBreaksIntoLinesThatEachHoldAsManyClustersAsFit() throws {
        try expectGreedyClusterBreaking(String(repeating: "AV", count: 1500), width: 300)
    }

    @Test func charWrappingALongWordGivesTheSameLinesAsWordWrappingIt() throws {
        let word = Self.letters(2000, seed: 20)
        let prepared = PreparedText(word, font: font)
        let words = try prepared.layout(width: 250).lines.map(\.utf16Range)
        let characters = try prepared.layout(width: 250, lineBreakMode: .byCharWrapping).lines.map(\.utf16Range)
        #expect(words == characters)
    }

    @Test func emojiModifiersInOneGraphemeClusterAreNeverSplitAcrossLines() throws {
        // Skin tone modifiers extend the cluster before them (UAX #29), though UAX #14 has
        // a break opportunity between two of them.
        let text = String(repeating: "\u{1F3FD}", count: 40)
        #expect(text.count == 1)
        let layout = try PreparedText(text, font: font).layout(width: 100)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].utf16Range == 0..<80)
    }

    @Test func leadingWhitespaceIsNotForcedOntoALineWithTheFirstCluster() throws {
        // At a width too small for any cluster, the whitespace makes a line of its own, and
        // each line holds one cluster: none is wider than its one cluster.
        let text = "  中文"
        let layout = try PreparedText(text, font: font).layout(width: 0, lineBreakMode: .byCharWrapping)
        #expect(Measure.lineTexts(layout) == ["  ", "中", "文"])
        #expect(layout.lines[0].width == 0)
    }

    /// Middle truncation by the book: characters taken alternately from the left and the
    /// right, each side measured as a text of its own (of a word: no whitespace to hang), while they and the ellipsis fit; once
    /// one side's next character does not fit, the other side goes on alone.
    static func referenceMiddleCut(_ text: String, width: Double) -> (left: Int, right: Int) {
        let characters = Array(text)
        let budget = width - Measure.width("…")
        func fits(_ left: Int, _ right: Int) -> Bool {
            left + right <= characters.count
                && Measure.width(String(characters[..<left])) + Measure.width(String(characters[(characters.count - right)...])) <= budget + 1e-7
        }
        var left = 0
        var right = 0
        var takeLeft = true
        var stalled = 0
        while left + right < characters.count && stalled < 2 {
            if takeLeft ? fits(left + 1, right) : fits(left, right + 1) {
                if takeLeft { left += 1 } else { right += 1 }
                stalled = 0
            } else {
                stalled += 1
            }
            takeLeft.toggle()
        }
        let utf16Left = String(characters[..<left]).utf16.count
        let utf16Right = text.utf16.count - String(characters[(characters.count - right)...]).utf16.count
        return (utf16Left, utf16Right)
    }

    @Test(arguments: [("random letters", LongRunBreakingTests.letters(400, seed: 22)),
                      ("a kerning chain", String(repeating: "AV", count: 200)),
                      ("a long word", String(repeating: "Supercalifragilisticexpialidocious", count: 3))])
    func middleTruncationKeepsClustersFromBothEndsAsTheGreedyReferenceDoes(_ name: String, _ text: String) throws {
        let prepared = PreparedText(text, font: font)
        for width in [60.0, 151.5, 333.0] {
            let layout = try prepared.layout(width: width, maxLines: 1, lineBreakMode: .byTruncatingMiddle)
            let elided = try #require(layout.lines.first?.elidedUTF16Range)
            let expected = Self.referenceMiddleCut(text, width: width)
            #expect(elided == expected.left..<expected.right, "\(name) at \(width)")
        }
    }

    /// Width in points of a text shaped whole by `hb-shape` with one shipped face.
    static func harfBuzzWidth(_ text: String, size: Double, file: String = "NotoSans-Regular.ttf") throws -> Double {
        try HarfBuzzOracle.width(text, fontPath: HarfBuzzOracle.shippedFonts.appendingPathComponent(file).path, size: size)
    }

    /// The skin tone modifiers are drawn by the shipped emoji face, the rest by Noto Sans.
    @Test(arguments: [
        ("random letters", LongRunBreakingTests.letters(3 * PreparedText.shapingWindow + 123, seed: 21), "NotoSans-Regular.ttf"),
        ("a kerning chain", String(repeating: "AV", count: PreparedText.shapingWindow + 61), "NotoSans-Regular.ttf"),
        ("one grapheme cluster", String(repeating: "\u{1F3FD}", count: PreparedText.shapingWindow / 2 + 100),
         "NotoColorEmoji.ttf"),
    ])
    func aRunLongerThanAShapingWindowMeasuresAsHarfBuzzShapesItWhole(_ name: String, _ text: String, _ file: String) throws {
        #expect(text.utf16.count > PreparedText.shapingWindow)
        let prepared = PreparedText(text, font: font)
        let expected = try Self.harfBuzzWidth(text, size: 17, file: file)
        #expect(abs(Double(prepared.unconstrainedWidth) - expected) < 1e-9 * expected, "\(name)")
    }

    /// A kerning chain has no position safe to break, so every line's edges are shaped: the
    /// widths remembered for later layouts stay bounded however many lines the text has.
    @Test func theExactWidthsRememberedStayBoundedOnALongKerningChain() throws {
        let prepared = PreparedText(String(repeating: "AV", count: 60_000), font: font)
        let size = try prepared.size(width: 60)
        let lines = try prepared.layout(width: 60).lines.count
        #expect(lines > PreparedText.rememberedExactWidths, "\(lines) lines, \(size)")
        #expect(prepared.rememberedExactWidthCount <= PreparedText.rememberedExactWidths)
        #expect(prepared.rememberedExactWidthCount > 0)
        // Laid out again, the same lines (the widths shaped anew where forgotten).
        #expect(try prepared.layout(width: 60).lines.count == lines)
        #expect(try prepared.size(width: 60) == size)
    }
}
