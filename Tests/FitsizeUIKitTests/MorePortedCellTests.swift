import Foundation
import Testing
import TextOracles

import FitsizeUIKit

/// A feed of the four other cell classes written for UIKit, sized by a table view through
/// the app's own data source.
final class InboxFeed: UITableViewDataSource {
    enum Row {
        case chat(message: String, time: String)
        case contact(name: String, status: String, unread: Int)
        case article(section: String, headline: String, summary: String, author: String)
        case follow(name: String)
    }

    let rows: [Row]

    init(_ rows: [Row]) { self.rows = rows }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        switch rows[indexPath.row] {
        case .chat(let message, let time):
            let cell = tableView.dequeueReusableCell(withIdentifier: ChatBubbleCell.reuseIdentifier, for: indexPath)
            (cell as! ChatBubbleCell).configure(message: message, time: time)
            return cell
        case .contact(let name, let status, let unread):
            let cell = tableView.dequeueReusableCell(withIdentifier: ContactCell.reuseIdentifier, for: indexPath)
            (cell as! ContactCell).configure(name: name, status: status, unread: unread)
            return cell
        case .article(let section, let headline, let summary, let author):
            let cell = tableView.dequeueReusableCell(withIdentifier: ArticleCell.reuseIdentifier, for: indexPath)
            (cell as! ArticleCell).configure(section: section, headline: headline, summary: summary, author: author)
            return cell
        case .follow(let name):
            let cell = tableView.dequeueReusableCell(withIdentifier: FollowCell.reuseIdentifier, for: indexPath)
            (cell as! FollowCell).configure(name: name, following: false)
            return cell
        }
    }
}

/// Each height is the sum the cell's constraints describe, over line heights from the faces'
/// tables and line counts from `hb-shape` widths, a word at a time.
@Suite struct MorePortedCellTests {
    static let regular = UIKitSpellingTests.regular
    static let bold = UIKitSpellingTests.bold

    static func lineHeight(_ path: String, _ size: Double) throws -> Double {
        try FontTables(path: path).lineHeight(size: size)
    }

    /// The ceiled height of `count` lines of the face at `path` and `size`, `spacing` apart.
    static func lines(_ count: Int, _ path: String, _ size: Double, spacing: Double = 0) throws -> Double {
        (Double(count) * (try lineHeight(path, size)) + Double(max(0, count - 1)) * spacing).rounded(.up)
    }

