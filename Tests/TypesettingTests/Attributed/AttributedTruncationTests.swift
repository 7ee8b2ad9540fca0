import Foundation
import Testing
import TextOracles
@testable import Typesetting

/// Head, middle and tail truncation and clipping of attributed text, against `hb-shape`
/// widths of the runs: the plain text's rules at each line's own width, the ellipsis in the
/// font of the span the truncated line starts in.
@Suite struct AttributedTruncationTests {
    static let R = AttributedFixtures.regularFile
    static let B = AttributedFixtures.boldFile

    static func close(_ a: CGFloat, _ b: Double) -> Bool { abs(Double(a) - b) < 1e-9 * max(1, abs(b)) }

    /// "aa bb " regular then "cc dd ee" bold, both at 17 points (UTF-16 offsets: "cc" at 6,
    /// "dd" at 9, "ee" at 12, the end at 14).
    static func twoRuns() throws -> AttributedString {
        var string = try AttributedFixtures.run("aa bb ", R, 17)
        string += try AttributedFixtures.run("cc dd ee", B, 17)
        return string
    }

    static func width(_ text: String, _ file: String, _ size: Double = 17) throws -> Double {
        try AttributedFixtures.width(text, file, size)
    }

    /// Head truncation keeps the longest end of the paragraph that fits beside the ellipsis,
    /// which is drawn in the regular face the line starts in though the kept text is bold.
    @Test func headTruncationKeepsTheEnd() throws {
        let ellipsis = try Self.width("\u{2026}", Self.R)
        let kept = try Self.width("dd ee", Self.B)
        // Half a point more than needed: the bold space before "dd" does not fit.
        #expect(try Self.width(" ", Self.B) > 0.5)
        let layout = try PreparedText(attributed: Self.twoRuns())
            .layout(width: CGFloat(kept + ellipsis + 0.5), maxLines: 1, lineBreakMode: .byTruncatingHead)
        #expect(layout.isTruncated)
        #expect(layout.lines.count == 1)
        let line = layout.lines[0]
        #expect(line.ellipsis == .head)
        #expect(line.elidedUTF16Range == 0..<9)
        #expect(line.utf16Range == 9..<14)
        #expect(String(layout.preparedText.text[line.range]) == "dd ee")
        #expect(Self.close(line.width, kept + ellipsis))
        let drawn = layout.glyphRuns(onLine: 0)
        #expect(drawn.first?.utf16Range == 0..<0)
        #expect(drawn.first.map { URL(fileURLWithPath: $0.typeface.path).lastPathComponent } == Self.R)
    }

    /// Middle truncation takes clusters from the left and the right in turn while they fit:
    /// "aa" and "ee" fit, neither side's space does.
    @Test func middleTruncationKeepsBothEnds() throws {
        let ellipsis = try Self.width("\u{2026}", Self.R)
        let kept = try Self.width("aa", Self.R) + Self.width("ee", Self.B)
        #expect(try min(Self.width(" ", Self.R), Self.width(" ", Self.B)) > 0.5)
        let layout = try PreparedText(attributed: Self.twoRuns())
            .layout(width: CGFloat(kept + ellipsis + 0.5), maxLines: 1, lineBreakMode: .byTruncatingMiddle)
        let line = try #require(layout.lines.first)
        #expect(line.ellipsis == .middle)
        #expect(line.elidedUTF16Range == 2..<12)
        #expect(line.utf16Range == 0..<14)
        #expect(Self.close(line.width, kept + ellipsis))
        let drawn = layout.glyphRuns(onLine: 0).map(\.utf16Range)
        #expect(drawn == [0..<2, 2..<2, 12..<14])
    }

    /// Tail truncation of a paragraph with a first-line indent cuts at the width between the
    /// indents, and the ellipsis takes the font of the span the line starts in: here the
    /// 30-point bold one, as wide and as tall as that face draws it.
    @Test func tailTruncationUsesTheLinesWidthAndTheStartingSpansFont() throws {
        var string = try AttributedFixtures.run("Big ", Self.B, 30)
        string += try AttributedFixtures.run("small words follow here", Self.R, 10)
        string.paragraphStyle = ParagraphStyle(firstLineHeadIndent: 20)
        let ellipsis = try Self.width("\u{2026}", Self.B, 30)
        let kept = try Self.width("Big ", Self.B, 30) + Self.width("small words", Self.R, 10)
        let width = 20 + kept + ellipsis + 0.5
        let layout = try PreparedText(attributed: string)
            .layout(width: CGFloat(width), maxLines: 1, lineBreakMode: .byTruncatingTail)
        let line = try #require(layout.lines.first)
        #expect(line.ellipsis == .tail)
        #expect(line.elidedUTF16Range == 15..<27)
        #expect(Self.close(line.width, kept + ellipsis))
        #expect(line.minX == 20)
        let ellipsisRun = try #require(layout.glyphRuns(onLine: 0).last)
        #expect(ellipsisRun.pointSize == 30)
        #expect(abs(Double(ellipsisRun.advances.reduce(0, +)) - ellipsis) < 1e-9 * ellipsis)
    }

