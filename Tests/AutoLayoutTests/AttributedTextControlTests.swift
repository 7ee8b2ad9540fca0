import Foundation
import DiagnosticsRecording
import Testing
import Typesetting

@testable import AutoLayout

/// The text controls' attributed text: measured as Typesetting lays it out, and related to
/// `text` and `font` as UIKit relates them.
@Suite struct AttributedTextControlTests {
    static let small = Font.default(size: 12)
    static let large = Font.bold(size: 30)

    /// "Small" at 12 points, then " LARGE" in bold at 30 with a kern.
    static var twoRuns: AttributedString {
        var string = AttributedString("Small")
        string.font = small
        var big = AttributedString(" LARGE")
        big.font = large
        big.kern = 2
        string += big
        return string
    }

    static func layoutSize(_ string: AttributedString, font: Font, maxLines: Int = 1,
                           mode: LineBreakMode = .byTruncatingTail) throws -> CGSize {
        try PreparedText(attributed: string, defaultFont: font)
            .layout(width: .infinity, maxLines: maxLines, lineBreakMode: mode).size
    }

    @Test func aLabelMeasuresItsAttributedText() throws {
        let label = Label()
        label.attributedText = Self.twoRuns
        let expected = try Self.layoutSize(Self.twoRuns, font: Label.defaultFont)
        #expect(label.intrinsicContentSize == expected)
        let plain = Label(text: "Small LARGE")
        #expect(label.intrinsicContentSize.height > plain.intrinsicContentSize.height)
        #expect(label.text == "Small LARGE")
        #expect(label.font == Self.small)
        #expect(label.attributedText == Self.twoRuns)
    }

    /// Setting `text` after attributed text keeps the first run's attributes for all of it.
    @Test func textAfterAttributedTextTakesTheFirstRunsAttributes() throws {
        let label = Label()
        var string = AttributedString("First")
        string.font = Self.large
        string.kern = 3
        string += AttributedString(" rest")
        label.attributedText = string
        label.text = "Replaced words"
        let runs = try #require(label.attributedText).runs
        #expect(runs.count == 1)
        #expect(runs.first?.font == Self.large)
        #expect(runs.first?.kern == 3)
        let expected = try PreparedText("Replaced words", font: Self.large, letterSpacing: 3)
            .layout(width: .infinity, maxLines: 1, lineBreakMode: .byTruncatingTail).size
        #expect(label.intrinsicContentSize == expected)
    }

    /// Setting `font` applies it to every run.
    @Test func fontAppliesToTheWholeAttributedString() throws {
        let label = Label()
        label.attributedText = Self.twoRuns
        label.font = Font.default(size: 20)
        let runs = try #require(label.attributedText).runs
        #expect(runs.allSatisfy { $0.font == Font.default(size: 20) })
        #expect(runs.contains { $0.kern == 2 })
        var expected = Self.twoRuns
        expected.font = Font.default(size: 20)
        #expect(label.intrinsicContentSize == (try Self.layoutSize(expected, font: Label.defaultFont)))
    }

    /// A plain label reads back its text in its font; nil clears.
    @Test func plainTextReadsBackAsAttributedText() throws {
        let label = Label(text: "Plain")
        let read = try #require(label.attributedText)
        #expect(String(read.characters) == "Plain")
        #expect(read.runs.first?.font == Label.defaultFont)
        label.attributedText = nil
        #expect(label.text == nil)
        #expect(label.intrinsicContentSize == .zero)
    }

    /// A refused attributed text is reported and leaves the label as it was.
    @Test func aBadAttributedTextIsReportedAndChangesNothing() throws {
        let label = Label(text: "Kept")
        label.accessibilityIdentifier = "bad-attributed-label"
        let before = label.intrinsicContentSize
        var bad = AttributedString("Bad")
        bad.paragraphStyle = ParagraphStyle(lineHeightMultiple: 0)
        let recorder = DiagnosticsRecorder.record(errorsContaining: "bad-attributed-label") {
            label.attributedText = bad
        }
        #expect(recorder.errors.count == 1)
        #expect(recorder.errors.first?.description.contains("lineHeightMultiple") == true)
        #expect(label.text == "Kept")
        #expect(label.intrinsicContentSize == before)
    }

    /// A multi-line label wraps attributed text with its paragraph style's line rules.
    @Test func aMultiLineLabelUsesTheParagraphStyle() throws {
        var string = AttributedString("one two three four five six")
        string.font = Label.defaultFont
        string.paragraphStyle = ParagraphStyle(lineSpacing: 6, lineHeightMultiple: 1.5)
        let label = Label()
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 80
        label.attributedText = string
        let expected = try PreparedText(attributed: string).layout(width: 80, maxLines: 0, lineBreakMode: .byTruncatingTail)
        #expect(expected.lines.count > 1)
        #expect(label.intrinsicContentSize == expected.size)
    }

    @Test func buttonFieldAndTextViewTakeAttributedText() throws {
        var big = AttributedString("Go")
        big.font = Self.large
        let button = Button()
        button.attributedTitle = big
        let plainButton = Button(title: "Go")
        plainButton.font = Self.large
        #expect(button.intrinsicContentSize == plainButton.intrinsicContentSize)
        #expect(button.title == "Go")

        // A field is as tall as its font's line; its placeholder's attributes change only the
        // width it shows, and its attributed text's first run sets its font.
        let field = TextField()
        field.attributedPlaceholder = big
        let plainField = TextField()
        plainField.font = Self.large
        plainField.placeholder = "Go"
        #expect(field.intrinsicContentSize.width == plainField.intrinsicContentSize.width)
        #expect(field.intrinsicContentSize.height == TextField().intrinsicContentSize.height)
        field.attributedText = Self.twoRuns
        #expect(field.text == "Small LARGE")
        #expect(field.font == Self.small)
        #expect(field.intrinsicContentSize.width
            == (try Self.layoutSize(Self.twoRuns, font: TextField.defaultFont)).width.rounded(.up))

        let view = TextView()
        view.isScrollEnabled = false
        view.attributedText = Self.twoRuns
        #expect(view.text == "Small LARGE")
        #expect(view.font == Self.small)
        let plainView = TextView()
        plainView.isScrollEnabled = false
        plainView.text = "Small LARGE"
        #expect(view.intrinsicContentSize.height > plainView.intrinsicContentSize.height)
    }

    /// Attributed text is drawn where its paragraph style puts each line.
    @Test func lineFramesFollowTheParagraphStyle() throws {
        var string = AttributedString("Centred")
        string.font = Label.defaultFont
        string.paragraphStyle = ParagraphStyle(firstLineHeadIndent: 10, alignment: .center)
        let label = Label(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        label.attributedText = string
        let width = try PreparedText("Centred", font: Label.defaultFont).layout(width: .infinity).lines[0].width
        let frames = label.lineFrames
        #expect(frames.count == 1)
        #expect(abs(frames[0].minX - (10 + (190 - width) / 2)) < 1e-9)
        #expect(abs(frames[0].width - width) < 1e-9)
    }
}
