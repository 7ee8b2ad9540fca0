import Foundation
import Testing
import TextOracles

import FitsizeUIKit

/// A table of deals, sized through the app's own data source.
private final class DealFeed: UITableViewDataSource {
    struct Deal {
        var name: String
        var price: String
        var shipping: String?
        var inCart: Bool
    }

    let deals: [Deal]

    init(_ deals: [Deal]) { self.deals = deals }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { deals.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: DealCell.reuseIdentifier, for: indexPath) as! DealCell
        let deal = deals[indexPath.row]
        cell.configure(name: deal.name, price: deal.price, shipping: deal.shipping, inCart: deal.inCart)
        return cell
    }
}

/// The deal cell's height is its margins, the stacked labels, 12 points and the configured
/// button: 7 points above and below its content, 12 at the sides, the 20-point cart image
/// 8 points before a body title over a footnote subtitle 2 points below it.
@Suite struct DealCellTests {
    static let regular = UIKitSpellingTests.regular
    static let bold = UIKitSpellingTests.bold

    /// The symbol's size, registered as an app would for SF Symbols, which Linux lacks.
    init() throws {
        ImageAssets.register(try UIImage(pixelSize: CGSize(width: 40, height: 40), scale: 2), named: "cart.badge.plus")
    }

    static func buttonSize(title: String, subtitle: String?) throws -> CGSize {
        let titleWidth = try UIKitSpellingTests.width(title, path: regular, size: 17)
        var textWidth = titleWidth
        var textHeight = try MorePortedCellTests.lines(1, regular, 17)
        if let subtitle {
            textWidth = max(textWidth, try UIKitSpellingTests.width(subtitle, path: regular, size: 13))
            textHeight += 2 + (try MorePortedCellTests.lines(1, regular, 13))
        }
        return CGSize(width: CGFloat((20 + 8 + textWidth + 24).rounded(.up)), height: CGFloat(max(20, textHeight) + 14))
    }

    @Test func theConfiguredButtonSetsTheRowHeight() throws {
        let short = "Espresso cups, set of four"
        let long = "Stainless steel stovetop espresso maker with a heat-proof handle and a six-cup capacity"
        let labelWidth = 375.0 - 32
        try #require(try MorePortedCellTests.lineCount(long, Self.bold, 17, width: labelWidth) > 1)
        let deals: [DealFeed.Deal] = [
            .init(name: short, price: "$24.00", shipping: "Arrives Friday", inCart: false),
            .init(name: long, price: "$39.00", shipping: nil, inCart: true),
        ]
        let feed = DealFeed(deals)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), style: .plain)
        table.register(DealCell.self, forCellReuseIdentifier: DealCell.reuseIdentifier)
        table.rowHeight = UITableView.automaticDimension
        table.estimatedRowHeight = 120
        table.dataSource = feed

        for (row, deal) in deals.enumerated() {
            let lines = try MorePortedCellTests.lineCount(deal.name, Self.bold, 17, width: labelWidth)
            let button = try Self.buttonSize(title: deal.inCart ? "In Cart" : "Add to Cart", subtitle: deal.shipping)
            let expected = 11 + (try MorePortedCellTests.lines(lines, Self.bold, 17)) + 8
                + (try MorePortedCellTests.lines(1, Self.regular, 17)) + 12 + Double(button.height) + 11 + 1
            #expect(Double(table.heightForRow(at: IndexPath(row: row, section: 0))) == expected, "row \(row)")
        }

        let cell = DealCell(style: .default, reuseIdentifier: nil)
        cell.configure(name: short, price: "$24.00", shipping: "Arrives Friday", inCart: false)
        let height = Double(table.heightForRow(at: IndexPath(row: 0, section: 0)))
        cell.frame = CGRect(x: 0, y: 0, width: 375, height: CGFloat(height - 1))
        cell.layoutIfNeeded()
        let button = try Self.buttonSize(title: "Add to Cart", subtitle: "Arrives Friday")
        #expect(cell.addButton.frame.size == button)
        #expect(cell.addButton.frame.minX == 16)
        #expect(cell.addButton.configuration?.title == "Add to Cart")
    }
}
