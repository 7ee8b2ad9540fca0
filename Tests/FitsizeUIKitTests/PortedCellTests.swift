import Foundation
import Testing
import TextOracles

import FitsizeUIKit

/// A feed of two cell classes written for UIKit, sized by a table view through the app's own
/// data source.
final class ShopFeed: UITableViewDataSource {
    enum Row {
        case post(name: String, time: String, body: String)
        case product(title: String, detail: String)
    }

    let rows: [Row]

    init(_ rows: [Row]) { self.rows = rows }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        switch rows[indexPath.row] {
        case .post(let name, let time, let body):
            let cell = tableView.dequeueReusableCell(withIdentifier: PostCell.reuseIdentifier, for: indexPath) as! PostCell
            cell.configure(name: name, time: time, body: body, avatar: nil)
            return cell
        case .product(let title, let detail):
            let cell =
                tableView.dequeueReusableCell(withIdentifier: ProductCell.reuseIdentifier, for: indexPath) as! ProductCell
            cell.configure(title: title, detail: detail)
            return cell
        }
    }
}

/// Each height is the sum the cell's constraints describe, over line heights from the
/// fonts' tables and line counts from `hb-shape` widths (``TableViewTests/lineCount(_:width:)``).
@Suite struct PortedCellTests {
    static let regular = UIKitSpellingTests.regular
    static let bold = UIKitSpellingTests.bold

    static func lines(_ count: Int, path: String, size: Double) throws -> Double {
        (Double(count) * (try FontTables(path: path).lineHeight(size: size))).rounded(.up)
    }

    @Test func aFeedOfPortedCellsHasTheHeightsItsConstraintsDescribe() throws {
        let shortBody = "Shipped the new build."
        let longBody = "Shipped the new build to testers this morning; the crash on launch is fixed and sync is faster."
        let shortTitle = "Desk lamp"
        let longTitle = "Adjustable aluminium desk lamp with a warm dimmable light, a weighted base and a long cable"
        let feed = ShopFeed([
            .post(name: "Ada", time: "2m", body: shortBody),
            .product(title: shortTitle, detail: "In stock"),
            .post(name: "Grace", time: "1h", body: longBody),
            .product(title: longTitle, detail: "Ships in 2 days"),
        ])
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), style: .plain)
        table.register(PostCell.self, forCellReuseIdentifier: PostCell.reuseIdentifier)
        table.register(ProductCell.self, forCellReuseIdentifier: ProductCell.reuseIdentifier)
        table.rowHeight = UITableView.automaticDimension
        table.estimatedRowHeight = 120
        table.dataSource = feed

        // The post: margins 11, then the taller of the 40-point avatar and the headline
        // (17-point semibold, the Bold face) + 2 + footnote (13), then 8, the body at
        // 375 - 16 - (16 + 40 + 12) = 291 points, 8, the buttons (15-point title + 6 + 6),
        // margins 11 and the separator.
        let header = max(40, try Self.lines(1, path: Self.bold, size: 17) + 2 + Self.lines(1, path: Self.regular, size: 13))
        let buttons = try Self.lines(1, path: Self.regular, size: 15) + 12
        func post(_ body: String) throws -> Double {
            let bodyLines = try TableViewTests.lineCount(body, width: 291)
            return 11 + header + 8 + (try Self.lines(bodyLines, path: Self.regular, size: 17)) + 8 + buttons + 11 + 1
        }
        // The product: the title (at most 2 lines) beside the Buy button (title + 12 + 12),
        // 8 apart inside the 16-point margins, then 2 and the subheadline (15) detail.
        let buy = (try UIKitSpellingTests.width("Buy", path: Self.regular, size: 15) + 24).rounded(.up)
        let titleWidth = 375 - 16 - 16 - 8 - buy
        func product(_ title: String) throws -> Double {
            let titleLines = min(2, try TableViewTests.lineCount(title, width: titleWidth))
            return 11 + (try Self.lines(titleLines, path: Self.regular, size: 17)) + 2
                + (try Self.lines(1, path: Self.regular, size: 15)) + 11 + 1
        }
        try #require(try TableViewTests.lineCount(longBody, width: 291) > 1)
        try #require(try TableViewTests.lineCount(longTitle, width: titleWidth) > 2)

        let expected = [try post(shortBody), try product(shortTitle), try post(longBody), try product(longTitle)]
        for (row, height) in expected.enumerated() {
            #expect(Double(table.heightForRow(at: IndexPath(row: row, section: 0))) == height, "row \(row)")
        }
        #expect(Double(table.contentSize.height) == expected.reduce(0, +))
        #expect(Double(table.rectForRow(at: IndexPath(row: 3, section: 0)).minY) == expected.dropLast().reduce(0, +))
    }
}
