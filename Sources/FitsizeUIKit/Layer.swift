import AutoLayout
import Foundation

/// Core Animation's `CALayer` as a view's `layer`: the drawing properties cells set, stored
/// only, since none of them changes a size.
public final class CALayer {
    /// The radius of rounded corners.
    public var cornerRadius: CGFloat = 0
    /// Whether sublayers are clipped to the bounds; the view's `clipsToBounds`.
    public var masksToBounds = false
    /// The border's width.
    public var borderWidth: CGFloat = 0
    /// The border's colour.
    public var borderColor: CGColor?
    /// The background colour.
    public var backgroundColor: CGColor?
    /// The shadow's colour.
    public var shadowColor: CGColor?
    /// The shadow's opacity.
    public var shadowOpacity: Float = 0
    /// The shadow's offset.
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// The shadow's blur radius.
    public var shadowRadius: CGFloat = 3
    /// The layer's opacity.
    public var opacity: Float = 1
    /// Whether the layer rasterises its content.
    public var shouldRasterize = false
    /// The scale of rasterised content.
    public var rasterizationScale: CGFloat = 1
    /// The corners that ``cornerRadius`` rounds.
    public var maskedCorners: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    /// The curve of rounded corners.
    public var cornerCurve: CornerCurve = .circular

    /// Makes a layer with UIKit's defaults.
    public init() {}

    /// The corners of a layer, Core Animation's `CACornerMask`.
    public struct CornerMask: OptionSet, Sendable {
        /// The option bits.
        public let rawValue: UInt
        /// Makes a mask from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Top left.
        public static let layerMinXMinYCorner = CornerMask(rawValue: 1)
        /// Top right.
        public static let layerMaxXMinYCorner = CornerMask(rawValue: 2)
        /// Bottom left.
        public static let layerMinXMaxYCorner = CornerMask(rawValue: 4)
        /// Bottom right.
        public static let layerMaxXMaxYCorner = CornerMask(rawValue: 8)
    }

    /// Core Animation's `CALayerCornerCurve`.
    public enum CornerCurve: Sendable {
        /// A quarter circle.
        case circular
        /// A continuous curve.
        case continuous
    }
}
