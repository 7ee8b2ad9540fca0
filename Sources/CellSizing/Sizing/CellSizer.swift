import AutoLayout
import Foundation

/// Computes the heights of self-sizing cells at a width, as a list lays them out, and caches
/// them by item key and width.
///
/// A sizer builds cells from `template` and measures each item by filling a template cell
/// with `configure` and asking its constraints for the smallest height at the width, exactly
/// as UIKit sizes a self-sizing table or collection cell: the cell's width is pinned by a
/// required constraint and its height is the fitting size
/// (`View.systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`
/// at the compressed size, the height at `LayoutPriority.fittingSizeLevel`).
/// The template cell is built once per thread and reused for every item; `configure` must set
/// everything that varies between items.
///
/// ```swift
/// let sizer = try CellSizer(width: 375) { PostCell() }
/// let height = try sizer.height(for: post.id) { cell in cell.show(post) }
/// ```
///
/// Heights are cached by key at each width and content size category. ``setWidth(_:)`` and
/// ``setContentSizeCategory(_:)`` keep the heights measured before, so switching back costs
/// nothing; ``invalidate(_:)`` forgets one item (its content changed) and ``invalidateAll()``
/// every item.
///
/// ### Dynamic Type
/// Cells are sized for ``contentSizeCategory`` (default `.large`): the sizer sets it as each
/// template cell's `contentSizeCategoryOverride`, which the cell's views inherit, as a
/// table view's traits reach its cells. Controls that adjust their fonts for the content size
/// category (`adjustsFontForContentSizeCategory`, with a font from
/// `Font.preferredFont(forTextStyle:)` or `FontMetrics`) are then measured at that category.
///
/// ### A height the constraints do not determine
/// The sizer checks that a cell's constraints determine its height, as often as
/// `verification` says (``HeightVerification``; by default on the first item each template
/// cell measures at each width). Constraints at or below
/// `LayoutPriority.fittingSizeLevel` do not count: the fitting target outweighs
/// them. An undetermined height makes ``height(for:configure:)`` and
/// ``heights(for:configure:)`` throw ``CellSizingError/heightNotDetermined(key:width:ambiguousViews:)``,
/// which names the cell and the views whose frames are not determined, by their paths from
/// the cell, instead of returning the compressed height (often 0); nothing is cached for the
/// item.
///
/// ### Threads
/// A sizer may be used from several threads at once. ``heights(for:configure:)`` measures a
/// batch on every core, each thread with a template cell of its own; `template` is therefore
/// called on those threads, once per thread that ever measured at the same time as others.
/// Keys are kept and compared on any thread, so they must be immutable values (`Int`,
/// `String`, `UUID`, a struct of such values), never objects that change.
public final class CellSizer<Cell: View>: Sendable {
    private let cache: HeightCache
    private let pool: TemplatePool
    /// How often measurements check that the constraints determine the height.
    public let verification: HeightVerification

    /// The widest cell a sizer measures, in points: far beyond any screen, and narrow enough
    /// that the sums of the layout engine stay exact to well below a pixel.
    public static var maximumWidth: CGFloat { 1_000_000 }

    /// Makes a sizer for cells `width` points wide, built by `template`, that checks heights
    /// as `verification` says. No cell is built until the first item is measured.
    /// - Throws: ``CellSizingError/invalidWidth(_:)`` when `width` is not a number from 0 to
    ///   ``maximumWidth``.
    public convenience init(
        width: CGFloat, verification: HeightVerification = .firstItemPerTemplate,
        template: @escaping @Sendable () -> Cell
    ) throws(CellSizingError) {
        try self.init(width: width, contentSizeCategory: .large, verification: verification, template: template)
    }

    /// Makes a sizer for cells `width` points wide whose text is sized for
    /// `contentSizeCategory`, built by `template`, that checks heights as `verification` says.
    /// No cell is built until the first item is measured.
    /// - Throws: ``CellSizingError/invalidWidth(_:)`` when `width` is not a number from 0 to
    ///   ``maximumWidth``.
    public init(
        width: CGFloat, contentSizeCategory: ContentSizeCategory,
        verification: HeightVerification = .firstItemPerTemplate,
        template: @escaping @Sendable () -> Cell
    ) throws(CellSizingError) {
        try Self.validate(width)
        cache = HeightCache(conditions: SizingConditions(width: width, contentSizeCategory: contentSizeCategory))
        pool = TemplatePool(template: template)
        self.verification = verification
    }

    /// The width cells are measured at.
    public var width: CGFloat { cache.width }

