import Foundation
import Testing
import TextOracles
@testable import Typesetting

/// Widths of attributed strings of two to five runs against `hb-shape` run by run: each run
/// shaped on its own with its own file and size (plus its kern after each character, with
/// ligatures off as UIKit's kerned text has them).
@Suite struct AttributedWidthTests {
    typealias Piece = (text: String, file: String, size: Double, kern: Double)
    static let R = AttributedFixtures.regularFile
    static let B = AttributedFixtures.boldFile
    static let H = AttributedFixtures.hebrewFile

    static let cases: [(name: String, pieces: [Piece])] = [
        ("two sizes", [("Hello ", R, 12, 0), ("world", R, 24, 0)]),
        ("bold name in a sentence", [("Ada", B, 17, 0), (" wrote the first ", R, 17, 0), ("program", B, 17, 0)]),
        ("four runs, one kerned", [("Fit", R, 10, 0), ("size ", B, 30, 0), ("AV To", R, 17, 1.5), (" office", R, 9, 0)]),
        ("five runs with Hebrew", [("a ", R, 11, 0), ("שלום", H, 19, 0), (" b", B, 13, 0), ("VA", R, 40, -2), ("!", B, 8, 0)]),
    ]

    static func expectedWidth(_ pieces: [Piece]) throws -> Double {
        try pieces.reduce(0.0) { total, piece in
            let features = piece.kern == 0 ? nil : "-liga,-clig,-dlig"
            let shaped = try HarfBuzzOracle.width(
                piece.text, fontPath: AttributedFixtures.path(piece.file), size: piece.size, features: features)
            return total + shaped + piece.kern * Double(piece.text.count)
        }
    }

    @Test(arguments: 0..<cases.count)
    func anAttributedStringIsAsWideAsItsRunsShapedApart(_ index: Int) throws {
        let (name, pieces) = Self.cases[index]
        var string = AttributedString()
        for piece in pieces {
            string += try AttributedFixtures.run(piece.text, piece.file, CGFloat(piece.size),
                                                 kern: piece.kern == 0 ? nil : CGFloat(piece.kern))
        }
        let expected = try Self.expectedWidth(pieces)
        let prepared = try PreparedText(attributed: string)
        #expect(abs(Double(prepared.unconstrainedWidth) - expected) < 1e-9 * expected, "\(name)")
    }

    /// Attributes that change no size (a link here) neither split the shaping spans nor
    /// change the width.
    @Test func aLinkDoesNotSplitShaping() throws {
        let font = try AttributedFixtures.font(Self.R, 17)
        var string = AttributedString("Read the manual first")
        string.font = font
        let manual = try #require(string.range(of: "manual"))
        string[manual].link = URL(string: "https://example.com")
        #expect(string.runs.count == 3)
        let prepared = try PreparedText(attributed: string)
        #expect(prepared.styleSpans?.spans.count == 1)
        let expected = try AttributedFixtures.width("Read the manual first", Self.R, 17)
        #expect(abs(Double(prepared.unconstrainedWidth) - expected) < 1e-9 * expected)
    }

    /// Spans start at the runs' UTF-16 offsets whatever the characters before them take:
    /// a surrogate pair, a combining mark, a run that differs only in a link.
    @Test func spansStartAtTheRunsUTF16Offsets() throws {
        var string = try AttributedFixtures.run("a\u{1F600}", Self.R, 12)
        let bold = try AttributedFixtures.font(Self.B, 14)
        var accented = AttributedString("e\u{301}x")
        accented.font = bold
        string += accented
        var linked = AttributedString("yz")
        linked.font = bold
        linked.link = URL(string: "https://example.com")
        string += linked
        string += try AttributedFixtures.run("\u{05E9}q", Self.R, 20)
        let prepared = try PreparedText(attributed: string)
        let spans = try #require(prepared.styleSpans?.spans)
        #expect(spans.map(\.start) == [0, 3, 8])
        #expect(spans.map(\.end) == [3, 8, 10])
        #expect(prepared.text == "a\u{1F600}e\u{301}xyz\u{05E9}q")
    }

    /// Runs without a font take the default font; the scope's keys are reachable by name.
    @Test func runsWithoutAFontUseTheDefaultFont() throws {
        var string = AttributedString("plain ")
        string += try AttributedFixtures.run("big", Self.B, 30)
        #expect(string.runs.first?.font == nil)
        #expect(string.runs.last?.font?.pointSize == 30)
        let prepared = try PreparedText(attributed: string, defaultFont: AttributedFixtures.font(Self.R, 12))
        let expected = try AttributedFixtures.width("plain ", Self.R, 12) + AttributedFixtures.width("big", Self.B, 30)
        #expect(abs(Double(prepared.unconstrainedWidth) - expected) < 1e-9 * expected)
    }

