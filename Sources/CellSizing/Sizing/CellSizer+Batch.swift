import AutoLayout
import Concurrency
import Foundation
import Synchronization

extension CellSizer {
    /// The heights of a batch of items, in order, measured on every core.
    ///
    /// Cached heights are taken from the cache; the other items are shared out among as many
    /// threads as there are active processors, each filling a template cell of its own, and
    /// their heights are cached. A key that appears more than once is measured once, with its
    /// first item. The result is the one ``height(for:configure:)`` would give item after item.
    ///
    /// The keys are of any one `Hashable` type: `AnyHashable` (`[(AnyHashable, Item)]`) mixes
    /// key types, and a batch of one key type (`[(Int, Post)]`, what
    /// `posts.map { ($0.id, $0) }` makes) is the same call. Keys are
    /// cached as ``height(for:configure:)`` caches them, so a key is the same key in both
    /// whichever way it was given. A typed batch skips taking each key out of its
    /// `AnyHashable` box, a runtime cast per key on the one thread that prepares the batch.
    ///
    /// - Parameters:
    ///   - items: the items, each with the key its height is cached under.
    ///   - configure: fills a template cell for an item; called concurrently from several
    ///     threads, each time with a different cell.
    /// - Throws: ``CellSizingError/heightNotDetermined(key:width:ambiguousViews:)`` or
    ///   ``CellSizingError/impossibleHeight(key:width:height:)`` for the first item (in the
    ///   batch's order) whose cell's constraints do not determine its height or give an
    ///   impossible one; no height of the batch is cached then.
    public func heights<Key: Hashable, Item: Sendable>(
        for items: [(Key, Item)], configure: @Sendable (Cell, Item) -> Void
    ) throws(CellSizingError) -> [CGFloat] {
        try heights(for: items, orderedBy: nil, configure: configure)
    }

    /// ``heights(for:configure:)``, measuring items with similar `similarity` features one
    /// after another, which re-solves with fewer pivots: the heights are the same, in the
    /// batch's order, and come sooner.
    ///
    /// `similarity` gives a few numbers for an item that decide its cell's layout, the same
    /// ones for every item: the lengths of the texts it shows, in UTF-8 bytes, say, and any
    /// size it sets (`{ [$0.title.utf8.count, $0.body.utf8.count] }`). They only order the
    /// work: an item's height never depends on the item measured before it.
    public func heights<Key: Hashable, Item: Sendable>(
        for items: [(Key, Item)], similarity: (Item) -> [Int], configure: @Sendable (Cell, Item) -> Void
    ) throws(CellSizingError) -> [CGFloat] {
        try withoutActuallyEscaping(similarity) { similarity throws(CellSizingError) in
            try heights(for: items, orderedBy: similarity, configure: configure)
        }
    }

    private func heights<Key: Hashable, Item: Sendable>(
        for items: [(Key, Item)], orderedBy similarity: ((Item) -> [Int])?, configure: @Sendable (Cell, Item) -> Void
    ) throws(CellSizingError) -> [CGFloat] {
        try items.withKeyedItems { batch throws(CellSizingError) in
            let keys = batch.cacheKeys()
            let (cached, conditions) = heightCache.lookUp(keys)
            let (jobs, sourceJob) = Self.jobs(keys: keys, cached: cached)
            // Each job reads its item in place, where it runs: the threads read the batch,
            // which nobody mutates while they run.
            let shared = UncheckedSendable(batch)
            let order = similarity.map { similarity in SimilarityOrder.order(jobs.map { similarity(batch[item: $0]) }) }
            let measured = try measureConcurrently(
                jobs.count, conditions: conditions, order: order, placeholder: CGFloat(0)
            ) { template, job throws(CellSizingError) in
                let index = jobs[job]
                configure(Self.cell(of: template), shared.value[item: index])
                return try measure(keys[index], in: template)
            }
            heightCache.store(heights: measured, forKeysAt: jobs, of: keys, under: conditions)
            return cached.indices.map { cached[$0] ?? measured[sourceJob[$0]] }
        }
    }

