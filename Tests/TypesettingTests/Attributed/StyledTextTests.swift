import Foundation
import Testing
import TextOracles
@testable import Typesetting

/// `StyledText`, rich text built run by run: widths and heights against hb-shape and the files'
/// tables, the same layout as the same runs in an `AttributedString` at every width, and bad
/// values refused with nothing appended.
@Suite struct StyledTextTests {
    typealias F = AttributedFixtures

    @Test func runsAreShapedEachInItsFontAndKern() throws {
        let bold = try F.font(F.boldFile, 17), small = try F.font(F.regularFile, 12)
        var text = StyledText(defaultFont: try F.font(F.regularFile, 17))
        try text.append("Ann", font: bold)
        try text.append(" replied", kern: 1)
        try text.append(" · 4m", font: small)
        let layout = try PreparedText(styled: text).layout(width: .infinity, scale: 2)
        let width = try F.width("Ann", F.boldFile, 17) + F.width(" replied", F.regularFile, 17) + 8 * 1
            + F.width(" · 4m", F.regularFile, 12)
        #expect(layout.size.width == (width * 2 - 1e-9).rounded(.up) / 2)
        let regular = try F.verticalMetrics(F.regularFile, 17), boldMetrics = try F.verticalMetrics(F.boldFile, 17)
        let height = max(regular.ascent, boldMetrics.ascent) + max(regular.descent, boldMetrics.descent)
        #expect(layout.size.height == (height * 2 - 1e-9).rounded(.up) / 2)
        #expect(text.string == "Ann replied · 4m")
    }

    /// Every run kind an `AttributedString` can carry, laid out at several widths both ways.
    @Test func layoutIsTheSameAsTheSameRunsInAnAttributedString() throws {
        let regular = try F.font(F.regularFile, 17), large = try F.font(F.regularFile, 24), hebrew = try F.font(F.hebrewFile, 17)
        var style = ParagraphStyle()
        style.lineHeightMultiple = 1.25
        style.paragraphSpacing = 6
        style.lineBreakStrategy = .pushOut
        let box = TextAttachment(bounds: CGRect(x: 0, y: -4, width: 18, height: 18))
        var styled = StyledText(defaultFont: regular)
        var attributed = AttributedString()
        func both(_ text: String, font: Font? = nil, kern: CGFloat = 0, offset: CGFloat = 0) throws {
            try styled.append(text, font: font, kern: kern, baselineOffset: offset, paragraphStyle: style)
            var run = AttributedString(text)
            run.font = font
            if kern != 0 { run.kern = kern }
            if offset != 0 { run.baselineOffset = offset }
            run.paragraphStyle = style
            attributed.append(run)
        }
        try both("The quick brown ")
        try both("fox", font: large, offset: 3)
        try styled.append(box, paragraphStyle: style)
        var attachment = box.attributedString
        attachment.paragraphStyle = style
        attributed.append(attachment)
        try both(" jumps over שלום עולם", font: hebrew)
        try both(" the lazy dog.\nA second paragraph, kerned", kern: 0.5)
        try both(" and plain again.")
        let fromStyled = try PreparedText(styled: styled)
        let fromAttributed = try PreparedText(attributed: attributed, defaultFont: regular)
        for width in [40.0, 90, 150, 260, 1000] {
            let a = try fromStyled.layout(width: CGFloat(width), maxLines: 0)
            let b = try fromAttributed.layout(width: CGFloat(width), maxLines: 0)
            #expect(a.size == b.size, "width \(width)")
            #expect(a.lines.map(\.utf16Range) == b.lines.map(\.utf16Range), "width \(width)")
        }
    }

    @Test func badValuesAreRefusedWithNothingAppended() throws {
        var text = StyledText(defaultFont: try F.font(F.regularFile, 17))
        try text.append("ok")
        #expect(throws: TypesettingError.self) {
            try text.append("bad", kern: .nan)
        }
        #expect(throws: TypesettingError.self) { try text.append("bad", baselineOffset: .infinity) }
        var style = ParagraphStyle()
        style.lineHeightMultiple = 0
        #expect(throws: TypesettingError.self) { try text.append("bad", paragraphStyle: style) }
        #expect(throws: TypesettingError.self) {
            try text.append(TextAttachment(bounds: CGRect(x: 0, y: 0, width: -1, height: 2)))
        }
        #expect(text.string == "ok")
        let layout = try PreparedText(styled: text).layout(width: .infinity, scale: 2)
        #expect(layout.size.width == (try F.width("ok", F.regularFile, 17) * 2 - 1e-9).rounded(.up) / 2)
    }

    @Test func anEmptyTextMeasuresAsEmpty() throws {
        let layout = try PreparedText(styled: StyledText(defaultFont: try F.font(F.regularFile, 17))).layout(width: 100)
        #expect(layout.size.width == 0)
    }
}
