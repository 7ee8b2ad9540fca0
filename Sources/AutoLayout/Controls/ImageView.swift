import Foundation

/// The size of a bitmap: its pixels and the scale they were made for. Layout needs nothing
/// else of an image.
public struct Image: Hashable, Sendable {
    /// The bitmap's width and height in pixels.
    public let pixelSize: CGSize
    /// Pixels per point: 2 for an `@2x` image.
    public let scale: CGFloat

    /// The widest or tallest image, in points: far beyond any screen, and small enough that
    /// the layout engine's sums over it stay exact to well below a pixel.
    public static let maximumPointLength: CGFloat = 1_000_000

    /// An image of `pixelSize` pixels made for `scale`.
    /// - Throws: ``ImageError/invalidPixelSize(_:)`` for a negative or non-finite size, or one
    ///   whose width or height in points is above ``maximumPointLength``, and
    ///   ``ImageError/invalidScale(_:)`` for a scale that is not a positive finite number.
    public init(pixelSize: CGSize, scale: CGFloat = 1) throws(ImageError) {
        guard pixelSize.width.isFinite, pixelSize.height.isFinite, pixelSize.width >= 0, pixelSize.height >= 0 else {
            throw .invalidPixelSize(pixelSize)
        }
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
        guard max(pixelSize.width, pixelSize.height) / scale <= Self.maximumPointLength else {
            throw .invalidPixelSize(pixelSize)
        }
        self.pixelSize = pixelSize
        self.scale = scale
    }

    /// The size in points: pixels divided by the scale.
    public var size: CGSize {
        CGSize(width: pixelSize.width / scale, height: pixelSize.height / scale)
    }
}

/// Why an ``Image`` could not be made.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The pixel size was negative, not finite, or above ``Image/maximumPointLength`` points.
    case invalidPixelSize(CGSize)
    /// The scale was not a positive finite number.
    case invalidScale(CGFloat)

    /// A message naming the bad value.
    public var description: String {
        switch self {
        case .invalidPixelSize(let size):
            "An image's pixel size must be finite, not negative, and at most \(Image.maximumPointLength) "
                + "points on each side at its scale; got \(size.width)×\(size.height)."
        case .invalidScale(let scale):
            "An image's scale must be a positive finite number; got \(scale)."
        }
    }
}

/// A view that shows an image, sized by it.
///
/// The intrinsic content size is the image's ``Image/size`` in points (pixels divided by
/// the image's scale), unrounded; without an image there is none on either axis.
open class ImageView: View {
    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Makes an image view showing `image`.
    public init(image: Image?) {
        self.image = image
        super.init(frame: image.map { CGRect(origin: .zero, size: $0.size) } ?? .zero)
    }

    /// Makes an empty image view.
    public override convenience init(frame: CGRect) {
        self.init(image: nil)
        self.frame = frame
    }

    /// The image shown.
    ///
    /// Runtime exclusivity checks are off: setting it (once per cell a list sizes) reads the
    /// old size and invalidates the intrinsic size, which calls nothing that reaches this
    /// property again.
    @exclusivity(unchecked) public var image: Image? {
        didSet {
            guard image?.size != oldValue?.size else { return }
            contentSizeDidChange()
        }
    }

    /// The image's size in points, or ``View/noIntrinsicMetric`` on both axes without one.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// `true` for an `ImageView`: the size is the image's own. A subclass could override it
    /// with any code, so it must declare this itself.
    open override var intrinsicContentSizeReadsOnlyOwnState: Bool { type(of: self) == ImageView.self }

    /// The image's size, or the current size without one.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? frame.size }
}