    /// On a later line that starts in the small run, the ellipsis is the small run's, and
    /// the line keeps the most clusters that fit beside it (trailing spaces dropped).
    @Test func theEllipsisFollowsTheTruncatedLinesFirstSpan() throws {
        let small = String(repeating: "small ", count: 8) + "end"
        var string = try AttributedFixtures.run("Big words ", Self.B, 30)
        string += try AttributedFixtures.run(small, Self.R, 10)
        let width = try Self.width("Big words", Self.B, 30) + 1
        let layout = try PreparedText(attributed: string)
            .layout(width: CGFloat(width), maxLines: 2, lineBreakMode: .byTruncatingTail)
        #expect(layout.lines.count == 2)
        let line = layout.lines[1]
        #expect(line.utf16Range.lowerBound == 10)
        let ellipsis = try Self.width("\u{2026}", Self.R, 10)
        // The expected cut from hb-shape: the longest prefix of the small run that fits
        // beside the ellipsis, then without its trailing spaces.
        var fitting = 0
        for length in 1...small.count where try Self.width(String(small.prefix(length)), Self.R, 10) + ellipsis <= width {
            fitting = length
        }
        var kept = String(small.prefix(fitting))
        while kept.last == " " { kept.removeLast() }
        #expect(line.elidedUTF16Range == (10 + kept.utf16.count)..<(10 + small.utf16.count))
        #expect(Self.close(line.width, try Self.width(kept, Self.R, 10) + ellipsis))
        let metrics = try AttributedFixtures.verticalMetrics(Self.R, 10)
        #expect(Self.close(line.height, metrics.ascent + metrics.descent))
        #expect(layout.glyphRuns(onLine: 1).last?.pointSize == 10)
    }

    /// Clipping keeps the rest of the last line's paragraph and clips it at the width.
    @Test func clippingKeepsTheParagraphAndClipsIt() throws {
        let full = try Self.width("aa bb ", Self.R) + Self.width("cc dd ee", Self.B)
        let narrow = try PreparedText(attributed: Self.twoRuns())
            .layout(width: CGFloat(full / 2), maxLines: 1, lineBreakMode: .byClipping)
        let line = try #require(narrow.lines.first)
        #expect(narrow.lines.count == 1)
        #expect(narrow.isTruncated)
        #expect(line.isClipped)
        #expect(line.ellipsis == nil)
        #expect(line.utf16Range == 0..<14)
        #expect(line.width == CGFloat(full / 2))

        var paragraphs = try AttributedFixtures.run("aa bb\n", Self.R, 17)
        paragraphs += try AttributedFixtures.run("cc", Self.B, 17)
        let dropped = try PreparedText(attributed: paragraphs)
            .layout(width: CGFloat(full), maxLines: 1, lineBreakMode: .byClipping)
        #expect(dropped.isTruncated)
        #expect(dropped.lines.count == 1)
        #expect(dropped.lines[0].isClipped == false)
        #expect(Self.close(dropped.lines[0].width, try Self.width("aa bb", Self.R)))
    }

    /// A one-font attributed string truncates exactly as the same plain text does, in every
    /// clipping and truncating mode (one rule serves both).
    @Test(arguments: [LineBreakMode.byClipping, .byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail])
    func oneFontAttributedTextTruncatesAsPlainText(_ mode: LineBreakMode) throws {
        let text = "The quick brown fox jumps over the lazy dog again and again"
        let font = try AttributedFixtures.font(Self.R, 15)
        var attributed = AttributedString(text)
        attributed.font = font
        for width in [40.0, 95.5, 160.0, 233.25] {
            for maxLines in [1, 2] {
                let plain = try PreparedText(text, font: font).layout(width: width, maxLines: maxLines, lineBreakMode: mode)
                let rich = try PreparedText(attributed: attributed).layout(width: width, maxLines: maxLines, lineBreakMode: mode)
                #expect(plain.lines.map(\.utf16Range) == rich.lines.map(\.utf16Range), "\(mode) \(width) \(maxLines)")
                #expect(plain.lines.map(\.elidedUTF16Range) == rich.lines.map(\.elidedUTF16Range))
                #expect(plain.lines.map(\.ellipsis) == rich.lines.map(\.ellipsis))
                #expect(plain.lines.map(\.isClipped) == rich.lines.map(\.isClipped))
                #expect(zip(plain.lines, rich.lines).allSatisfy { abs($0.width - $1.width) < 1e-9 })
                #expect(plain.size == rich.size)
            }
        }
    }
}