    /// The heights of a batch of items at each of several widths: `result[i][w]` is the height
    /// of item `i` at `widths[w]`, the one ``height(for:configure:)`` would give at that width.
    ///
    /// Each item's template cell is filled once and then measured at every width in turn, so
    /// its labels' text is prepared once and laid out at each width by arithmetic: sizing the
    /// same items for several screens costs little more than the first. The widths are
    /// visited from the narrowest to the widest (or back, from where the item before left the
    /// cell), whatever their order here: the heights are the same, and small steps re-solve
    /// with fewer pivots. Items are measured on every core as ``heights(for:configure:)``
    /// measures them; heights are cached under each width (as ``setWidth(_:)`` would have
    /// them), an item cached at every width is not measured, and a key that appears more
    /// than once is measured once.
    ///
    /// - Throws: ``CellSizingError/invalidWidth(_:)`` for a width that is not a number from 0
    ///   to ``maximumWidth``; otherwise as ``heights(for:configure:)``, for the first failing
    ///   item, and then no height of the batch is cached.
    public func heights<Key: Hashable, Item: Sendable>(
        for items: [(Key, Item)], atWidths widths: [CGFloat], configure: @Sendable (Cell, Item) -> Void
    ) throws(CellSizingError) -> [[CGFloat]] {
        try heights(for: items, atWidths: widths, orderedBy: nil, configure: configure)
    }

    /// ``heights(for:atWidths:configure:)``, measuring items with similar `similarity`
    /// features one after another, as ``heights(for:similarity:configure:)`` does.
    public func heights<Key: Hashable, Item: Sendable>(
        for items: [(Key, Item)], atWidths widths: [CGFloat], similarity: (Item) -> [Int],
        configure: @Sendable (Cell, Item) -> Void
    ) throws(CellSizingError) -> [[CGFloat]] {
        try withoutActuallyEscaping(similarity) { similarity throws(CellSizingError) in
            try heights(for: items, atWidths: widths, orderedBy: similarity, configure: configure)
        }
    }

    private func heights<Key: Hashable, Item: Sendable>(
        for items: [(Key, Item)], atWidths widths: [CGFloat], orderedBy similarity: ((Item) -> [Int])?,
        configure: @Sendable (Cell, Item) -> Void
    ) throws(CellSizingError) -> [[CGFloat]] {
        for width in widths { try Self.validate(width) }
        guard !widths.isEmpty else { return items.map { _ in [] } }
        return try items.withKeyedItems { batch throws(CellSizingError) in
            let keys = batch.cacheKeys()
            let category = heightCache.conditions.contentSizeCategory
            let columns = widths.map { SizingConditions(width: $0, contentSizeCategory: category) }
            let cached = columns.map { heightCache.lookUp(keys, under: $0) }
            let cachedEverywhere: [CGFloat?] = keys.indices.map { index in
                cached.allSatisfy { $0[index] != nil } ? 0 : nil
            }
            let (jobs, sourceJob) = Self.jobs(keys: keys, cached: cachedEverywhere)
            let shared = UncheckedSendable(batch)
            let ascending = Self.ascendingOrder(of: widths)
            let order = similarity.map { similarity in SimilarityOrder.order(jobs.map { similarity(batch[item: $0]) }) }
            let measured = try measureConcurrently(jobs.count, conditions: columns[0], order: order, placeholder: [CGFloat]()) {
                template, job throws(CellSizingError) in
                let index = jobs[job]
                configure(Self.cell(of: template), shared.value[item: index])
                var heights = [CGFloat](repeating: 0, count: widths.count)
                try measure(keys[index], in: template, atWidths: widths, ascending: ascending) { column, height in
                    heights[column] = height
                }
                return heights
            }
            for (column, conditions) in columns.enumerated() {
                heightCache.store(heights: measured.map { $0[column] }, forKeysAt: jobs, of: keys, under: conditions)
            }
            return keys.indices.map { index in
                cachedEverywhere[index] != nil ? cached.map { $0[index] ?? 0 } : measured[sourceJob[index]]
            }
        }
    }

