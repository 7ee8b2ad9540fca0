import Concurrency
import Foundation
import Testing
import TextOracles
@testable import Typesetting

/// The shared LRU cache of shaped segments.
@Suite struct SegmentWidthCacheTests {
    static func prepare(_ text: String, _ cache: SegmentWidthCache, times: Int = 1) {
        for _ in 0..<times { _ = PreparedText(validated: text, font: Measure.font, letterSpacing: 0, cache: cache) }
    }

    @Test func segmentsAreAdmittedOnTheirSecondSighting() {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        Self.prepare("once only", cache)
        #expect(cache.count == 0)
        Self.prepare("once only", cache)
        #expect(cache.count == 2)  // "once " and "only"
    }

    /// Distinct hashes, as the cache's own hash gives them (well mixed in every bit).
    static func distinctHashes(_ count: Int, salt: Int) -> [UInt64] {
        let key = SegmentWidthCache.Key(typefaceID: salt, features: .standard, rightToLeft: false, script: 0)
        return (0..<count).map { index in
            let units = Array(String(index).utf16)
            return units.withUnsafeBufferPointer { SegmentWidthCache.hash($0, key) }
        }
    }

    /// A word of lowercase letters that spells `number` in base 26: distinct numbers give
    /// distinct words.
    static func word(_ number: Int) -> String {
        var number = number
        var letters: [Character] = []
        repeat {
            letters.append(Character(UnicodeScalar(UInt8(97 + number % 26))))
            number /= 26
        } while number > 0
        return String(letters)
    }

    @Test func theDoorkeeperAdmitsASegmentOnItsSecondSightingAndAlmostNoneOnTheirFirst() {
        var admissionFilter = SegmentAdmissionFilter()
        let hashes = Self.distinctHashes(20_000, salt: 1)
        var passedAtFirstSighting = 0
        for hash in hashes {
            if admissionFilter.sight(hash) { passedAtFirstSighting += 1 }
            let admitted = admissionFilter.sight(hash)
            #expect(admitted)
        }
        // A new segment passes for a seen one about once in 16,000 sightings.
        #expect(passedAtFirstSighting <= 5)
    }

    @Test func theDoorkeeperForgetsSegmentsSeenLongAgo() {
        var admissionFilter = SegmentAdmissionFilter()
        let early = Self.distinctHashes(1_000, salt: 2)
        for hash in early { _ = admissionFilter.sight(hash) }
        // A few thousand new segments later, most are still remembered...
        for hash in Self.distinctHashes(4_000, salt: 3) { _ = admissionFilter.sight(hash) }
        var remembered = early.filter { hash in
            var copy = admissionFilter
            return copy.sight(hash)
        }.count
        #expect(remembered > early.count * 9 / 10)
        // ...and after many more (each bucket has seen about two hundred), all are
        // forgotten: in a full bucket each first sighting takes a random one of 16 places.
        var passed = 0
        let later = Self.distinctHashes(400_000, salt: 4)
        for hash in later where admissionFilter.sight(hash) { passed += 1 }
        // A new segment passes for a seen one at most once in 4,000 sightings.
        #expect(passed <= 200)
        remembered = early.filter { admissionFilter.sight($0) }.count
        #expect(remembered <= 1)
    }

    @Test func recurringSegmentsThatShareABucketAreAllAdmittedInTheEnd() {
        // More segments of one bucket (same top bits, different fingerprints) than it has
        // places, seen again and again in the same order, as the pieces of a feed are on
        // every pass. Taking the oldest place would let each push out the next for ever;
        // random places, freed on admission, let each be admitted within a few passes.
        var admissionFilter = SegmentAdmissionFilter()
        let hashes = (1...24).map { UInt64(0x0123) << 53 | UInt64($0 * 977) << 32 | 0xABCD }
        var admitted = Set<UInt64>()
        for _ in 0..<50 {
            for hash in hashes where !admitted.contains(hash) {
                if admissionFilter.sight(hash) { admitted.insert(hash) }
            }
        }
        #expect(admitted.count == hashes.count)
    }

