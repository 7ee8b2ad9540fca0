import AutoLayout
import Foundation

/// A list of rows in sections, UIKit's `UITableView`, that computes what a screen needs from
/// the app's own data source and cells: every row's height and offset, the content size,
/// ``rectForRow(at:)`` and ``indexPathsForRows(in:)``.
///
/// ```swift
/// let table = TableView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), style: .plain)
/// table.register(PostCell.self, forCellReuseIdentifier: "post")
/// table.dataSource = feed
/// let height = table.contentSize.height
/// ```
///
/// Row heights follow UIKit's rules: the delegate's `tableView(_:heightForRowAt:)`, by
/// default ``rowHeight``; when that is ``automaticDimension`` (the default, as Apple
/// documents) the row is as tall as its cell's constraints make it at the table's width
/// (measured by a ``CellSizer`` at the fitting priority, as UIKit's
/// `systemLayoutSizeFitting` does, even where the constraints leave the height open, and
/// cached per row; a row that collapses to zero takes the standard 44 points, with one warning
/// as UIKit gives), plus the separator, one pixel
/// (`1 / displayScale`) unless ``separatorStyle`` is `.none` (Apple does not document the
/// separator's share; Fitsize adds it as UIKit is seen to). Heights are measured when asked
/// for, and kept until ``reloadData()``, ``reloadRows(at:with:)``, ``insertRows(at:with:)``,
/// ``deleteRows(at:with:)`` or a change of width, row height or content size category
/// invalidates them. Unlike UIKit, which uses ``estimatedRowHeight`` for rows not yet on
/// screen, Fitsize measures every row that an offset or the content size depends on, so the
/// numbers are exact.
///
/// Section headers and footers have the delegate's heights, by default
/// ``sectionHeaderHeight`` and ``sectionFooterHeight``; ``automaticDimension`` there means,
/// as Apple documents for it, a height that fits the delegate's header or footer view, or
/// else the data source's title (shown, by Fitsize's rule, in a
/// ``TableViewHeaderFooterView``'s `textLabel`: footnote font, any number of lines, in the
/// content view's margins), or 0 with neither. Grouped styles get no extra spacing. ``tableHeaderView`` and ``tableFooterView`` take their frame
/// heights, as in UIKit.
///
/// Misuse that UIKit answers with an exception (an unregistered reuse identifier, row
/// counts that do not add up after an update, an index path past the end, a cell whose
/// height its constraints do not determine) is reported to ``LayoutDiagnostics/errorHandler``
/// and the table keeps going: an unregistered identifier gets a plain cell, an update that
/// does not add up reloads the data, and a row that cannot be measured gets the estimate.
open class TableView: ScrollView {
    /// UIKit's `UITableView.Style`.
    public enum Style: Int, Sendable {
        /// Rows in one plain list.
        case plain
        /// Sections as groups.
        case grouped
        /// Groups inset from the sides.
        case insetGrouped
    }

    /// UIKit's `UITableViewCell.SeparatorStyle`.
    public enum SeparatorStyle: Int, Sendable {
        /// No separators: rows are as tall as their cells.
        case none
        /// A one-pixel line below each row, counted in its height.
        case singleLine
    }

    /// UIKit's `UITableView.RowAnimation`; layout has no time, so it changes nothing.
    public enum RowAnimation: Int, Sendable {
        /// Fade.
        case fade
        /// Slide right.
        case right
        /// Slide left.
        case left
        /// Slide from the top.
        case top
        /// Slide from the bottom.
        case bottom
        /// None.
        case none
        /// From the middle.
        case middle
        /// The system's choice.
        case automatic
    }

    /// UIKit's `UITableView.automaticDimension`: "the table view chooses", the cell's own
    /// height for rows.
    public static let automaticDimension: CGFloat = -1

    /// The height of a row with no better estimate: 44 points, UIKit's default row height.
    public static let defaultEstimatedRowHeight: CGFloat = 44

    /// The table's style.
    public let style: Style