    /// The indices of `widths` in increasing order of width (the given order among equal ones).
    ///
    /// Each change of width re-solves in dual simplex pivots, about as many as the rows the
    /// change makes infeasible, so small steps from width to width cost the least. For
    /// 375,320,414 that visits 320, 375, 414 and saves a fifth of each extra width.
    static func ascendingOrder(of widths: [CGFloat]) -> [Int] {
        widths.indices.sorted { (widths[$0], $0) < (widths[$1], $1) }
    }

    /// Measures the filled template at each of `widths`, visited in the order `ascending`
    /// gives (``ascendingOrder(of:)``), and hands each height to `record` with its width's index.
    func measure(
        _ key: some Hashable, in template: TemplateCell, atWidths widths: [CGFloat], ascending: [Int],
        record: (Int, CGFloat) -> Void
    ) throws(CellSizingError) {
        // A cell left at the widest width by the item before goes through the widths
        // narrowest last: it starts where it is, saving a width change an item.
        let backwards = widths.count > 1 && template.width == widths[ascending[ascending.count - 1]]
        for step in ascending.indices {
            let column = ascending[backwards ? ascending.count - 1 - step : step]
            if template.width != widths[column] { template.width = widths[column] }
            record(column, try measure(key, in: template))
        }
    }

    /// The most neighbouring jobs a thread takes at once.
    static var jobsPerRun: Int { 32 }

    /// The items to measure, as indices into `keys`: the first occurrence of each key that is
    /// not cached. Also, for each item not cached, the job that measures its key.
    ///
    /// Repeated keys are found through a table indexed by the key when every uncached key is
    /// an integer and their range is not much wider than the batch (row numbers, database
    /// identifiers), and through a dictionary otherwise: hashing each key was the larger part
    /// of the batch's serial work, which bounds how much faster it runs on more cores.
    static func jobs(keys: [CacheKey], cached: [CGFloat?]) -> (jobs: [Int], sourceJob: [Int]) {
        let uncached = cached.reduce(0) { $1 == nil ? $0 + 1 : $0 }
        var jobs: [Int] = []
        jobs.reserveCapacity(uncached)
        var sourceJob = [Int](repeating: -1, count: keys.count)
        if let range = denseIntegerRange(keys, cached: cached, uncached: uncached) {
            var jobOfOffset = [Int](repeating: -1, count: range.count)
            for index in keys.indices where cached[index] == nil {
                guard case .int(let value) = keys[index] else { continue }
                let offset = value &- range.lowest
                if jobOfOffset[offset] < 0 {
                    jobOfOffset[offset] = jobs.count
                    jobs.append(index)
                }
                sourceJob[index] = jobOfOffset[offset]
            }
        } else {
            var jobOfKey: [CacheKey: Int] = [:]
            jobOfKey.reserveCapacity(uncached)
            for index in keys.indices where cached[index] == nil {
                let key = keys[index]
                if let job = jobOfKey[key] {
                    sourceJob[index] = job
                } else {
                    jobOfKey[key] = jobs.count
                    sourceJob[index] = jobs.count
                    jobs.append(index)
                }
            }
        }
        return (jobs, sourceJob)
    }

    /// The lowest uncached key and the number of values up to the highest, when every uncached
    /// key is an integer and they span at most four times as many values as there are such
    /// keys (and at most a million); `nil` otherwise.
    private static func denseIntegerRange(
        _ keys: [CacheKey], cached: [CGFloat?], uncached: Int
    ) -> (lowest: Int, count: Int)? {
        guard uncached > 0 else { return nil }
        var lowest = Int.max
        var highest = Int.min
        for index in keys.indices where cached[index] == nil {
            guard case .int(let value) = keys[index] else { return nil }
            lowest = min(lowest, value)
            highest = max(highest, value)
        }
        let (span, overflow) = highest.subtractingReportingOverflow(lowest)
        guard !overflow, span < min(4 * uncached, 1 << 20) else { return nil }
        return (lowest, span + 1)
    }

