import AutoLayout
import Foundation
import Testing
import Typesetting

@testable import CellSizing

/// A cell whose one multi-line label follows Dynamic Type, pinned to the cell's edges.
final class StyledTextCell: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    let label = Label()

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.numberOfLines = 0
        label.adjustsFontForContentSizeCategory = true
        label.font = Font.preferredFont(forTextStyle: .body)
        label.translatesAutoresizingMaskIntoConstraints = false
        addSubview(label)
        LayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: topAnchor),
            label.bottomAnchor.constraint(equalTo: bottomAnchor),
            label.leadingAnchor.constraint(equalTo: leadingAnchor),
            label.trailingAnchor.constraint(equalTo: trailingAnchor),
        ])
    }
}

/// `CellSizer` sizes cells for a content size category and caches heights per key, width and
/// category.
@Suite struct ContentSizeCategoryTests {
    static let text = "Dynamic Type makes this paragraph grow with the reader's preferred text size, so the cell grows too."

    /// The text's height wrapped at `width` with body at `category`, ceiled: Typesetting's
    /// layout, not the sizer's.
    static func expectedHeight(width: CGFloat, category: ContentSizeCategory) throws -> CGFloat {
        let font = Font.preferredFont(
            forTextStyle: .body, compatibleWith: TraitCollection(preferredContentSizeCategory: category))
        let height = try PreparedText(text, font: font).layout(width: width, maxLines: 0).size.height
        return (height - 1e-6).rounded(.up)
    }

    @Test func heightsFollowTheSizersCategory() throws {
        let sizer = try CellSizer(width: 320, contentSizeCategory: .accessibilityExtraLarge) { StyledTextCell() }
        #expect(sizer.contentSizeCategory == .accessibilityExtraLarge)
        let large = try CellSizer(width: 320) { StyledTextCell() }
        #expect(large.contentSizeCategory == .large)
        let big = try sizer.height(for: 1) { $0.label.text = Self.text }
        let normal = try large.height(for: 1) { $0.label.text = Self.text }
        #expect(big == (try Self.expectedHeight(width: 320, category: .accessibilityExtraLarge)))
        #expect(normal == (try Self.expectedHeight(width: 320, category: .large)))
        #expect(big > normal)
    }

    @Test func heightsAreCachedPerCategoryAndKeptWhenItChanges() throws {
        let sizer = try CellSizer(width: 300) { StyledTextCell() }
        var configurations = 0
        let configure: (StyledTextCell) -> Void = { configurations += 1; $0.label.text = Self.text }
        let large = try sizer.height(for: "a", configure: configure)
        sizer.setContentSizeCategory(.extraSmall)
        #expect(sizer.cachedHeight(for: "a") == nil)
        let small = try sizer.height(for: "a", configure: configure)
        #expect(small == (try Self.expectedHeight(width: 300, category: .extraSmall)))
        #expect(configurations == 2)
        sizer.setContentSizeCategory(.large)
        #expect(sizer.cachedHeight(for: "a") == large)
        #expect(try sizer.height(for: "a", configure: configure) == large)
        #expect(configurations == 2)
        // The width and the category are separate keys.
        try sizer.setWidth(200)
        #expect(sizer.cachedHeight(for: "a") == nil)
        sizer.setContentSizeCategory(.extraSmall)
        #expect(sizer.cachedHeight(for: "a") == nil)
        try sizer.setWidth(300)
        #expect(sizer.cachedHeight(for: "a") == small)
        sizer.invalidate("a")
        sizer.setContentSizeCategory(.large)
        #expect(sizer.cachedHeight(for: "a") == nil)
    }

    @Test func batchesMeasureAtTheCurrentCategory() throws {
        let sizer = try CellSizer(width: 280) { StyledTextCell() }
        sizer.setContentSizeCategory(.accessibilityMedium)
        let items = (0..<6).map { ($0, Self.text + String(repeating: " more", count: $0)) }
        let heights = try sizer.heights(for: items) { cell, text in cell.label.text = text }
        for (index, (_, text)) in items.enumerated() {
            let font = Font.preferredFont(
                forTextStyle: .body, compatibleWith: TraitCollection(preferredContentSizeCategory: .accessibilityMedium))
            let expected = (try PreparedText(text, font: font).layout(width: 280, maxLines: 0).size.height - 1e-6).rounded(.up)
            #expect(heights[index] == expected)
        }
        let several = try sizer.heights(for: [(0, Self.text)], atWidths: [280, 400]) { cell, text in cell.label.text = text }
        #expect(several[0][1] == (try Self.expectedHeight(width: 400, category: .accessibilityMedium)))
        sizer.setContentSizeCategory(.large)
        #expect(sizer.cachedHeight(for: 0) == nil)
        sizer.setContentSizeCategory(.accessibilityMedium)
        #expect(sizer.cachedHeight(for: 0) == heights[0])
    }

    @Test func aListFollowsTheSizersCategory() throws {
        let sizer = try CellSizer(width: 320) { StyledTextCell() }
        let list = try ListLayout<StyledTextCell, String>(sizer: sizer, estimatedRowHeight: 44) { $0.label.text = $1 }
        try list.insertRows([(AnyHashable(1), Self.text)], at: 0)
        try list.measureAllRows()
        let large = try Self.expectedHeight(width: 320, category: .large)
        #expect(list.contentHeight == large)
        sizer.setContentSizeCategory(.accessibilityLarge)
        try list.insertRows([(AnyHashable(2), Self.text)], at: 1)
        #expect(list.contentHeight == 88)
        try list.measureAllRows()
        #expect(list.contentHeight == 2 * (try Self.expectedHeight(width: 320, category: .accessibilityLarge)))
        sizer.setContentSizeCategory(.large)
        try list.insertRows([(AnyHashable(3), Self.text)], at: 2)
        #expect(list.contentHeight == large + 44 + 44)
    }
}
