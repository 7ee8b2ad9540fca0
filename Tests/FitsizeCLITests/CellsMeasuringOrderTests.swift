import CellSizing
import FeedCell
import Foundation
import Testing

/// `fitsize cells` measures a block's items in an order of its own (items whose fields have
/// similar lengths one after another, which re-solves with fewer pivots): each item's height
/// must be the one it has alone, and the output must keep the input's order.
@Suite struct CellsMeasuringOrderTests {
    /// The fields of the feed template, cut to lengths that vary from line to line, so that the
    /// order the tool measures in is far from the input's.
    static func lines(count: Int) throws -> [[String: String]] {
        try (0..<count).map { index in
            let item = try FeedItem(index: index)
            func cut(_ text: String, _ step: Int) -> String { String(text.prefix((index * step) % (text.count + 1))) }
            return [
                "id": "item-\(index)",
                "actionText": cut(item.actionText, 7),
                "posterName": cut(item.posterName, 5),
                "posterHeadline": cut(item.posterHeadline + " " + item.posterHeadline, 37),
                "posterTimestamp": item.posterTimestamp,
                "posterComment": cut(item.posterComment, 11),
                "contentTitle": cut(item.contentTitle, 13),
                "contentDomain": item.contentDomain,
                "actorComment": cut(item.actorComment + " " + item.actorComment, 29),
            ]
        }
    }

    @Test func everyItemHasTheHeightItHasAloneInTheInputsOrder() throws {
        let lines = try Self.lines(count: 300)
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("items.jsonl")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = try lines.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: "\n")
        try (text + "\n").write(to: data, atomically: true, encoding: .utf8)
        let widths: [Double] = [375, 320]
        let output = try FitsizeProcess.run([
            "cells", "--template", CellsTests.feed.appendingPathComponent("cell.json").path, "--data", data.path,
            "--width", "375,320", "--key", "id",
        ])
        try #require(output.status == 0, "fitsize cells failed: \(output.stderr)")
        let results = try CellsTests.heights(output)
        try #require(results.count == lines.count * widths.count)

        // Each item in the library's FeedCell, sized one after another in the input's order.
        let sizers = try widths.map { width in try CellSizer(width: CGFloat(width)) { FeedCell() } }
        for (index, line) in lines.enumerated() {
            var item = try FeedItem(index: index)
            item.actionText = try #require(line["actionText"])
            item.posterName = try #require(line["posterName"])
            item.posterHeadline = try #require(line["posterHeadline"])
            item.posterTimestamp = try #require(line["posterTimestamp"])
            item.posterComment = try #require(line["posterComment"])
            item.contentTitle = try #require(line["contentTitle"])
            item.contentDomain = try #require(line["contentDomain"])
            item.actorComment = try #require(line["actorComment"])
            for (column, width) in widths.enumerated() {
                let expected = try sizers[column].height(for: index) { cell in cell.show(item) }
                let result = results[index * widths.count + column]
                #expect(result.key == line["id"])
                #expect(abs(result.height - Double(expected)) < 1e-6, "\(line["id"] ?? "") at width \(width)")
            }
        }
    }
}
