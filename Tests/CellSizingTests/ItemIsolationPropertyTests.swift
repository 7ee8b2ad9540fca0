import AutoLayout
import DiagnosticsRecording
import Foundation
import Testing

@testable import CellSizing

/// An item's height is its own: the same whether it is sized alone on a new sizer, after any
/// other items (failing ones included), in a parallel batch, from the cache, or after the
/// width went away and came back. Random items from fixed seeds; the oracle for each item is
/// a new sizer that sizes that item and nothing else.
@Suite struct ItemIsolationPropertyTests {
    static let width: CGFloat = 375

    /// What sizing one item gave: its height, or the error.
    typealias Outcome = Result<CGFloat, CellSizingError>

    /// A sizer of hazard cells whose broken-cap reports go to `recorder` (not to the log).
    static func sizer(_ recorder: DiagnosticsRecorder, width: CGFloat = width) throws -> CellSizer<HazardCell> {
        try CellSizer(width: width) {
            let cell = HazardCell()
            recorder.watch(cell.cap)
            return cell
        }
    }

    static func size(_ item: HazardItem, key: Int, with sizer: CellSizer<HazardCell>) -> Outcome {
        Result { () throws(CellSizingError) in try sizer.height(for: key) { $0.show(item) } }
    }

    /// Each item sized alone, on a sizer of its own.
    static func alone(_ items: [HazardItem], recorder: DiagnosticsRecorder, width: CGFloat = width) throws -> [Outcome] {
        try items.enumerated().map { key, item in size(item, key: key, with: try sizer(recorder, width: width)) }
    }

    static func items(seed: UInt64, count: Int) -> [HazardItem] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in HazardItem.random(using: &generator) }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func heightIsTheSameAfterAnyOtherItemsWereSizedFirst(seed: UInt64) throws {
        let recorder = DiagnosticsRecorder()
        try recorder.record {
            let items = Self.items(seed: seed, count: 150)
            let expected = try Self.alone(items, recorder: recorder)
            // The failing kinds really fail (or break the cap) alone, so the orders below
            // mix them in.
            #expect(items.contains { $0.kind == .impossibleHeight } && items.contains { $0.kind == .brokenCap })
            for (index, item) in items.enumerated() where item.kind == .impossibleHeight {
                guard case .failure(.impossibleHeight) = expected[index] else {
                    Issue.record("item \(index) alone: \(expected[index])")
                    continue
                }
            }
            var generator = SeededGenerator(seed: seed &* 7919)
            for round in 0..<8 {
                let sizer = try Self.sizer(recorder)
                // Every item once, in a random order; keys are the items' indices.
                for index in items.indices.shuffled(using: &generator) {
                    let outcome = Self.size(items[index], key: index, with: sizer)
                    #expect(outcome == expected[index], "round \(round), item \(index)")
                }
            }
        }
    }

    @Test(arguments: [4, 5] as [UInt64])
    func heightIsTheSameAfterEachOtherItemInTurn(seed: UInt64) throws {
        let recorder = DiagnosticsRecorder()
        try recorder.record {
            let items = Self.items(seed: seed, count: 40)
            let expected = try Self.alone(items, recorder: recorder)
            // Every ordered pair (earlier, later) on one sizer that sized nothing else.
            let sizer = try Self.sizer(recorder)
            for earlier in items.indices {
                for later in items.indices where later != earlier {
                    sizer.invalidateAll()
                    _ = Self.size(items[earlier], key: earlier, with: sizer)
                    #expect(Self.size(items[later], key: later, with: sizer) == expected[later],
                            "item \(later) after item \(earlier)")
                }
            }
        }
    }

    @Test(arguments: [6, 7] as [UInt64])
    func parallelBatchesGiveTheHeightsOfItemsSizedAlone(seed: UInt64) throws {
        let recorder = DiagnosticsRecorder()
        try recorder.record {
            let items = Self.items(seed: seed, count: 400)
            let expected = try Self.alone(items, recorder: recorder)
            let sizer = try Self.sizer(recorder)
            // Batches of 40 in order: a batch holding an item that fails throws that item's
            // error (the first in the batch's order) and caches nothing; the next batches go on.
            for start in stride(from: 0, to: items.count, by: 40) {
                let keyed = (start..<(start + 40)).map { ($0, items[$0]) }
                let firstFailure = keyed.first { if case .failure = expected[$0.0] { true } else { false } }
                do throws(CellSizingError) {
                    let heights = try sizer.heights(for: keyed) { cell, item in cell.show(item) }
                    #expect(firstFailure == nil, "batch at \(start) should have failed")
                    for (offset, (key, _)) in keyed.enumerated() {
                        #expect(Result.success(heights[offset]) == expected[key], "item \(key)")
                    }
                } catch {
                    #expect(firstFailure.map { expected[$0.0] } == .failure(error), "batch at \(start)")
                }
            }
            // The items that can be sized, all at once and then from the cache.
            let good = items.indices.filter { if case .success = expected[$0] { true } else { false } }
            let keyed = good.map { ($0, items[$0]) }
            let parallel = try sizer.heights(for: keyed) { cell, item in cell.show(item) }
            let cached = try sizer.heights(for: keyed) { _, _ in Issue.record("a cached height was measured again") }
            #expect(parallel.map { Outcome.success($0) } == good.map { expected[$0] })
            #expect(cached == parallel)
        }
    }

    @Test(arguments: [8, 9] as [UInt64])
    func heightIsTheSameAfterTheWidthGoesAndComesBack(seed: UInt64) throws {
        let recorder = DiagnosticsRecorder()
        try recorder.record {
            let items = Self.items(seed: seed, count: 120)
            let expected = try Self.alone(items, recorder: recorder)
            let expectedNarrow = try Self.alone(items, recorder: recorder, width: 280)
            let sizer = try Self.sizer(recorder)
            var generator = SeededGenerator(seed: seed)
            for round in 0..<4 {
                for index in items.indices.shuffled(using: &generator) {
                    #expect(Self.size(items[index], key: index, with: sizer) == expected[index], "round \(round), item \(index)")
                }
                try sizer.setWidth(280)
                for index in items.indices.shuffled(using: &generator) {
                    #expect(Self.size(items[index], key: index, with: sizer) == expectedNarrow[index], "round \(round), item \(index) at 280")
                }
                try sizer.setWidth(Self.width)
                // Back at the first width: cached heights, then measured again from scratch.
                for index in items.indices {
                    if case .success(let height) = expected[index] { #expect(sizer.cachedHeight(for: index) == height) }
                }
                sizer.invalidateAll()
            }
        }
    }

    @Test func aFailingItemLeavesNoTemplateCellBehind() throws {
        let recorder = DiagnosticsRecorder()
        try recorder.record {
            let sizer = try Self.sizer(recorder)
            let ordinary = HazardItem(text: "Hello there", photoHeight: 40, kind: .ordinary)
            let impossible = HazardItem(text: "Hello there", photoHeight: 40, kind: .impossibleHeight)
            let first = try sizer.height(for: 0) { $0.show(ordinary) }
            #expect(sizer.templateCount == 1)
            #expect(throws: CellSizingError.self) { try sizer.height(for: 1) { $0.show(impossible) } }
            // The cell the impossible item was measured on is gone; a new one takes its place.
            #expect(sizer.templateCount == 0)
            sizer.invalidateAll()
            #expect(try sizer.height(for: 0) { $0.show(ordinary) } == first)
            #expect(sizer.templateCount == 1)
        }
    }
}