    /// How many lines `text` takes at `width`, filled a word at a time by `hb-shape` widths.
    static func lineCount(_ text: String, _ path: String, _ size: Double, width: Double) throws -> Int {
        var lines = 0
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if try current.isEmpty || UIKitSpellingTests.width(candidate, path: path, size: size) <= width {
                current = candidate
            } else {
                lines += 1
                current = String(word)
            }
        }
        return lines + (current.isEmpty ? 0 : 1)
    }

    static func table(_ feed: InboxFeed) -> UITableView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), style: .plain)
        table.register(ChatBubbleCell.self, forCellReuseIdentifier: ChatBubbleCell.reuseIdentifier)
        table.register(ContactCell.self, forCellReuseIdentifier: ContactCell.reuseIdentifier)
        table.register(ArticleCell.self, forCellReuseIdentifier: ArticleCell.reuseIdentifier)
        table.register(FollowCell.self, forCellReuseIdentifier: FollowCell.reuseIdentifier)
        table.rowHeight = UITableView.automaticDimension
        table.estimatedRowHeight = 80
        table.dataSource = feed
        return table
    }

    static func heights(_ feed: InboxFeed) -> [Double] {
        let table = table(feed)
        return feed.rows.indices.map { Double(table.heightForRow(at: IndexPath(row: $0, section: 0))) }
    }

    /// The bubble is at most 375 - 16 - 16 - 60 points wide, the message 24 less; the bubble
    /// (8 + message + 8), 4, the 11-point time, inside 11-point margins, and the separator.
    @Test func chatBubblesWrapAtTheirGreatestWidth() throws {
        let short = "On my way!"
        let long = "Running ten minutes late, the train stopped outside the station; order me the usual and I'll be there soon."
        let messageWidth = 375.0 - 16 - 16 - 60 - 24
        try #require(try Self.lineCount(long, Self.regular, 16, width: messageWidth) > 2)
        let time = try Self.lines(1, Self.regular, 11)
        func expected(_ message: String) throws -> Double {
            let count = try Self.lineCount(message, Self.regular, 16, width: messageWidth)
            return 11 + 8 + (try Self.lines(count, Self.regular, 16)) + 8 + 4 + time + 11 + 1
        }
        let feed = InboxFeed([.chat(message: short, time: "09:41"), .chat(message: long, time: "09:42")])
        #expect(Self.heights(feed) == [try expected(short), try expected(long)])
    }

    /// The name (17-point bold), 2 and the status (subheadline, 15) between the margins, which
    /// is taller than the 44-point avatar hanging from the top margin; the badge, centred on
    /// the name, adds nothing.
    @Test func contactsAreAsTallAsTheirText() throws {
        let text = try Self.lines(1, Self.bold, 17) + 2 + Self.lines(1, Self.regular, 15)
        try #require(text > 44)
        let feed = InboxFeed([.contact(name: "Grace Hopper", status: "Compiling…", unread: 3),
                              .contact(name: "Ada", status: "Away", unread: 0)])
        let expected = 11 + text + 11 + 1
        #expect(Self.heights(feed) == [expected, expected])
        let cell = ContactCell(style: .default, reuseIdentifier: nil)
        cell.configure(name: "Grace Hopper", status: "Compiling…", unread: 3)
        cell.frame = CGRect(x: 0, y: 0, width: 375, height: CGFloat(expected - 1))
        cell.layoutIfNeeded()
        // Centred to the pixel: the frames are rounded, the badge's height odd, the name's even.
        #expect(abs(cell.badgeLabel.frame.midY - cell.nameLabel.frame.midY) <= 0.5)
    }

    /// The stack in the 343-point-wide margins: the kerned caption (12), 6, the title3
    /// headline (20), 6, the body summary with 4 points between its lines, 10 (custom
    /// spacing), and the byline, whose bold name is as tall as the regular face's line.
    @Test func articlesStackTheirLabelsWithTheirAttributedText() throws {
        let headline = "City council approves the plan for a new riverside park and cycle path"
        let summary = "The park opens next spring, with a playground, a café and a path that links the two bridges. "
            + "Work on the cycle path starts this autumn."
        let width = 375.0 - 32
        let headlineLines = try Self.lineCount(headline, Self.regular, 20, width: width)
        let summaryLines = try Self.lineCount(summary, Self.regular, 17, width: width)
        try #require(headlineLines > 1 && summaryLines > 1)
        let regular13 = try FontTables(path: Self.regular)
        let bold13 = try FontTables(path: Self.bold)
        let ascent = max(regular13.ascender(size: 13), bold13.ascender(size: 13))
        let depth = max(regular13.lineHeight(size: 13) - regular13.ascender(size: 13),
                        bold13.lineHeight(size: 13) - bold13.ascender(size: 13))
        let expected = 11 + (try Self.lines(1, Self.regular, 12)) + 6
            + (try Self.lines(headlineLines, Self.regular, 20)) + 6
            + (try Self.lines(summaryLines, Self.regular, 17, spacing: 4)) + 10
            + (ascent + depth).rounded(.up) + 11 + 1
        let feed = InboxFeed([.article(section: "Local", headline: headline, summary: summary, author: "Jo Park")])
        #expect(Self.heights(feed) == [expected])
    }

    /// The Follow button keeps its size (15-point bold title, 16 points each side, 6 above and
    /// below the title's own 6); the name wraps in what is left, 12 points before it.
    @Test func theFollowButtonKeepsItsSizeAndTheNameWraps() throws {
        let button = (try UIKitSpellingTests.width("Follow", path: Self.bold, size: 15) + 32).rounded(.up)
        let buttonHeight = try Self.lines(1, Self.bold, 15) + 12 + 12
        let nameWidth = 375 - 32 - 12 - button
        let short = "Ada Lovelace"
        let long = "The Analytical Engine Appreciation Society of Greater London and Surrounding Counties"
        try #require(try Self.lineCount(long, Self.bold, 17, width: nameWidth) > 1)
        func expected(_ name: String) throws -> Double {
            let nameHeight = try Self.lines(try Self.lineCount(name, Self.bold, 17, width: nameWidth), Self.bold, 17)
            return 11 + max(nameHeight, buttonHeight) + 11 + 1
        }
        let feed = InboxFeed([.follow(name: short), .follow(name: long)])
        #expect(Self.heights(feed) == [try expected(short), try expected(long)])
        let cell = FollowCell(style: .default, reuseIdentifier: nil)
        cell.configure(name: long, following: false)
        cell.frame = CGRect(x: 0, y: 0, width: 375, height: CGFloat(try expected(long) - 1))
        cell.layoutIfNeeded()
        #expect(Double(cell.followButton.frame.width) == button)
        #expect(Double(cell.followButton.frame.maxX) == 375 - 16)
        #expect(cell.followButton.actions(forTarget: cell, forControlEvent: .touchUpInside) == ["followTapped"])
    }
}
