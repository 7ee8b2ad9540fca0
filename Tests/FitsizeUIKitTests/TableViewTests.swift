import DiagnosticsRecording
import Foundation
import Testing
import TextOracles

import FitsizeUIKit

/// A self-sizing cell as an iOS app writes it: a multi-line label pinned to the content
/// view's margins.
final class MessageCell: UITableViewCell {
    let messageLabel = UILabel()
    private(set) var reuses = 0

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        messageLabel.numberOfLines = 0
        messageLabel.font = UIFont.systemFont(ofSize: 17)
        messageLabel.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(messageLabel)
        let margins = contentView.layoutMarginsGuide
        NSLayoutConstraint.activate([
            messageLabel.topAnchor.constraint(equalTo: margins.topAnchor),
            messageLabel.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            messageLabel.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            messageLabel.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
        messageLabel.text = nil
    }
}

/// A data source over an array of messages that counts the cells it is asked for.
final class Messages: UITableViewDataSource, UITableViewDelegate {
    var messages: [String]
    var accessory: UITableViewCell.AccessoryType = .none
    var fixedHeights: [Int: CGFloat] = [:]
    private(set) var cellRequests = 0

    init(_ messages: [String]) { self.messages = messages }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath) as! MessageCell
        cell.messageLabel.text = messages[indexPath.row]
        cell.accessoryType = accessory
        return cell
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        fixedHeights[indexPath.row] ?? UITableView.automaticDimension
    }
}

/// A table view sizes its rows from the app's own cells: each height is the content view's
/// margins (11 above and below, 16 at the sides) around the text, whose lines are counted
/// from `hb-shape` widths, plus the one-pixel separator.
@Suite struct TableViewTests {
    static let regular = UIKitSpellingTests.regular
    static let short = "Lunch at noon?"
    static let long = "The quarterly report is attached; please read the summary first."

