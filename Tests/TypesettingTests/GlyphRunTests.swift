import Foundation
import Testing
@testable import Typesetting

/// The read-only glyph view renderers use, and exact widths at unsafe break positions.
@Suite struct GlyphRunTests {
    @Test(arguments: ["Hello AVA world", "مرحبا بالعالم", "abc אבג def", "中文 and English"])
    func glyphAdvancesAddUpToTheLineWidth(_ text: String) throws {
        let layout = try PreparedText(text, font: Measure.font).layout(width: .infinity)
        let runs = layout.glyphRuns(onLine: 0)
        let total = runs.flatMap(\.advances).reduce(0, +)
        #expect(abs(Double(total) - Double(layout.lines[0].width)) < 0.01)
        // Pen positions increase left to right across runs.
        let starts = runs.compactMap { $0.positions.first?.x }
        #expect(starts == starts.sorted())
    }

    @Test func rightToLeftRunsAreInVisualOrder() throws {
        let layout = try PreparedText("abc אבג def", font: Measure.font).layout(width: .infinity)
        let runs = layout.glyphRuns(onLine: 0)
        #expect(runs.map(\.isRightToLeft).contains(true))
        // Logical order is abc, אבג, def; left-to-right paragraph: visual order is the same
        // but the Hebrew run's glyphs are reversed (its first glyph is its last letter).
        let hebrew = try #require(runs.first { $0.isRightToLeft })
        let alef = try #require(hebrew.typeface.glyph(for: "א"))
        #expect(hebrew.glyphs.last == alef)
    }

    @Test func rightToLeftParagraphPutsTheFirstWordOnTheRight() throws {
        let layout = try PreparedText("שלום world", font: Measure.font).layout(width: .infinity)
        let runs = layout.glyphRuns(onLine: 0)
        #expect(runs.first?.isRightToLeft == false)  // "world" is drawn leftmost
        #expect(runs.last?.isRightToLeft == true)
    }

    @Test func truncatedLinesIncludeTheEllipsisGlyph() throws {
        let layout = try PreparedText("A sentence that is too long", font: Measure.font)
            .layout(width: 80, maxLines: 1, lineBreakMode: .byTruncatingTail)
        let runs = layout.glyphRuns(onLine: 0)
        let ellipsis = try #require(Measure.font.primaryTypeface.glyph(for: "…"))
        #expect(runs.last?.glyphs == [ellipsis])
        #expect(abs(Double(runs.flatMap(\.advances).reduce(0, +)) - Double(layout.lines[0].width)) < 0.01)
        #expect(layout.glyphRuns(onLine: 5).isEmpty)
    }

    @Test func linesBrokenInsideLigaturesAreMeasuredAsShapedAlone() throws {
        // Character wrapping can cut "ffi" apart; both halves are then shaped on their own.
        let text = "officeofficeoffice"
        for width in stride(from: 20.0, through: 90, by: 7) {
            let layout = try PreparedText(text, font: Measure.font).layout(width: width, lineBreakMode: .byCharWrapping)
            for line in layout.lines {
                let shown = String(text[line.range])
                #expect(abs(Double(line.width) - Measure.width(shown)) < 0.01, "\(shown) at \(width)")
            }
        }
    }
}
