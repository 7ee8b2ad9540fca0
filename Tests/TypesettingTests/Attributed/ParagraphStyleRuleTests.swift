import Foundation
import Testing
import TextOracles
@testable import Typesetting

/// Each line rule of attributed text against arithmetic on the font files' own tables and
/// `hb-shape` widths.
@Suite struct ParagraphStyleRuleTests {
    static let R = AttributedFixtures.regularFile
    static let B = AttributedFixtures.boldFile

    static func close(_ a: CGFloat, _ b: Double) -> Bool { abs(Double(a) - b) < 1e-9 * max(1, abs(b)) }

    /// A line is as tall as its tallest ascent plus its deepest descent (with line gap),
    /// each run's at its own size; the baseline sits the tallest ascent down.
    @Test func aLineIsAsTallAsItsTallestRuns() throws {
        var string = try AttributedFixtures.run("small ", Self.R, 12)
        string += try AttributedFixtures.run("Big", Self.B, 28)
        let layout = try PreparedText(attributed: string).layout(width: .infinity)
        let small = try AttributedFixtures.verticalMetrics(Self.R, 12)
        let big = try AttributedFixtures.verticalMetrics(Self.B, 28)
        let ascent = max(small.ascent, big.ascent)
        let descent = max(small.descent, big.descent)
        #expect(Self.close(layout.lines[0].height, ascent + descent))
        #expect(Self.close(layout.lines[0].baseline, ascent))
    }

