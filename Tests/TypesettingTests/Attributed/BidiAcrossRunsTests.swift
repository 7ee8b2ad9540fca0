import Foundation
import Testing
import TextOracles
@testable import Typesetting

/// Bidi levels of attributed text are resolved over each whole paragraph, not run by run,
/// and a right-to-left paragraph's lines sit at the right under `.natural` alignment.
/// Expected visual orders are worked out by hand from UAX #9; widths come from `hb-shape`.
@Suite struct BidiAcrossRunsTests {
    static let R = AttributedFixtures.regularFile
    static let B = AttributedFixtures.boldFile
    static let H = AttributedFixtures.hebrewFile
    static let HB = "NotoSansHebrew-Bold.ttf"
    static let A = "NotoSansArabic-Regular.ttf"
    static let AB = "NotoSansArabic-Bold.ttf"

    typealias Piece = (text: String, file: String)

    static func string(_ pieces: [Piece], style: ParagraphStyle? = nil) throws -> AttributedString {
        var string = AttributedString()
        for piece in pieces { string += try AttributedFixtures.run(piece.text, piece.file, 17) }
        if let style { string.paragraphStyle = style }
        return string
    }

    static func width(_ pieces: [Piece]) throws -> Double {
        try pieces.reduce(0) { try $0 + AttributedFixtures.width($1.text, $1.file, 17) }
    }

    /// The UTF-16 offsets of line `index` from left to right, as its glyph runs draw them.
    static func visualOrder(_ layout: TextLayout, line index: Int = 0) -> [Int] {
        layout.glyphRuns(onLine: index).flatMap { run in
            run.isRightToLeft ? Array(run.utf16Range.reversed()) : Array(run.utf16Range)
        }
    }

    static func close(_ a: CGFloat, _ b: Double) -> Bool { abs(Double(a) - b) < 1e-9 * max(1, abs(b)) }

    /// "Say שלום עולם world": the Hebrew phrase is bold then regular, and the regular run
    /// goes on into " world". Over the whole paragraph (left to right, from "S") the phrase
    /// and the space inside it are one level-1 sequence, shown reversed as a unit, and the
    /// space before "world" is level 0. Run by run, " עולם world" alone would be a
    /// right-to-left paragraph with "world" at level 2, drawn left of "עולם".
    @Test func aHebrewPhraseAcrossTwoRunsIsOneRightToLeftSequence() throws {
        var string = AttributedString("Say ")
        string.font = .default(size: 17, systemFonts: false)
        string += try AttributedFixtures.run("שלום", Self.HB, 17)
        var rest = AttributedString(" עולם world")
        rest.font = .default(size: 17, systemFonts: false)
        string += rest
        let layout = try PreparedText(attributed: string).layout(width: 1000)
        #expect(Self.visualOrder(layout) == [0, 1, 2, 3] + Array((4...12).reversed()) + Array(13...18))
        // The shipped cascade draws the Latin and the run's first space with Noto Sans, the
        // Hebrew and the space after it with Noto Sans Hebrew.
        let width = try Self.width([("Say ", Self.R), ("שלום", Self.HB), (" ", Self.R), ("עולם ", Self.H), ("world", Self.R)])
        #expect(Self.close(layout.lines[0].width, width))
        #expect(layout.lines[0].minX == 0)
    }

    /// "שלום abc עולם" with "abc" in a run of its own: the paragraph is right to left (its
    /// first strong character is Hebrew), so "abc" is level 2 inside one level-1 line:
    /// the whole line is reversed, "abc" reading left to right in the middle. The line sits
    /// at the right.
    @Test func latinInsideARightToLeftParagraph() throws {
        let pieces: [Piece] = [("שלום ", Self.H), ("abc", Self.B), (" עולם", Self.H)]
        let layout = try PreparedText(attributed: Self.string(pieces)).layout(width: 300)
        #expect(Self.visualOrder(layout) == [12, 11, 10, 9, 8, 5, 6, 7, 4, 3, 2, 1, 0])
        let width = try Self.width(pieces)
        #expect(Self.close(layout.lines[0].width, width))
        #expect(Self.close(layout.lines[0].minX, 300 - width))
    }

    /// "123 " in a run of its own before Hebrew: the paragraph is still right to left (digits
    /// are not strong), the digits rise to level 2 and read left to right at the right end.
    /// Run by run, the ASCII run would have been a left-to-right paragraph of its own.
    @Test func digitsBeforeHebrewTakeTheParagraphsDirection() throws {
        let pieces: [Piece] = [("123 ", Self.R), ("שלום", Self.H)]
        let layout = try PreparedText(attributed: Self.string(pieces)).layout(width: 200)
        #expect(Self.visualOrder(layout) == [7, 6, 5, 4, 3, 0, 1, 2])
        let width = try Self.width(pieces)
        #expect(Self.close(layout.lines[0].width, width))
        #expect(Self.close(layout.lines[0].minX, 200 - width))
    }

