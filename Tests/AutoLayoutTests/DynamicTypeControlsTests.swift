import Foundation
import Testing
import Typesetting

@testable import AutoLayout

/// A view that records the traits it had before each change.
final class TraitRecordingView: View {
    var previousCategories: [ContentSizeCategory] = []

    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection) {
        super.traitCollectionDidChange(previousTraitCollection)
        previousCategories.append(previousTraitCollection.preferredContentSizeCategory)
    }
}

/// The content size category as a trait of the view tree, and the text controls that adjust
/// their fonts for it.
@Suite struct DynamicTypeControlsTests {
    static func traits(_ category: ContentSizeCategory) -> TraitCollection {
        TraitCollection(preferredContentSizeCategory: category)
    }

    @Test func aRootsCategoryIsInheritedUnlessAViewOverridesIt() {
        let root = View()
        let child = View()
        let grandchild = View()
        let overriding = View()
        let belowOverride = View()
        root.addSubview(child)
        child.addSubview(grandchild)
        child.addSubview(overriding)
        overriding.addSubview(belowOverride)
        #expect(belowOverride.traitCollection.preferredContentSizeCategory == .large)
        root.contentSizeCategoryOverride = .accessibilityLarge
        overriding.contentSizeCategoryOverride = .small
        #expect(root.traitCollection.preferredContentSizeCategory == .accessibilityLarge)
        #expect(grandchild.traitCollection.preferredContentSizeCategory == .accessibilityLarge)
        #expect(overriding.traitCollection.preferredContentSizeCategory == .small)
        #expect(belowOverride.traitCollection.preferredContentSizeCategory == .small)
        overriding.contentSizeCategoryOverride = nil
        #expect(belowOverride.traitCollection.preferredContentSizeCategory == .accessibilityLarge)
        belowOverride.removeFromSuperview()
        #expect(belowOverride.traitCollection.preferredContentSizeCategory == .large)
    }

    @Test func onlyTheViewsWhoseCategoryChangedAreTold() {
        let root = TraitRecordingView()
        let inheriting = TraitRecordingView()
        let overriding = TraitRecordingView()
        let belowOverride = TraitRecordingView()
        root.addSubview(inheriting)
        root.addSubview(overriding)
        overriding.addSubview(belowOverride)
        overriding.contentSizeCategoryOverride = .extraSmall
        #expect(overriding.previousCategories == [.large] && belowOverride.previousCategories == [.large])
        #expect(root.previousCategories.isEmpty && inheriting.previousCategories.isEmpty)
        root.contentSizeCategoryOverride = .extraExtraLarge
        #expect(root.previousCategories == [.large] && inheriting.previousCategories == [.large])
        #expect(overriding.previousCategories == [.large] && belowOverride.previousCategories == [.large])
        root.contentSizeCategoryOverride = .extraExtraLarge
        #expect(root.previousCategories == [.large])
        // Setting the category a view already inherits changes nothing.
        inheriting.contentSizeCategoryOverride = .extraExtraLarge
        #expect(inheriting.previousCategories == [.large])
    }

    @Test func movingASubtreeToATreeWithAnotherCategoryTellsIt() {
        let small = View()
        small.contentSizeCategoryOverride = .extraSmall
        let large = View()
        large.contentSizeCategoryOverride = .accessibilityMedium
        let moved = TraitRecordingView()
        small.addSubview(moved)
        #expect(moved.previousCategories == [.large])
        large.addSubview(moved)
        #expect(moved.previousCategories == [.large, .extraSmall])
        #expect(moved.traitCollection.preferredContentSizeCategory == .accessibilityMedium)
    }

    @Test func anAdjustingLabelIsMeasuredWithItsFontAtTheTreesCategory() throws {
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let label = makeLabel("Dynamic Type", in: root)
        label.adjustsFontForContentSizeCategory = true
        label.font = Font.preferredFont(forTextStyle: .body)
        #expect(label.intrinsicContentSize == (try Expected.lineSize("Dynamic Type", font: Font.preferredFont(forTextStyle: .body))).ceiledToGrid)
        root.contentSizeCategoryOverride = .accessibilityExtraLarge
        // Body at AX3 is 40 points.
        #expect(label.font.pointSize == 40)
        let expected = try Expected.lineSize("Dynamic Type", font: Font.preferredFont(forTextStyle: .body, compatibleWith: Self.traits(.accessibilityExtraLarge)))
        #expect(label.intrinsicContentSize == expected.ceiledToGrid)
        root.layoutIfNeeded()
        #expect(label.frame.size == expected.ceiledToGrid)
    }

