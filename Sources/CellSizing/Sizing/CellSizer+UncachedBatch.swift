import AutoLayout
import Foundation

extension CellSizer {
    /// The heights of a batch of items at each of several widths, measured now on every core,
    /// without reading or filling the sizer's cache: `result[i * widths.count + w]` is the
    /// height of item `i` at `widths[w]`, the one ``height(for:configure:)`` would give at that
    /// width on a sizer that had cached nothing.
    ///
    /// This is for items sized once and never asked for again: a stream of items whose heights
    /// are written out or stored elsewhere (precomputing a feed's heights on a server, say).
    /// ``heights(for:atWidths:configure:)`` would cache every height, which such a caller would
    /// then have to forget with ``invalidateAll()``, and would give an array per item. Here the
    /// heights come as one array, item after item, and nothing stays behind in the sizer but
    /// its template cells.
    ///
    /// Every item is measured, a key that appears more than once included: keys only name the
    /// item in an error. Items are measured as ``heights(for:atWidths:configure:)`` measures
    /// them: each template cell filled once per item and measured at every width in turn, the
    /// widths visited narrowest to widest (or back), items shared out among as many threads as
    /// there are active processors. The sizer's ``width`` is not used, only its
    /// ``contentSizeCategory`` and ``verification``.
    ///
    /// ```swift
    /// let widths: [CGFloat] = [320, 375, 414]
    /// let heights = try sizer.uncachedHeights(for: posts.map { ($0.id, $0) }, atWidths: widths) { cell, post in
    ///     cell.show(post)
    /// }
    /// // The second post at 375 points:
    /// let height = heights[1 * widths.count + 1]
    /// ```
    ///
    /// - Parameters:
    ///   - items: the items, each with the key that names it in an error.
    ///   - widths: the widths to measure every item at.
    ///   - configure: fills a template cell for an item; called concurrently from several
    ///     threads, each time with a different cell.
    /// - Throws: ``CellSizingError/invalidWidth(_:)`` for a width that is not a number from 0
    ///   to ``maximumWidth``; ``CellSizingError/heightNotDetermined(key:width:ambiguousViews:)``,
    ///   ``CellSizingError/impossibleHeight(key:width:height:)`` or
    ///   ``CellSizingError/constraintOutOfRange(key:width:constraints:)`` for the first item
    ///   (in the batch's order) that fails, at the first width (in the order visited) it fails.
    public func uncachedHeights<Key: Hashable, Item: Sendable>(
        for items: [(Key, Item)], atWidths widths: [CGFloat], configure: @Sendable (Cell, Item) -> Void
    ) throws(CellSizingError) -> [CGFloat] {
        try uncachedHeights(for: items, atWidths: widths, orderedBy: nil, configure: configure)
    }

    /// ``uncachedHeights(for:atWidths:configure:)``, measuring items with similar
    /// `similarity` features one after another, as ``heights(for:similarity:configure:)``
    /// does: the same heights, in the batch's order, sooner. A stream of items of every
    /// shape (a feed) re-solves a quarter to two fifths as many pivots this way.
    public func uncachedHeights<Key: Hashable, Item: Sendable>(
        for items: [(Key, Item)], atWidths widths: [CGFloat], similarity: (Item) -> [Int],
        configure: @Sendable (Cell, Item) -> Void
    ) throws(CellSizingError) -> [CGFloat] {
        try withoutActuallyEscaping(similarity) { similarity throws(CellSizingError) in
            try uncachedHeights(for: items, atWidths: widths, orderedBy: similarity, configure: configure)
        }
    }

    private func uncachedHeights<Key: Hashable, Item: Sendable>(
        for items: [(Key, Item)], atWidths widths: [CGFloat], orderedBy similarity: ((Item) -> [Int])?,
        configure: @Sendable (Cell, Item) -> Void
    ) throws(CellSizingError) -> [CGFloat] {
        for width in widths { try Self.validate(width) }
        guard !widths.isEmpty, !items.isEmpty else { return [] }
        let conditions = SizingConditions(width: widths[0], contentSizeCategory: contentSizeCategory)
        let ascending = Self.ascendingOrder(of: widths)
        var heights = [CGFloat](repeating: 0, count: items.count * widths.count)
        let outcome = items.withKeyedItems { batch in
            // The threads read the batch, which nobody mutates while they run; each item writes
            // only its own row of `heights`.
            let shared = UncheckedSendable(batch)
            let order = similarity.map { similarity in SimilarityOrder.order((0..<batch.count).map { similarity(batch[item: $0]) }) }
            return heights.withDisjointSlots { heights in
                Result { () throws(CellSizingError) in
                    try runConcurrently(batch.count, conditions: conditions, order: order) { template, index throws(CellSizingError) in
                        let batch = shared.value
                        configure(Self.cell(of: template), batch[item: index])
                        let row = index * widths.count
                        try measure(batch[key: index], in: template, atWidths: widths, ascending: ascending) {
                            column, height in heights.set(row + column, to: height)
                        }
                    }
                }
            }
        }
        try outcome.get()
        return heights
    }
}