    /// Runs `body` for jobs `0..<count` as ``runConcurrently(_:conditions:order:_:)`` runs them and
    /// returns what it gave for each job, in job order.
    private func measureConcurrently<Value>(
        _ count: Int, conditions: SizingConditions, order: [Int]?, placeholder: Value,
        _ body: (TemplateCell, Int) throws(CellSizingError) -> Value
    ) throws(CellSizingError) -> [Value] {
        var heights = [Value](repeating: placeholder, count: count)
        let outcome = heights.withDisjointSlots { heights in
            Result { () throws(CellSizingError) in
                try runConcurrently(count, conditions: conditions, order: order) { template, job throws(CellSizingError) in
                    heights.set(job, to: try body(template, job))
                }
            }
        }
        try outcome.get()
        return heights
    }

    /// Runs `body` for jobs `0..<count` on up to one thread per active processor, each thread
    /// with its own template cell; `body` keeps each job's results where no other job writes.
    /// Threads take the next few jobs as they finish the last, so uneven cells keep every core
    /// busy. The jobs are visited in `order` (a permutation of `0..<count`, see
    /// ``SimilarityOrder``) when there is one. The first error in job order is thrown, after
    /// every thread has stopped.
    func runConcurrently(
        _ count: Int, conditions: SizingConditions, order: [Int]? = nil,
        _ body: (TemplateCell, Int) throws(CellSizingError) -> Void
    ) throws(CellSizingError) {
        guard count > 0 else { return }
        let threads = min(ProcessInfo.processInfo.activeProcessorCount, count)
        // Only the first failure in job order is thrown, so only it is kept: a slot per job
        // was an array to fill and free on the calling thread for every batch.
        let failure = Locked<(job: Int, error: CellSizingError)?>(nil)
        // Threads take runs of neighbouring jobs: the items of neighbouring jobs (their strings'
        // storage, their slots of `heights`) tend to share cache lines, which two cores writing
        // them would pass back and forth. Runs short enough that the threads still finish together.
        let chunk = max(1, min(Self.jobsPerRun, count / (threads * 8)))
        let firstFailure = Atomic<Int>(Int.max)
        withoutActuallyEscaping(body) { body in
            // The threads read `body`'s captures (the batch, which nobody mutates while it
            // runs) and each job writes only its own slots.
            let shared = UncheckedSendable(body)
            ParallelChunks.run(count: count, chunkSize: chunk, threads: threads) { claims in
                let body = shared.value
                var jobs = JobCursor(order: order)
                // Each pass lends the thread a template and ends when an item fails on it, which
                // leaves it in doubt: the pool discards it, and the next job still needed (one
                // before the failure in job order, which a visiting order can bring after it)
                // is measured on another.
                while var job = jobs.next(from: claims, before: firstFailure) {
                    withTemplate(conditions: conditions) { template in
                        while true {
                            do throws(CellSizingError) {
                                try body(template, job)
                            } catch {
                                failure.withLock { first in
                                    if first.map({ job < $0.job }) ?? true { first = (job, error) }
                                }
                                firstFailure.min(job, ordering: .relaxed)
                                return
                            }
                            guard let next = jobs.next(from: claims, before: firstFailure) else { return }
                            job = next
                        }
                    }
                }
            }
        }
        if let (_, error) = failure.withLock({ $0 }) { throw error }
    }
}

/// The jobs one thread of ``CellSizer/runConcurrently(_:conditions:order:_:)`` visits: the
/// runs of positions it claims, each position mapped through the visiting order.
private struct JobCursor {
    let order: [Int]?
    /// What is left of the run claimed last.
    var run = 0..<0

    /// The next job still needed: claimed from `claims` when the run is over, and below
    /// `limit`, the first failure so far (jobs after it are not needed, as it is thrown).
    mutating func next(from claims: borrowing ParallelChunks.Claims, before limit: borrowing Atomic<Int>) -> Int? {
        while true {
            if run.isEmpty {
                guard let claimed = claims.next() else { return nil }
                run = claimed
            }
            let position = run.lowerBound
            run = run.dropFirst()
            let job = order.map { $0[position] } ?? position
            if job < limit.load(ordering: .relaxed) { return job }
        }
    }
}
