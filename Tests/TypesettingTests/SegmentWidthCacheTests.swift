import Foundation
import Testing
@testable import Typesetting

/// The shared LRU cache of shaped segments.
@Suite struct SegmentWidthCacheTests {
    @Test func repeatedWordsAreNotShapedAgain() throws {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        _ = PreparedText(validated: "alpha beta gamma", font: Measure.font, letterSpacing: 0, cache: cache)
        let entries = cache.count
        var before = cache.statistics
        _ = PreparedText(validated: "alpha beta gamma", font: Measure.font, letterSpacing: 0, cache: cache)
        #expect(cache.statistics.misses == before.misses)
        before = cache.statistics
        _ = PreparedText(validated: "alpha beta delta", font: Measure.font, letterSpacing: 0, cache: cache)
        // "alpha " and "beta " (and the ellipsis) come from the cache; "delta" is new.
        #expect(cache.statistics.hits - before.hits == 3)
        #expect(cache.statistics.misses - before.misses == 1)
        #expect(cache.count == entries + 1)
    }

    @Test func byteBudgetEvictsTheLeastRecentlyUsed() {
        let cache = SegmentWidthCache(capacityInBytes: 2_000)
        for index in 0..<200 {
            _ = PreparedText(validated: "word\(index)", font: Measure.font, letterSpacing: 0, cache: cache)
            #expect(cache.byteCount <= 2_000)
        }
        let recent = cache.statistics.misses
        _ = PreparedText(validated: "word199", font: Measure.font, letterSpacing: 0, cache: cache)
        #expect(cache.statistics.misses == recent)
        let misses = cache.statistics.misses
        _ = PreparedText(validated: "word0", font: Measure.font, letterSpacing: 0, cache: cache)
        #expect(cache.statistics.misses > misses)
    }

    @Test func loweringTheCapacityEvictsAtOnce() {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        _ = PreparedText(validated: "several different words here", font: Measure.font, letterSpacing: 0, cache: cache)
        #expect(cache.count > 0)
        cache.setCapacity(bytes: 0)
        #expect(cache.count == 0 && cache.byteCount == 0)
    }

    @Test func featuresAreAPartOfTheKey() throws {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        let plain = try PreparedText(validated: "office", font: Measure.font, letterSpacing: 0, cache: cache)
            .layout(width: .infinity).lines[0].width
        let hits = cache.statistics.hits
        let spaced = try PreparedText(validated: "office", font: Measure.font, letterSpacing: 0.001, cache: cache)
            .layout(width: .infinity).lines[0].width
        // Ligatures are off with letter spacing: the cached ligated shaping must not serve.
        #expect(cache.statistics.hits == hits)
        #expect(spaced != plain)
    }
}
