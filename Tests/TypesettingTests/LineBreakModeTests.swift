import Foundation
import Testing
@testable import Typesetting

/// What each `LineBreakMode` does with text that does not fit in `maxLines`.
@Suite struct LineBreakModeTests {
    let font = Measure.font
    let sentence = "The quick brown fox jumps over the lazy dog"

    @Test func wordWrappingStopsAtMaxLinesAndReportsTruncation() throws {
        let layout = try PreparedText(sentence, font: font).layout(width: 90, maxLines: 2)
        let unlimited = try PreparedText(sentence, font: font).layout(width: 90)
        #expect(layout.lines.count == 2)
        #expect(layout.isTruncated)
        #expect(Array(unlimited.lines.prefix(2)) == layout.lines)
        #expect(!unlimited.isTruncated)
    }

    @Test func maxLinesLargerThanNeededTruncatesNothing() throws {
        let layout = try PreparedText(sentence, font: font).layout(width: 90, maxLines: 20)
        #expect(!layout.isTruncated)
        #expect(layout.lines.count == (try PreparedText(sentence, font: font).layout(width: 90)).lines.count)
    }

    @Test func charWrappingBreaksBetweenClustersAndStillHangsSpaces() throws {
        let width = Measure.width("The quick b") + 0.1
        let layout = try PreparedText(sentence, font: font).layout(width: width, lineBreakMode: .byCharWrapping)
        let texts = Measure.lineTexts(layout)
        #expect(texts.first == "The quick b")
        #expect(texts.joined() == sentence)
        for line in layout.lines { #expect(Double(line.width) <= width) }
        let spaced = try PreparedText("ab   cd", font: font).layout(width: Measure.width("ab") + 0.1, lineBreakMode: .byCharWrapping)
        #expect(Measure.lineTexts(spaced) == ["ab   ", "cd"])
    }

    @Test func truncatingTailKeepsTheStartAndEndsWithAnEllipsis() throws {
        let layout = try PreparedText(sentence, font: font).layout(width: 120, maxLines: 1, lineBreakMode: .byTruncatingTail)
        try #require(layout.lines.count == 1)
        let line = layout.lines[0]
        #expect(layout.isTruncated)
        #expect(line.ellipsis == .tail)
        let shown = String(sentence[line.range])
        #expect(sentence.hasPrefix(shown))
        #expect(Double(line.width) <= 120)
        // The ellipsis is drawn as a piece of its own (as CoreText's truncation token is),
        // so no kerning joins it to the text.
        #expect(abs(Double(line.width) - (Measure.width(shown) + Measure.width("…"))) < 0.01)
        // One more cluster would not fit.
        let longer = String(sentence.prefix(shown.count + 1))
        #expect(Measure.width(Measure.trimmingTrailingWhitespace(longer)) + Measure.width("…") > 120)
        #expect(line.elidedRange.map { String(sentence[$0]) } == String(sentence.dropFirst(shown.count)))
    }

    @Test func truncatingHeadKeepsTheEnd() throws {
        let layout = try PreparedText(sentence, font: font).layout(width: 120, maxLines: 1, lineBreakMode: .byTruncatingHead)
        let line = try #require(layout.lines.first)
        #expect(line.ellipsis == .head)
        let shown = String(sentence[line.range])
        #expect(sentence.hasSuffix(shown))
        #expect(Double(line.width) <= 120)
        #expect(abs(Double(line.width) - (Measure.width("…") + Measure.width(shown))) < 0.01)
    }

    @Test func truncatingMiddleKeepsBothEnds() throws {
        let layout = try PreparedText(sentence, font: font).layout(width: 140, maxLines: 1, lineBreakMode: .byTruncatingMiddle)
        let line = try #require(layout.lines.first)
        #expect(line.ellipsis == .middle)
        let elided = try #require(line.elidedRange)
        let head = String(sentence[line.range.lowerBound..<elided.lowerBound])
        let tail = String(sentence[elided.upperBound..<line.range.upperBound])
        #expect(!head.isEmpty && !tail.isEmpty)
        #expect(sentence.hasPrefix(head) && sentence.hasSuffix(tail))
        #expect(Double(line.width) <= 140)
        #expect(abs(Double(line.width) - (Measure.width(head) + Measure.width("…") + Measure.width(tail))) < 0.01)
    }

    @Test func truncationAppliesToTheLastAllowedLineOnly() throws {
        let layout = try PreparedText(sentence, font: font).layout(width: 90, maxLines: 2, lineBreakMode: .byTruncatingTail)
        let wrapped = try PreparedText(sentence, font: font).layout(width: 90)
        #expect(layout.lines.count == 2)
        #expect(layout.lines[0] == wrapped.lines[0])
        #expect(layout.lines[1].ellipsis == .tail)
    }

    @Test func textThatFitsIsNotTruncated() throws {
        for mode in LineBreakMode.allCases {
            let layout = try PreparedText("Short", font: font).layout(width: 200, maxLines: 1, lineBreakMode: mode)
            #expect(!layout.isTruncated, "\(mode)")
            #expect(layout.lines.first?.ellipsis == nil)
        }
    }

    @Test func droppedParagraphsPutTheEllipsisAtTheEnd() throws {
        let layout = try PreparedText("Short\nSecond paragraph", font: font)
            .layout(width: 200, maxLines: 1, lineBreakMode: .byTruncatingHead)
        #expect(layout.lines.first?.ellipsis == .tail)
        #expect(layout.isTruncated)
        #expect(Measure.lineTexts(layout) == ["Short"])
    }

    @Test func clippingKeepsTheRestOfTheParagraphAtMostTheWidth() throws {
        let layout = try PreparedText(sentence, font: font).layout(width: 100, maxLines: 1, lineBreakMode: .byClipping)
        let line = try #require(layout.lines.first)
        #expect(line.isClipped)
        #expect(line.width == 100)
        #expect(String(sentence[line.range]) == sentence)
        #expect(layout.isTruncated)
    }

    @Test func anEllipsisTooWideForTheLineStillShowsAlone() throws {
        let layout = try PreparedText(sentence, font: font).layout(width: 2, maxLines: 1, lineBreakMode: .byTruncatingTail)
        let line = try #require(layout.lines.first)
        #expect(line.utf16Range.isEmpty)
        #expect(line.ellipsis == .tail)
    }

    @Test func unlimitedLinesMakeTruncatingModesWrapByWords() throws {
        let wrapped = try PreparedText(sentence, font: font).layout(width: 90)
        for mode in [LineBreakMode.byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle] {
            #expect(try PreparedText(sentence, font: font).layout(width: 90, lineBreakMode: mode).lines == wrapped.lines)
        }
    }

    @Test func truncatedArabicIsMeasuredAsShapedAlone() throws {
        let text = "مرحبا بالعالم العربي الجميل جدا"
        let layout = try PreparedText(text, font: font).layout(width: 100, maxLines: 1, lineBreakMode: .byTruncatingTail)
        let line = try #require(layout.lines.first)
        let shown = Measure.trimmingTrailingWhitespace(String(text[line.range]))
        let expected = Measure.width(shown) + Measure.width("…")
        #expect(abs(Double(line.width) - expected) < 0.05)
        #expect(Double(line.width) <= 100)
    }
}
