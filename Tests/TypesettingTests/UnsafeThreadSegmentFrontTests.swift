import Concurrency
import Dispatch
import Foundation
import Testing
@testable import Typesetting

/// The per-thread fronts of the segment cache: what a thread reads without the lock must be
/// exactly what the shared table (or fresh shaping) gives, whatever other threads do.
@Suite struct UnsafeThreadSegmentFrontTests {
    /// The prefix widths of `text` prepared with `cache`: every position's measurement.
    static func prefixWidths(_ text: String, cache: SegmentWidthCache) -> [Double] {
        let prepared = PreparedText(validated: text, font: Measure.font, letterSpacing: 0, cache: cache)
        return withExtendedLifetime(prepared) { Array(prepared.prefix) }
    }

    @Test func manyThreadsMeasuringDistinctTextsGetTheSingleThreadedWidths() {
        // More distinct words than a front has slots, so fronts overwrite slots all the time;
        // words shared by every thread and words of one thread only, of many lengths.
        let threads = 8
        let common = ["the ", "quick ", "brown ", "fox ", "jumps ", "over ", "lazy ", "dog "]
        let texts: [[String]] = (0..<threads).map { thread in
            (0..<300).map { item in
                let own = String(repeating: "\(thread)", count: 1 + item % 4) + "q\(item)"
                return common[item % common.count] + "\(own) " + common[(item + thread) % common.count] + "w\(item * threads + thread)"
            }
        }
        let expected = texts.map { $0.map { Self.prefixWidths($0, cache: SegmentWidthCache(capacityInBytes: 1 << 22)) } }
        let cache = SegmentWidthCache(capacityInBytes: 1 << 22)
        let mismatches = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // Three rounds: a first sighting, admission, then hits from the front and the table.
            for round in 0..<3 {
                for (index, text) in texts[thread].enumerated() where Self.prefixWidths(text, cache: cache) != expected[thread][index] {
                    mismatches.withLock { $0.append("round \(round), thread \(thread): \(text)") }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == [])
        #expect(cache.statistics.hits > 0)
    }

    @Test func threadsMeasuringWhileTheTableEvictsGetTheSingleThreadedWidths() {
        // A table too small for the words: every insertion evicts, so fronts keep emptying.
        let words = (0..<200).map { "word\($0) other\($0 % 7) " }
        let expected = words.map { Self.prefixWidths($0, cache: SegmentWidthCache(capacityInBytes: 1 << 20)) }
        let cache = SegmentWidthCache(capacityInBytes: 4_000)
        let mismatches = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 4_000) { iteration in
            let index = (iteration * 13) % words.count
            if Self.prefixWidths(words[index], cache: cache) != expected[index] { mismatches.withLock { $0.append(index) } }
            if iteration % 500 == 0 { cache.removeAll() }
        }
        #expect(mismatches.withLock { $0 } == [])
        #expect(cache.byteCount <= 4_000)
    }

    @Test func removeAllEmptiesTheCallingThreadsFront() {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        _ = Self.prefixWidths("alpha beta", cache: cache)
        _ = Self.prefixWidths("alpha beta", cache: cache)  // admitted, and in this thread's front
        let before = cache.statistics
        _ = Self.prefixWidths("alpha beta", cache: cache)
        #expect(cache.statistics.misses == before.misses)
        #expect(cache.statistics.hits == before.hits + 2)
        cache.removeAll()
        _ = Self.prefixWidths("alpha beta", cache: cache)
        #expect(cache.statistics.misses == 2)
        #expect(cache.statistics.hits == 0)
    }

    @Test func anEvictedSegmentIsNotServedFromAFront() {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        _ = Self.prefixWidths("keep", cache: cache)
        _ = Self.prefixWidths("keep", cache: cache)
        #expect(cache.count == 1)
        cache.setCapacity(bytes: 0)
        let misses = cache.statistics.misses
        _ = Self.prefixWidths("keep", cache: cache)
        #expect(cache.statistics.misses == misses + 1)
    }

    @Test func aFrontPaysOnlyOnceEverySlotWasHitSinceItsLastPayment() {
        // One word for each slot, found by hashing numbers until every slot has one.
        let key = SegmentWidthCache.Key(typefaceID: 1, features: .standard, rightToLeft: false, script: 0)
        var wordOfSlot: [Int: [UInt16]] = [:]
        var number = 0
        while wordOfSlot.count < UnsafeThreadSegmentFront.slotCount {
            let units = Array("w\(number)".utf16)
            let hash = units.withUnsafeBufferPointer { SegmentWidthCache.hash($0, key) }
            let slot = Int(hash & UInt64(UnsafeThreadSegmentFront.slotCount - 1))
            if wordOfSlot[slot] == nil { wordOfSlot[slot] = units }
            number += 1
        }
        let words = wordOfSlot.keys.sorted().map { wordOfSlot[$0]! }
        let front = UnsafeThreadSegmentFront(epoch: 0, statisticsGeneration: 0)
        for (index, word) in words.enumerated() {
            // The shared layout: the code units, then as many advances, no unsafe offsets.
            let shared = word.map(UInt32.init) + word.map { _ in Float(500).bitPattern }
            word.withUnsafeBufferPointer { text in
                shared.withUnsafeBufferPointer { shared in
                    front.store(text, hash: SegmentWidthCache.hash(text, key), key: key, shared: shared, sharedIndex: index)
                }
            }
        }
        func hit(_ word: [UInt16]) -> Bool {
            word.withUnsafeBufferPointer { front.lookUp($0, hash: SegmentWidthCache.hash($0, key), key: key) != nil }
        }
        // Hits in every slot but one, twice each: remembered once each, and no payment is due.
        for _ in 0..<2 {
            for word in words.dropLast() { #expect(hit(word)) }
        }
        #expect(front.owed.pointee.touchCount == UnsafeThreadSegmentFront.slotCount - 1)
        #expect(!front.mustPay)
        // The last slot's hit makes the payment due.
        #expect(hit(words[words.count - 1]))
        #expect(front.mustPay)
        var owedIndices: [Int] = []
        front.forEachOwedIndex { owedIndices.append($0) }
        #expect(owedIndices == Array(words.indices))
        front.paidHits(statisticsGeneration: 0)
        front.paidRecency()
        #expect(!front.mustPay)
        #expect(front.owed.pointee.hits == 0)
    }

    @Test func aThreadUsingMoreCachesThanItKeepsFrontsForGetsExactWidths() {
        let caches = (0..<(UnsafeThreadSegmentFronts.limit + 2)).map { _ in SegmentWidthCache(capacityInBytes: 1 << 20) }
        let texts = ["one two three", "four five six", "seven eight nine"]
        let expected = texts.map { Self.prefixWidths($0, cache: SegmentWidthCache(capacityInBytes: 1 << 20)) }
        var missesAfterTwoRounds: [Int] = []
        for round in 0..<4 {
            for cache in caches {
                for (index, text) in texts.enumerated() {
                    #expect(Self.prefixWidths(text, cache: cache) == expected[index])
                }
            }
            if round == 1 { missesAfterTwoRounds = caches.map(\.statistics.misses) }
        }
        // Every word was admitted on its second sighting: the later rounds were answered by
        // the caches (hits owed by fronts this thread dropped are not counted, misses are).
        #expect(caches.map(\.statistics.misses) == missesAfterTwoRounds)
        for cache in caches { #expect(cache.count == 9) }
    }
}
