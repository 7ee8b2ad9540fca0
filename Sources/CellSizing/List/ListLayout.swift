import AutoLayout
import Foundation

/// The vertical layout of a list of self-sizing rows: each row's height, measured by a
/// ``CellSizer`` or estimated until it is, and the offsets that follow from them, kept
/// current through insertions, deletions, moves and reloads.
///
/// Rows are items with keys, as in a diffable data source: every row has its own key, the one
/// the sizer caches its height under. A row the sizer has a height for at the current width
/// counts as measured from the start; the others have ``estimatedRowHeight`` until
/// ``measureRows(in:)`` measures them (on every core, through
/// ``CellSizer/heights(for:configure:)``), typically as they scroll into view:
///
/// ```swift
/// let list = try ListLayout(sizer: sizer, estimatedRowHeight: 120) { cell, post in cell.show(post) }
/// try list.insertRows(posts.map { ($0.id, $0) }, at: 0)
/// let first = try list.row(atOffset: scrollOffset) ?? 0
/// try list.measureRows(in: first..<min(first + 12, list.numberOfRows))
/// ```
///
/// ``offset(ofRow:)`` and ``row(atOffset:)`` take O(log n) time, as does measuring one row;
/// ``contentHeight`` too. Insertions, deletions and moves take O(n), like the arrays of rows
/// they edit.
///
/// Heights and offsets are for the sizer's width. Changing it (``setWidth(_:)``, or on the
/// sizer directly) turns every row back to its cached height at the new width or to the
/// estimate. A list is meant to be used from one thread at a time; the sizer may be shared.
public final class ListLayout<Cell: View, Item: Sendable> {
    /// The sizer that measures the rows.
    public let sizer: CellSizer<Cell>
    /// The height of a row that has not been measured yet.
    public private(set) var estimatedRowHeight: CGFloat

    private let configure: @Sendable (Cell, Item) -> Void
    private var keys: [AnyHashable] = []
    private var items: [Item] = []
    private var measured: [Bool] = []
    private var keySet: Set<AnyHashable> = []
    private var heights = PrefixSumTree()
    /// The sizer conditions (width and content size category) that `measured` and `heights`
    /// describe.
    private var conditions: SizingConditions

    /// Makes an empty list whose rows `sizer` measures after `configure` fills a cell.
    /// - Throws: ``CellSizingError/invalidEstimatedHeight(_:)`` when the estimate is not a
    ///   finite number of at least 0.
    public init(
        sizer: CellSizer<Cell>, estimatedRowHeight: CGFloat,
        configure: @escaping @Sendable (Cell, Item) -> Void
    ) throws(CellSizingError) {
        try Self.validate(estimatedHeight: estimatedRowHeight)
        self.sizer = sizer
        self.estimatedRowHeight = estimatedRowHeight
        self.configure = configure
        conditions = sizer.heightCache.conditions
    }

    // MARK: Reading

    /// The number of rows.
    public var numberOfRows: Int { keys.count }

    /// The height of all rows together, estimated ones included.
    public var contentHeight: CGFloat {
        followSizerWidth()
        return CGFloat(heights.total)
    }

    /// The key of a row.
    /// - Throws: ``CellSizingError/rowOutOfRange(_:rowCount:)``.
    public func key(ofRow row: Int) throws(CellSizingError) -> AnyHashable {
        try check(row)
        return keys[row]
    }

    /// The item of a row.
    /// - Throws: ``CellSizingError/rowOutOfRange(_:rowCount:)``.
    public func item(ofRow row: Int) throws(CellSizingError) -> Item {
        try check(row)
        return items[row]
    }

    /// The height of a row: measured, or the estimate.
    /// - Throws: ``CellSizingError/rowOutOfRange(_:rowCount:)``.
    public func height(ofRow row: Int) throws(CellSizingError) -> CGFloat {
        try check(row)
        followSizerWidth()
        return CGFloat(heights.values[row])
    }