    /// Arabic across a bold and a regular run after Latin: "Hello مرحبا بكم" is a
    /// left-to-right paragraph whose Arabic phrase is one reversed sequence.
    @Test func anArabicPhraseAcrossTwoRuns() throws {
        let pieces: [Piece] = [("Hello ", Self.R), ("مرحبا ", Self.AB), ("بكم", Self.A)]
        let layout = try PreparedText(attributed: Self.string(pieces)).layout(width: 400)
        let count = "Hello مرحبا بكم".utf16.count
        #expect(Self.visualOrder(layout) == Array(0...5) + Array((6..<count).reversed()))
        #expect(Self.close(layout.lines[0].width, try Self.width(pieces)))
        #expect(layout.lines[0].minX == 0)
    }

    /// Each paragraph takes its own direction: a left-to-right one at the left, a
    /// right-to-left one at the right, under `.natural` (the default) and `.justified`.
    @Test(arguments: [TextAlignment.natural, .justified])
    func eachParagraphAlignsByItsOwnDirection(_ alignment: TextAlignment) throws {
        let pieces: [Piece] = [("abc\n", Self.R), ("שלום", Self.H)]
        let layout = try PreparedText(attributed: Self.string(pieces, style: ParagraphStyle(alignment: alignment)))
            .layout(width: 250)
        #expect(layout.lines.count == 2)
        #expect(layout.lines[0].minX == 0)
        let hebrew = try AttributedFixtures.width("שלום", Self.H, 17)
        #expect(Self.close(layout.lines[1].minX, 250 - hebrew))
    }

    /// In a right-to-left paragraph the head indents are from the right edge and the tail
    /// indent from the left; `.left` and `.right` stay where they say.
    @Test(arguments: [(TextAlignment.natural, "natural"), (.left, "left"), (.right, "right"), (.center, "center")])
    func indentsOfARightToLeftParagraphMirror(_ alignment: TextAlignment, _ name: String) throws {
        let style = ParagraphStyle(firstLineHeadIndent: 10, tailIndent: -30, alignment: alignment)
        let layout = try PreparedText(attributed: Self.string([("שלום", Self.H)], style: style)).layout(width: 200)
        let width = try AttributedFixtures.width("שלום", Self.H, 17)
        // The box runs from 30 (the tail indent, at the left) to 190 (the head indent).
        let expected: Double
        switch alignment {
        case .left: expected = 30
        case .center: expected = 30 + (160 - width) / 2
        default: expected = 190 - width
        }
        #expect(Self.close(layout.lines[0].minX, expected), "\(name)")
    }

    /// With no width limit, right-to-left lines sit at the right of the widest line.
    @Test func anUnlimitedRightToLeftLayoutAlignsWithinItsWidestLine() throws {
        let pieces: [Piece] = [("שלום עולם\n", Self.H), ("שלום", Self.HB)]
        let layout = try PreparedText(attributed: Self.string(pieces)).layout(width: .infinity)
        let first = try AttributedFixtures.width("שלום עולם", Self.H, 17)
        let second = try AttributedFixtures.width("שלום", Self.HB, 17)
        #expect(layout.lines.count == 2)
        #expect(Self.close(layout.lines[0].minX, 0))
        #expect(Self.close(layout.lines[1].minX, first - second))
        #expect(Double(layout.size.width) == first.rounded(.up))
    }

    /// A truncated line of a right-to-left paragraph ends, in reading order, at its left
    /// end: the tail ellipsis follows the paragraph's direction even after Latin (level 2)
    /// and in a second paragraph whose text begins with a left-to-right one.
    @Test func theTailEllipsisOfARightToLeftLineIsAtItsLeft() throws {
        var string = AttributedString("abc\nשלום abc def")
        string.font = .default(size: 17, systemFonts: false)
        let ellipsis = try AttributedFixtures.width("\u{2026}", Self.R, 17)
        let kept = try AttributedFixtures.width("שלום ", Self.H, 17) + AttributedFixtures.width("abc", Self.R, 17)
        let width = kept + ellipsis + 0.5
        let layout = try PreparedText(attributed: string)
            .layout(width: CGFloat(width), maxLines: 2, lineBreakMode: .byTruncatingTail)
        #expect(layout.lines.count == 2)
        let line = layout.lines[1]
        #expect(line.elidedUTF16Range == 12..<16)
        #expect(Self.close(line.width, kept + ellipsis))
        #expect(Self.close(line.minX, width - (kept + ellipsis)))
        let runs = layout.glyphRuns(onLine: 1)
        #expect(runs.first?.utf16Range.isEmpty == true)
        #expect(Self.visualOrder(layout, line: 1) == [9, 10, 11, 8, 7, 6, 5, 4])
    }
}
