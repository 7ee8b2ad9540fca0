import AutoLayout
import CellSizing
import Concurrency
import Foundation

/// `fitsize cells`: sizes one cell per data line with a ``CellSizing/CellSizer`` (template
/// cells on every core), writing `{"key": …, "height": …}` lines in input order, a block at
/// a time. Reading and parsing the next block (``ItemPrefetcher``) and writing the last one
/// run on threads of their own beside the sizing, so that the cores never wait for them.
///
/// Memory does not grow with the stream: the sizer caches no heights (each block is measured
/// with ``CellSizing/CellSizer/uncachedHeights(for:atWidths:configure:)``), and heights are kept across blocks only by the value of an explicit `--cache-key` field,
/// in a cache of at most `--cache-size` heights that forgets the least recently used.
struct CellsRunner {
    let builder: CellBuilder
    let reader: CellDataReader
    /// The widths every item is sized at (`--width 320,375,414`), in the order printed.
    let widths: [Double]
    /// Written into every result line when set (`--fingerprint`).
    var fingerprint: String?
    /// The shape of the result lines (`--output`).
    var format = CellsOutputFormat.json
    /// The field whose value identifies items of equal height (`--cache-key`), or nil for no
    /// cache across items.
    var cacheKey: String? { reader.cacheKey }
    /// The most heights the `--cache-key` cache holds.
    var cacheSize = Self.defaultCacheSize

    /// `--cache-size` when not given.
    static let defaultCacheSize = 100_000

    /// A `--cache-key` value: the field's string, or its number.
    enum CacheKey: Hashable {
        case string(String)
        case number(Double)
    }

    /// A height in the `--cache-key` cache: measured, or being measured in this block by the
    /// block's `index`th measured item (a later item of the key takes its result, as it would
    /// had the items been sized one by one).
    enum CachedHeight {
        case measured([Double])
        case pending(Int)
    }

    /// What was sized, for the summary.
    struct Summary {
        var items = 0
        var failed = 0
        var totalHeight = 0.0
        /// The first item sized, for `--render`.
        var firstItem: (item: CellItem, height: Double)?
    }

    /// The cell ``checkTemplate()`` built and laid out, for the first sizer to measure with.
    let checkedCell = CheckedCell()

    /// Builds the template once and lays it out empty at every width: a template whose
    /// constraints cannot be installed or cannot all be satisfied is refused before any data is
    /// read. The cell is kept for ``run(input:output:)``'s first template cell, so that a large
    /// template is not built and solved a second time before the first item.
    func checkTemplate() throws {
        _ = LayoutProblems.shared.takeConflicts()
        let cell = try builder.build()
        cell.configure(with: .empty)
        cell.translatesAutoresizingMaskIntoConstraints = false
        let pin = cell.widthAnchor.constraint(equalToConstant: CGFloat(widths[0]))
        pin.isActive = true
        for width in widths {
            pin.constant = CGFloat(width)
            try check(cell, at: width)
        }
        pin.isActive = false
        checkedCell.keep(cell)
    }

    private func check(_ cell: TemplateCellView, at width: Double) throws {
        // The fitting width at the fitting level, as the sizer's: the required pin holds the
        // width, and two required widths could not move to the next width one at a time.
        let size = cell.systemLayoutSizeFitting(
            CGSize(width: width, height: 0), withHorizontalFittingPriority: .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel)
        if let conflict = LayoutProblems.shared.takeConflicts().first {
            throw TemplateError(
                file: builder.template.file, location: nil,
                message: "the template's constraints cannot all be satisfied at width \(NumberText.format(width)) "
                    + "(constraints are identified by their line:column):\n\(conflict.description)")
        }
        guard size.height.isFinite, size.height >= 0 else {
            throw TemplateError(
                file: builder.template.file, location: nil,
                message: "the template's constraints give the cell the impossible height \(NumberText.format(Double(size.height))) "
                    + "at width \(NumberText.format(width)) (a height must be a finite number >= 0); look for a constraint "
                    + "that sets a size from itself, such as \"a.height == 2 * a.height + 10\"")
        }
        let errors = LayoutProblems.shared.takeErrors()
        if let first = errors.first {
            throw TemplateError(file: builder.template.file, location: nil, message: "the cell cannot be laid out: \(first)")
        }
    }

