import DiagnosticsRecording
import Foundation
import Testing
import TextOracles

import FitsizeUIKit

/// A cell whose label hangs from the content view's top margin and whose bottom is tied only
/// by an inequality (`bottom >= label.bottom + 8`), or not at all.
final class LooseBottomCell: UITableViewCell {
    let titleLabel = UILabel()
    var tiesBottom = true {
        didSet { bottom.isActive = tiesBottom }
    }
    private var bottom: NSLayoutConstraint!

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        titleLabel.font = UIFont.systemFont(ofSize: 17)
        titleLabel.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(titleLabel)
        bottom = contentView.bottomAnchor.constraint(greaterThanOrEqualTo: titleLabel.bottomAnchor, constant: 8)
        NSLayoutConstraint.activate([
            titleLabel.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            titleLabel.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            bottom,
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class LooseRows: UITableViewDataSource {
    let tiesBottom: [Bool]
    init(_ tiesBottom: [Bool]) { self.tiesBottom = tiesBottom }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { tiesBottom.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "loose", for: indexPath) as! LooseBottomCell
        cell.titleLabel.text = "Row \(indexPath.row)"
        cell.tiesBottom = tiesBottom[indexPath.row]
        return cell
    }
}

/// Rows whose constraints leave the height open are sized as UIKit sizes them: at the fitting
/// priority, so an inequality gives the smallest height it allows, and a content view that
/// collapses to zero takes the standard height with one warning.
@Suite struct OpenHeightRowTests {
    static func table(_ rows: LooseRows) -> UITableView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), style: .plain)
        table.register(LooseBottomCell.self, forCellReuseIdentifier: "loose")
        table.dataSource = rows
        return table
    }

    @Test func aBottomTiedByAnInequalityGivesTheSmallestHeight() throws {
        let rows = LooseRows([true])
        let table = Self.table(rows)
        let line = (try FontTables(path: UIKitSpellingTests.regular).lineHeight(size: 17)).rounded(.up)
        let recorder = DiagnosticsRecorder.record(errorsContaining: "height of row", about: table) {
            #expect(Double(table.heightForRow(at: IndexPath(row: 0, section: 0))) == 8 + line + 8 + 1)
        }
        #expect(recorder.errors.isEmpty)
    }

    @Test func aCollapsedRowTakesTheStandardHeightWithOneWarning() throws {
        let rows = LooseRows([false, false, true])
        let table = Self.table(rows)
        let line = (try FontTables(path: UIKitSpellingTests.regular).lineHeight(size: 17)).rounded(.up)
        let recorder = DiagnosticsRecorder.record(errorsContaining: "height of row", about: table) {
            #expect(table.contentSize.height == CGFloat(44 + 44 + (8 + line + 8 + 1)))
        }
        #expect(recorder.errors.count == 1)
        #expect(recorder.errors.first.map { "\($0)".contains("ambiguously suggest a height of zero") } == true)
    }
}
