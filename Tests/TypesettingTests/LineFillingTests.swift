import Foundation
import Testing
@testable import Typesetting

/// Greedy filling, whitespace, hard breaks and grapheme breaking of overlong words.
@Suite struct LineFillingTests {
    let font = Measure.font

    @Test func wrapsGreedilyAtWordBoundaries() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let width = Measure.width("The quick brown") + 0.5
        let layout = try PreparedText(text, font: font).layout(width: width)
        #expect(Measure.lineTexts(layout) == ["The quick brown ", "fox jumps over ", "the lazy dog"])
        for line in layout.lines { #expect(Double(line.width) <= width) }
    }

    /// A soft hyphen has no advance and an `i` less than the spacing takes away.
    @Test(arguments: ["\u{AD}", "i", "\u{AD}\u{AD}\u{AD}", "i\u{AD}\ni"])
    func negativeLetterSpacingNeverGivesALineANegativeWidth(text: String) throws {
        for spacing: CGFloat in [-2, -5, -1_000] {
            let layout = try PreparedText(text, font: font, letterSpacing: spacing).layout(width: 100)
            for line in layout.lines { #expect(line.width >= 0, "\(text.debugDescription) at \(spacing): \(line.width)") }
            #expect(layout.size.width >= 0)
        }
    }

    @Test func aLineExactlyAsWideAsTheLayoutFits() throws {
        let width = Measure.width("Hello world")
        let layout = try PreparedText("Hello world again", font: font).layout(width: width)
        #expect(Measure.lineTexts(layout) == ["Hello world ", "again"])
    }

    @Test func trailingWhitespaceHangsAndDoesNotCountTowardsWidth() throws {
        #expect(abs(Measure.width("Hello    ") - Measure.width("Hello")) < 1e-9)
        let width = max(Measure.width("Hello"), Measure.width("world")) + 1
        let layout = try PreparedText("Hello      world", font: font).layout(width: width)
        #expect(Measure.lineTexts(layout) == ["Hello      ", "world"])
        #expect(abs(Double(layout.lines[0].width) - Measure.width("Hello")) < 1e-9)
    }

    @Test func hardBreaksEndLines() throws {
        let layout = try PreparedText("one\ntwo\u{2028}three\u{2029}four\r\nfive", font: font).layout(width: .infinity)
        #expect(Measure.lineTexts(layout) == ["one\n", "two\u{2028}", "three\u{2029}", "four\r\n", "five"])
    }

    @Test func emptyLinesBetweenHardBreaksHaveThePrimaryLineHeight() throws {
        let layout = try PreparedText("a\n\nb", font: font).layout(width: .infinity)
        #expect(layout.lines.count == 3)
        #expect(layout.lines[1].width == 0)
        #expect(abs(layout.lines[1].height - font.lineHeight) < 1e-9)
    }

    @Test func aTrailingHardBreakDoesNotAddAnEmptyLine() throws {
        #expect(try PreparedText("a\n", font: font).layout(width: .infinity).lines.count == 1)
        #expect(try PreparedText("\n", font: font).layout(width: .infinity).lines.count == 1)
    }

    @Test func emptyTextHasNoLinesAndZeroSize() throws {
        let layout = try PreparedText("", font: font).layout(width: 100)
        #expect(layout.lines.isEmpty)
        #expect(layout.size == .zero)
        #expect(layout.firstBaseline == 0 && layout.lastBaseline == 0)
    }

    @Test func anOverlongWordBreaksBetweenGraphemeClusters() throws {
        let word = "Supercalifragilisticexpialidocious"
        let layout = try PreparedText(word, font: font).layout(width: 60)
        let texts = Measure.lineTexts(layout)
        #expect(texts.count > 1)
        #expect(texts.joined() == word)
        for line in layout.lines { #expect(Double(line.width) <= 60 + 1e-9) }
        // Each line holds as many clusters as fit: one more would overflow.
        for (index, text) in texts.dropLast().enumerated() {
            let next = text + String(texts[index + 1].prefix(1))
            #expect(Measure.width(next) > 60)
        }
    }

    @Test func graphemeBreakingNeverSplitsACluster() throws {
        let word = String(repeating: "e\u{301}a\u{308}", count: 12)  // é ä with combining marks
        let layout = try PreparedText(word, font: font).layout(width: 30)
        #expect(layout.lines.count > 1)
        for line in layout.lines {
            let first = line.utf16Range.lowerBound
            let scalar = Array(word.utf16)[first]
            #expect(scalar != 0x301 && scalar != 0x308)
        }
        #expect(Measure.lineTexts(layout).joined() == word)
    }

    @Test func aLineNarrowerThanOneClusterStillTakesOneCluster() throws {
        let layout = try PreparedText("WWW", font: font).layout(width: 1)
        #expect(Measure.lineTexts(layout) == ["W", "W", "W"])
    }

    @Test func infiniteWidthKeepsEachParagraphOnOneLine() throws {
        let layout = try PreparedText("A long sentence that would wrap.\nSecond", font: font).layout(width: .infinity)
        #expect(layout.lines.count == 2)
    }

    @Test func lineSpacingGoesBetweenLines() throws {
        let text = "one\ntwo\nthree"
        let plain = try PreparedText(text, font: font).layout(width: .infinity, scale: 1000)
        let spaced = try PreparedText(text, font: font).layout(width: .infinity, lineSpacing: 4, scale: 1000)
        #expect(abs(spaced.size.height - plain.size.height - 8) < 0.002)
        #expect(abs(spaced.lines[2].minY - plain.lines[2].minY - 8) < 1e-9)
    }

    @Test func lineHeightIsTheTallestFaceUsedOnTheLine() throws {
        let cjk = try Typeface.load(path: Font.default(size: 17).cascade.typefaces[4].path)
        let cjkLineHeight = PreparedText.lineMetrics(FaceHandle(cjk), size: 17).lineHeight
        let arabic = font.cascade.typefaces[1]
        let arabicLineHeight = PreparedText.lineMetrics(FaceHandle(arabic), size: 17).lineHeight
        let layout = try PreparedText("Latin\n中文\nLatin 中文\nمرحبا", font: font).layout(width: .infinity)
        #expect(abs(layout.lines[0].height - font.lineHeight) < 1e-9)
        #expect(abs(layout.lines[1].height - cjkLineHeight) < 1e-9)
        #expect(abs(layout.lines[2].height - max(font.lineHeight, cjkLineHeight)) < 1e-9)
        #expect(abs(layout.lines[3].height - arabicLineHeight) < 1e-9)
        #expect(arabicLineHeight > font.lineHeight)
    }

    @Test func baselinesSitAtTheAscenderOfTheLinesTallestFace() throws {
        let layout = try PreparedText("First line\nSecond line", font: font).layout(width: .infinity)
        #expect(abs(layout.firstBaseline - font.ascender) < 1e-9)
        #expect(abs(layout.lastBaseline - (font.lineHeight + font.ascender)) < 1e-9)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func sizeIsCeiledToThePixelGridOfTheScale(_ scale: Double) throws {
        let layout = try PreparedText("Pixel grid text", font: font).layout(width: .infinity, scale: scale)
        let raw = Double(layout.lines[0].width)
        let width = Double(layout.size.width)
        #expect(abs((width * scale).rounded() - width * scale) < 1e-9)
        #expect(width >= raw && width < raw + 1 / scale)
        let height = Double(layout.size.height)
        #expect(height >= font.lineHeight && height < font.lineHeight + 1 / scale)
    }

    @Test func uikitsExampleLineHeightCeilsToHalfPointsAtScaleTwo() {
        #expect(PixelGrid.ceil(20.287, scale: 2) == 20.5)
        #expect(PixelGrid.ceil(20.0, scale: 2) == 20.0)
        #expect(PixelGrid.ceil(20.5000000000001, scale: 2) == 20.5)
    }

    @Test func layingOutTwiceGivesTheSameLines() throws {
        let prepared = PreparedText("Repeatable layout of the same prepared text.", font: font)
        let first = try prepared.layout(width: 120)
        _ = try prepared.layout(width: 40)
        #expect(try prepared.layout(width: 120).lines == first.lines)
    }
}
