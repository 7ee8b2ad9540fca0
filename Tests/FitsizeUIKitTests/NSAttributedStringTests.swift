import DiagnosticsRecording
import Foundation
import Testing
import TextOracles

import FitsizeUIKit

/// UIKit's attributed strings on the controls: sizes from `hb-shape` widths and the faces'
/// own tables, and the attributes read back as they were set.
@Suite struct NSAttributedStringTests {
    static let regular = UIKitSpellingTests.regular
    static let bold = UIKitSpellingTests.bold
    /// Kerned text is shaped without ligatures, as UIKit's is.
    static let noLigatures = "-liga,-clig,-dlig"

    static func tables(_ path: String) throws -> FontTables { try FontTables(path: path) }

    /// The ascent and the depth (descent and line gap) of a face at `size`.
    static func ascentAndDepth(_ path: String, _ size: Double) throws -> (Double, Double) {
        let tables = try tables(path)
        return (tables.ascender(size: size), tables.lineHeight(size: size) - tables.ascender(size: size))
    }

    @Test func aLabelMeasuresUIKitsFontAndKernAndKeepsTheColour() throws {
        let label = UILabel()
        label.attributedText = NSAttributedString(
            string: "AVATAR", attributes: [.font: UIFont.systemFont(ofSize: 20), .kern: 1.5, .foregroundColor: UIColor.systemRed])
        let width = try HarfBuzzOracle.width("AVATAR", fontPath: Self.regular, size: 20, features: Self.noLigatures) + 1.5 * 6
        #expect(Double(label.intrinsicContentSize.width) == width.rounded(.up))
        #expect(Double(label.intrinsicContentSize.height) == (try Self.tables(Self.regular).lineHeight(size: 20)).rounded(.up))
        #expect(label.attributedText?.length == 6)
        #expect(label.attributedText?.string == "AVATAR")
        #expect(label.attributedText?.attribute(.foregroundColor, at: 3, effectiveRange: nil) as? UIColor == .systemRed)
        #expect(label.attributedText?.attribute(.kern, at: 0, effectiveRange: nil) as? Double == 1.5)
        // The Fitsize spelling still reaches the measured `AttributedString`.
        #expect(label.AutoLayout::attributedText?.kern == 1.5)
        #expect(label.text == "AVATAR")
    }

    @Test func appendedRunsAndAddedAttributesCountWithTheirOwnMetrics() throws {
        let text = NSMutableAttributedString(string: "Ada ", attributes: [.font: UIFont.boldSystemFont(ofSize: 24)])
        text.append(NSAttributedString(string: "wrote", attributes: [.font: UIFont.systemFont(ofSize: 12)]))
        text.addAttribute(.baselineOffset, value: 16, range: NSRange(location: 4, length: 5))
        let label = UILabel()
        label.attributedText = text
        let width = try HarfBuzzOracle.width("Ada ", fontPath: Self.bold, size: 24)
            + HarfBuzzOracle.width("wrote", fontPath: Self.regular, size: 12)
        let (boldAscent, boldDepth) = try Self.ascentAndDepth(Self.bold, 24)
        let (smallAscent, smallDepth) = try Self.ascentAndDepth(Self.regular, 12)
        // Raised 16 points, the small run's top is above the bold run's.
        try #require(smallAscent + 16 > boldAscent)
        let height = max(boldAscent, smallAscent + 16) + max(boldDepth, smallDepth - 16)
        #expect(Double(label.intrinsicContentSize.width) == width.rounded(.up))
        #expect(Double(label.intrinsicContentSize.height) == height.rounded(.up))
        #expect(label.attributedText?.length == 9)
        var range = NSRange()
        #expect(label.attributedText?.attribute(.baselineOffset, at: 6, effectiveRange: &range) as? Int == 16)
        #expect(range == NSRange(location: 4, length: 5))
    }

    @Test func aParagraphStyleSpacesLinesAndParagraphs() throws {
        let style = NSMutableParagraphStyle()
        style.lineSpacing = 6
        style.paragraphSpacing = 10
        #expect(style.lineHeightMultiple == 0)
        let label = UILabel()
        label.numberOfLines = 0
        label.attributedText = NSAttributedString(
            string: "First\nSecond\nThird", attributes: [.font: UIFont.systemFont(ofSize: 17), .paragraphStyle: style])
        let line = try Self.tables(Self.regular).lineHeight(size: 17)
        #expect(Double(label.intrinsicContentSize.height) == (3 * line + 2 * (6 + 10)).rounded(.up))

        let tall = style.mutableCopy() as! NSMutableParagraphStyle
        tall.lineHeightMultiple = 1.5
        tall.lineSpacing = 0
        tall.paragraphSpacing = 0
        label.attributedText = NSAttributedString(
            string: "First\nSecond", attributes: [.font: UIFont.systemFont(ofSize: 17), .paragraphStyle: tall])
        #expect(Double(label.intrinsicContentSize.height) == (2 * 1.5 * line).rounded(.up))
        #expect(style.lineHeightMultiple == 0)
        let kept = label.attributedText?.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle
        #expect(kept?.lineHeightMultiple == 1.5)
    }

    @Test func theDefaultParagraphStyleChangesNothing() throws {
        let plain = UILabel()
        plain.font = UIFont.systemFont(ofSize: 15)
        plain.text = "Same height"
        let styled = UILabel()
        styled.attributedText = NSAttributedString(
            string: "Same height", attributes: [.font: UIFont.systemFont(ofSize: 15), .paragraphStyle: NSParagraphStyle.default])
        #expect(styled.intrinsicContentSize == plain.intrinsicContentSize)
        #expect(NSParagraphStyle.default.measuredStyle == ParagraphStyle())
        #expect(NSParagraphStyle.default.isEqual(NSMutableParagraphStyle()))
    }