    /// Sizes every item read from `input` and writes the results to `output`.
    func run(input: Int32, output: Int32) throws -> Summary {
        let blocks = ItemPrefetcher(descriptor: input, reader: reader)
        defer { blocks.stop() }
        return try run(blocks: blocks, output: output)
    }

    /// Sizes every item of `blocks` (which may have started reading before the template was
    /// checked) and writes the results to `output`.
    func run(blocks: ItemPrefetcher, output: Int32) throws -> Summary {
        // The template builds (checkTemplate proved it); should a thread's copy ever fail,
        // the failure is kept and reported instead of measuring a wrong cell.
        let buildFailure = BuildFailure()
        let builder = self.builder
        let checkedCell = self.checkedCell
        let makeSizer = { [widths] in
            try CellSizer<TemplateCellView>(
                width: CGFloat(widths[0]), contentSizeCategory: builder.contentSizeCategory
            ) {
                if let cell = checkedCell.take() { return cell }
                do {
                    return try builder.build()
                } catch {
                    buildFailure.record("\(error)")
                    return TemplateCellView()
                }
            }
        }
        var sizer = try makeSizer()
        // A block's lines are formatted and written on a queue of their own while the cores
        // size the next block; one block at most waits for it.
        let writing = DispatchQueue(label: "fitsize cells: writing")
        // Made at 0 and signalled up: libdispatch refuses to free a semaphore below its first value.
        let writerFree = DispatchSemaphore(value: 0)
        writerFree.signal()
        let written = Locked(Summary())
        let writeFailure = Locked<(any Error)?>(nil)
        defer { writing.sync {} }
        var cache = cacheKey.map { _ in LRUCache<CacheKey, CachedHeight>(capacity: cacheSize) }
        while let block = try blocks.next() {
            if let failure = writeFailure.withLock({ $0 }) { throw failure }
            let results = block.results
            let items = results.compactMap { try? $0.get().item }
            // Items whose --cache-key value has a height (or an earlier item of this block
            // measuring it) take it; the others are measured.
            let cacheKeys = items.map { item in cache == nil ? nil : self.cacheKey(of: item) }
            var hits: [(item: Int, heights: [Double])] = []
            var missing: [Int] = []
            var sharers: [(item: Int, measured: Int)] = []
            for (index, key) in cacheKeys.enumerated() {
                guard let key, cache != nil else { missing.append(index); continue }
                switch cache?.value(for: key) {
                case .measured(let height)?: hits.append((index, height))
                case .pending(let measuring)?: sharers.append((index, measuring))
                case nil:
                    cache?.store(.pending(missing.count), for: key)
                    missing.append(index)
                }
            }
            var measured = measure(missing.count == items.count ? items : missing.map { items[$0] }, with: sizer)
            if let failure = buildFailure.message { throw ToolError(failure) }
            var conflicts: [Int: String] = [:]
            if !LayoutProblems.shared.takeConflicts().isEmpty {
                // Reports come from any thread in any order: measure the block again one
                // item at a time, with an empty cache, to know which items conflicted. (The
                // sizer builds a new template cell after any conflict, so every item is
                // measured as on a fresh cell.)
                sizer = try makeSizer()
                measured = BlockHeights(itemCount: missing.count, widthCount: widths.count)
                for (order, index) in missing.enumerated() {
                    measured.copy(0, of: measure([items[index]], with: sizer), to: order)
                    if let conflict = LayoutProblems.shared.takeConflicts().first {
                        conflicts[items[index].line] = conflict.summary
                    }
                }
            }
            // Without the cache every item was measured, in order: the measured heights are
            // the block's.
            var heights = measured
            if missing.count != items.count {
                heights = BlockHeights(itemCount: items.count, widthCount: widths.count)
                for (index, height) in hits { heights.set(index, to: Result<[Double], CellSizingError>.success(height)) }
                for (order, index) in missing.enumerated() { heights.copy(order, of: measured, to: index) }
            }
            if cache != nil {
                for (order, index) in missing.enumerated() {
                    guard let key = cacheKeys[index], case .pending(order)? = cache?.peek(key) else { continue }
                    if case .success(let value)? = measured.result(at: order), conflicts[items[index].line] == nil {
                        cache?.replace(key, with: .measured(Array(value)))
                    } else {
                        cache?.remove(key)
                    }
                }
            }
            for (index, measuring) in sharers {
                heights.copy(measuring, of: measured, to: index)
                if let conflict = conflicts[items[missing[measuring]].line] { conflicts[items[index].line] = conflict }
            }
            writerFree.wait()
            writing.async { [self, heights, conflicts] in
                defer { writerFree.signal() }
                guard writeFailure.withLock({ $0 == nil }) else { return }
                do {
                    try written.withLock { summary in
                        try write(block, heights: heights, conflicts: conflicts, summary: &summary, to: output)
                    }
                } catch {
                    writeFailure.withLock { $0 = error }
                }
                blocks.recycle(block)
            }
        }
        writing.sync {}
        if let failure = writeFailure.withLock({ $0 }) { throw failure }
        return written.withLock { $0 }
    }

