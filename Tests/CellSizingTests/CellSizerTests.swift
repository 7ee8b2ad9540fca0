import AutoLayout
import Foundation
import Synchronization
import Testing
import SeededRandom

@testable import CellSizing

/// Counts calls from any thread.
final class CallCounter: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.wrappingAdd(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

extension CellSizingError {
    /// The width of an `invalidWidth` error (NaN never equals itself, so compare bit patterns).
    var rejectedWidth: CGFloat? {
        if case .invalidWidth(let width) = self { width } else { nil }
    }
}

@Suite struct CellSizerTests {
    let item = BlockItem(blockHeights: [20, 30, 10], wrappingArea: 7_000)

    @Test func heightIsTheFittingHeightOfTheConfiguredCellAtTheWidth() throws {
        let sizer = try CellSizer(width: 375) { BlockCell() }
        let height = try sizer.height(for: 1) { $0.show(item) }
        // 8 + 20 + 4 + 30 + 4 + 10 + 4 + ⌈7000 / 359⌉ + 8
        #expect(height == 108)
        #expect(height == item.expectedHeight(atWidth: 375))
    }

    @Test func cachedHeightIsReturnedWithoutConfiguringAgain() throws {
        let sizer = try CellSizer(width: 375) { BlockCell() }
        var configurations = 0
        let first = try sizer.height(for: "a") { configurations += 1; $0.show(item) }
        let second = try sizer.height(for: "a") { configurations += 1; $0.show(item) }
        #expect(first == second)
        #expect(configurations == 1)
        #expect(sizer.cachedHeight(for: "a") == first)
        #expect(sizer.cachedHeight(for: "b") == nil)
    }

    @Test func keysAreTheSameItemExactlyWhenAnyHashableSaysSo() throws {
        struct PostID: Hashable { var value: Int }
        let sizer = try CellSizer(width: 375) { BlockCell() }
        _ = try sizer.height(for: 1) { $0.show(item) }
        _ = try sizer.height(for: "post") { $0.show(item) }
        _ = try sizer.height(for: PostID(value: 1)) { $0.show(item) }
        #expect(sizer.cachedHeight(for: AnyHashable(Int8(1))) != nil)
        #expect(sizer.cachedHeight(for: AnyHashable(1)) != nil)
        #expect(sizer.cachedHeight(for: AnyHashable("post")) != nil)
        #expect(sizer.cachedHeight(for: AnyHashable(PostID(value: 1))) != nil)
        #expect(sizer.cachedHeight(for: AnyHashable(UInt64(1))) != nil)
        #expect(sizer.cachedHeight(for: "1") == nil)
        #expect(sizer.cachedHeight(for: 2) == nil)
        #expect(sizer.cachedHeight(for: PostID(value: 1)) != nil)
        #expect(sizer.cachedHeight(for: PostID(value: 2)) == nil)
        sizer.invalidate(AnyHashable(Int16(1)))
        #expect(sizer.cachedHeight(for: 1) == nil)
        #expect(sizer.cachedHeight(for: "post") != nil)
    }

    @Test func eachKeyIsMeasuredWithItsOwnContent() throws {
        let sizer = try CellSizer(width: 320) { BlockCell() }
        var generator = SeededGenerator(seed: 7)
        for key in 0..<50 {
            let item = BlockItem.random(using: &generator)
            #expect(try sizer.height(for: key) { $0.show(item) } == item.expectedHeight(atWidth: 320))
        }
    }

    @Test func invalidatingAKeyForgetsItsHeightsAtEveryWidthAndKeepsTheOthers() throws {
        let sizer = try CellSizer(width: 375) { BlockCell() }
        let taller = BlockItem(blockHeights: [50, 50, 50], wrappingArea: 7_000)
        _ = try sizer.height(for: 1) { $0.show(item) }
        _ = try sizer.height(for: 2) { $0.show(item) }
        try sizer.setWidth(300)
        _ = try sizer.height(for: 1) { $0.show(item) }
        sizer.invalidate(1)
        #expect(sizer.cachedHeight(for: 1) == nil)
        try sizer.setWidth(375)
        #expect(sizer.cachedHeight(for: 1) == nil)
        #expect(sizer.cachedHeight(for: 2) == item.expectedHeight(atWidth: 375))
        #expect(try sizer.height(for: 1) { $0.show(taller) } == taller.expectedHeight(atWidth: 375))
    }

    @Test func invalidateAllForgetsEveryHeightAtEveryWidth() throws {
        let sizer = try CellSizer(width: 375) { BlockCell() }
        _ = try sizer.height(for: 1) { $0.show(item) }
        try sizer.setWidth(200)
        _ = try sizer.height(for: 2) { $0.show(item) }
        sizer.invalidateAll()
        #expect(sizer.cachedHeight(for: 2) == nil)
        try sizer.setWidth(375)
        #expect(sizer.cachedHeight(for: 1) == nil)
    }

    @Test func newWidthMeasuresAgainAndSwitchingBackCostsNoMeasurement() throws {
        let sizer = try CellSizer(width: 375) { BlockCell() }
        var configurations = 0
        let wide = try sizer.height(for: 1) { configurations += 1; $0.show(item) }
        try sizer.setWidth(200)
        #expect(sizer.width == 200)
        #expect(sizer.cachedHeight(for: 1) == nil)
        let narrow = try sizer.height(for: 1) { configurations += 1; $0.show(item) }
        #expect(narrow == item.expectedHeight(atWidth: 200))
        #expect(narrow > wide)
        try sizer.setWidth(375)
        #expect(try sizer.height(for: 1) { configurations += 1; $0.show(item) } == wide)
        try sizer.setWidth(200)
        #expect(try sizer.height(for: 1) { configurations += 1; $0.show(item) } == narrow)
        #expect(configurations == 2)
    }

    @Test(arguments: [CGFloat.nan, -1, .infinity, -.infinity, 1e12, CellSizer<View>.maximumWidth.nextUp])
    func invalidWidthIsRefusedAndTheWidthStays(width: CGFloat) throws {
        let creation = #expect(throws: CellSizingError.self) {
            _ = try CellSizer(width: width) { BlockCell() }
        }
        #expect(creation?.rejectedWidth?.bitPattern == width.bitPattern)
        let sizer = try CellSizer(width: 375) { BlockCell() }
        _ = try sizer.height(for: 1) { $0.show(item) }
        let change = #expect(throws: CellSizingError.self) { try sizer.setWidth(width) }
        #expect(change?.rejectedWidth?.bitPattern == width.bitPattern)
        #expect(sizer.width == 375)
        #expect(sizer.cachedHeight(for: 1) == item.expectedHeight(atWidth: 375))
    }

    @Test func theWidestAllowedWidthSizesByArithmetic() throws {
        let sizer = try CellSizer(width: CellSizer<View>.maximumWidth) { BlockCell() }
        let wide = BlockItem(blockHeights: [20, 30, 10], wrappingArea: 7_000)
        #expect(try sizer.height(for: 1) { $0.show(wide) } == wide.expectedHeight(atWidth: 1_000_000))
    }

    @Test func zeroWidthIsAllowed() throws {
        let sizer = try CellSizer(width: 0) { View() }
        let height = try sizer.height(for: 1) { cell in
            let block = FixedBlock()
            block.height = 12
            cell.addSubview(block)
            LayoutConstraint.activate([
                block.topAnchor.constraint(equalTo: cell.topAnchor),
                block.bottomAnchor.constraint(equalTo: cell.bottomAnchor),
                block.leadingAnchor.constraint(equalTo: cell.leadingAnchor),
                block.trailingAnchor.constraint(equalTo: cell.trailingAnchor),
            ])
        }
        #expect(height == 12)
    }
}