    @Test func attachmentsAreBoxesByTheirBoundsOrTheirImage() throws {
        let attachment = NSTextAttachment()
        attachment.bounds = CGRect(x: 0, y: -5, width: 30, height: 40)
        let text = NSMutableAttributedString(string: "Go ", attributes: [.font: UIFont.systemFont(ofSize: 17)])
        text.append(NSAttributedString(attachment: attachment))
        let label = UILabel()
        label.attributedText = text
        let (ascent, depth) = try Self.ascentAndDepth(Self.regular, 17)
        let width = try HarfBuzzOracle.width("Go ", fontPath: Self.regular, size: 17) + 30
        #expect(Double(label.intrinsicContentSize.width) == width.rounded(.up))
        #expect(Double(label.intrinsicContentSize.height) == (max(ascent, 35) + max(depth, 5)).rounded(.up))
        #expect(label.attributedText?.attribute(.attachment, at: 3, effectiveRange: nil) as? NSTextAttachment === attachment)

        let icon = NSTextAttachment(image: try UIImage(pixelSize: CGSize(width: 96, height: 96), scale: 2))
        let iconText = NSMutableAttributedString(string: "Go ", attributes: [.font: UIFont.systemFont(ofSize: 17)])
        iconText.append(NSAttributedString(attachment: icon))
        label.attributedText = iconText
        #expect(Double(label.intrinsicContentSize.height) == (max(ascent, 48) + depth).rounded(.up))
    }

    @Test func aFontSetAfterwardsIsWhatReadsBackAndTheColourStays() throws {
        let label = UILabel()
        label.attributedText = NSAttributedString(
            string: "Hello", attributes: [.font: UIFont.systemFont(ofSize: 12), .foregroundColor: UIColor.blue])
        let larger = UIFont.systemFont(ofSize: 30)
        label.font = larger
        let read = try #require(label.attributedText)
        #expect(read.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == larger)
        #expect(read.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == .blue)
        label.text = "Plain"
        #expect(label.attributedText?.string == "Plain")
    }

    @Test func buttonsTextFieldsAndTextViewsTakeUIKitAttributedText() throws {
        let title = NSAttributedString(string: "Follow", attributes: [.font: UIFont.boldSystemFont(ofSize: 15), .kern: 1])
        let button = UIButton(type: .system)
        button.setAttributedTitle(title, for: .normal)
        button.setAttributedTitle(NSAttributedString(string: "Following"), for: .selected)
        let titleWidth = try HarfBuzzOracle.width("Follow", fontPath: Self.bold, size: 15, features: Self.noLigatures) + 6
        let plain = UIButton(type: .system)
        plain.setTitle("Follow", for: .normal)
        plain.titleLabel?.font = UIFont.boldSystemFont(ofSize: 15)
        let plainWidth = try HarfBuzzOracle.width("Follow", fontPath: Self.bold, size: 15)
        // The kern adds 6 points to the title; everything else about the button is the same.
        #expect(abs(Double(button.intrinsicContentSize.width - plain.intrinsicContentSize.width) - (titleWidth - plainWidth)) <= 1)
        #expect(button.attributedTitle(for: .normal)?.string == "Follow")
        #expect(button.attributedTitle(for: .selected)?.string == "Following")
        #expect(button.attributedTitle(for: .highlighted)?.string == "Follow")
        #expect(UIButton().attributedTitle(for: .normal) == nil)

        let field = UITextField()
        field.attributedPlaceholder = NSAttributedString(string: "Search", attributes: [.foregroundColor: UIColor.gray])
        #expect(field.attributedPlaceholder?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == .gray)
        field.attributedText = NSAttributedString(string: "query", attributes: [.font: UIFont.systemFont(ofSize: 40)])
        #expect(field.font == UIFont.systemFont(ofSize: 40))
        let textView = UITextView()
        textView.attributedText = NSAttributedString(string: "Notes", attributes: [.font: UIFont.systemFont(ofSize: 13)])
        #expect(textView.text == "Notes")
        #expect(textView.attributedText?.length == 5)
    }

    @Test func valuesOfTheWrongTypeAreReportedAndChangeNothing() throws {
        let label = UILabel()
        label.accessibilityIdentifier = "wrong-attribute-label"
        label.attributedText = NSAttributedString(string: "kept", attributes: [.font: UIFont.systemFont(ofSize: 15)])
        let size = label.intrinsicContentSize
        let bad: [(NSAttributedString.Key, String, Any, String)] = [
            (.font, "font", "Helvetica", "a UIFont"),
            (.paragraphStyle, "paragraphStyle", "double spaced", "an NSParagraphStyle"),
            (.kern, "kern", "wide", "a number"),
            (.attachment, "attachment", UIColor.red, "an NSTextAttachment"),
        ]
        for (key, name, value, accepted) in bad {
            let recorder = DiagnosticsRecorder.record(errorsContaining: "wrong-attribute-label") {
                label.attributedText = NSAttributedString(string: "changed", attributes: [key: value])
            }
            #expect(recorder.errors.count == 1)
            let message = recorder.errors.first?.description ?? ""
            #expect(message.contains("NSAttributedString.Key.\(name)"))
            #expect(message.contains(accepted))
            #expect(label.attributedText?.string == "kept")
            #expect(label.intrinsicContentSize == size)
        }
        let nan = DiagnosticsRecorder.record(errorsContaining: "wrong-attribute-label") {
            label.attributedText = NSAttributedString(string: "changed", attributes: [.kern: CGFloat.nan])
        }
        #expect(nan.errors.count == 1)
        #expect(nan.errors.first?.description.contains("kern") == true)
        #expect(label.attributedText?.string == "kept")
    }
}
