import Foundation
import Testing
import TextOracles
import Typesetting

@testable import AutoLayout

/// Dynamic Type per run: a control that adjusts for the content size category sizes each run
/// of its attributed text, as UIKit's label does since iOS 11. Widths against hb-shape on the
/// shipped face at the sizes of Apple's table (body: 17 at large, 33 at accessibilityLarge,
/// 14 at extraSmall); a fixed font keeps its size.
@Suite struct AttributedDynamicTypeTests {
    static let notoSans = HarfBuzzOracle.shippedFonts.appendingPathComponent("NotoSans-Regular.ttf").path

    /// "Title" in the body style, then " small" in a fixed 12-point font.
    static func twoRuns() -> AttributedString {
        var string = AttributedString("Title")
        string.font = Font.preferredFont(forTextStyle: .body)
        var small = AttributedString(" small")
        small.font = Font.default(size: 12)
        string.append(small)
        return string
    }

    static func runSizes(_ string: AttributedString?) -> [CGFloat] {
        string.map { $0.runs.map { $0.font?.pointSize ?? 0 } } ?? []
    }

    /// The width hb-shape gives "Title" at `bodySize` and " small" at 12, ceiled to whole points.
    static func expectedWidth(bodySize: Double) throws -> Double {
        (try HarfBuzzOracle.width("Title", fontPath: notoSans, size: bodySize)
            + HarfBuzzOracle.width(" small", fontPath: notoSans, size: 12) - 1e-9).rounded(.up)
    }

    @Test func aCategoryChangeResizesEachScalingRunAndLeavesFixedOnes() throws {
        let root = View()
        let label = Label()
        label.adjustsFontForContentSizeCategory = true
        label.attributedText = Self.twoRuns()
        root.addSubview(label)
        #expect(Self.runSizes(label.attributedText) == [17, 12])
        #expect(Double(label.intrinsicContentSize.width) == (try Self.expectedWidth(bodySize: 17)))

        root.contentSizeCategoryOverride = .accessibilityLarge
        #expect(Self.runSizes(label.attributedText) == [33, 12])
        #expect(label.font.pointSize == 33)
        #expect(Double(label.intrinsicContentSize.width) == (try Self.expectedWidth(bodySize: 33)))

        root.contentSizeCategoryOverride = .extraSmall
        #expect(Self.runSizes(label.attributedText) == [14, 12])
        #expect(Double(label.intrinsicContentSize.width) == (try Self.expectedWidth(bodySize: 14)))
    }

    @Test func attributedTextSetOnAnAdjustingLabelIsSizedForItsCategoryAtOnce() throws {
        let root = View()
        root.contentSizeCategoryOverride = .accessibilityLarge
        let adjusting = Label()
        adjusting.adjustsFontForContentSizeCategory = true
        let fixed = Label()
        root.addSubview(adjusting)
        root.addSubview(fixed)
        adjusting.attributedText = Self.twoRuns()
        fixed.attributedText = Self.twoRuns()
        #expect(Self.runSizes(adjusting.attributedText) == [33, 12])
        #expect(Self.runSizes(fixed.attributedText) == [17, 12])
        #expect(Double(fixed.intrinsicContentSize.width) == (try Self.expectedWidth(bodySize: 17)))

        // Turning adjusting on sizes the runs already shown.
        fixed.adjustsFontForContentSizeCategory = true
        #expect(Self.runSizes(fixed.attributedText) == [33, 12])
        #expect(Double(fixed.intrinsicContentSize.width) == (try Self.expectedWidth(bodySize: 33)))
    }

    @Test func plainTextSetAfterwardsKeepsTheAdjustedFirstRun() {
        let root = View()
        let label = Label()
        label.adjustsFontForContentSizeCategory = true
        label.attributedText = Self.twoRuns()
        root.addSubview(label)
        root.contentSizeCategoryOverride = .accessibilityLarge
        label.text = "Other"
        #expect(Self.runSizes(label.attributedText) == [33])
        root.contentSizeCategoryOverride = .large
        #expect(Self.runSizes(label.attributedText) == [17])
    }

    @Test func buttonsFieldsAndTextViewsResizeTheirRunsToo() throws {
        let root = View()
        let button = Button()
        let field = TextField()
        let textView = TextView()
        for control in [button, field, textView] as [View] { root.addSubview(control) }
        button.adjustsFontForContentSizeCategory = true
        field.adjustsFontForContentSizeCategory = true
        textView.adjustsFontForContentSizeCategory = true
        button.attributedTitle = Self.twoRuns()
        field.attributedPlaceholder = Self.twoRuns()
        textView.attributedText = Self.twoRuns()
        let fieldWidth = field.intrinsicContentSize.width
        root.contentSizeCategoryOverride = .accessibilityLarge
        #expect(Self.runSizes(button.attributedTitle) == [33, 12])
        #expect(Self.runSizes(field.attributedPlaceholder) == [33, 12])
        #expect(Self.runSizes(textView.attributedText) == [33, 12])
        // The empty field measures its placeholder, which grew by the body run's growth.
        let growth = try HarfBuzzOracle.width("Title", fontPath: Self.notoSans, size: 33)
            - HarfBuzzOracle.width("Title", fontPath: Self.notoSans, size: 17)
        #expect(abs(Double(field.intrinsicContentSize.width - fieldWidth) - growth) < 1)
    }
}