    /// Changes the width cells are measured at. Heights cached at the old width are kept for
    /// when it comes back; items are measured anew at the new width when asked for.
    /// - Throws: ``CellSizingError/invalidWidth(_:)`` when `width` is not a number from 0 to
    ///   ``maximumWidth``; the width stays as it was.
    public func setWidth(_ width: CGFloat) throws(CellSizingError) {
        try Self.validate(width)
        cache.setWidth(width)
    }

    /// The content size category cells are measured for; default `.large`.
    public var contentSizeCategory: ContentSizeCategory { cache.conditions.contentSizeCategory }

    /// Changes the content size category cells are measured for. Heights cached for the old
    /// category are kept for when it comes back; items are measured anew for the new one when
    /// asked for.
    public func setContentSizeCategory(_ category: ContentSizeCategory) {
        cache.setContentSizeCategory(category)
    }

    /// The height of the cell for the item `key` at the current ``width`` and
    /// ``contentSizeCategory``: the cached height,
    /// or one measured now by filling a template cell with `configure` (and then cached).
    /// - Throws: ``CellSizingError/heightNotDetermined(key:width:ambiguousViews:)`` when the
    ///   cell's constraints do not determine its height, and
    ///   ``CellSizingError/impossibleHeight(key:width:height:)`` when they give a negative or
    ///   non-finite one; nothing is cached then.
    public func height(for key: some Hashable, configure: (Cell) -> Void) throws(CellSizingError) -> CGFloat {
        let cacheKey = CacheKey(key)
        let (cached, conditions) = cache.lookUp(cacheKey)
        if let cached { return cached }
        let height = try pool.withCell(conditions: conditions) { template throws(CellSizingError) in
            configure(Self.cell(of: template))
            return try measure(key, in: template)
        }
        cache.store(cacheKey, height: height, under: conditions)
        return height
    }

    /// The height cached for `key` at the current width and category, or `nil` if it has not
    /// been measured.
    public func cachedHeight(for key: some Hashable) -> CGFloat? {
        cache.lookUp(CacheKey(key)).height
    }

    /// Forgets the heights of the item `key` at every width and category: call it when the
    /// item's content changes.
    public func invalidate(_ key: some Hashable) {
        cache.invalidate(CacheKey(key))
    }

    /// Forgets every height at every width and category: call it when something all cells
    /// depend on changes (a font size, the template).
    public func invalidateAll() {
        cache.invalidateAll()
    }

    // MARK: Measuring

    /// The template's cell as the class the sizer builds: `template` made it.
    @inline(__always)
    static func cell(of template: TemplateCell) -> Cell {
        unsafeDowncast(template.cell, to: Cell.self)
    }

    /// Fits the template, filled with an item, and checks that its constraints determine the
    /// height as ``verification`` says, and that the height is one a cell can have.
    ///
    /// An item that fails leaves the template in doubt (its engine may hold what the item's
    /// constraints made of it), so the template is marked to be discarded rather than lent to
    /// the next item: a later item's height never depends on this one.
    func measure(_ key: some Hashable, in template: TemplateCell) throws(CellSizingError) -> CGFloat {
        let height = template.fittedHeight(target: View.layoutFittingCompressedSize.height)
        let refused = template.cell.layoutEngineRefusedConstraints
        guard refused.isEmpty else {
            template.isInDoubt = true
            throw .constraintOutOfRange(key: String(describing: key), width: template.width, constraints: refused)
        }
        guard height.isFinite, height >= 0 else {
            template.isInDoubt = true
            throw .impossibleHeight(key: String(describing: key), width: template.width, height: height)
        }
        let ambiguous = verification == .everyItem && template.heightIsAmbiguous
        if verification != .unchecked, ambiguous || !template.heightFollowsNoTarget(fittedHeight: height) {
            template.isInDoubt = true
            throw .heightNotDetermined(
                key: String(describing: key), width: template.width,
                ambiguousViews: template.viewsWithUndeterminedLayout(fittedHeight: height))
        }
        return height
    }

    /// Lends the calling thread a template cell under `conditions`.
    func withTemplate<Result, Failure: Error>(
        conditions: SizingConditions, _ body: (TemplateCell) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try pool.withCell(conditions: conditions, body)
    }

    /// The number of template cells built so far.
    var templateCount: Int { pool.cellCount }

    /// The cache, for the batch and list code of this module.
    var heightCache: HeightCache { cache }

    static func validate(_ width: CGFloat) throws(CellSizingError) {
        guard width.isFinite, width >= 0, width <= maximumWidth else { throw .invalidWidth(width) }
    }
}
