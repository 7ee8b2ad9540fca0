import AutoLayout
import FeedCell
import Foundation
import Synchronization
import SeededRandom
import Testing

@testable import CellSizing

/// The batches' `similarity` features: the order in which they measure items (similar items
/// one after another), which must change nothing but the time.
@Suite struct SimilarityOrderTests {
    // MARK: The order

    @Test func itemsInOneBucketComeTogetherInTheirOwnOrder() {
        // Buckets of 12: 30 and 31 share bucket 2, 2 and 3 bucket 0, 13 is bucket 1.
        let order = SimilarityOrder.order([[30], [2], [31], [13], [3]])
        #expect(order == [1, 4, 3, 0, 2])
    }

    @Test func theFeatureThatVariesMostLeads() {
        // The second feature varies far more than the first, so it decides first; the first
        // only orders items whose second features share a bucket.
        let features = [[0, 100], [24, 0], [0, 0], [24, 100]]
        #expect(SimilarityOrder.order(features) == [2, 1, 0, 3])
        // The same items with the features swapped give the same order.
        #expect(SimilarityOrder.order(features.map { [$0[1], $0[0]] }) == [2, 1, 0, 3])
    }

    /// Keys that fit in 32 bits are sorted as one number each; the order must be the one
    /// that comparing them rank by rank gives, whatever the spans, repeats and signs.
    @Test(arguments: [1, 2, 3, 5, 9])
    func packedKeysSortAsComparingThemRankByRank(width: Int) {
        var random = SeededGenerator(seed: UInt64(width))
        for round in 0..<60 {
            let spread = [3, 40, 400, 5_000, 1 << 20][round % 5]
            let count = Int.random(in: 2...300, using: &random)
            let features = (0..<count).map { _ in
                (0..<Int.random(in: (width - 1)...width, using: &random)).map { _ in
                    Int.random(in: -spread...spread, using: &random)
                }
            }
            #expect(SimilarityOrder.order(features) == SimilarityOrder.order(features, packing: false),
                    "width \(width), round \(round)")
        }
    }

    @Test func keysPackOnlyWhenTheyFitIn32Bits() {
        // Three ranks spanning 7, 7 and 4 values, 196 numbers, pack; one rank spanning 2^32 + 1 does not.
        let small = [0, 6, 3, 6, 0, 6, 1, 2, 3]
        #expect(SimilarityOrder.packed(small, width: 3, count: 3) != nil)
        #expect(SimilarityOrder.packed([0, 1 << 32], width: 1, count: 2) == nil)
        // Two ranks of 2^16 values fill the 32 bits exactly; one more value overflows them.
        #expect(SimilarityOrder.packed([0, 0, 65_535, 65_535], width: 2, count: 2) != nil)
        #expect(SimilarityOrder.packed([0, 0, 65_536, 65_535], width: 2, count: 2) == nil)
        // A feature an item lacks is the least key, which no span of 32 bits reaches.
        #expect(SimilarityOrder.packed([Int.min, 3], width: 1, count: 2) == nil)
    }

    @Test func equalKeysKeepTheGivenOrderAndTheResultIsAPermutation() {
        let features = (0..<200).map { [($0 * 7919) % 60, $0 % 3] }
        let order = SimilarityOrder.order(features)
        #expect(order.sorted() == Array(0..<200))
        for (a, b) in zip(order, order.dropFirst()) {
            let left = features[a].map { $0 / SimilarityOrder.bucketSize }
            let right = features[b].map { $0 / SimilarityOrder.bucketSize }
            // Lexicographic on the leading (more varied) feature, then the other, then index.
            let leftKey = [left[0], left[1], a]
            let rightKey = [right[0], right[1], b]
            #expect(leftKey.lexicographicallyPrecedes(rightKey), "\(a) before \(b)")
        }
    }

    @Test func missingFeaturesComeFirstAndNegativeValuesBucketDownwards() {
        // -1 is in bucket -1 (below 0..11), a missing feature below every bucket.
        #expect(SimilarityOrder.order([[5], [-1], [], [11]]) == [2, 1, 0, 3])
        #expect(SimilarityOrder.order([[-13], [-12], [-11]]) == [0, 1, 2])
        #expect(SimilarityOrder.order([[-12], [-13]]) == [1, 0])
    }

    @Test func smallOrFeaturelessBatchesKeepTheirOrder() {
        #expect(SimilarityOrder.order([]) == [])
        #expect(SimilarityOrder.order([[40]]) == [0])
        #expect(SimilarityOrder.order([[], [], []]) == [0, 1, 2])
        // Extreme values do not trap: the variance is only used to rank the features.
        #expect(SimilarityOrder.order([[Int.max, 0], [Int.min, 1], [0, 2]]).sorted() == [0, 1, 2])
    }

    // MARK: The batches

    /// Feed items whose texts are cut to lengths spread over several buckets, so that the
    /// order differs from the given one.
    static func items(_ count: Int) throws -> [FeedItem] {
        try (0..<count).map { index in
            var item = try FeedItem(index: index)
            item.posterHeadline = String(item.posterHeadline.prefix((index * 37) % 90 + 1))
            return item
        }
    }

    static func lengths(_ item: FeedItem) -> [Int] {
        [item.posterHeadline.utf8.count, item.actorComment.utf8.count, item.posterName.utf8.count]
    }

    @Test func theOrderIsNotTheGivenOne() throws {
        let items = try Self.items(60)
        #expect(SimilarityOrder.order(items.map(Self.lengths)) != Array(0..<60))
    }

    @Test func uncachedHeightsAreTheManualLayoutsHeightsInTheBatchOrder() throws {
        let items = try Self.items(90)
        let widths: [CGFloat] = [414, 320, 375]
        let manual = try ManualFeedLayout()
        let sizer = try CellSizer(width: 375) { FeedCell() }
        let heights = try sizer.uncachedHeights(
            for: items.map { ($0.index, $0) }, atWidths: widths, similarity: Self.lengths
        ) { cell, item in cell.show(item) }
        for (row, item) in items.enumerated() {
            let expected = try widths.map { try manual.frames(for: item, width: $0).height }
            #expect(Array(heights[row * widths.count..<(row + 1) * widths.count]) == expected, "item \(item.index)")
        }
    }

    @Test func cachingBatchesGiveTheHeightsOfTheUnorderedBatches() throws {
        let items = try Self.items(90)
        let keyed = items.map { ($0.index, $0) }
        let ordered = try CellSizer(width: 375) { FeedCell() }
        let plain = try CellSizer(width: 375) { FeedCell() }
        #expect(
            try ordered.heights(for: keyed, similarity: Self.lengths) { $0.show($1) }
                == plain.heights(for: keyed) { $0.show($1) })
        let widths: [CGFloat] = [320, 414]
        #expect(
            try ordered.heights(for: keyed, atWidths: widths, similarity: Self.lengths) { $0.show($1) }
                == plain.heights(for: keyed, atWidths: widths) { $0.show($1) })
        // Cached as the unordered batch caches them.
        #expect(items.allSatisfy { ordered.cachedHeight(for: $0.index) == plain.cachedHeight(for: $0.index) })
    }

    @Test func theFirstFailingItemInTheBatchIsThrownWhenTheOrderMeetsALaterOneFirst() throws {
        // Items from 37 on leave the bottom free. Ordered by their negated number, the batch
        // meets 99 first: the items before 37 must still be measured, each on a template no
        // failed item left in doubt, and 37 must be the item thrown.
        let sizer = try CellSizer(width: 375, verification: .everyItem) { SwitchableCell() }
        let items = (0..<100).map { ($0, $0) }
        let measuredBefore37 = Mutex(Set<Int>())
        let error = #expect(throws: CellSizingError.self) {
            _ = try sizer.uncachedHeights(for: items, atWidths: [375, 320], similarity: { [-$0 * 12] }) { cell, item in
                if item < 37 { measuredBefore37.withLock { _ = $0.insert(item) } }
                cell.isOpen = item >= 37
            }
        }
        guard case .heightNotDetermined(let key, _, _) = error else {
            Issue.record("expected heightNotDetermined, got \(String(describing: error))")
            return
        }
        #expect(key == "37")
        #expect(measuredBefore37.withLock { $0 } == Set(0..<37))
        // The single-width caching batch says the same.
        let cachingError = #expect(throws: CellSizingError.self) {
            _ = try sizer.heights(for: items, similarity: { [-$0 * 12] }) { cell, item in cell.isOpen = item >= 37 }
        }
        guard case .heightNotDetermined(let cachingKey, _, _) = cachingError else {
            Issue.record("expected heightNotDetermined, got \(String(describing: cachingError))")
            return
        }
        #expect(cachingKey == "37")
        #expect(sizer.cachedHeight(for: 0) == nil)
    }
}