    @Test func aSecondSightingFreesThePlaceForTheNextSegment() {
        var admissionFilter = SegmentAdmissionFilter()
        // Sixteen segments fill one bucket; the first is admitted, which frees its place.
        let hashes = (1...16).map { UInt64(0x0777) << 53 | UInt64($0 * 131) << 32 }
        for hash in hashes {
            let admitted = admissionFilter.sight(hash)
            #expect(!admitted)
        }
        var admitted = admissionFilter.sight(hashes[0])
        #expect(admitted)
        // A seventeenth takes that place rather than a random one: the fifteen still
        // waiting are all remembered, and so is it.
        let next = UInt64(0x0777) << 53 | UInt64(9_999) << 32
        admitted = admissionFilter.sight(next)
        #expect(!admitted)
        for hash in hashes.dropFirst() {
            admitted = admissionFilter.sight(hash)
            #expect(admitted)
        }
        admitted = admissionFilter.sight(next)
        #expect(admitted)
    }

    @Test func aCachedSegmentIsStillFoundAfterTheDoorkeeperForgetsIt() {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 24)
        Self.prepare("alpha beta", cache, times: 2)
        #expect(cache.count == 2)
        // Many more new words than the admissionFilter remembers: it forgets alpha and beta.
        for text in 0..<1_000 {
            Self.prepare((0..<100).map { Self.word(100_000 + text * 100 + $0) }.joined(separator: " "), cache)
        }
        // Asked from a new thread, whose front is empty, so that the shared table answers (a
        // thread's own hits are counted when it reads the statistics).
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let before = cache.statistics
            Self.prepare("alpha beta", cache)
            let after = cache.statistics
            #expect(after.hits - before.hits == 2)
            #expect(after.misses == before.misses)
            done.signal()
        }
        thread.start()
        done.wait()
    }

    @Test func repeatedWordsAreNotShapedAgain() throws {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        Self.prepare("alpha beta gamma", cache, times: 2)
        let entries = cache.count
        var before = cache.statistics
        _ = PreparedText(validated: "alpha beta gamma", font: Measure.font, letterSpacing: 0, cache: cache)
        #expect(cache.statistics.misses == before.misses)
        before = cache.statistics
        _ = PreparedText(validated: "alpha beta delta", font: Measure.font, letterSpacing: 0, cache: cache)
        // "alpha " and "beta " come from the cache; "delta" is new.
        #expect(cache.statistics.hits - before.hits == 2)
        #expect(cache.statistics.misses - before.misses == 1)
        #expect(cache.count == entries)  // "delta" is seen once: not admitted yet
    }

    @Test func byteBudgetEvictsTheLeastRecentlyUsed() {
        let cache = SegmentWidthCache(capacityInBytes: 2_000)
        for index in 0..<200 {
            Self.prepare("word\(index)", cache, times: 2)
            #expect(cache.byteCount <= 2_000)
        }
        let recent = cache.statistics.misses
        _ = PreparedText(validated: "word199", font: Measure.font, letterSpacing: 0, cache: cache)
        #expect(cache.statistics.misses == recent)
        let misses = cache.statistics.misses
        _ = PreparedText(validated: "word0", font: Measure.font, letterSpacing: 0, cache: cache)
        #expect(cache.statistics.misses > misses)
    }

    /// A cache holding "word0" to "word9", admitted in that order, with a budget of exactly
    /// those ten.
    static func tenWordsFillingTheBudget() -> SegmentWidthCache {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        for index in 0..<10 { prepare("word\(index)", cache, times: 2) }
        #expect(cache.count == 10)
        cache.setCapacity(bytes: cache.byteCount)
        return cache
    }

    /// Expects each of `kept` to be found (no miss) and `evicted` to miss, on this thread.
    static func expect(kept: [String], evicted: String, in cache: SegmentWidthCache) {
        for word in kept {
            let misses = cache.statistics.misses
            prepare(word, cache)
            #expect(cache.statistics.misses == misses, "\(word)")
        }
        let misses = cache.statistics.misses
        prepare(evicted, cache)
        #expect(cache.statistics.misses == misses + 1, "\(evicted)")
    }

    @Test func aHitMakesTheSegmentTheMostRecentlyUsed() {
        let cache = Self.tenWordsFillingTheBudget()
        Self.prepare("word0", cache)  // a hit: word0 is now the newest, word1 the oldest
        Self.prepare("fresh", cache, times: 2)  // admitting one more evicts one entry
        #expect(cache.count == 10)
        Self.expect(kept: ["word0", "word2"], evicted: "word1", in: cache)
    }

    /// A thread whose front lacks a segment finds it in the shared table; the move to the
    /// front of the recency order is owed, not made under the lock, and must be paid before
    /// that thread's next insertion evicts anything.
    @Test func aHitInTheSharedTableIsPaidBeforeTheSameThreadEvicts() {
        let cache = Self.tenWordsFillingTheBudget()
        // A new thread has an empty front: its lookup of word0 is a hit in the shared table.
        let done = DispatchSemaphore(value: 0)
        let other = Thread {
            let hits = cache.statistics.hits
            Self.prepare("word0", cache)
            #expect(cache.statistics.hits == hits + 1)
            Self.prepare("fresh", cache, times: 2)  // admitting one more evicts one entry
            done.signal()
        }
        other.start()
        done.wait()
        #expect(cache.count == 10)
        // The eviction emptied this thread's front: these lookups go to the shared table.
        Self.expect(kept: ["word0"], evicted: "word1", in: cache)
    }

    /// Threads whose fronts lack a segment find it in the shared table at the same time: the
    /// table's hits are read under a lock that readers share. Each thread waits, inside the
    /// callback that takes the hit, for the other to get there too; under a lock of one holder
    /// at a time the first would wait out its timeout alone.
    @Test func twoThreadsTakeHitsFromTheSharedTableAtOnce() {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        let key = SegmentWidthCache.Key(typefaceID: 1, features: .standard, rightToLeft: false, script: 0)
        let text = Array("shared".utf16)
        let pieces = [0..<text.count]
        @Sendable func lookUp(found: () -> Void, missed: (UInt64, Bool) -> Void) {
            text.withUnsafeBufferPointer { text in
                pieces.withUnsafeBufferPointer { pieces in
                    cache.lookUp(text, key: key, pieces: pieces, found: { _, _, _ in found() },
                                 missed: { _, hash, admitted in missed(hash, admitted) })
                }
            }
        }
        // Two sightings admit the piece; this thread then stores it.
        var admittedHash: UInt64?
        for _ in 0..<2 { lookUp(found: {}, missed: { hash, admitted in if admitted { admittedHash = hash } }) }
        guard let hash = admittedHash else {
            Issue.record("the second sighting was not admitted")
            return
        }
        let advances = [Float](repeating: 300, count: text.count)
        let unsafe = [Bool](repeating: false, count: text.count)
        text.withUnsafeBufferPointer { text in
            advances.withUnsafeBufferPointer { advances in
                unsafe.withUnsafeBufferPointer { unsafe in
                    cache.insert(count: 1, key: key) { _ in .init(text: text, hash: hash, advances: advances, unsafe: unsafe) }
                }
            }
        }
        #expect(cache.count == 1)

        // New threads have empty fronts: their lookups go to the shared table.
        let inside = Locked(0)
        let metTheOther = Locked(0)
        let misses = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread {
                lookUp(found: {
                    inside.withLock { $0 += 1 }
                    let deadline = Date().addingTimeInterval(10)
                    while inside.withLock({ $0 }) < 2 && Date() < deadline { usleep(100) }
                    if inside.withLock({ $0 }) == 2 { metTheOther.withLock { $0 += 1 } }
                }, missed: { _, _ in misses.withLock { $0 += 1 } })
                group.leave()
            }.start()
        }
        group.wait()
        #expect(misses.withLock { $0 } == 0)
        #expect(metTheOther.withLock { $0 } == 2)
    }

    @Test func loweringTheCapacityEvictsAtOnce() {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        Self.prepare("several different words here", cache, times: 2)
        #expect(cache.count > 0)
        cache.setCapacity(bytes: 0)
        #expect(cache.count == 0 && cache.byteCount == 0)
    }

    /// Ligatures are off with letter spacing: the cached ligated shaping of a word must not
    /// serve its spaced sighting. Noto Serif's "ffi" ligature is narrower than its letters.
    @Test func featuresAreAPartOfTheKey() throws {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        let path = "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf"
        let serif = try Font(path: path, size: 17)
        for _ in 0..<2 { _ = PreparedText(validated: "office", font: serif, letterSpacing: 0, cache: cache) }
        let plain = try PreparedText(validated: "office", font: serif, letterSpacing: 0, cache: cache)
            .layout(width: .infinity).lines[0].width
        let spaced = try PreparedText(validated: "office", font: serif, letterSpacing: 0.5, cache: cache)
            .layout(width: .infinity).lines[0].width
        let ligated = try HarfBuzzOracle.width("office", fontPath: path, size: 17)
        let apart = try HarfBuzzOracle.width("office", fontPath: path, size: 17, features: "-liga,-clig,-dlig")
        #expect(ligated < apart)
        #expect(abs(Double(plain) - ligated) < 1e-9 * ligated)
        #expect(abs(Double(spaced) - (apart + 6 * 0.5)) < 1e-9 * apart)
    }

    @Test func slotTableAgreesWithADictionaryUnderCollidingInsertsAndRemovals() {
        var table = SegmentWidthCache.SlotTable()
        var model: [UInt64: Int] = [:]
        var state: UInt64 = 12345
        for step in 0..<3_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            // Few distinct low bits: long probe clusters that wrap around the table.
            let hash = (state >> 40) << 20 | (state >> 60)
            if state & 3 == 0 {
                table[hash] = nil
                model[hash] = nil
            } else {
                table[hash] = step
                model[hash] = step
            }
            if step % 499 == 0 {
                for (key, value) in model { #expect(table[key] == value) }
            }
        }
        #expect(table.count == model.count)
        for (key, value) in model { #expect(table[key] == value) }
    }

    @Test(arguments: TestCorpus.all.map(\.0))
    func aNewWordAmongCachedOnesMeasuresAsOnAnEmptyCache(_ name: String) throws {
        let text = try #require(TestCorpus.all.first { $0.0 == name }?.1)
        let cache = SegmentWidthCache(capacityInBytes: 1 << 22)
        Self.prepare(text, cache, times: 2)
        // New words at either end, and two adjacent ones in the middle (shaped together).
        let middle = text.dropFirst(text.count / 2).firstIndex(of: " ") ?? text.endIndex
        let inserted = String(text[..<middle]) + " Qwxz Vzyk" + String(text[middle...])
        for variant in ["Zyxwv " + text, text + " 12345", "第一 " + text, inserted] {
            let warm = try PreparedText(validated: variant, font: Measure.font, letterSpacing: 0, cache: cache)
                .layout(width: 150)
            let fresh = try PreparedText(validated: variant, font: Measure.font, letterSpacing: 0,
                                         cache: SegmentWidthCache(capacityInBytes: 1 << 22)).layout(width: 150)
            #expect(warm.lines.map(\.utf16Range) == fresh.lines.map(\.utf16Range))
            for (a, b) in zip(warm.lines, fresh.lines) { #expect(abs(a.width - b.width) < 1e-6) }
        }
    }

    @Test(arguments: TestCorpus.all.map(\.0))
    func newWordsInSeveralPlacesAreStoredOnTheirSecondSightingAndMeasureAsOnAnEmptyCache(_ name: String) throws {
        let text = try #require(TestCorpus.all.first { $0.0 == name }?.1)
        let cache = SegmentWidthCache(capacityInBytes: 1 << 22)
        Self.prepare(text, cache, times: 2)
        // Three stretches of new words in one run: storing them (on their second sighting)
        // asks for each piece again to copy it into the thread's front.
        let third = text.dropFirst(text.count / 3).firstIndex(of: " ") ?? text.endIndex
        let twoThirds = text.dropFirst(2 * text.count / 3).firstIndex(of: " ") ?? text.endIndex
        let variant = "Zyxwv " + String(text[..<third]) + " Qwxz" + String(text[third..<twoThirds])
            + " Vzyk Jqxw" + String(text[twoThirds...])
        let fresh = try PreparedText(validated: variant, font: Measure.font, letterSpacing: 0,
                                     cache: SegmentWidthCache(capacityInBytes: 1 << 22)).layout(width: 150)
        for sighting in 1...3 {
            let warm = try PreparedText(validated: variant, font: Measure.font, letterSpacing: 0, cache: cache)
                .layout(width: 150)
            #expect(warm.lines.map(\.utf16Range) == fresh.lines.map(\.utf16Range), "sighting \(sighting)")
            for (a, b) in zip(warm.lines, fresh.lines) { #expect(abs(a.width - b.width) < 1e-6, "sighting \(sighting)") }
        }
    }
}