    /// Writes a block's result lines (and its error lines, to standard error) in input order,
    /// and counts them into `summary`.
    /// - Parameters:
    ///   - heights: each item's heights at every width, in the order of the block's items.
    ///   - conflicts: the items (by line) whose constraints conflicted, with the conflict.
    private func write(
        _ block: ItemPrefetcher.Block, heights: BlockHeights, conflicts: [Int: String],
        summary: inout Summary, to output: Int32
    ) throws {
        var writer = JSONWriter()
        var errors = ""
        var itemIndex = 0
        let pieces = linePieces()
        for (index, result) in block.results.enumerated() {
            let number = block.firstLineNumber + index
            var failure: (key: ResultKey?, message: String)?
            switch result {
            case .success(let (key, item)):
                let height = heights.result(at: itemIndex) ?? .failure(.invalidWidth(CGFloat(widths[0])))
                itemIndex += 1
                switch height {
                case .success(let heights) where conflicts[number] == nil:
                    // One line per width, from pieces made once: only the key and the height
                    // are formatted for each line.
                    for (column, height) in heights.enumerated() {
                        writer.raw(pieces.start)
                        switch format {
                        case .json: key.write(to: &writer)
                        case .tsv: writer.raw { key.writeField(to: &$0) }
                        }
                        writer.raw(pieces.beforeHeight[column])
                        writer.number(height)
                        writer.raw(pieces.end)
                        summary.totalHeight += height
                    }
                    if summary.firstItem == nil { summary.firstItem = (item, heights[heights.startIndex]) }
                case .success:
                    failure = (key, "The constraints cannot all be satisfied for this item: " + (conflicts[number] ?? ""))
                case .failure(let error):
                    failure = (key, "\(error)")
                }
            case .failure(let rejection):
                failure = (rejection.key, rejection.error.description)
            }
            if let (key, message) = failure {
                switch format {
                case .json:
                    writer.failure(key: key, line: number, message: message)
                case .tsv:
                    writer.raw { line in
                        key?.writeField(to: &line)
                        line.append(UInt8(ascii: "\t"))
                        NumberText.appendInteger(Int64(number), to: &line)
                        line.append(UInt8(ascii: "\t"))
                        TSVField.append(message, to: &line)
                    }
                }
                writer.endLine()
                errors += "fitsize: line \(number)\(ResultKey.note(key)): \(message)\n"
                summary.failed += 1
            }
        }
        summary.items += block.results.count
        try StandardStreams.write(writer.takeBytes(), to: output)
        if !errors.isEmpty { StandardStreams.writeError(errors) }
    }


