import AutoLayout
import Foundation
import Testing
import SeededRandom

@testable import CellSizing

/// The obvious list: arrays and linear sums, with a copy of the sizer's cache rules.
private struct NaiveList {
    var keys: [Int] = []
    var items: [BlockItem] = []
    var measured: [Bool] = []
    var estimate: CGFloat
    var width: CGFloat
    /// What the sizer has cached: width → key → height.
    var cache: [CGFloat: [Int: CGFloat]] = [:]

    func height(ofRow row: Int) -> CGFloat {
        measured[row] ? cache[width]![keys[row]]! : estimate
    }

    func offset(ofRow row: Int) -> CGFloat {
        (0..<row).reduce(0) { $0 + height(ofRow: $1) }
    }

    var contentHeight: CGFloat { offset(ofRow: keys.count) }

    func row(atOffset offset: CGFloat) -> Int? {
        var top: CGFloat = 0
        for row in keys.indices {
            let bottom = top + height(ofRow: row)
            if top <= offset && offset < bottom { return row }
            top = bottom
        }
        return nil
    }

    mutating func insert(_ rows: [(Int, BlockItem)], at index: Int) {
        keys.insert(contentsOf: rows.map(\.0), at: index)
        items.insert(contentsOf: rows.map(\.1), at: index)
        measured.insert(contentsOf: rows.map { cache[width]?[$0.0] != nil }, at: index)
    }

    mutating func delete(_ range: Range<Int>) {
        keys.removeSubrange(range)
        items.removeSubrange(range)
        measured.removeSubrange(range)
    }

    mutating func move(_ source: Int, _ destination: Int) {
        keys.insert(keys.remove(at: source), at: destination)
        items.insert(items.remove(at: source), at: destination)
        measured.insert(measured.remove(at: source), at: destination)
    }

    mutating func reload(_ row: Int, with item: BlockItem) {
        for width in cache.keys { cache[width]?[keys[row]] = nil }
        items[row] = item
        measured[row] = false
    }

    mutating func measure(_ range: Range<Int>) {
        for row in range where !measured[row] {
            cache[width, default: [:]][keys[row]] = items[row].expectedHeight(atWidth: width)
            measured[row] = true
        }
    }

    mutating func setWidth(_ newWidth: CGFloat) {
        width = newWidth
        measured = keys.map { cache[newWidth]?[$0] != nil }
    }
}

@Suite struct ListLayoutTests {
    private func makeList(estimate: CGFloat = 100) throws -> ListLayout<BlockCell, BlockItem> {
        let sizer = try CellSizer(width: 375) { BlockCell() }
        return try ListLayout(sizer: sizer, estimatedRowHeight: estimate) { cell, item in cell.show(item) }
    }

    private func expectSame(_ list: ListLayout<BlockCell, BlockItem>, _ model: NaiveList, step: Int) throws {
        try #require(list.numberOfRows == model.keys.count, "step \(step)")
        #expect(list.contentHeight == model.contentHeight, "step \(step)")
        for row in model.keys.indices {
            #expect(try list.key(ofRow: row) == AnyHashable(model.keys[row]), "step \(step) row \(row)")
            #expect(try list.item(ofRow: row) == model.items[row], "step \(step) row \(row)")
            #expect(try list.isMeasured(row: row) == model.measured[row], "step \(step) row \(row)")
            #expect(try list.height(ofRow: row) == model.height(ofRow: row), "step \(step) row \(row)")
        }
        var top: CGFloat = 0
        for row in 0...model.keys.count {
            #expect(try list.offset(ofRow: row) == top, "step \(step) row \(row)")
            // The top edge, the middle and the last point of every row, and the end.
            for probe in [top, top + 0.5, top - 0.5] {
                #expect(try list.row(atOffset: probe) == model.row(atOffset: probe), "step \(step) offset \(probe)")
            }
            if row < model.keys.count { top += model.height(ofRow: row) }
        }
        #expect(try list.row(atOffset: -1) == nil)
        #expect(try list.row(atOffset: model.contentHeight) == nil)
    }

