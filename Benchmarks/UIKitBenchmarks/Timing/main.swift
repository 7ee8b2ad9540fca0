// uikit-timing: what FitsizeUIKit's table view costs over CellSizer. The same timeline of
// cells written for UIKit (Examples/uikit's TweetCell) is sized through a UITableView and
// its data source, and through a CellSizer of the same cell directly, rounds alternating;
// medians per row.
//
//   swift run -c release uikit-timing [--rows N] [--rounds R] [--jsonl]
//
// Each round is cold: the table's heights are forgotten (reloadData) and the sizer's height
// cache emptied, so every row is measured again; both sides run twice first, so that every
// word is in the text engine's segment cache. The tool refuses to time when a row's heights
// differ between the two.
import CellSizingWorkloads
import FitsizeUIKit
import Foundation
import TimingProtocol

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let rows = option("--rows").flatMap(Int.init) ?? 10_000
let rounds = option("--rounds").flatMap(Int.init) ?? 7
let jsonLines = arguments.contains("--jsonl")
let width: CGFloat = 375

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("uikit-timing: \(message)\n".utf8))
    exit(1)
}

let timeline = Timeline(count: rows)
let table = UITableView(frame: CGRect(x: 0, y: 0, width: width, height: 812), style: .plain)
table.register(TweetCell.self, forCellReuseIdentifier: TweetCell.reuseIdentifier)
table.rowHeight = UITableView.automaticDimension
table.estimatedRowHeight = 120
table.separatorStyle = .none
table.dataSource = timeline

do {
    let sizer = try CellSizer(width: width) { TweetCell(style: .default, reuseIdentifier: TweetCell.reuseIdentifier) }

    func sizeThroughTable() -> CGFloat { table.contentSize.height }
    func sizeDirectly() throws -> CGFloat {
        var total: CGFloat = 0
        for row in 0..<rows {
            total += try sizer.height(for: row) { cell in timeline.configure(cell, row: row) }
        }
        return total
    }

    for _ in 0..<2 {
        table.reloadData()
        sizer.invalidateAll()
        _ = sizeThroughTable()
        _ = try sizeDirectly()
    }
    for row in 0..<rows {
        let throughTable = table.rectForRow(at: IndexPath(row: row, section: 0)).height
        let direct = try sizer.height(for: row) { cell in timeline.configure(cell, row: row) }
        if throughTable != direct { fail("row \(row) is \(throughTable) through the table but \(direct) through CellSizer") }
    }

    var tableTotal: CGFloat = 0
    var directTotal: CGFloat = 0
    let (tableTime, directTime) = try Stopwatch.interleavedMedianNanoseconds(
        rounds: rounds,
        (setUp: { table.reloadData() }, body: { tableTotal = sizeThroughTable() }),
        (setUp: { sizer.invalidateAll() }, body: { directTotal = try sizeDirectly() }))
    blackHole((tableTotal, directTotal))
    if tableTotal != directTotal { fail("the table's content height \(tableTotal) is not the rows' \(directTotal)") }

    let perRow = { (nanoseconds: Double) in nanoseconds / Double(rows) }
    if jsonLines {
        TimingRecord(suite: "uikit", scenario: "table.cold", n: rows, implementation: "fitsize",
                     medianNanoseconds: perRow(tableTime), samples: rounds, unit: "row",
                     note: "UITableView with the app's data source").emit()
        TimingRecord(suite: "uikit", scenario: "table.cold", n: rows, implementation: "cellsizer",
                     medianNanoseconds: perRow(directTime), samples: rounds, unit: "row",
                     note: "the same cell through CellSizer directly").emit()
    } else {
        print("uikit-timing: \(rows) rows of TweetCell at \(width) points, \(rounds) rounds alternating, medians")
        print(String(format: "UITableView + data source: %.2f µs/row", perRow(tableTime) / 1000))
        print(String(format: "CellSizer directly:        %.2f µs/row", perRow(directTime) / 1000))
        print(String(format: "ratio: %.3f×", tableTime / directTime))
    }
} catch {
    fail("\(error)")
}