    /// The number of lines `text` takes at `width` when each line takes as many words as fit,
    /// as UAX #14 breaks text of words and spaces.
    static func lineCount(_ text: String, width: Double) throws -> Int {
        var lines = 0
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if try current.isEmpty || UIKitSpellingTests.width(candidate, path: regular, size: 17) <= width {
                current = candidate
            } else {
                lines += 1
                current = String(word)
            }
        }
        return lines + (current.isEmpty ? 0 : 1)
    }

    /// The ceiled height of `lines` lines of 17-point Noto Sans Regular.
    static func textHeight(lines: Int) throws -> Double {
        (Double(lines) * (try FontTables(path: regular).lineHeight(size: 17))).rounded(.up)
    }

    /// The row height of a message cell whose text takes `lines` lines.
    static func rowHeight(lines: Int) throws -> Double {
        11 + (try textHeight(lines: lines)) + 11 + 1
    }

    static func table(_ messages: Messages) -> UITableView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), style: .plain)
        table.register(MessageCell.self, forCellReuseIdentifier: "message")
        table.estimatedRowHeight = 80
        table.rowHeight = UITableView.automaticDimension
        table.dataSource = messages
        table.delegate = messages
        return table
    }

    @Test func rowsAreAsTallAsTheirText() throws {
        // The long message needs two lines in 375 - 2 × 16 points; the short one fits one.
        try #require(try Self.lineCount(Self.long, width: 343) == 2)
        try #require(try Self.lineCount(Self.short, width: 343) == 1)
        let messages = Messages([Self.short, Self.long, Self.short])
        let table = Self.table(messages)
        let one = try Self.rowHeight(lines: 1)
        let two = try Self.rowHeight(lines: 2)
        #expect(table.numberOfSections == 1)
        #expect(table.numberOfRows(inSection: 0) == 3)
        #expect(Double(table.heightForRow(at: IndexPath(row: 1, section: 0))) == two)
        #expect(table.contentSize == CGSize(width: 375, height: CGFloat(one + two + one)))
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: one + two, width: 375, height: one))
        #expect(table.indexPathsForRows(in: CGRect(x: 0, y: one + 1, width: 375, height: two))
            == [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)])
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: one + 2)) == IndexPath(row: 1, section: 0))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: one)) == IndexPath(row: 1, section: 0))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 2 * one + two)) == nil)
        #expect(table.indexPathForRow(at: CGPoint(x: -1, y: 2)) == nil)
        // Heights are cached: asking again runs no cell through the data source.
        let requests = messages.cellRequests
        #expect(requests == 3)
        _ = table.contentSize
        _ = table.rectForRow(at: IndexPath(row: 1, section: 0))
        #expect(messages.cellRequests == requests)
    }

    @Test func updatesInvalidateOnlyTheirRows() throws {
        let messages = Messages([Self.short, Self.short, Self.short])
        let table = Self.table(messages)
        let one = try Self.rowHeight(lines: 1)
        let two = try Self.rowHeight(lines: 2)
        #expect(Double(table.contentSize.height) == 3 * one)

        messages.messages[1] = Self.long
        table.reloadRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
        #expect(Double(table.contentSize.height) == 2 * one + two)
        #expect(messages.cellRequests == 4)

        messages.messages.insert(Self.long, at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        #expect(Double(table.contentSize.height) == 2 * one + 2 * two)
        #expect(messages.cellRequests == 5)
        #expect(Double(table.rectForRow(at: IndexPath(row: 2, section: 0)).minY) == two + one)

        messages.messages.removeFirst(2)
        table.deleteRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .fade)
        #expect(table.numberOfRows(inSection: 0) == 2)
        #expect(Double(table.contentSize.height) == one + two)
        #expect(messages.cellRequests == 5)

        messages.messages = [Self.long]
        table.reloadData()
        #expect(Double(table.contentSize.height) == two)
    }

    @Test func anUpdateTheDataSourceDoesNotMatchIsReportedAndReloads() throws {
        let messages = Messages([Self.short])
        let table = Self.table(messages)
        _ = table.contentSize
        let recorder = DiagnosticsRecorder.record(errorsContaining: "table update") {
            table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .none)
        }
        #expect(recorder.errors.count == 1)
        #expect(table.numberOfRows(inSection: 0) == 1)
        #expect(Double(table.contentSize.height) == (try Self.rowHeight(lines: 1)))
    }

    @Test func anAccessoryNarrowsTheContentView() throws {
        // A text that fits one line in 343 points but not in 343 - 34.
        let text = "Notes from the design review on Monday"
        try #require(try Self.lineCount(text, width: 343) == 1)
        try #require(try Self.lineCount(text, width: 343 - 34) == 2)
        let messages = Messages([text])
        let table = Self.table(messages)
        #expect(Double(table.contentSize.height) == (try Self.rowHeight(lines: 1)))
        messages.accessory = .disclosureIndicator
        table.reloadData()
        #expect(Double(table.contentSize.height) == (try Self.rowHeight(lines: 2)))
    }

    @Test func fixedHeightsAndSeparatorsFollowUIKitsRules() throws {
        let messages = Messages([Self.short, Self.short])
        messages.fixedHeights[0] = 60
        let table = Self.table(messages)
        table.separatorStyle = .none
        let one = try Self.rowHeight(lines: 1) - 1
        #expect(Double(table.contentSize.height) == 60 + one)
        table.displayScale = 2
        table.separatorStyle = .singleLine
        let textAtScale2 = (try FontTables(path: Self.regular).lineHeight(size: 17) * 2).rounded(.up) / 2
        #expect(Double(table.heightForRow(at: IndexPath(row: 1, section: 0))) == 22 + textAtScale2 + 0.5)
        messages.fixedHeights[1] = 30
        table.rowHeight = 50
        table.reloadData()
        #expect(table.contentSize.height == 90)
        let header = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 120))
        table.tableHeaderView = header
        #expect(table.contentSize.height == 210)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 120)
    }

    @Test func misuseIsReportedNotRaised() {
        let messages = Messages([Self.short])
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), style: .plain)
        let recorder = DiagnosticsRecorder.record(errorsContaining: "never-registered") {
            let cell = table.dequeueReusableCell(withIdentifier: "never-registered", for: IndexPath(row: 0, section: 0))
            #expect(cell.reuseIdentifier == "never-registered")
        }
        #expect(recorder.errors.count == 1)
        table.register(MessageCell.self, forCellReuseIdentifier: "message")
        table.dataSource = messages
        let outOfRange = DiagnosticsRecorder.record(errorsContaining: "rectForRow", about: table) {
            #expect(table.rectForRow(at: IndexPath(row: 5, section: 0)) == .zero)
        }
        #expect(outOfRange.errors.count == 1)
        let badHeight = DiagnosticsRecorder.record(errorsContaining: "rowHeight", about: table) {
            table.rowHeight = -20
        }
        #expect(badHeight.errors.count == 1)
        #expect(table.rowHeight == UITableView.automaticDimension)
        let badHeader = DiagnosticsRecorder.record(errorsContaining: "sectionHeaderHeight", about: table) {
            table.sectionHeaderHeight = .nan
        }
        #expect(badHeader.errors.count == 1)
        #expect(table.sectionHeaderHeight == UITableView.automaticDimension)
    }

    @Test func dequeuedCellsAreReusedAfterPrepareForReuse() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), style: .plain)
        table.register(MessageCell.self, forCellReuseIdentifier: "message")
        let first = table.dequeueReusableCell(withIdentifier: "message", for: IndexPath(row: 0, section: 0))
        let second = table.dequeueReusableCell(withIdentifier: "message", for: IndexPath(row: 1, section: 0))
        #expect(first === second)
        #expect((second as? MessageCell)?.reuses == 1)
        #expect(first.reuseIdentifier == "message")
        #expect(table.dequeueReusableCell(withIdentifier: "other") == nil)
    }

    @Test func archivedViewsAreNotRead() {
        let coder = NSCoder()
        #expect(UITableViewCell(coder: coder) == nil)
        #expect(UICollectionViewCell(coder: coder) == nil)
        #expect(UITableView(coder: coder) == nil)
        #expect(UITableViewHeaderFooterView(coder: coder) == nil)
    }
}