    @Test func randomEditsKeepOffsetsRowsAndCachesEqualToTheNaiveList() throws {
        var generator = SeededGenerator(seed: 2024)
        let list = try makeList()
        var model = NaiveList(estimate: 100, width: 375)
        var nextKey = 0
        var deleted: [Int: BlockItem] = [:]
        let widths: [CGFloat] = [375, 320, 200]
        for step in 0..<400 {
            let count = model.keys.count
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<30:
                let index = Int.random(in: 0...count, using: &generator)
                var rows: [(Int, BlockItem)] = []
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    if let old = deleted.first, Bool.random(using: &generator) {
                        // An item coming back: its heights are still cached under its key.
                        deleted[old.key] = nil
                        rows.append((old.key, old.value))
                    } else {
                        rows.append((nextKey, BlockItem.random(using: &generator)))
                        nextKey += 1
                    }
                }
                try list.insertRows(rows.map { (AnyHashable($0.0), $0.1) }, at: index)
                model.insert(rows, at: index)
            case 30..<45 where count > 0:
                let start = Int.random(in: 0..<count, using: &generator)
                let end = Int.random(in: start...min(count, start + 4), using: &generator)
                for row in start..<end { deleted[model.keys[row]] = model.items[row] }
                try list.deleteRows(in: start..<end)
                model.delete(start..<end)
            case 45..<57 where count > 0:
                let source = Int.random(in: 0..<count, using: &generator)
                let destination = Int.random(in: 0..<count, using: &generator)
                try list.moveRow(at: source, to: destination)
                model.move(source, destination)
            case 57..<67 where count > 0:
                let row = Int.random(in: 0..<count, using: &generator)
                let item = BlockItem.random(using: &generator)
                try list.reloadRow(at: row, with: item)
                model.reload(row, with: item)
            case 67..<87 where count > 0:
                let start = Int.random(in: 0..<count, using: &generator)
                let end = Int.random(in: start...min(count, start + 15), using: &generator)
                try list.measureRows(in: start..<end)
                model.measure(start..<end)
            case 87..<95:
                let width = widths.randomElement(using: &generator)!
                try list.setWidth(width)
                model.setWidth(width)
            default:
                let estimate = CGFloat(Int.random(in: 20...200, using: &generator))
                try list.setEstimatedRowHeight(estimate)
                model.estimate = estimate
            }
            try expectSame(list, model, step: step)
        }
        #expect(model.keys.count > 20)
        #expect(model.measured.contains(true) && model.measured.contains(false))
    }

    @Test func emptyListHasNoContentAndNoRows() throws {
        let list = try makeList()
        #expect(list.contentHeight == 0)
        #expect(try list.offset(ofRow: 0) == 0)
        #expect(try list.row(atOffset: 0) == nil)
        try list.measureAllRows()
    }

    @Test func rowsAreEstimatedUntilMeasuredThenTakeTheirFittedHeights() throws {
        let list = try makeList(estimate: 50)
        let items = (0..<10).map { BlockItem(blockHeights: [CGFloat($0), 10, 10], wrappingArea: 3590) }
        try list.insertRows(items.enumerated().map { (AnyHashable($0.offset), $0.element) }, at: 0)
        #expect(list.contentHeight == 500)
        try list.measureRows(in: 2..<4)
        #expect(try list.isMeasured(row: 1) == false)
        #expect(try list.isMeasured(row: 2))
        // 8 + 2 + 4 + 10 + 4 + 10 + 4 + ⌈3590 / 359⌉ + 8
        #expect(try list.height(ofRow: 2) == 60)
        #expect(try list.offset(ofRow: 4) == CGFloat(50 + 50 + 60 + 61))
        #expect(try list.row(atOffset: 160) == 3)
        #expect(try list.row(atOffset: 159.9) == 2)
    }

    @Test func rowsOfZeroHeightContainNoOffset() throws {
        let list = try makeList(estimate: 0)
        let item = BlockItem(blockHeights: [10, 10, 10], wrappingArea: 0)
        let height = item.expectedHeight(atWidth: 375)
        try list.insertRows((0..<5).map { (AnyHashable($0), item) }, at: 0)
        try list.measureRows(in: 3..<4)
        #expect(try list.row(atOffset: 0) == 3)
        #expect(try list.row(atOffset: height - 0.5) == 3)
        #expect(try list.offset(ofRow: 3) == 0)
        #expect(try list.offset(ofRow: 4) == height)
        #expect(try list.row(atOffset: height) == nil)
    }

    @Test func insertingAKeyTheSizerHasCachedMeasuresTheRowAtOnce() throws {
        let list = try makeList()
        let item = BlockItem(blockHeights: [1, 2, 3], wrappingArea: 0)
        _ = try list.sizer.height(for: "cached") { $0.show(item) }
        try list.insertRows([("cached", item), ("new", item)], at: 0)
        #expect(try list.isMeasured(row: 0))
        #expect(try list.isMeasured(row: 1) == false)
    }

    @Test func reloadingARowMakesTheSizerForgetItsKeyAtEveryWidth() throws {
        let list = try makeList()
        let item = BlockItem(blockHeights: [10, 10, 10], wrappingArea: 0)
        try list.insertRows([("a", item)], at: 0)
        try list.measureAllRows()
        try list.setWidth(200)
        try list.measureAllRows()
        let bigger = BlockItem(blockHeights: [50, 50, 50], wrappingArea: 0)
        try list.reloadRow(at: 0, with: bigger)
        #expect(list.sizer.cachedHeight(for: "a") == nil)
        try list.setWidth(375)
        #expect(try list.isMeasured(row: 0) == false)
        try list.measureAllRows()
        #expect(try list.height(ofRow: 0) == bigger.expectedHeight(atWidth: 375))
    }

    @Test func changingTheSizersWidthDirectlyIsFollowedByTheList() throws {
        let list = try makeList()
        let item = BlockItem(blockHeights: [10, 10, 10], wrappingArea: 10_000)
        try list.insertRows([("a", item)], at: 0)
        try list.measureAllRows()
        try list.sizer.setWidth(250)
        #expect(try list.isMeasured(row: 0) == false)
        #expect(list.contentHeight == 100)
        try list.measureAllRows()
        #expect(list.contentHeight == item.expectedHeight(atWidth: 250))
    }

    @Test func rejectedEditsLeaveTheListAsItWas() throws {
        let list = try makeList()
        let item = BlockItem(blockHeights: [10, 10, 10], wrappingArea: 0)
        try list.insertRows([("a", item), ("b", item)], at: 0)
        try list.measureRows(in: 0..<1)
        let before = list.contentHeight

        #expect(throws: CellSizingError.duplicateKey("a")) { try list.insertRows([("c", item), ("a", item)], at: 0) }
        #expect(throws: CellSizingError.duplicateKey("d")) { try list.insertRows([("d", item), ("d", item)], at: 0) }
        #expect(throws: CellSizingError.rowOutOfRange(3, rowCount: 2)) { try list.insertRows([("e", item)], at: 3) }
        #expect(throws: CellSizingError.rowOutOfRange(-1, rowCount: 2)) { try list.insertRows([("e", item)], at: -1) }
        #expect(throws: CellSizingError.rowRangeOutOfRange(1..<3, rowCount: 2)) { try list.deleteRows(in: 1..<3) }
        #expect(throws: CellSizingError.rowOutOfRange(2, rowCount: 2)) { try list.moveRow(at: 0, to: 2) }
        #expect(throws: CellSizingError.rowOutOfRange(5, rowCount: 2)) { try list.reloadRow(at: 5, with: item) }
        #expect(throws: CellSizingError.rowRangeOutOfRange(-1..<1, rowCount: 2)) { try list.measureRows(in: -1..<1) }
        #expect(throws: CellSizingError.rowOutOfRange(3, rowCount: 2)) { try list.offset(ofRow: 3) }
        #expect(throws: CellSizingError.rowOutOfRange(2, rowCount: 2)) { try list.height(ofRow: 2) }
        #expect(throws: CellSizingError.self) { try list.row(atOffset: .nan) }
        #expect(throws: CellSizingError.self) { try list.setEstimatedRowHeight(-.infinity) }
        #expect(throws: CellSizingError.self) { try list.setWidth(.nan) }

        #expect(list.numberOfRows == 2)
        #expect(list.contentHeight == before)
        #expect(try list.key(ofRow: 0) == AnyHashable("a"))
        #expect(try list.isMeasured(row: 0))
        #expect(try list.isMeasured(row: 1) == false)
        #expect(list.estimatedRowHeight == 100)
        #expect(list.sizer.width == 375)
    }

    @Test func measuringARangeWithAnUndeterminedCellChangesNoRow() throws {
        let sizer = try CellSizer(width: 375, verification: .everyItem) { SwitchableCell() }
        let list = try ListLayout(sizer: sizer, estimatedRowHeight: 44) { cell, isOpen in cell.isOpen = isOpen }
        try list.insertRows([(1, false), (2, true), (3, false)], at: 0)
        #expect(throws: CellSizingError.self) { try list.measureAllRows() }
        #expect((0..<3).allSatisfy { (try? list.isMeasured(row: $0)) == false })
        #expect(list.contentHeight == 132)
        try list.measureRows(in: 0..<1)
        #expect(list.contentHeight == CGFloat(50 + 44 + 44))
    }

    @Test func invalidEstimateIsRefusedAtCreation() throws {
        let sizer = try CellSizer(width: 375) { BlockCell() }
        #expect(throws: CellSizingError.self) {
            _ = try ListLayout(sizer: sizer, estimatedRowHeight: -1) { (cell: BlockCell, item: BlockItem) in cell.show(item) }
        }
    }
}

@Suite struct PrefixSumTreeTests {
    @Test func prefixSumsAndSearchAgreeWithLinearSumsAfterRandomChanges() {
        var generator = SeededGenerator(seed: 99)
        var values = (0..<257).map { _ in Double(Int.random(in: 0...40, using: &generator)) / 4 }
        var tree = PrefixSumTree(values)
        for _ in 0..<500 {
            let index = Int.random(in: 0..<values.count, using: &generator)
            let value = Double(Int.random(in: 0...40, using: &generator)) / 4
            values[index] = value
            tree.set(value, at: index)
            let probe = Int.random(in: 0...values.count, using: &generator)
            #expect(tree.prefixSum(probe) == values[..<probe].reduce(0, +))
            let offset = Double(Int.random(in: -4...Int(tree.total * 4) + 4, using: &generator)) / 4
            var expected: Int?
            var top = 0.0
            for (row, height) in values.enumerated() {
                if top <= offset && offset < top + height { expected = row; break }
                top += height
            }
            #expect(tree.index(containing: offset) == expected)
        }
    }
}
