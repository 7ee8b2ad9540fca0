import AutoLayout
import FeedCell
import Foundation
import Testing
import Typesetting

@testable import CellSizing

@Suite struct FeedCellTests {
    static let widths: [CGFloat] = [200, 240, 280, 320, 375, 414, 480, 600, 768]

    @Test(arguments: [CGFloat(1), 2])
    func constraintCellAndManualLayoutGiveTheSameHeightForManyItemsAndWidths(scale: CGFloat) throws {
        // Item numbers of 1 to 5 digits change the text widths, and so where the headline wraps.
        let indices = Array(0..<120) + [999, 1_000, 4_321, 9_999, 10_000, 12_345, 99_999]
        let items = try indices.map { try FeedItem(index: $0) }
        let manual = try ManualFeedLayout(scale: scale)
        let sizer = try CellSizer(width: 375) { () -> FeedCell in
            let cell = FeedCell()
            cell.displayScale = scale
            return cell
        }
        for width in Self.widths {
            try sizer.setWidth(width)
            let heights = try sizer.heights(for: items.map { ($0.index, $0) }) { cell, item in cell.show(item) }
            let expected = try items.map { try manual.frames(for: $0, width: width).height }
            #expect(heights == expected, "width \(width), scale \(scale)")
        }
    }

    @Test func headlineWrapsOnNarrowCellsAndTheCellGrowsWithIt() throws {
        let item = try FeedItem(index: 7)
        let manual = try ManualFeedLayout()
        let sizer = try CellSizer(width: 600) { FeedCell() }
        let wide = try sizer.height(for: 7) { $0.show(item) }
        try sizer.setWidth(200)
        let narrow = try sizer.height(for: 7) { $0.show(item) }
        let oneLine = try manual.frames(for: item, width: 600).posterHeadline.height
        let wrapped = try manual.frames(for: item, width: 200).posterHeadline.height
        #expect(wrapped > oneLine)
        #expect(narrow - wide == wrapped - oneLine)
    }

    @Test(arguments: [CGFloat(240), 375, 600])
    func laidOutConstraintCellHasTheManualFrames(width: CGFloat) throws {
        let manual = try ManualFeedLayout()
        for index in [3, 42, 10_000] {
            let item = try FeedItem(index: index)
            let expected = try manual.frames(for: item, width: width)
            let cell = FeedCell()
            cell.translatesAutoresizingMaskIntoConstraints = false
            cell.show(item)
            LayoutConstraint.activate([
                cell.widthAnchor.constraint(equalToConstant: width),
                cell.heightAnchor.constraint(equalToConstant: expected.height),
            ])
            cell.layoutIfNeeded()
            func frame(_ view: View, in part: View) -> CGRect {
                view.frame.offsetBy(dx: part.frame.minX, dy: part.frame.minY)
            }
            let laidOut: [(String, CGRect, CGRect)] = [
                ("action", frame(cell.topBar.actionLabel, in: cell.topBar), expected.actionLabel),
                ("options", frame(cell.topBar.optionsLabel, in: cell.topBar), expected.optionsLabel),
                ("posterImage", frame(cell.miniProfile.posterImageView, in: cell.miniProfile), expected.posterImage),
                ("posterName", frame(cell.miniProfile.nameLabel, in: cell.miniProfile), expected.posterName),
                ("posterHeadline", frame(cell.miniProfile.headlineLabel, in: cell.miniProfile), expected.posterHeadline),
                ("posterTimestamp", frame(cell.miniProfile.timestampLabel, in: cell.miniProfile), expected.posterTimestamp),
                ("posterComment", frame(cell.miniProfile.commentLabel, in: cell.miniProfile), expected.posterComment),
                ("contentImage", frame(cell.miniContent.contentImageView, in: cell.miniContent), expected.contentImage),
                ("contentTitle", frame(cell.miniContent.titleLabel, in: cell.miniContent), expected.contentTitle),
                ("contentDomain", frame(cell.miniContent.domainLabel, in: cell.miniContent), expected.contentDomain),
                ("like", frame(cell.socialActions.likeLabel, in: cell.socialActions), expected.likeLabel),
                ("comment", frame(cell.socialActions.commentLabel, in: cell.socialActions), expected.commentLabel),
                ("share", frame(cell.socialActions.shareLabel, in: cell.socialActions), expected.shareLabel),
                ("actorImage", frame(cell.comment.actorImageView, in: cell.comment), expected.actorImage),
                ("actorComment", frame(cell.comment.commentLabel, in: cell.comment), expected.actorComment),
            ]
            for (name, actual, manualFrame) in laidOut {
                // Frames are rounded to the pixel grid edge by edge; the manual ones are exact.
                let rounded = CGRect(
                    x: manualFrame.minX.rounded(), y: manualFrame.minY.rounded(),
                    width: manualFrame.maxX.rounded() - manualFrame.minX.rounded(),
                    height: manualFrame.maxY.rounded() - manualFrame.minY.rounded())
                #expect(actual == rounded, "\(name) of item \(index) at width \(width)")
            }
            #expect(cell.frame.height == expected.height)
        }
    }

    @Test func feedItemCarriesTheNumberedTextsAndImageSizes() throws {
        let item = try FeedItem(index: 12)
        #expect(item.actionText == "action text 12")
        #expect(item.posterHeadline == "poster title 12 with some longer stuff")
        #expect(item.actorComment == "actor comment 12")
        #expect(item.posterImage.size == CGSize(width: 50, height: 50))
        #expect(item.contentImage.size == CGSize(width: 350, height: 200))
        #expect(item.actorImage.size == CGSize(width: 50, height: 50))
        #expect(try FeedItem.feed(count: 3).map(\.index) == [0, 1, 2])
    }

    @Test func manualLayoutRefusesAnInvalidWidth() throws {
        let manual = try ManualFeedLayout()
        let item = try FeedItem(index: 1)
        #expect(throws: TypesettingError.self) { _ = try manual.frames(for: item, width: -1) }
        #expect(throws: TypesettingError.self) { _ = try manual.frames(for: item, width: .nan) }
    }
}
