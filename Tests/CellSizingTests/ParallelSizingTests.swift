import Concurrency
import AutoLayout
import Foundation
import Typesetting
import Testing
import SeededRandom

@testable import CellSizing

@Suite struct ParallelSizingTests {
    private func randomItems(_ count: Int, seed: UInt64) -> [(AnyHashable, BlockItem)] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { (AnyHashable($0), BlockItem.random(using: &generator)) }
    }

    @Test func batchHeightsEqualSerialHeightsInOrder() throws {
        let items = randomItems(400, seed: 11)
        let parallel = try CellSizer(width: 375) { BlockCell() }
        let serial = try CellSizer(width: 375) { BlockCell() }
        let heights = try parallel.heights(for: items) { cell, item in cell.show(item) }
        let expected = try items.map { key, item in try serial.height(for: key) { $0.show(item) } }
        #expect(heights == expected)
        #expect(heights == items.map { $0.1.expectedHeight(atWidth: 375) })
    }

    @Test func batchCachesEveryHeightItMeasured() throws {
        let items = randomItems(100, seed: 12)
        let sizer = try CellSizer(width: 320) { BlockCell() }
        let heights = try sizer.heights(for: items) { cell, item in cell.show(item) }
        #expect(items.map { sizer.cachedHeight(for: $0.0) } == heights)
        let counter = CallCounter()
        let again = try sizer.heights(for: items) { cell, item in
            counter.increment()
            cell.show(item)
        }
        #expect(again == heights)
        #expect(counter.value == 0)
    }

    /// A batch of one key type and one of `AnyHashable` keys share the cache with each other
    /// and with item-by-item sizing: `7`, `AnyHashable(7)` and `Int8(7)` are one key.
    @Test func typedAndBoxedKeysAreTheSameKeys() throws {
        let items = randomItems(120, seed: 16)
        let typed = items.map { (key, item) in (key.base as! Int, item) }
        let sizer = try CellSizer(width: 375) { BlockCell() }
        let heights = try sizer.heights(for: typed) { cell, item in cell.show(item) }
        #expect(heights == items.map { $0.1.expectedHeight(atWidth: 375) })
        let counter = CallCounter()
        #expect(try sizer.heights(for: items) { cell, item in counter.increment(); cell.show(item) } == heights)
        #expect(try sizer.heights(for: typed.map { (Int8($0.0 % 100), $0.1) }.prefix(100).map { $0 }) { cell, item in
            counter.increment(); cell.show(item)
        } == Array(heights.prefix(100)))
        #expect(try sizer.height(for: 7) { _ in counter.increment() } == heights[7])
        #expect(counter.value == 0)
    }

    @Test func batchMeasuresOnlyWhatIsNotCached() throws {
        let items = randomItems(60, seed: 13)
        let sizer = try CellSizer(width: 375) { BlockCell() }
        for (key, item) in items.prefix(20) { _ = try sizer.height(for: key) { $0.show(item) } }
        let counter = CallCounter()
        let heights = try sizer.heights(for: items) { cell, item in
            counter.increment()
            cell.show(item)
        }
        #expect(counter.value == 40)
        #expect(heights == items.map { $0.1.expectedHeight(atWidth: 375) })
    }

    @Test func repeatedKeyIsMeasuredOnceWithItsFirstItem() throws {
        let first = BlockItem(blockHeights: [10, 10, 10], wrappingArea: 0)
        let second = BlockItem(blockHeights: [90, 90, 90], wrappingArea: 0)
        let sizer = try CellSizer(width: 375) { BlockCell() }
        let counter = CallCounter()
        let heights = try sizer.heights(for: [("x", first), ("y", second), ("x", second)]) { cell, item in
            counter.increment()
            cell.show(item)
        }
        #expect(counter.value == 2)
        #expect(heights[0] == heights[2])
        #expect(heights[0] == first.expectedHeight(atWidth: 375))
    }

    /// Integer keys are matched through a table indexed by the key when they are dense, and
    /// through a dictionary when they are spread out or span the whole range of `Int`.
    @Test(arguments: [[5, 7, 5, 6, 7, 5], [0, 1_000_000, 0, 42, 1_000_000], [Int.max, Int.min, Int.max, 0, Int.min]])
    func repeatedIntegerKeysAreMeasuredOnceWithTheirFirstItem(keys: [Int]) throws {
        let items = keys.enumerated().map { index, key in
            (AnyHashable(key), BlockItem(blockHeights: [CGFloat(10 + index), 20, 30], wrappingArea: 0))
        }
        let sizer = try CellSizer(width: 375) { BlockCell() }
        let counter = CallCounter()
        let heights = try sizer.heights(for: items) { cell, item in
            counter.increment()
            cell.show(item)
        }
        #expect(counter.value == Set(keys).count)
        for (index, key) in keys.enumerated() {
            let first = try #require(keys.firstIndex(of: key))
            #expect(heights[index] == items[first].1.expectedHeight(atWidth: 375))
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func jobsFromADenseTableMatchJobsFromADictionary(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let count = 500
        let integers = (0..<count).map { _ in Int.random(in: 1_000..<1_300, using: &generator) }
        let cached: [CGFloat?] = (0..<count).map { _ in Bool.random(using: &generator) ? 44 : nil }
        // The same keys as integers (the table) and as strings (the dictionary).
        let dense = CellSizer<View>.jobs(keys: integers.map { CacheKey.int($0) }, cached: cached)
        let hashed = CellSizer<View>.jobs(keys: integers.map { CacheKey.string(String($0)) }, cached: cached)
        #expect(dense.jobs == hashed.jobs)
        #expect(dense.sourceJob == hashed.sourceJob)
        #expect(dense.jobs.count == Set(integers.indices.filter { cached[$0] == nil }.map { integers[$0] }).count)
    }

    /// A batch large enough that its keys are unboxed on every core, with keys of three kinds
    /// and repeats, gives what item-by-item sizing gives.
    @Test func aLargeBatchWithMixedKeysEqualsSerialSizing() throws {
        struct Identifier: Hashable, Sendable { let value: Int }
        var generator = SeededGenerator(seed: 21)
        let items: [(AnyHashable, BlockItem)] = (0..<3_000).map { index in
            let key: AnyHashable = switch index % 3 {
            // Each kind repeats its keys, with other items: the first item of a key decides.
            case 0: AnyHashable(index / 3 % 400)
            case 1: AnyHashable("row \(index / 3 % 700)")
            default: AnyHashable(Identifier(value: index / 3 % 300))
            }
            return (key, BlockItem.random(using: &generator))
        }
        let parallel = try CellSizer(width: 320) { BlockCell() }
        let serial = try CellSizer(width: 320) { BlockCell() }
        let heights = try parallel.heights(for: items) { cell, item in cell.show(item) }
        let expected = try items.map { key, item in try serial.height(for: key) { $0.show(item) } }
        #expect(heights == expected)
        #expect(items.map { parallel.cachedHeight(for: $0.0) } == expected)
        #expect(Set(items.map(\.0)).count == 1_400)
    }

    /// A sizer is used from several threads at once, item by item, as the documentation
    /// allows: every thread gets the heights serial sizing gives, and the cache holds them all.
    @Test func severalThreadsSizingItemByItemAgreeWithSerialSizing() throws {
        // Keyed by their index.
        let items = randomItems(240, seed: 22).map(\.1)
        let shared = try CellSizer(width: 375) { BlockCell() }
        let serial = try CellSizer(width: 375) { BlockCell() }
        let expected = try items.indices.map { index in try serial.height(for: index) { $0.show(items[index]) } }
        let threads = 4
        // A pthread lock, which the thread sanitizer sees (it does not model `Mutex`'s futexes).
        let results = Locked([[CGFloat]](repeating: [], count: threads))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // Each thread walks the items from another starting point, so that they meet.
            var heights = [CGFloat](repeating: -1, count: items.count)
            for step in items.indices {
                let index = (step + thread * 60) % items.count
                heights[index] = (try? shared.height(for: index) { $0.show(items[index]) }) ?? -1
            }
            results.withLock { $0[thread] = heights }
        }
        for heights in results.withLock({ $0 }) {
            #expect(heights == expected)
        }
        #expect(items.indices.map { shared.cachedHeight(for: $0) } == expected)
    }

    @Test func everyThreadWorksOnATemplateOfItsOwnAndThePoolStaysThatSmall() throws {
        let items = randomItems(300, seed: 14)
        let sizer = try CellSizer(width: 375) { BlockCell() }
        _ = try sizer.heights(for: items) { cell, item in cell.show(item) }
        try sizer.setWidth(300)
        _ = try sizer.heights(for: items) { cell, item in cell.show(item) }
        #expect(sizer.templateCount >= 1)
        #expect(sizer.templateCount <= ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The batch reads keys and items in place through the tuple's layout: check it on items
    /// of several sizes and alignments.
    @Test func keyedItemsReadEachKeyAndItemInPlace() {
        func check<Key: Hashable, Item: Equatable>(_ items: [(Key, Item)]) {
            items.withKeyedItems { batch in
                #expect(batch.count == items.count)
                for index in items.indices {
                    #expect(batch[key: index] == items[index].0)
                    #expect(batch[item: index] == items[index].1)
                }
                #expect(batch.cacheKeys() == items.map { CacheKey(boxed: AnyHashable($0.0)) })
            }
        }
        check((0..<50).map { (AnyHashable($0), UInt8($0)) })
        check((0..<50).map { ($0, UInt8($0)) })
        check((0..<50).map { (UInt8($0), "item \($0) with a longer string") })
        check((0..<50).map { ("key \($0)", Double($0)) })
        check((0..<50).map { (AnyHashable("key \($0)"), "item \($0) with a longer string") })
        check((0..<50).map { (AnyHashable(Int8($0)), [Double($0), -1]) })
        check([(AnyHashable, UInt8)]())
        // The item's offset is the tuple layout's: past the key, at the item's alignment.
        #expect(MemoryLayout<(AnyHashable, UInt8)>.offset(of: \(AnyHashable, UInt8).1) == MemoryLayout<AnyHashable>.size)
    }

    /// A thread gets back the template cell it used last, whichever cell was given back last:
    /// its views and text stay in that core's caches.
    @Test func aThreadGetsBackTheCellItUsedLast() {
        let pool = TemplatePool { View() }
        let cells = Locked<[String: ObjectIdentifier]>([:])
        @Sendable func lend(_ name: String, while body: () -> Void = {}) {
            pool.withCell(conditions: SizingConditions(width: 100, contentSizeCategory: .large)) { cell in
                cells.withLock { $0[name] = ObjectIdentifier(cell) }
                body()
            }
        }
        let aHolds = DispatchSemaphore(value: 0), bHolds = DispatchSemaphore(value: 0)
        let aGaveBack = DispatchSemaphore(value: 0), bGaveBack = DispatchSemaphore(value: 0)
        let aDone = DispatchSemaphore(value: 0), bDone = DispatchSemaphore(value: 0)
        // A and B hold a cell at the same time, so the pool makes two; A gives its cell back
        // first, so B's is the last in the pool when A asks again.
        Thread {
            lend("a") { aHolds.signal(); bHolds.wait() }
            aGaveBack.signal()
            bGaveBack.wait()
            lend("a again")
            aDone.signal()
        }.start()
        Thread {
            aHolds.wait()
            lend("b") { bHolds.signal(); aGaveBack.wait() }
            bGaveBack.signal()
            aDone.wait()
            lend("b again")
            bDone.signal()
        }.start()
        bDone.wait()
        let lent = cells.withLock { $0 }
        #expect(pool.cellCount == 2)
        #expect(lent["a"] != lent["b"])
        #expect(lent["a again"] == lent["a"])
        #expect(lent["b again"] == lent["b"])
    }

    @Test func batchAtAnotherWidthEqualsSerialAtThatWidthAndKeepsTheFirstWidth() throws {
        let items = randomItems(200, seed: 15)
        let sizer = try CellSizer(width: 375) { BlockCell() }
        let wide = try sizer.heights(for: items) { cell, item in cell.show(item) }
        try sizer.setWidth(180)
        let narrow = try sizer.heights(for: items) { cell, item in cell.show(item) }
        #expect(narrow == items.map { $0.1.expectedHeight(atWidth: 180) })
        try sizer.setWidth(375)
        let counter = CallCounter()
        #expect(try sizer.heights(for: items) { cell, item in counter.increment(); cell.show(item) } == wide)
        #expect(counter.value == 0)
    }

    @Test func emptyBatchGivesNoHeights() throws {
        let sizer = try CellSizer(width: 375) { BlockCell() }
        #expect(try sizer.heights(for: [(AnyHashable, BlockItem)]()) { cell, item in cell.show(item) } == [])
    }
}