    /// Makes an empty table view with `frame` and `style`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
    }

    /// Makes a plain table view.
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    public required init?(coder: NSCoder) {
        View.refuseArchive(Self.self)
        return nil
    }

    /// The object that gives the rows, unretained as in UIKit. Setting it reloads the data.
    public weak var dataSource: TableViewDataSource? {
        didSet { reloadData() }
    }

    /// The object that gives heights and header views, unretained as in UIKit. Setting it
    /// forgets the heights.
    public weak var delegate: TableViewDelegate? {
        didSet { forgetHeights() }
    }

    /// The height of every row, or ``automaticDimension`` for the cells' own. The default is
    /// ``automaticDimension``, as Apple documents for `UITableView.rowHeight`
    /// (developer.apple.com/documentation/uikit/uitableview/rowheight), and the delegate's
    /// `tableView(_:heightForRowAt:)` overrides it. Values other than that which are negative
    /// or not finite are refused and reported.
    public var rowHeight: CGFloat = automaticDimension {
        didSet {
            rowHeight = checkedHeight(rowHeight, else: oldValue, "rowHeight")
            if rowHeight != oldValue { forgetHeights() }
        }
    }

    /// The height of rows that cannot be measured, or ``automaticDimension`` (the default,
    /// as Apple documents for `UITableView.estimatedRowHeight`: "the table view selects an
    /// estimated height") for ``defaultEstimatedRowHeight``. Fitsize measures every row it is
    /// asked about, so the estimate stands in only for a row whose cell cannot be measured.
    public var estimatedRowHeight: CGFloat = automaticDimension {
        didSet { estimatedRowHeight = checkedHeight(estimatedRowHeight, else: oldValue, "estimatedRowHeight") }
    }

    /// The height of section headers, or ``automaticDimension`` (the default) for the header
    /// view's own. Bad values are refused as for ``rowHeight``.
    public var sectionHeaderHeight: CGFloat = automaticDimension {
        didSet {
            sectionHeaderHeight = checkedHeight(sectionHeaderHeight, else: oldValue, "sectionHeaderHeight")
            forgetHeights()
        }
    }

    /// The height of section footers, or ``automaticDimension`` (the default) for the footer
    /// view's own. Bad values are refused as for ``rowHeight``.
    public var sectionFooterHeight: CGFloat = automaticDimension {
        didSet {
            sectionFooterHeight = checkedHeight(sectionFooterHeight, else: oldValue, "sectionFooterHeight")
            forgetHeights()
        }
    }

    /// Whether rows have a separator, whose pixel counts in their heights.
    public var separatorStyle: SeparatorStyle = .singleLine {
        didSet { if separatorStyle != oldValue { forgetHeights() } }
    }

    /// The default separator insets of the cells; stored only (Apple documents that only the
    /// left and right values are used, to place the line, which changes no height).
    public var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0)

    /// A view above the rows, as tall as its frame.
    public var tableHeaderView: View? {
        didSet { offsets = nil }
    }

    /// A view below the rows, as tall as its frame.
    public var tableFooterView: View? {
        didSet { offsets = nil }
    }

    // MARK: Registration and reuse

    private var cellClasses: [String: TableViewCell.Type] = [:]
    private var headerFooterClasses: [String: TableViewHeaderFooterView.Type] = [:]
    /// One cell per identifier: rows are measured one at a time, so one is enough.
    private var reusableCells: [String: TableViewCell] = [:]
    private var reusableHeaderFooterViews: [String: TableViewHeaderFooterView] = [:]

    /// Registers the class whose cells ``dequeueReusableCell(withIdentifier:for:)`` makes for
    /// `identifier`; `nil` unregisters it.
    public func register(_ cellClass: TableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass
        reusableCells[identifier] = nil
    }

    /// Registers the class of the header and footer views made for `identifier`.
    public func register(
        _ aClass: TableViewHeaderFooterView.Type?, forHeaderFooterViewReuseIdentifier identifier: String
    ) {
        headerFooterClasses[identifier] = aClass
        reusableHeaderFooterViews[identifier] = nil
    }

    /// A cell of the class registered for `identifier`: the table's cell for it, after
    /// ``TableViewCell/prepareForReuse()``, or a new one. An identifier nobody registered is
    /// reported, and a plain `.default` cell returned.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        LayoutDiagnostics.report(.resourceNotFound(
            kind: "cell class", name: identifier,
            searched: "the classes registered with register(_:forCellReuseIdentifier:)"))
        return TableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// A cell of the class registered for `identifier`, or `nil` when none is registered.
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        if let cell = reusableCells[identifier] {
            cell.prepareForReuse()
            return cell
        }
        guard let cellClass = cellClasses[identifier] else { return nil }
        let cell = cellClass.init(registeredStyle: .default, reuseIdentifier: identifier)
        reusableCells[identifier] = cell
        return cell
    }

    /// A header or footer view of the class registered for `identifier`, or `nil`.
    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> TableViewHeaderFooterView? {
        if let view = reusableHeaderFooterViews[identifier] {
            view.prepareForReuse()
            return view
        }
        guard let viewClass = headerFooterClasses[identifier] else { return nil }
        let view = viewClass.init(registeredReuseIdentifier: identifier)
        reusableHeaderFooterViews[identifier] = view
        return view
    }

    // MARK: Rows

    /// A key for each row, by section, under which the sizer caches its height; `nil` until
    /// the data source is read.
    private var rowKeys: [[Int]]?
    /// Whether a row that collapsed to zero was reported; UIKit warns once only.
    private var hasReportedCollapsedRow = false
    private var nextKey = 0
    private var rowHeights: [[CGFloat?]] = []
    private var headerHeights: [CGFloat?] = []
    private var footerHeights: [CGFloat?] = []
    /// The top of each section's header and of each row, by section, and the content height.
    private var offsets: (sections: [CGFloat], rows: [[CGFloat]], total: CGFloat)?
    private var sizer: CellSizer<TableRowHost>?
    /// The scale the cached heights were measured at.
    private var measuredScale: CGFloat = 0

    /// The number of sections, from the data source.
    public var numberOfSections: Int { loadedKeys().count }

    /// The number of rows in `section`; 0 for a section that does not exist.
    public func numberOfRows(inSection section: Int) -> Int {
        let keys = loadedKeys()
        return keys.indices.contains(section) ? keys[section].count : 0
    }

    /// Forgets every row and height and reads the data source again when next asked.
    public func reloadData() {
        rowKeys = nil
        sizer?.invalidateAll()
        forgetHeights()
    }

    /// Measures the rows at `indexPaths` again when next asked. Index paths past the end are
    /// reported and skipped.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        _ = loadedKeys()
        for indexPath in indexPaths {
            guard isValidRow(indexPath, operation: "reloadRows") else { continue }
            sizer?.invalidate(rowKeys![indexPath.section][indexPath.row])
            rowHeights[indexPath.section][indexPath.row] = nil
        }
        offsets = nil
    }

    /// Adds rows at `indexPaths` (positions after the insertion), as the data source now has
    /// them; the rows after them keep their measured heights.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        guard var keys = rowKeys else { return }
        for indexPath in indexPaths.sorted(by: { ($0.section, $0.row) < ($1.section, $1.row) }) {
            guard keys.indices.contains(indexPath.section), (0...keys[indexPath.section].count).contains(indexPath.row)
            else {
                inconsistentUpdate("insertRows: \(indexPath) is past the end")
                return
            }
            keys[indexPath.section].insert(newKey(), at: indexPath.row)
            rowHeights[indexPath.section].insert(nil, at: indexPath.row)
        }
        commit(keys, after: "insertRows")
    }

    /// Removes the rows at `indexPaths` (positions before the deletion), as the data source no
    /// longer has them.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        guard var keys = rowKeys else { return }
        for indexPath in indexPaths.sorted(by: { ($0.section, $0.row) > ($1.section, $1.row) }) {
            guard keys.indices.contains(indexPath.section), keys[indexPath.section].indices.contains(indexPath.row)
            else {
                inconsistentUpdate("deleteRows: \(indexPath) is past the end")
                return
            }
            sizer?.invalidate(keys[indexPath.section].remove(at: indexPath.row))
            rowHeights[indexPath.section].remove(at: indexPath.row)
        }
        commit(keys, after: "deleteRows")
    }

    /// Measures every row of `sections` again when next asked.
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        _ = loadedKeys()
        for section in sections where rowKeys!.indices.contains(section) {
            for key in rowKeys![section] { sizer?.invalidate(key) }
            rowHeights[section] = Array(repeating: nil, count: rowKeys![section].count)
            headerHeights[section] = nil
            footerHeights[section] = nil
        }
        offsets = nil
    }

    /// Runs `updates` (insertions, deletions, reloads), then `completion` with `true`.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        completion?(true)
    }

    /// Begins a group of updates; each update applies at once, so it only brackets them.
    public func beginUpdates() {}
    /// Ends a group of updates.
    public func endUpdates() {}

    // MARK: Geometry

    /// The height of the row at `indexPath` (measured now if it has not been), or 0 for a
    /// row that does not exist (reported).
    public func heightForRow(at indexPath: IndexPath) -> CGFloat {
        guard isValidRow(indexPath, operation: "heightForRow") else { return 0 }
        return rowHeight(indexPath)
    }

    /// The rectangle of the row at `indexPath` in the table's content, UIKit's
    /// `rectForRow(at:)`: full width, at the row's offset; `.zero` for a row that does not
    /// exist (reported).
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        guard isValidRow(indexPath, operation: "rectForRow") else { return .zero }
        let offsets = computedOffsets()
        return CGRect(
            x: 0, y: offsets.rows[indexPath.section][indexPath.row], width: tableWidth,
            height: rowHeight(indexPath))
    }

    /// The index paths of the rows whose rectangles overlap `rect`, in order, UIKit's
    /// `indexPathsForRows(in:)`. Rectangles overlap when they share more than an edge, as
    /// rows only touching `rect` are not in it; Foundation's `CGRect.intersects` off Apple
    /// platforms counts a shared edge, so the test is written out here. The first row is found
    /// by bisection over the kept offsets, so a query costs the rows it returns, not the
    /// table's length.
    public func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        let offsets = computedOffsets()
        var result: [IndexPath] = []
        guard !rect.isNull, rect.width > 0, rect.minX < tableWidth, rect.maxX > 0,
              var current = firstRow(endingBelow: rect.minY, in: offsets) else { return result }
        while current.section < offsets.rows.count {
            let tops = offsets.rows[current.section]
            while current.row < tops.count {
                let top = tops[current.row]
                if top >= rect.maxY { return result }
                if rowHeight(current) > 0 { result.append(current) }
                current.row += 1
            }
            current = IndexPath(row: 0, section: current.section + 1)
        }
        return result
    }

    /// The index path of the row whose rectangle contains `point` (its top edge included, its
    /// bottom edge not), or `nil`.
    public func indexPathForRow(at point: CGPoint) -> IndexPath? {
        guard point.x >= 0, point.x < tableWidth else { return nil }
        let offsets = computedOffsets()
        guard let row = firstRow(endingBelow: point.y, in: offsets),
              offsets.rows[row.section][row.row] <= point.y else { return nil }
        return row
    }

    /// The first row, in order, whose bottom edge lies below `y`, or nil: rows are stacked, so
    /// their bottoms grow with their order and the first is found by bisection.
    private func firstRow(
        endingBelow y: CGFloat, in offsets: (sections: [CGFloat], rows: [[CGFloat]], total: CGFloat)
    ) -> IndexPath? {
        func bottom(_ indexPath: IndexPath) -> CGFloat {
            offsets.rows[indexPath.section][indexPath.row] + rowHeight(indexPath)
        }
        // The last row of each section, bisected, finds the section; then its rows.
        var low = 0
        var high = offsets.rows.count
        while low < high {
            let middle = (low + high) / 2
            let rows = offsets.rows[middle]
            if rows.isEmpty || bottom(IndexPath(row: rows.count - 1, section: middle)) <= y {
                // An empty section has no bottom of its own: its place is its start.
                if rows.isEmpty && offsets.sections[middle] > y { high = middle } else { low = middle + 1 }
            } else {
                high = middle
            }
        }
        var section = low
        while section < offsets.rows.count && offsets.rows[section].isEmpty { section += 1 }
        guard section < offsets.rows.count else { return nil }
        var first = 0
        var last = offsets.rows[section].count - 1
        while first < last {
            let middle = (first + last) / 2
            if bottom(IndexPath(row: middle, section: section)) <= y { first = middle + 1 } else { last = middle }
        }
        return IndexPath(row: first, section: section)
    }

    /// The content size: the table's width by the heights of the table header, every
    /// section's header, rows and footer, and the table footer. Setting it does nothing, as
    /// the table computes it.
    open override var contentSize: CGSize {
        get { CGSize(width: tableWidth, height: computedOffsets().total) }
        set {}
    }

    // MARK: Measuring

    private var tableWidth: CGFloat { frame.width }

    private var separatorHeight: CGFloat {
        separatorStyle == .none ? 0 : 1 / displayScale
    }

    private var resolvedEstimate: CGFloat {
        estimatedRowHeight == Self.automaticDimension ? Self.defaultEstimatedRowHeight : estimatedRowHeight
    }

    private func rowHeight(_ indexPath: IndexPath) -> CGFloat {
        _ = loadedKeys()
        prepareSizer()
        if let height = rowHeights[indexPath.section][indexPath.row] { return height }
        let asked = delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        let height: CGFloat
        if asked != Self.automaticDimension, Self.isValid(asked) {
            height = asked
        } else {
            if asked != Self.automaticDimension { report("heightForRowAt \(indexPath)", asked) }
            height = measuredHeight(indexPath)
        }
        rowHeights[indexPath.section][indexPath.row] = height
        return height
    }

    private func measuredHeight(_ indexPath: IndexPath) -> CGFloat {
        guard let dataSource, let sizer else { return resolvedEstimate }
        let key = rowKeys![indexPath.section][indexPath.row]
        do {
            let height = try sizer.height(for: key) { host in
                host.show(dataSource.tableView(self, cellForRowAt: indexPath))
            }
            guard height > 0 else {
                // UIKit's rule for a self-sizing cell whose constraints leave its content view's
                // height at zero: it warns once and gives the row the standard height.
                if !hasReportedCollapsedRow {
                    hasReportedCollapsedRow = true
                    LayoutDiagnostics.report(.invalidValue(
                        name: "height of row \(indexPath)", value: "0",
                        accepted: "a height its cell's constraints determine (constraints ambiguously suggest a height "
                            + "of zero for a table view cell's content view; the row takes the standard height, "
                            + "\(Int(Self.defaultEstimatedRowHeight)) points)",
                        view: layoutDescriptionName))
                }
                return Self.defaultEstimatedRowHeight
            }
            return height + separatorHeight
        } catch {
            LayoutDiagnostics.report(.invalidValue(
                name: "height of row \(indexPath)", value: "\(error)", accepted: "a cell whose constraints give its height",
                view: layoutDescriptionName))
            return resolvedEstimate
        }
    }

    /// Makes the sizer, or brings it to the table's width, scale and content size category.
    private func prepareSizer() {
        let width = min(max(tableWidth, 0), CellSizer<TableRowHost>.maximumWidth)
        let category = traitCollection.preferredContentSizeCategory
        if measuredScale != displayScale {
            // The sizer's template rounds to the scale it was made with: a new one, new heights.
            measuredScale = displayScale
            sizer = nil
            forgetHeights()
        }
        if let sizer {
            if sizer.width != width || sizer.contentSizeCategory != category {
                try? sizer.setWidth(width)
                sizer.setContentSizeCategory(category)
                forgetCachedRowHeights()
            }
        } else {
            let scale = displayScale
            // UIKit sizes a self-sizing row at the fitting priority, whatever the constraints
            // leave open; a row that collapses to nothing is caught in `measuredHeight`.
            sizer = try? CellSizer(width: width, contentSizeCategory: category, verification: .unchecked) {
                let host = TableRowHost()
                host.displayScale = scale
                return host
            }
        }
    }

    private func sectionHeight(_ section: Int, header: Bool) -> CGFloat {
        if let height = (header ? headerHeights : footerHeights)[section] { return height }
        let asked =
            header
            ? delegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
            : delegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
        var height: CGFloat = 0
        if asked != Self.automaticDimension, Self.isValid(asked) {
            height = asked
        } else if let view = header
            ? delegate?.tableView(self, viewForHeaderInSection: section)
            : delegate?.tableView(self, viewForFooterInSection: section)
        {
            height = fittingHeight(of: view)
        } else if let title = header
            ? dataSource?.tableView(self, titleForHeaderInSection: section)
            : dataSource?.tableView(self, titleForFooterInSection: section)
        {
            let view = titleView
            view.textLabel?.text = title
            height = fittingHeight(of: view)
        }
        if header { headerHeights[section] = height } else { footerHeights[section] = height }
        return height
    }

    /// The view that measures section titles.
    private lazy var titleView = TableViewHeaderFooterView(reuseIdentifier: nil)

    /// The height `view` fits at the table's width.
    private func fittingHeight(of view: View) -> CGFloat {
        let wasTranslating = view.translatesAutoresizingMaskIntoConstraints
        view.translatesAutoresizingMaskIntoConstraints = false
        defer { view.translatesAutoresizingMaskIntoConstraints = wasTranslating }
        return view.systemLayoutSizeFitting(
            CGSize(width: tableWidth, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel
        ).height
    }

    private func computedOffsets() -> (sections: [CGFloat], rows: [[CGFloat]], total: CGFloat) {
        let keys = loadedKeys()
        prepareSizer()
        if let offsets { return offsets }
        var y = tableHeaderView?.frame.height ?? 0
        var sections: [CGFloat] = []
        var rows: [[CGFloat]] = []
        for section in keys.indices {
            sections.append(y)
            y += sectionHeight(section, header: true)
            var tops: [CGFloat] = []
            for row in keys[section].indices {
                tops.append(y)
                y += rowHeight(IndexPath(row: row, section: section))
            }
            rows.append(tops)
            y += sectionHeight(section, header: false)
        }
        y += tableFooterView?.frame.height ?? 0
        let result = (sections, rows, y)
        offsets = result
        return result
    }

    // MARK: Bookkeeping

    private func loadedKeys() -> [[Int]] {
        if let rowKeys { return rowKeys }
        var keys: [[Int]] = []
        if let dataSource {
            let sections = max(dataSource.numberOfSections(in: self), 0)
            for section in 0..<sections {
                let count = max(dataSource.tableView(self, numberOfRowsInSection: section), 0)
                keys.append((0..<count).map { _ in newKey() })
            }
        }
        rowKeys = keys
        rowHeights = keys.map { Array(repeating: nil, count: $0.count) }
        headerHeights = Array(repeating: nil, count: keys.count)
        footerHeights = headerHeights
        offsets = nil
        return keys
    }

    private func newKey() -> Int {
        nextKey += 1
        return nextKey
    }

    private func forgetHeights() {
        sizer?.invalidateAll()
        forgetCachedRowHeights()
    }

    /// Forgets the heights this table keeps, not the sizer's (kept per width and category).
    private func forgetCachedRowHeights() {
        if let rowKeys {
            rowHeights = rowKeys.map { Array(repeating: nil, count: $0.count) }
            headerHeights = Array(repeating: nil, count: rowKeys.count)
            footerHeights = headerHeights
        }
        offsets = nil
    }

    /// Keeps the edited keys if the data source agrees with their counts, or reloads.
    private func commit(_ keys: [[Int]], after operation: String) {
        offsets = nil
        let counts = keys.map(\.count)
        let expected = (0..<(dataSource?.numberOfSections(in: self) ?? 0)).map {
            dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0
        }
        guard counts == expected else {
            inconsistentUpdate("\(operation) leaves rows \(counts) but the data source has \(expected)")
            return
        }
        rowKeys = keys
    }

    private func inconsistentUpdate(_ reason: String) {
        LayoutDiagnostics.report(.invalidValue(
            name: "table update", value: reason, accepted: "updates that match the data source's counts",
            view: layoutDescriptionName))
        reloadData()
    }

    private func isValidRow(_ indexPath: IndexPath, operation: String) -> Bool {
        let keys = loadedKeys()
        guard indexPath.count == 2, keys.indices.contains(indexPath.section),
            keys[indexPath.section].indices.contains(indexPath.row)
        else {
            LayoutDiagnostics.report(.invalidValue(
                name: "\(operation) index path", value: "\(indexPath)",
                accepted: "a row of the table (sections: \(keys.map(\.count)))", view: layoutDescriptionName))
            return false
        }
        return true
    }

    /// `value` when it is a height or ``automaticDimension``; otherwise reports it and gives
    /// `oldValue`.
    private func checkedHeight(_ value: CGFloat, else oldValue: CGFloat, _ name: String) -> CGFloat {
        guard Self.isValid(value) else {
            report(name, value)
            return oldValue
        }
        return value
    }

    private static func isValid(_ height: CGFloat) -> Bool {
        height == automaticDimension || (height.isFinite && height >= 0)
    }

    private func report(_ name: String, _ value: CGFloat) {
        LayoutDiagnostics.report(.invalidValue(
            name: name, value: "\(value)", accepted: "a finite height of at least 0, or automaticDimension",
            view: layoutDescriptionName))
    }
}
