import AutoLayout
import CellSizing
import FeedCell
import Foundation
import Typesetting

/// The feed benchmark's items and the operations that are timed on them, shared by the
/// package-benchmark suite and the `cellsizing-timing` tool.
public struct FeedWorkload {
    /// The width of an iPhone in points, the width the benchmark's table is measured at.
    public static let phoneWidth: CGFloat = 375
    /// The width the table changes to in the re-sizing workload.
    public static let otherWidth: CGFloat = 320

    /// Items `0..<count`.
    public let items: [FeedItem]
    /// The items with their numbers as keys, as ``CellSizer/heights(for:configure:)`` takes
    /// them: the same `Int` keys the serial rows give ``CellSizer/height(for:configure:)``.
    public let keyedItems: [(Int, FeedItem)]

    /// The workload of `count` feed items.
    public init(count: Int) throws {
        items = try FeedItem.feed(count: count)
        keyedItems = items.map { ($0.index, $0) }
    }

    /// A sizer of feed cells at `width` that checks heights as `verification` says.
    public static func makeSizer(
        width: CGFloat = phoneWidth, verification: HeightVerification = .firstItemPerTemplate
    ) throws -> CellSizer<FeedCell> {
        try CellSizer(width: width, verification: verification) { FeedCell() }
    }

    /// Sizes every item on the calling thread, one after the other; returns the heights' sum.
    @discardableResult
    public func sizeSerially(with sizer: CellSizer<FeedCell>) throws -> CGFloat {
        var total: CGFloat = 0
        for item in items {
            total += try sizer.height(for: item.index) { $0.show(item) }
        }
        return total
    }

    /// Sizes every item as one batch on all cores; returns the heights' sum.
    @discardableResult
    public func sizeInParallel(with sizer: CellSizer<FeedCell>) throws -> CGFloat {
        try sizer.heights(for: keyedItems) { cell, item in cell.show(item) }.reduce(0, +)
    }

    /// Lays every item out by hand at `width`; returns the heights' sum.
    @discardableResult
    public func layOutManually(with layout: ManualFeedLayout, width: CGFloat = phoneWidth) throws -> CGFloat {
        var total: CGFloat = 0
        for item in items {
            total += try layout.frames(for: item, width: width).height
        }
        return total
    }

    /// Looks every item's height up in the sizer's cache through ``CellSizer/height(for:configure:)``
    /// as a list's data source would, by the item's number (the configure closure is not
    /// called for a cached key); returns the heights' sum.
    @discardableResult
    public func lookUpCachedHeights(in sizer: CellSizer<FeedCell>) throws -> CGFloat {
        var total: CGFloat = 0
        for index in items.indices {
            total += try sizer.height(for: index) { $0.show(items[index]) }
        }
        return total
    }

    /// The item whose heights differ between the constraint cell and the manual layout at
    /// `width`, if any: the benchmark refuses to time two layouts that disagree.
    public func firstDisagreement(width: CGFloat = phoneWidth) throws -> FeedItem? {
        let sizer = try Self.makeSizer(width: width)
        let layout = try ManualFeedLayout()
        for item in items {
            let height = try sizer.height(for: item.index) { $0.show(item) }
            if try layout.frames(for: item, width: width).height != height { return item }
        }
        return nil
    }
}
