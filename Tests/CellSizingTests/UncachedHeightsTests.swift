import AutoLayout
import FeedCell
import Foundation
import Testing
import Typesetting

@testable import CellSizing

/// `CellSizer.uncachedHeights(for:atWidths:configure:)`: a batch measured at several widths
/// into one flat array, item after item, with nothing read from or kept in the cache.
@Suite struct UncachedHeightsTests {
    static let widths: [CGFloat] = [320, 375, 200, 414]

    @Test func heightsComeItemAfterItemAsTheManualLayoutsGiveThem() throws {
        let indices = Array(0..<120) + [999, 12_345]
        let items = try indices.map { try FeedItem(index: $0) }
        let manual = try ManualFeedLayout()
        let sizer = try CellSizer(width: 375) { FeedCell() }
        let heights = try sizer.uncachedHeights(for: items.map { ($0.index, $0) }, atWidths: Self.widths) { cell, item in
            cell.show(item)
        }
        #expect(heights.count == items.count * Self.widths.count)
        for (row, item) in items.enumerated() {
            let expected = try Self.widths.map { try manual.frames(for: item, width: $0).height }
            #expect(Array(heights[row * Self.widths.count..<(row + 1) * Self.widths.count]) == expected, "item \(item.index)")
        }
    }

    @Test func equalsTheCachingBatchAndLeavesTheCacheEmpty() throws {
        let items = try (0..<80).map { try FeedItem(index: $0) }
        let keyed = items.map { ($0.index, $0) }
        let uncached = try CellSizer(width: 375) { FeedCell() }
        let flat = try uncached.uncachedHeights(for: keyed, atWidths: Self.widths) { $0.show($1) }
        let caching = try CellSizer(width: 375) { FeedCell() }
        let rows = try caching.heights(for: keyed, atWidths: Self.widths) { $0.show($1) }
        #expect(flat == rows.flatMap { $0 })
        for width in Self.widths {
            try uncached.setWidth(width)
            #expect(items.allSatisfy { uncached.cachedHeight(for: $0.index) == nil }, "width \(width)")
        }
    }

    @Test func cachedHeightsAreNotUsedAndEveryRepeatedKeyIsMeasured() throws {
        let sizer = try CellSizer(width: 375) { FixedHeightCell() }
        _ = try sizer.height(for: 1) { $0.height = 10 }
        let fills = CallCounter()
        let heights = try sizer.uncachedHeights(for: [(1, 30.0), (2, 40.0), (1, 50.0)], atWidths: [375]) { cell, height in
            fills.increment()
            cell.height = height
        }
        #expect(heights == [30, 40, 50])
        #expect(fills.value == 3)
        #expect(sizer.cachedHeight(for: 1) == 10)
        #expect(sizer.cachedHeight(for: 2) == nil)
    }

    @Test func singleWidthGivesOneHeightPerItemAndItIsTheSerialHeight() throws {
        let items = try (0..<60).map { try FeedItem(index: $0) }
        let sizer = try CellSizer(width: 375) { FeedCell() }
        let heights = try sizer.uncachedHeights(for: items.map { ($0.index, $0) }, atWidths: [414]) { $0.show($1) }
        let serial = try CellSizer(width: 414) { FeedCell() }
        #expect(heights == (try items.map { item in try serial.height(for: item.index) { $0.show(item) } }))
        #expect(sizer.width == 375)
    }

    @Test func throwsTheFirstFailingItemInOrder() throws {
        // Items from 37 on leave the bottom free, so serial sizing fails at 37.
        let sizer = try CellSizer(width: 375, verification: .everyItem) { SwitchableCell() }
        let items = (0..<100).map { ($0, $0) }
        let error = #expect(throws: CellSizingError.self) {
            _ = try sizer.uncachedHeights(for: items, atWidths: [375, 320]) { cell, item in cell.isOpen = item >= 37 }
        }
        guard case .heightNotDetermined(let key, _, _) = error else {
            Issue.record("expected heightNotDetermined, got \(String(describing: error))")
            return
        }
        #expect(key == "37")
        let heights = try sizer.uncachedHeights(for: Array(items.prefix(37)), atWidths: [375, 320]) { cell, item in
            cell.isOpen = item >= 37
        }
        #expect(heights == Array(repeating: 50, count: 74))
    }

    @Test func aWidthOutOfRangeIsRefusedBeforeAnythingIsMeasured() throws {
        let sizer = try CellSizer(width: 375) { FixedHeightCell() }
        let fills = CallCounter()
        let error = #expect(throws: CellSizingError.self) {
            _ = try sizer.uncachedHeights(for: [(1, 30.0)], atWidths: [320, -1]) { cell, height in
                fills.increment()
                cell.height = height
            }
        }
        #expect(error?.rejectedWidth == -1)
        #expect(fills.value == 0)
        #expect(try sizer.uncachedHeights(for: [(1, 30.0)], atWidths: []) { $0.height = $1 } == [])
        #expect(try sizer.uncachedHeights(for: [(Int, Double)](), atWidths: [320]) { $0.height = $1 } == [])
    }
}

/// A cell as tall as the item says.
final class FixedHeightCell: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    private lazy var heightConstraint = heightAnchor.constraint(equalToConstant: 0)

    var height: CGFloat {
        get { heightConstraint.constant }
        set { heightConstraint.constant = newValue }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        heightConstraint.isActive = true
    }
}