    /// Whether a row's height has been measured (rather than estimated).
    /// - Throws: ``CellSizingError/rowOutOfRange(_:rowCount:)``.
    public func isMeasured(row: Int) throws(CellSizingError) -> Bool {
        try check(row)
        followSizerWidth()
        return measured[row]
    }

    /// The offset of a row's top edge from the top of the list: the sum of the heights above
    /// it. `row` may be ``numberOfRows``, whose offset is ``contentHeight``. O(log n).
    /// - Throws: ``CellSizingError/rowOutOfRange(_:rowCount:)`` outside `0...numberOfRows`.
    public func offset(ofRow row: Int) throws(CellSizingError) -> CGFloat {
        guard row >= 0, row <= keys.count else { throw .rowOutOfRange(row, rowCount: keys.count) }
        followSizerWidth()
        return CGFloat(heights.prefixSum(row))
    }

    /// The row whose extent `offset(ofRow: r) <= offset < offset(ofRow: r + 1)` contains the
    /// offset, or `nil` when the offset is above the first row or at or below the end of the
    /// last. Rows of zero height contain no offset. O(log n).
    /// - Throws: ``CellSizingError/invalidOffset(_:)`` when the offset is not a number.
    public func row(atOffset offset: CGFloat) throws(CellSizingError) -> Int? {
        guard !offset.isNaN else { throw .invalidOffset(offset) }
        followSizerWidth()
        return heights.index(containing: Double(offset))
    }

    // MARK: Measuring

    /// Measures the rows of `range` that are still estimated, on every core, and gives them
    /// their heights.
    /// - Throws: ``CellSizingError/rowRangeOutOfRange(_:rowCount:)``, or the sizer's
    ///   ``CellSizingError/heightNotDetermined(key:width:ambiguousViews:)``; no row changes then.
    public func measureRows(in range: Range<Int>) throws(CellSizingError) {
        try check(range)
        followSizerWidth()
        let rows = range.filter { !measured[$0] }
        guard !rows.isEmpty else { return }
        let measuredHeights = try sizer.heights(for: rows.map { (keys[$0], items[$0]) }, configure: configure)
        for (row, height) in zip(rows, measuredHeights) {
            measured[row] = true
            heights.set(Double(height), at: row)
        }
    }

    /// Measures every row that is still estimated.
    /// - Throws: as ``measureRows(in:)``.
    public func measureAllRows() throws(CellSizingError) {
        try measureRows(in: 0..<keys.count)
    }

    /// Changes the estimate used for rows not measured yet.
    /// - Throws: ``CellSizingError/invalidEstimatedHeight(_:)``; the estimate stays as it was.
    public func setEstimatedRowHeight(_ height: CGFloat) throws(CellSizingError) {
        try Self.validate(estimatedHeight: height)
        estimatedRowHeight = height
        followSizerWidth()
        rebuildHeights()
    }

    /// Changes the sizer's width and turns every row to its height cached at the new width, or
    /// to the estimate.
    /// - Throws: ``CellSizingError/invalidWidth(_:)``; nothing changes then.
    public func setWidth(_ width: CGFloat) throws(CellSizingError) {
        try sizer.setWidth(width)
        followSizerWidth()
    }

    // MARK: Editing

    /// Inserts rows before `row` (``numberOfRows`` appends). A row whose key the sizer has a
    /// height for at the current width is measured at once; the others are estimated.
    /// - Throws: ``CellSizingError/rowOutOfRange(_:rowCount:)`` outside `0...numberOfRows`,
    ///   ``CellSizingError/duplicateKey(_:)`` for a key already in the list or repeated in
    ///   `rows`; nothing is inserted then.
    public func insertRows(_ rows: [(AnyHashable, Item)], at row: Int) throws(CellSizingError) {
        guard row >= 0, row <= keys.count else { throw .rowOutOfRange(row, rowCount: keys.count) }
        var newKeys = Set<AnyHashable>()
        for (key, _) in rows where keySet.contains(key) || !newKeys.insert(key).inserted {
            throw .duplicateKey(String(describing: key.base))
        }
        followSizerWidth()
        let cached = sizer.heightCache.lookUp(rows.map { CacheKey($0.0) }).heights
        let estimate = Double(estimatedRowHeight)
        keySet.formUnion(newKeys)
        keys.insert(contentsOf: rows.map(\.0), at: row)
        items.insert(contentsOf: rows.map(\.1), at: row)
        measured.insert(contentsOf: cached.map { $0 != nil }, at: row)
        heights.replaceSubrange(row..<row, with: cached.map { $0.map(Double.init) ?? estimate })
    }

