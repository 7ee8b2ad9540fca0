/// UIKit's `NSDirectionalRectEdge`: a set of a rectangle's edges named by reading direction,
/// which a button configuration's `imagePlacement` takes one of.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: UInt
    /// Makes a set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    /// The leading edge.
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    /// The trailing edge.
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}