    @Test func changingTheCategoryRemeasuresTheAdjustingControlsAndNothingElse() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let adjusting = makeLabel("Adjusting", in: root)
        adjusting.adjustsFontForContentSizeCategory = true
        adjusting.font = Font.preferredFont(forTextStyle: .callout)
        let fixedSize = makeLabel("Not adjusting", in: root, font: Font.preferredFont(forTextStyle: .callout))
        let fixedFont = makeLabel("Fixed font", in: root, font: Font.default(size: 16))
        fixedFont.adjustsFontForContentSizeCategory = true
        root.layoutIfNeeded()
        #expect(!adjusting.isQueuedForIntrinsicUpdate && !fixedSize.isQueuedForIntrinsicUpdate)
        let before = (fixedSize.intrinsicContentSize, fixedFont.intrinsicContentSize)
        root.contentSizeCategoryOverride = .extraExtraExtraLarge
        #expect(adjusting.isQueuedForIntrinsicUpdate)
        #expect(!fixedSize.isQueuedForIntrinsicUpdate && !fixedFont.isQueuedForIntrinsicUpdate)
        #expect(!root.isQueuedForIntrinsicUpdate)
        #expect(adjusting.font.pointSize == 22 && fixedSize.font.pointSize == 16 && fixedFont.font.pointSize == 16)
        #expect(fixedSize.intrinsicContentSize == before.0 && fixedFont.intrinsicContentSize == before.1)
    }

    @Test func aFontSetOrAdjustingTurnedOnIsSizedForTheCurrentCategory() {
        let root = View()
        root.contentSizeCategoryOverride = .accessibilityMedium
        let label = Label(text: "x")
        root.addSubview(label)
        label.font = Font.preferredFont(forTextStyle: .title3)
        #expect(label.font.pointSize == 20)
        label.adjustsFontForContentSizeCategory = true
        #expect(label.font.pointSize == 31)
        label.font = Font.preferredFont(forTextStyle: .caption1)
        #expect(label.font.pointSize == 22)
        label.adjustsFontForContentSizeCategory = false
        root.contentSizeCategoryOverride = nil
        #expect(label.font.pointSize == 22)
    }

    @Test func buttonsFieldsAndTextViewsAdjustToo() throws {
        let root = View()
        let button = Button(title: "Send")
        let field = TextField()
        field.placeholder = "Name"
        let textView = TextView()
        textView.text = "Notes"
        textView.isScrollEnabled = false
        for view in [button, field, textView] as [View] { root.addSubview(view) }
        button.adjustsFontForContentSizeCategory = true
        field.adjustsFontForContentSizeCategory = true
        textView.adjustsFontForContentSizeCategory = true
        button.font = Font.preferredFont(forTextStyle: .headline)
        field.font = FontMetrics(forTextStyle: .body).scaledFont(for: Font.default(size: 20))
        textView.font = Font.preferredFont(forTextStyle: .footnote)
        root.contentSizeCategoryOverride = .accessibilityExtraExtraExtraLarge
        // Headline 53 and footnote 44 at AX5; a 20-point font on body's curve: 20 × 53 / 17.
        #expect(button.font.pointSize == 53 && button.font.weight == .semibold)
        #expect(field.font.pointSize == CGFloat(20) * 53 / 17)
        #expect(textView.font.pointSize == 44)
        let title = try Expected.lineSize("Send", font: button.font)
        #expect(button.intrinsicContentSize.height == Expected.ceiled(title.height + 2 * Button.titleVerticalPadding))
        #expect(field.intrinsicContentSize.height == Expected.ceiled(field.font.lineHeight))
        #expect(textView.intrinsicContentSize.height == Expected.ceiled(
            try Expected.layout("Notes", font: textView.font, maxLines: 0).size.height + 16))
    }
}

extension CGSize {
    /// Ceiled to the one-point grid, as intrinsic sizes are.
    var ceiledToGrid: CGSize { CGSize(width: Expected.ceiled(width), height: Expected.ceiled(height)) }
}
