import Foundation

/// A spinner that shows work in progress, with UIKit's fixed sizes per style.
///
/// Its intrinsic content size is that of its ``style``: 20 × 20 points for ``Style/medium``
/// (the default) and 37 × 37 points for ``Style/large``, UIKit's `UIActivityIndicatorView`.
/// A hidden spinner keeps its size, as every hidden view does in layout.
open class ActivityIndicator: View {
    /// The spinner's size class.
    public enum Style: Int, Sendable, CaseIterable {
        /// The small spinner, 20 points square.
        case medium
        /// The large spinner, 37 points square.
        case large

        /// The side of the square the spinner takes, in points.
        public var side: CGFloat {
            switch self {
            case .medium: 20
            case .large: 37
            }
        }
    }

    /// The size class; default ``Style/medium``.
    public var style: Style = .medium {
        didSet {
            guard style != oldValue else { return }
            contentSizeDidChange()
        }
    }

    /// Whether the spinner is turning; it does not change the size.
    public private(set) var isAnimating = false

    /// Starts the spinner.
    public func startAnimating() { isAnimating = true }
    /// Stops the spinner.
    public func stopAnimating() { isAnimating = false }

    /// A square of the style's side.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: style.side, height: style.side)
    }

    /// The style's square, whatever is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}
