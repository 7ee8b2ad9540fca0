import AutoLayout
import FeedCell
import Foundation
import Testing
import Typesetting

@testable import CellSizing

/// `CellSizer.heights(for:atWidths:configure:)`: each item's cell filled once and measured at
/// every width, giving the heights of the hand-written layout at each width.
@Suite struct SeveralWidthsTests {
    static let widths: [CGFloat] = [320, 375, 200, 414, 768]

    @Test func heightsAtSeveralWidthsAreTheManualLayoutsAndEachItemIsFilledOnce() throws {
        let indices = Array(0..<150) + [999, 9_999, 12_345]
        let items = try indices.map { try FeedItem(index: $0) }
        let manual = try ManualFeedLayout()
        let sizer = try CellSizer(width: 375) { FeedCell() }
        let fills = CallCounter()
        let heights = try sizer.heights(for: items.map { ($0.index, $0) }, atWidths: Self.widths) { cell, item in
            fills.increment()
            cell.show(item)
        }
        #expect(fills.value == items.count)
        for (row, item) in items.enumerated() {
            let expected = try Self.widths.map { try manual.frames(for: item, width: $0).height }
            #expect(heights[row] == expected, "item \(item.index)")
        }
        // Cached under each width: the single-width batch at any of them measures nothing.
        try sizer.setWidth(200)
        let again = try sizer.heights(for: items.map { ($0.index, $0) }) { cell, item in
            fills.increment()
            cell.show(item)
        }
        #expect(fills.value == items.count)
        #expect(again == heights.map { $0[2] })
    }

    @Test func aWidthOutOfRangeIsRefusedBeforeAnythingIsMeasured() throws {
        let sizer = try CellSizer(width: 375) { FeedCell() }
        let item = try FeedItem(index: 1)
        let fills = CallCounter()
        #expect(throws: CellSizingError.self) {
            _ = try sizer.heights(for: [(1, item)], atWidths: [320, .nan]) { cell, item in
                fills.increment()
                cell.show(item)
            }
        }
        #expect(fills.value == 0)
        #expect(try sizer.heights(for: [(1, item)], atWidths: []) { $0.show($1) } == [[]])
    }
}
