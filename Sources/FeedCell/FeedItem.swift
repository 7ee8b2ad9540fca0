import AutoLayout
import Foundation

/// One post of the feed that mobile layout benchmarks size (LayoutKit's feed item): eight
/// texts that carry the item's number and three images of fixed sizes.
public struct FeedItem: Sendable, Hashable {
    /// The item's number, also its key in height caches.
    public let index: Int
    /// "action text i": what the actor did, in the top bar.
    public var actionText: String
    /// "poster name i".
    public var posterName: String
    /// "poster title i with some longer stuff": up to three lines.
    public var posterHeadline: String
    /// "poster timestamp i".
    public var posterTimestamp: String
    /// "poster comment i": full width under the poster's details.
    public var posterComment: String
    /// "content title i".
    public var contentTitle: String
    /// "content domain i".
    public var contentDomain: String
    /// "actor comment i".
    public var actorComment: String
    /// The poster's picture: 50×50 points.
    public var posterImage: Image
    /// The shared content's picture: 350×200 points.
    public var contentImage: Image
    /// The actor's picture: 50×50 points.
    public var actorImage: Image

    /// Item `index` of the benchmark feed.
    /// - Throws: ``AutoLayout/ImageError`` only if the fixed image sizes were invalid, which
    ///   they are not; the images are made with the throwing API like any other.
    public init(index: Int) throws(ImageError) {
        self.index = index
        actionText = "action text \(index)"
        posterName = "poster name \(index)"
        posterHeadline = "poster title \(index) with some longer stuff"
        posterTimestamp = "poster timestamp \(index)"
        posterComment = "poster comment \(index)"
        contentTitle = "content title \(index)"
        contentDomain = "content domain \(index)"
        actorComment = "actor comment \(index)"
        posterImage = try Image(pixelSize: CGSize(width: 50, height: 50))
        contentImage = try Image(pixelSize: CGSize(width: 350, height: 200))
        actorImage = try Image(pixelSize: CGSize(width: 50, height: 50))
    }

    /// Items `0..<count`.
    public static func feed(count: Int) throws(ImageError) -> [FeedItem] {
        var items: [FeedItem] = []
        items.reserveCapacity(max(0, count))
        for index in 0..<max(0, count) { items.append(try FeedItem(index: index)) }
        return items
    }
}
