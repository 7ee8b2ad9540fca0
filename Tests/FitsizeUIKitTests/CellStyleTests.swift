import Foundation
import Testing
import TextOracles

import FitsizeUIKit

/// A table whose cells use UIKit's built-in styles, and section headers from the delegate.
final class SettingsRows: UITableViewDataSource, UITableViewDelegate {
    let style: UITableViewCell.CellStyle
    var image: UIImage?
    var accessoryView: UIView?

    init(style: UITableViewCell.CellStyle) { self.style = style }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "setting") ?? UITableViewCell(style: style, reuseIdentifier: "setting")
        cell.textLabel?.text = "Wi-Fi"
        cell.detailTextLabel?.text = "Home"
        cell.imageView?.image = image
        cell.accessoryView = accessoryView
        return cell
    }

    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        "Networks you join appear here."
    }

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        header?.textLabel?.text = "NETWORK"
        return header
    }
}

/// The built-in cell styles lay their labels out in the content view's margins (11 points
/// above and below, 16 at the sides), with the body and subheadline fonts of the default
/// content size category; heights are those margins around the fonts' line heights.
@Suite struct CellStyleTests {
    static let regular = UIKitSpellingTests.regular

    static func line(_ size: Double) throws -> Double {
        try FontTables(path: regular).lineHeight(size: size).rounded(.up)
    }

    static func table(_ rows: SettingsRows) -> UITableView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), style: .plain)
        table.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "header")
        table.dataSource = rows
        table.delegate = rows
        return table
    }

    @Test func aSubtitleCellStacksItsLabels() throws {
        let rows = SettingsRows(style: .subtitle)
        let table = Self.table(rows)
        // Body is 17 points and subheadline 15 at the default category (Apple's table).
        let expected = 11 + (try Self.line(17)) + (try Self.line(15)) + 11 + 1
        #expect(Double(table.heightForRow(at: IndexPath(row: 0, section: 0))) == expected)
    }

    @Test func aDefaultCellCentresItsTextBesideTheImage() throws {
        let rows = SettingsRows(style: .default)
        rows.image = try UIImage(pixelSize: CGSize(width: 80, height: 80), scale: 2)
        let table = Self.table(rows)
        let expected = 11 + max(40, try Self.line(17)) + 11 + 1
        #expect(Double(table.heightForRow(at: IndexPath(row: 0, section: 0))) == expected)

        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        #expect(cell.detailTextLabel == nil)
        cell.textLabel?.text = "Wi-Fi"
        cell.imageView?.image = rows.image
        cell.frame = CGRect(x: 0, y: 0, width: 375, height: CGFloat(expected - 1))
        cell.layoutIfNeeded()
        let text = try #require(cell.textLabel)
        #expect(cell.imageView?.frame == CGRect(x: 16, y: 11, width: 40, height: 40))
        #expect(text.frame.minX == 16 + 40 + 16)
        #expect(text.frame.maxX == 375 - 16)
        #expect(text.frame.midY == cell.contentView.bounds.midY)
    }

    @Test func aValue1CellPutsTheDetailAtTheTrailingMargin() throws {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        cell.textLabel?.text = "Wi-Fi"
        cell.detailTextLabel?.text = "Home"
        let height = 11 + (try Self.line(17)) + 11
        cell.frame = CGRect(x: 0, y: 0, width: 375, height: CGFloat(height))
        cell.layoutIfNeeded()
        let detail = try #require(cell.detailTextLabel)
        let homeWidth = try UIKitSpellingTests.width("Home", path: Self.regular, size: 17).rounded(.up)
        #expect(Double(detail.frame.minX) == 375 - 16 - homeWidth)
        #expect(cell.textLabel?.frame.minX == 16)
    }

    @Test func accessoriesTakeTheirWidthsFromTheContentView() throws {
        let cell = UITableViewCell(style: .default, reuseIdentifier: "plain")
        cell.frame = CGRect(x: 0, y: 0, width: 375, height: 44)
        cell.accessoryType = .checkmark
        cell.layoutIfNeeded()
        #expect(cell.contentView.frame.width == 375 - UITableViewCell.AccessoryType.checkmark.reservedWidth)
        cell.accessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 51, height: 31))
        cell.layoutIfNeeded()
        #expect(cell.contentView.frame.width == 375 - 51 - 16)
        cell.accessoryView = nil
        cell.accessoryType = .none
        cell.layoutIfNeeded()
        #expect(cell.contentView.frame.width == 375)
        #expect(cell.contentView.layoutMargins == UIEdgeInsets(top: 11, left: 16, bottom: 11, right: 16))
    }

    @Test func headerViewsAndFooterTitlesAreAsTallAsTheirLabels() throws {
        let rows = SettingsRows(style: .default)
        let table = Self.table(rows)
        // Footnote is 13 points at the default category.
        let header = 11 + (try Self.line(13)) + 11
        let row = 11 + (try Self.line(17)) + 11 + 1
        // The footer title fits one footnote line at 375 - 32 points.
        let footerTitle = "Networks you join appear here."
        try #require(try UIKitSpellingTests.width(footerTitle, path: Self.regular, size: 13) < 343)
        let footer = 11 + (try Self.line(13)) + 11
        #expect(Double(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY) == header)
        #expect(Double(table.contentSize.height) == header + row + footer)
    }

    @Test func aCollectionCellPrefersItsContentsSize() throws {
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        let label = UILabel()
        label.text = "Tag"
        label.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: cell.contentView.topAnchor),
            label.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor),
            label.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor),
            label.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor),
        ])
        let given = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
        given.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        let preferred = cell.preferredLayoutAttributesFitting(given)
        let width = try UIKitSpellingTests.width("Tag", path: Self.regular, size: 17).rounded(.up)
        #expect(Double(preferred.size.width) == width)
        #expect(Double(preferred.size.height) == (try Self.line(17)))
        #expect(preferred.frame.origin == CGPoint(x: 10, y: 20))
        #expect(preferred.indexPath == IndexPath(item: 3, section: 0))
        #expect(given.size == CGSize(width: 100, height: 50))
    }
}