    /// Deletes the rows of `range`. Their heights stay in the sizer's cache, under their keys,
    /// for when the same items come back.
    /// - Throws: ``CellSizingError/rowRangeOutOfRange(_:rowCount:)``; nothing is deleted then.
    public func deleteRows(in range: Range<Int>) throws(CellSizingError) {
        try check(range)
        followSizerWidth()
        keySet.subtract(keys[range])
        keys.removeSubrange(range)
        items.removeSubrange(range)
        measured.removeSubrange(range)
        heights.replaceSubrange(range, with: EmptyCollection())
    }

    /// Moves a row so that it ends up at index `destination` (UIKit's `moveRow(at:to:)`),
    /// keeping its height.
    /// - Throws: ``CellSizingError/rowOutOfRange(_:rowCount:)`` when either index is not a row.
    public func moveRow(at source: Int, to destination: Int) throws(CellSizingError) {
        try check(source)
        try check(destination)
        guard source != destination else { return }
        followSizerWidth()
        let height = heights.values[source]
        keys.insert(keys.remove(at: source), at: destination)
        items.insert(items.remove(at: source), at: destination)
        measured.insert(measured.remove(at: source), at: destination)
        let lower = min(source, destination)
        let upper = max(source, destination)
        var moved = Array(heights.values[lower...upper])
        if source < destination {
            moved.removeFirst()
            moved.append(height)
        } else {
            moved.removeLast()
            moved.insert(height, at: 0)
        }
        heights.replaceSubrange(lower..<upper + 1, with: moved)
    }

    /// Gives a row a new item with the same key (its content changed): the sizer forgets the
    /// key's heights at every width and the row is estimated until measured again.
    /// - Throws: ``CellSizingError/rowOutOfRange(_:rowCount:)``.
    public func reloadRow(at row: Int, with item: Item) throws(CellSizingError) {
        try check(row)
        followSizerWidth()
        sizer.invalidate(keys[row])
        items[row] = item
        measured[row] = false
        heights.set(Double(estimatedRowHeight), at: row)
    }

    // MARK: Helpers

    /// Brings the rows to the sizer's width and category if either changed since they were
    /// measured.
    private func followSizerWidth() {
        let current = sizer.heightCache.conditions
        guard current != conditions else { return }
        conditions = current
        rebuildHeights()
    }

    /// Takes every row's height from the sizer's cache at the current width, or the estimate.
    private func rebuildHeights() {
        let cached = sizer.heightCache.lookUp(keys.map { CacheKey($0) }).heights
        let estimate = Double(estimatedRowHeight)
        measured = cached.map { $0 != nil }
        heights = PrefixSumTree(cached.map { $0.map(Double.init) ?? estimate })
    }

    private func check(_ row: Int) throws(CellSizingError) {
        guard row >= 0, row < keys.count else { throw .rowOutOfRange(row, rowCount: keys.count) }
    }

    private func check(_ range: Range<Int>) throws(CellSizingError) {
        guard range.lowerBound >= 0, range.upperBound <= keys.count else {
            throw .rowRangeOutOfRange(range, rowCount: keys.count)
        }
    }

    private static func validate(estimatedHeight: CGFloat) throws(CellSizingError) {
        guard estimatedHeight.isFinite, estimatedHeight >= 0 else { throw .invalidEstimatedHeight(estimatedHeight) }
    }
}