/// Sections of fixed row heights (one of them 0), an empty section, and fixed header and
/// footer heights: the position queries, which bisect, against a scan of every row's
/// rectangle.
final class FixedSections: UITableViewDataSource, UITableViewDelegate {
    let heights: [[CGFloat]] = [[30, 0, 45], [], [12.5, 60], [25]]

    func numberOfSections(in tableView: UITableView) -> Int { heights.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { heights[section].count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heights[indexPath.section][indexPath.row]
    }
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { 20 }
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { 5 }
}

@Suite struct TablePositionQueryTests {
    @Test func pointAndRectQueriesFindTheRowsWhoseRectanglesHoldThem() {
        let source = FixedSections()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        table.register(MessageCell.self, forCellReuseIdentifier: "message")
        table.dataSource = source
        table.delegate = source
        let rows = source.heights.indices.flatMap { section in
            source.heights[section].indices.map { IndexPath(row: $0, section: section) }
        }
        let rects = rows.map { (indexPath: $0, frame: table.rectForRow(at: $0)) }
        let total = table.contentSize.height
        var y: CGFloat = -5
        while y <= total + 5 {
            let point = CGPoint(x: 10, y: y)
            let holding = rects.first { $0.frame.minY <= y && y < $0.frame.maxY }?.indexPath
            #expect(table.indexPathForRow(at: point) == holding, "y = \(y)")
            for height: CGFloat in [0.5, 7, 40, 200] {
                let rect = CGRect(x: 0, y: y, width: 320, height: height)
                // Overlapping: sharing more than an edge.
                let overlapping = rects.filter { $0.frame.minY < rect.maxY && $0.frame.maxY > rect.minY && $0.frame.height > 0 }
                #expect(table.indexPathsForRows(in: rect) == overlapping.map(\.indexPath), "y = \(y), height \(height)")
            }
            y += 2.5
        }
    }
}
