import CellSizing
import FeedCell
import Foundation

/// Feed items read from a JSON-lines file, one object per line with the fields of
/// `Examples/feed/cell.json` (`id`, `actionText`, `posterName`, ...), as `fitsize cells`
/// reads them: the library's side of the comparison with the tool on the same items.
public struct FeedFileWorkload {
    /// The fields of one line; the images keep the feed cell's fixed sizes.
    private struct Line: Decodable {
        var actionText, posterName, posterHeadline, posterTimestamp, posterComment: String
        var contentTitle, contentDomain, actorComment: String
    }

    /// The items keyed by their line numbers, as ``CellSizer/heights(for:configure:)`` takes them.
    public let keyedItems: [(Int, FeedItem)]

    /// Reads every line of `path`; a line that is not a feed item is an error naming its number.
    public init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let decoder = JSONDecoder()
        var items: [(Int, FeedItem)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let fields: Line
            do {
                fields = try decoder.decode(Line.self, from: Data(line.utf8))
            } catch {
                throw CocoaError(.fileReadCorruptFile, userInfo: [
                    NSLocalizedDescriptionKey: "\(path):\(number + 1): not a feed item: \(error)"])
            }
            var item = try FeedItem(index: number)
            item.actionText = fields.actionText
            item.posterName = fields.posterName
            item.posterHeadline = fields.posterHeadline
            item.posterTimestamp = fields.posterTimestamp
            item.posterComment = fields.posterComment
            item.contentTitle = fields.contentTitle
            item.contentDomain = fields.contentDomain
            item.actorComment = fields.actorComment
            items.append((number, item))
        }
        keyedItems = items
    }

    /// Sizes every item as one batch on all cores at each of `widths` (the sizer's width
    /// first), measuring items with texts of similar lengths one after another as the tool
    /// does; returns the heights' sum.
    @discardableResult
    public func sizeInParallel(with sizer: CellSizer<FeedCell>, atWidths widths: [CGFloat]) throws -> CGFloat {
        if widths.count == 1 {
            return try sizer.heights(for: keyedItems, similarity: Self.textLengths) { cell, item in cell.show(item) }
                .reduce(0, +)
        }
        return try sizer.heights(for: keyedItems, atWidths: widths, similarity: Self.textLengths) { cell, item in
            cell.show(item)
        }.reduce(0) { $0 + $1.reduce(0, +) }
    }

    /// The lengths of an item's texts in UTF-8 bytes: the features `fitsize cells` orders a
    /// block by (the lengths of the fields the template reads).
    private static func textLengths(_ item: FeedItem) -> [Int] {
        [item.actionText, item.posterName, item.posterHeadline, item.posterTimestamp, item.posterComment,
         item.contentTitle, item.contentDomain, item.actorComment].map(\.utf8.count)
    }
}