    /// The fixed parts of a result line, made once: in JSON `{"key":` KEY `,"width":375,"height":`
    /// HEIGHT `,"fingerprint":"…"}` and its newline, the width only when there are several, the
    /// fingerprint only with `--fingerprint`; in TSV KEY `\t375\t` HEIGHT `\t…` and its newline,
    /// every field always there (the fingerprint empty without `--fingerprint`).
    private func linePieces() -> (start: [UInt8], beforeHeight: [[UInt8]], end: [UInt8]) {
        switch format {
        case .json:
            let beforeHeight = widths.map { width -> [UInt8] in
                var piece: [UInt8] = []
                if widths.count > 1 {
                    piece += #","width":"#.utf8
                    NumberText.append(width, to: &piece)
                }
                piece += #","height":"#.utf8
                return piece
            }
            var end: [UInt8] = []
            if let fingerprint {
                var value = JSONWriter()
                value.string(fingerprint)
                end += #","fingerprint":"#.utf8
                end += value.takeBytes()
            }
            end += "}\n".utf8
            return (Array(#"{"key":"#.utf8), beforeHeight, end)
        case .tsv:
            let tab = UInt8(ascii: "\t")
            let beforeHeight = widths.map { width -> [UInt8] in
                var piece = [tab]
                NumberText.append(width, to: &piece)
                piece.append(tab)
                return piece
            }
            var end = [tab]
            if let fingerprint { TSVField.append(fingerprint, to: &end) }
            end.append(UInt8(ascii: "\n"))
            return ([], beforeHeight, end)
        }
    }

    /// The item's `--cache-key` value, when it is a string or a number.
    private func cacheKey(of item: CellItem) -> CacheKey? {
        guard let path = reader.cacheKeyPath else { return nil }
        switch item.value(at: path) {
        case .string(let string)?: return .string(string)
        case .number(let number)?: return .number(number)
        default: return nil
        }
    }

    /// The heights of `items` in order, each at every width: the whole block on every core,
    /// or, when some cell's height is not determined, item by item so that only those items
    /// fail. Several widths are measured on each item's filled cell in turn, so that its text
    /// is prepared once, and items whose fields have similar lengths one after another
    /// (``CellItem/similarityFeatures``), so that the template re-solves few pivots.
    private func measure(_ items: [CellItem], with sizer: CellSizer<TemplateCellView>) -> BlockHeights {
        let widths = self.widths.map { CGFloat($0) }
        // Every item's heights, item after item. Keyed by line, which never comes again, so
        // nothing is cached: the sizer would only have to forget it.
        func heights(_ items: [CellItem]) throws(CellSizingError) -> [Double] {
            let keyed = items.map { ($0.line, $0) }
            return try sizer.uncachedHeights(for: keyed, atWidths: widths, similarity: \.similarityFeatures) { cell, item in
                cell.configure(with: item)
            }.map { Double($0) }
        }
        do {
            return BlockHeights(values: try heights(items), widthCount: widths.count)
        } catch {
            var block = BlockHeights(itemCount: items.count, widthCount: widths.count)
            for (index, item) in items.enumerated() {
                block.set(index, to: Result { () throws(CellSizingError) in try heights([item]) })
            }
            return block
        }
    }
}

/// A template cell handed from ``CellsRunner/checkTemplate()`` to the first sizer, once.
final class CheckedCell: Sendable {
    private let cell = Locked<TemplateCellView?>(nil)

    func keep(_ cell: TemplateCellView) {
        self.cell.withLock { $0 = cell }
    }

    /// The kept cell, the first time it is asked for; nil after, and when none was kept.
    func take() -> TemplateCellView? {
        cell.withLock { cell in
            defer { cell = nil }
            return cell
        }
    }
}

/// The first failure to build a template cell on a sizing thread.
private final class BuildFailure: Sendable {
    private let storage = Locked<String?>(nil)

    func record(_ message: String) {
        storage.withLock { if $0 == nil { $0 = message } }
    }

    var message: String? { storage.withLock { $0 } }
}