    /// Each line is as tall as the runs on it alone: a word per line, each in a span of its
    /// own size, the middle one raised, the last an attachment.
    @Test func eachLineTakesTheMetricsOfItsOwnRuns() throws {
        var string = try AttributedFixtures.run("aaa ", Self.R, 10)
        var raised = try AttributedFixtures.run("bbb ", Self.B, 30)
        raised.baselineOffset = 4
        string += raised
        string += try AttributedFixtures.run("ccc ", Self.R, 20)
        var box = TextAttachment(bounds: CGRect(x: 0, y: -6, width: 80, height: 50)).attributedString
        box.font = try AttributedFixtures.font(Self.R, 12)
        string += box
        // Each word fits alone, no two together; the box is wider than a line.
        let width = try AttributedFixtures.width("bbb", Self.B, 30) + 1
        #expect(try AttributedFixtures.width("aaa ", Self.R, 10) + AttributedFixtures.width("bbb", Self.B, 30) > width)
        let layout = try PreparedText(attributed: string).layout(width: CGFloat(width))
        #expect(layout.lines.count == 4)
        let small = try AttributedFixtures.verticalMetrics(Self.R, 10)
        let bold = try AttributedFixtures.verticalMetrics(Self.B, 30)
        let medium = try AttributedFixtures.verticalMetrics(Self.R, 20)
        let heights = [small.ascent + small.descent, bold.ascent + 4 + bold.descent - 4,
                       medium.ascent + medium.descent, 44.0 + 6]
        for (line, height) in zip(layout.lines, heights) { #expect(Self.close(line.height, height)) }
        #expect(Self.close(layout.lines[1].baseline - layout.lines[1].minY, bold.ascent + 4))
    }

    /// A baseline offset raises its run: its ascent grows and its descent shrinks by it.
    @Test func aBaselineOffsetRaisesItsRun() throws {
        var string = try AttributedFixtures.run("x", Self.R, 17)
        var raised = try AttributedFixtures.run("2", Self.R, 10)
        raised.baselineOffset = 9
        string += raised
        let layout = try PreparedText(attributed: string).layout(width: .infinity)
        let text = try AttributedFixtures.verticalMetrics(Self.R, 17)
        let sup = try AttributedFixtures.verticalMetrics(Self.R, 10)
        let ascent = max(text.ascent, sup.ascent + 9)
        let descent = max(text.descent, sup.descent - 9)
        #expect(ascent > text.ascent)
        #expect(Self.close(layout.lines[0].height, ascent + descent))
        #expect(Self.close(layout.lines[0].baseline, ascent))
    }

    /// An attachment counts by its bounds: its top above the baseline, its bottom below.
    @Test func anAttachmentCountsByItsBounds() throws {
        var string = try AttributedFixtures.run("a", Self.R, 10)
        string += TextAttachment(bounds: CGRect(x: 0, y: -7, width: 10, height: 40)).attributedString
        let layout = try PreparedText(attributed: string, defaultFont: AttributedFixtures.font(Self.R, 10))
            .layout(width: .infinity)
        let text = try AttributedFixtures.verticalMetrics(Self.R, 10)
        let ascent = max(text.ascent, 33)
        let descent = max(text.descent, 7)
        #expect(Self.close(layout.lines[0].height, ascent + descent))
        #expect(Self.close(layout.lines[0].baseline, ascent))
    }

    /// The natural height is multiplied, then raised to the minimum, then lowered to the
    /// maximum; the extra space (or the cut) is above the text, so the baseline keeps its
    /// distance from the line's bottom.
    @Test(arguments: [
        ("multiple", ParagraphStyle(lineHeightMultiple: 1.5)),
        ("minimum", ParagraphStyle(minimumLineHeight: 40)),
        ("maximum", ParagraphStyle(maximumLineHeight: 15)),
        ("multiple then maximum", ParagraphStyle(lineHeightMultiple: 3, maximumLineHeight: 50)),
        ("minimum below natural", ParagraphStyle(minimumLineHeight: 5)),
        ("maximum wins over minimum", ParagraphStyle(minimumLineHeight: 60, maximumLineHeight: 30)),
    ])
    func lineHeightFields(_ name: String, _ style: ParagraphStyle) throws {
        let layout = try PreparedText(attributed: AttributedFixtures.paragraph("Height", style: style))
            .layout(width: .infinity)
        let metrics = try AttributedFixtures.verticalMetrics(Self.R, 17)
        var expected = (metrics.ascent + metrics.descent) * Double(style.lineHeightMultiple)
        if style.minimumLineHeight > 0 { expected = max(expected, Double(style.minimumLineHeight)) }
        if style.maximumLineHeight > 0 { expected = min(expected, Double(style.maximumLineHeight)) }
        #expect(Self.close(layout.lines[0].height, expected), "\(name)")
        #expect(Self.close(layout.lines[0].baseline, expected - metrics.descent), "\(name)")
        #expect(Double(layout.size.height) == expected.rounded(.up), "\(name): \(Double(layout.size.height)) \(expected)")
    }

    /// Line spacing goes between a paragraph's lines, not after the last.
    @Test func lineSpacingGoesBetweenLines() throws {
        let string = try AttributedFixtures.paragraph("one two", style: ParagraphStyle(lineSpacing: 7))
        let narrow = try AttributedFixtures.width("one two", Self.R, 17) - 1
        let layout = try PreparedText(attributed: string).layout(width: CGFloat(narrow))
        let metrics = try AttributedFixtures.verticalMetrics(Self.R, 17)
        let height = metrics.ascent + metrics.descent
        #expect(layout.lines.count == 2)
        #expect(Self.close(layout.lines[1].minY, height + 7))
        #expect(Double(layout.size.height) == (2 * height + 7).rounded(.up))
    }

    /// Paragraph spacing after a paragraph and spacing before the next add up between them;
    /// neither goes before the first paragraph or after the last.
    @Test func paragraphSpacingGoesBetweenParagraphs() throws {
        var string = try AttributedFixtures.paragraph("First\n", style: ParagraphStyle(paragraphSpacing: 11,
                                                                                        paragraphSpacingBefore: 100))
        string += try AttributedFixtures.paragraph("Second", style: ParagraphStyle(paragraphSpacing: 100,
                                                                                  paragraphSpacingBefore: 13))
        let layout = try PreparedText(attributed: string).layout(width: .infinity)
        let metrics = try AttributedFixtures.verticalMetrics(Self.R, 17)
        let height = metrics.ascent + metrics.descent
        #expect(layout.lines.count == 2)
        #expect(Self.close(layout.lines[0].minY, 0))
        #expect(Self.close(layout.lines[1].minY, height + 11 + 13))
        #expect(Double(layout.size.height) == (2 * height + 24).rounded(.up))
    }

    /// The first line starts at the first-line head indent, the others at the head indent,
    /// and lines break at the narrowed width.
    @Test func headIndentsNarrowLines() throws {
        let word = try AttributedFixtures.width("word", Self.R, 17)
        let pair = try AttributedFixtures.width("word word", Self.R, 17)
        // Two words fit in `width`, but not after a 10-point indent.
        let width = pair + 5
        let text = "word word word word"
        let plain = try PreparedText(attributed: AttributedFixtures.paragraph(text, style: ParagraphStyle()))
            .layout(width: CGFloat(width))
        #expect(plain.lines.count == 2)
        let first = try PreparedText(attributed: AttributedFixtures.paragraph(
            text, style: ParagraphStyle(firstLineHeadIndent: 10))).layout(width: CGFloat(width))
        #expect(first.lines.count == 3)
        #expect(first.lines.map(\.minX) == [10, 0, 0])
        #expect(Self.close(first.lines[0].width, word))
        let others = try PreparedText(attributed: AttributedFixtures.paragraph(
            text, style: ParagraphStyle(headIndent: 10))).layout(width: CGFloat(width))
        #expect(others.lines.count == 3)
        #expect(others.lines.map(\.minX) == [0, 10, 10])
        // The layout is as wide as its widest line plus that line's indent.
        #expect(Double(others.size.width) == max(pair, 10 + word).rounded(.up))
    }

    /// A negative tail indent takes that much from the trailing edge; a positive one puts
    /// the trailing edge that far from the leading edge, whatever the layout's width.
    @Test func tailIndentsNarrowLines() throws {
        let pair = try AttributedFixtures.width("word word", Self.R, 17)
        let text = "word word word word"
        let fromTrailing = try PreparedText(attributed: AttributedFixtures.paragraph(
            text, style: ParagraphStyle(tailIndent: -10))).layout(width: CGFloat(pair + 5))
        #expect(fromTrailing.lines.count == 4)
        let fromLeading = try PreparedText(attributed: AttributedFixtures.paragraph(
            text, style: ParagraphStyle(tailIndent: CGFloat(pair + 1)))).layout(width: .infinity)
        #expect(fromLeading.lines.count == 2)
        #expect(Self.close(fromLeading.lines[0].width, pair))
    }

    /// Alignment moves lines between the indents and changes no size.
    @Test func alignmentMovesLines() throws {
        let word = try AttributedFixtures.width("Word", Self.R, 17)
        for (alignment, minX) in [(TextAlignment.left, 5.0), (.natural, 5), (.center, 5 + (90 - word) / 2),
                                  (.right, 95 - word)] {
            let layout = try PreparedText(attributed: AttributedFixtures.paragraph(
                "Word", style: ParagraphStyle(headIndent: 0, tailIndent: -5, alignment: alignment)))
                .layout(width: 100)
            let shifted = try PreparedText(attributed: AttributedFixtures.paragraph(
                "Word", style: ParagraphStyle(firstLineHeadIndent: 5, tailIndent: -5, alignment: alignment)))
                .layout(width: 100)
            #expect(Self.close(shifted.lines[0].minX, minX), "\(alignment)")
            #expect(layout.lines[0].height == shifted.lines[0].height)
        }
    }

    /// With no width limit, right-aligned and centred lines sit within the widest line.
    @Test func anUnlimitedLayoutAlignsWithinItsWidestLine() throws {
        let wide = try AttributedFixtures.width("Wide words here", Self.R, 17)
        let narrow = try AttributedFixtures.width("ab", Self.R, 17)
        for (alignment, minX) in [(TextAlignment.right, wide - narrow), (.center, (wide - narrow) / 2), (.left, 0)] {
            let layout = try PreparedText(attributed: AttributedFixtures.paragraph(
                "Wide words here\nab", style: ParagraphStyle(tailIndent: -10, alignment: alignment)))
                .layout(width: .infinity)
            #expect(layout.lines.count == 2)
            #expect(Self.close(layout.lines[0].minX, 0), "\(alignment)")
            #expect(Self.close(layout.lines[1].minX, minX), "\(alignment)")
        }
    }

    /// Push-out: greedy filling leaves one word on the paragraph's last line; with
    /// `.pushOut` the line before gives it its last word, and both lines measure as the
    /// words they hold.
    @Test func pushOutAvoidsALoneWordOnTheLastLine() throws {
        let text = "aa bb cc dd"
        let width = try AttributedFixtures.width("aa bb cc", Self.R, 17) + 0.5
        let greedy = try PreparedText(attributed: AttributedFixtures.paragraph(text, style: ParagraphStyle()))
            .layout(width: CGFloat(width))
        #expect(greedy.lines.map { String(text[$0.range]) } == ["aa bb cc ", "dd"])
        for strategy in [LineBreakStrategy.pushOut, .standard] {
            let pushed = try PreparedText(attributed: AttributedFixtures.paragraph(
                text, style: ParagraphStyle(lineBreakStrategy: strategy))).layout(width: CGFloat(width))
            #expect(pushed.lines.map { String(text[$0.range]) } == ["aa bb ", "cc dd"])
            #expect(Self.close(pushed.lines[0].width, try AttributedFixtures.width("aa bb", Self.R, 17)))
            #expect(Self.close(pushed.lines[1].width, try AttributedFixtures.width("cc dd", Self.R, 17)))
        }
    }

    /// Push-out is ignored in a paragraph whose mode truncates, as UIKit documents.
    @Test func pushOutIsIgnoredWhenTheParagraphTruncates() throws {
        let text = "aa bb cc dd"
        let width = try AttributedFixtures.width("aa bb cc", Self.R, 17) + 0.5
        let style = ParagraphStyle(lineBreakMode: .byTruncatingTail, lineBreakStrategy: .pushOut)
        let layout = try PreparedText(attributed: AttributedFixtures.paragraph(text, style: style))
            .layout(width: CGFloat(width))
        #expect(layout.lines.map { String(text[$0.range]) } == ["aa bb cc ", "dd"])
    }

    /// Push-out leaves the lines alone when the two words would not fit on the last line.
    @Test func pushOutNeverOverfillsTheLastLine() throws {
        let text = "aa bb cccccccccc dddddddddddd"
        let width = try AttributedFixtures.width("aa bb cccccccccc", Self.R, 17) + 0.5
        let pushed = try PreparedText(attributed: AttributedFixtures.paragraph(
            text, style: ParagraphStyle(lineBreakStrategy: .pushOut))).layout(width: CGFloat(width))
        #expect(pushed.lines.map { String(text[$0.range]) } == ["aa bb cccccccccc ", "dddddddddddd"])
    }
}