    /// An attachment is one unbreakable character as wide as its bounds.
    @Test func anAttachmentIsAsWideAsItsBounds() throws {
        var string = try AttributedFixtures.run("icon ", Self.R, 17)
        var box = TextAttachment(bounds: CGRect(x: 0, y: -4, width: 23.5, height: 20)).attributedString
        box.font = try AttributedFixtures.font(Self.R, 17)
        string += box
        string += try AttributedFixtures.run(" here", Self.R, 17)
        let prepared = try PreparedText(attributed: string)
        let expected = try AttributedFixtures.width("icon ", Self.R, 17) + 23.5
            + AttributedFixtures.width(" here", Self.R, 17)
        #expect(abs(Double(prepared.unconstrainedWidth) - expected) < 1e-9 * expected)
    }

    /// Lines wrap between runs of different sizes at the widths the runs add up to.
    @Test func wrappingUsesTheRunsWidths() throws {
        var string = try AttributedFixtures.run("small words ", Self.R, 10)
        string += try AttributedFixtures.run("LARGE WORDS", Self.B, 30)
        let first = try AttributedFixtures.width("small words ", Self.R, 10)
            + AttributedFixtures.width("LARGE", Self.B, 30)
        let layout = try PreparedText(attributed: string).layout(width: CGFloat(first) + 1)
        #expect(layout.lines.count == 2)
        #expect(abs(Double(layout.lines[0].width) - first) < 1e-9 * first)
        let second = try AttributedFixtures.width("WORDS", Self.B, 30)
        #expect(abs(Double(layout.lines[1].width) - second) < 1e-9 * second)
    }

    /// Glyph runs for drawing carry each run's size, kern and baseline offset.
    @Test func glyphRunsDrawEachRunAtItsSize() throws {
        var string = try AttributedFixtures.run("Hello ", Self.R, 12)
        var world = try AttributedFixtures.run("world", Self.B, 24, kern: 1)
        world.baselineOffset = 3
        string += world
        let layout = try PreparedText(attributed: string).layout(width: .infinity)
        let runs = layout.glyphRuns(onLine: 0)
        #expect(runs.map(\.pointSize) == [12, 24])
        let hello = try AttributedFixtures.width("Hello ", Self.R, 12)
        let kerned = try HarfBuzzOracle.width("world", fontPath: AttributedFixtures.path(Self.B), size: 24,
                                              features: "-liga,-clig,-dlig") + 5
        let drawn = runs.map { Double($0.advances.reduce(0, +)) }
        #expect(abs(drawn[0] - hello) < 1e-9 * hello)
        #expect(abs(drawn[1] - kerned) < 1e-9 * kerned)
        #expect(runs[1].positions.allSatisfy { $0.y == 3 })
        #expect(abs(Double(runs[1].positions[0].x) - hello) < 1e-9 * hello)
    }

    /// Fallback is per run: each run's cascade picks the face for its characters (the space
    /// after the Hebrew word stays with the Hebrew face, which covers it), and the run is
    /// shaped at its own size.
    @Test func fallbackIsPerRunAtTheRunsSize() throws {
        var string = AttributedString("Shalom ")
        string.font = .default(size: 10, systemFonts: false)
        var hebrew = AttributedString("שלום ok")
        hebrew.font = .default(size: 22, systemFonts: false)
        string += hebrew
        let prepared = try PreparedText(attributed: string)
        let expected = try AttributedFixtures.width("Shalom ", Self.R, 10)
            + AttributedFixtures.width("שלום ", Self.H, 22) + AttributedFixtures.width("ok", Self.R, 22)
        #expect(abs(Double(prepared.unconstrainedWidth) - expected) < 1e-9 * expected)
        let faces = try prepared.layout(width: .infinity).typefaces(onLine: 0)
            .map { URL(fileURLWithPath: $0.path).lastPathComponent }
        #expect(Set(faces) == [Self.R, Self.H])
    }

    /// When lines run out, a truncating layout cuts the last line at the tail with an
    /// ellipsis: the words that fit before it, measured run by run.
    @Test func theLastLineIsCutAtTheTail() throws {
        var string = try AttributedFixtures.run("aa bb ", Self.R, 17)
        string += try AttributedFixtures.run("cc dd ee", Self.B, 17)
        let ellipsis = try AttributedFixtures.width("\u{2026}", Self.R, 17)
        let kept = try AttributedFixtures.width("aa bb ", Self.R, 17) + AttributedFixtures.width("cc", Self.B, 17)
        let width = kept + ellipsis + 1
        let layout = try PreparedText(attributed: string).layout(width: CGFloat(width), maxLines: 1,
                                                                 lineBreakMode: .byTruncatingTail)
        #expect(layout.isTruncated)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].ellipsis == .tail)
        #expect(abs(Double(layout.lines[0].width) - (kept + ellipsis)) < 1e-9 * kept)
        #expect(layout.lines[0].elidedUTF16Range == 8..<14)
    }
}
