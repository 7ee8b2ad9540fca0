import Foundation
import Typesetting

/// A multi-line, scrollable text area.
///
/// With scrolling enabled (the default) it has no intrinsic size: it scrolls whatever does
/// not fit. With scrolling disabled it grows to its text, like a multi-line label without a
/// preferred width: its intrinsic width is the unwrapped text's, and its height is that of
/// the text wrapped at the width it receives (the engine's two-pass layout), each plus
/// - ``textContainerInset`` (UIKit's default: 8 points top and bottom, 0 left and right), and
/// - ``lineFragmentPadding`` (5 points) on the left and right of every line, which the text
///   wraps inside of,
/// ceiled to the pixel grid of the root's display scale. An empty text view is one line of
/// its font tall (the line the caret sits on).
open class TextView: View {
    /// The space between each line's ends and the text container's edges, in points: 5, as UIKit.
    public static let lineFragmentPadding: CGFloat = 5

    /// The inset text views start with: 8 points top and bottom, as UIKit's.
    public static let defaultTextContainerInset = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0)

    /// The font text views start with: the shipped default font at 12 points, as UIKit's.
    public static var defaultFont: Font { Font.default(size: 12) }

    var measurement: TextMeasurement
    /// The width the layout engine gave the view last.
    var receivedLayoutWidth: CGFloat?

    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    public required init?(coder: NSCoder) {
        View.refuseArchive(Self.self)
        return nil
    }

    /// Makes an empty, scrolling text view.
    public override init(frame: CGRect) {
        measurement = TextMeasurement(text: "", font: TextView.defaultFont)
        super.init(frame: frame)
    }

    /// The text; `nil` reads back as the empty string, as in UIKit.
    public var text: String? {
        get { measurement.text }
        set { updateMeasurement { $0.setText(newValue ?? "") } }
    }

    /// The text with its attributes, related to ``text`` and ``font`` as ``Label/attributedText``
    /// is to a label's.
    public var attributedText: AttributedString? {
        get { measurement.attributedText }
        set {
            let view = layoutDescriptionName, traits = adjustingTraits
            updateMeasurement { $0.setAttributed(newValue, property: "attributedText", view: view, adjustingFor: traits) }
        }
    }

    /// The font of the text; default ``defaultFont``. With
    /// ``adjustsFontForContentSizeCategory`` a font set is sized for the view's category.
    public var font: Font {
        get { measurement.font }
        set {
            let font = adjustedFont(newValue, if: adjustsFontForContentSizeCategory)
            updateMeasurement { $0.setFont(font) }
        }
    }

    /// Whether the text view resizes its font for the content size category of
    /// its tree, UIKit's `adjustsFontForContentSizeCategory`; default false.
    /// <doc:DynamicTypeInAViewTree> has the rule.
    public var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory && !oldValue { adjustFontForContentSizeCategory() } }
    }

    /// Space between the view's edges and the text container; default
    /// ``defaultTextContainerInset``. Insets that are not finite are refused and reported to
    /// ``LayoutDiagnostics/errorHandler``.
    public var textContainerInset: EdgeInsets = TextView.defaultTextContainerInset {
        didSet {
            guard textContainerInset.isFinite else {
                LayoutDiagnostics.report(.invalidGeometry(name: "textContainerInset", view: layoutDescriptionName))
                textContainerInset = oldValue
                return
            }
            if textContainerInset != oldValue { contentSizeDidChange() }
        }
    }

    /// Whether the view scrolls its text (no intrinsic size) or grows to it; default `true`.
    public var isScrollEnabled = true {
        didSet { if isScrollEnabled != oldValue { contentSizeDidChange() } }
    }

    /// What the insets and padding add to the text's width.
    var horizontalChrome: CGFloat {
        textContainerInset.left + textContainerInset.right + 2 * TextView.lineFragmentPadding
    }

    /// The text's height wrapped at a view width (unwrapped for `nil`).
    func textHeight(forViewWidth width: CGFloat?) -> CGFloat {
        let wrapWidth = width.map { max(0, $0 - horizontalChrome) } ?? .infinity
        return measurement.metrics(width: wrapWidth, maxLines: 0, scale: rootDisplayScale)?.size.height
            ?? font.lineHeight
    }

    /// No intrinsic size while scrolling; see the type's documentation otherwise.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else {
            return CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
        }
        return CGSize(width: intrinsicWidth, height: grownHeight(atViewWidth: receivedLayoutWidth))
    }

    /// The unwrapped text's width plus the insets and padding, ceiled to the pixel grid.
    var intrinsicWidth: CGFloat {
        let scale = rootDisplayScale
        let unwrapped = measurement.metrics(width: .infinity, maxLines: 0, scale: scale)?.size.width ?? 0
        return PixelGrid(scale: scale).ceilSize(unwrapped + horizontalChrome)
    }

    /// The text's height wrapped at a view width (unwrapped for `nil`) plus the top and bottom
    /// insets, ceiled to the pixel grid.
    func grownHeight(atViewWidth width: CGFloat?) -> CGFloat {
        PixelGrid(scale: rootDisplayScale).ceilSize(
            textHeight(forViewWidth: width) + textContainerInset.top + textContainerInset.bottom)
    }

    /// True while scrolling is disabled.
    open override var hasWidthDependentIntrinsicContentSize: Bool { !isScrollEnabled }

    /// Wraps the text at the width the view received; invalidates when the height changes.
    open override func prepareIntrinsicContentSize(forLayoutWidth width: CGFloat) {
        guard !isScrollEnabled, width.isFinite, width >= 0, width != receivedLayoutWidth else { return }
        let before = textHeight(forViewWidth: receivedLayoutWidth)
        receivedLayoutWidth = width
        if textHeight(forViewWidth: width) != before { invalidateIntrinsicContentSize() }
    }

    /// The size the text needs within `size.width` (the unwrapped width when it is 0).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 && size.width.isFinite ? size.width : nil
        return CGSize(width: width ?? intrinsicWidth, height: grownHeight(atViewWidth: width))
    }
}
