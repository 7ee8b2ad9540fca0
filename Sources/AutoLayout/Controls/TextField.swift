import Foundation
import Typesetting

/// A one-line editable text control.
///
/// Intrinsic content size (ceiled to the pixel grid of the root's display scale):
/// - width: the width of the text on one line (of the ``placeholder`` when the text is
///   empty; 0 when both are) plus the left and right insets of the ``borderStyle``;
/// - height: the font's `Font.lineHeight` plus the top and bottom insets of the border style.
///
/// The insets, Fitsize's rule (UIKit does not document its own), are
/// ``BorderStyle/textInsets``: none 0, line 4, bezel 5, rounded rect 7 points on every side.
/// A rounded-rect field is thus one line plus 14 points tall, as UIKit's (34 points with
/// its 20.3-point system font line).
///
/// The baselines are the font's: the top inset plus the ascender from the top, and the
/// bottom inset plus the descent and line gap from the bottom, so a field and a label in
/// the same font align their text through `firstBaselineAnchor`. These hold at the
/// intrinsic height; a taller field centres its text vertically, as UIKit's default content
/// alignment does, and its baseline anchors move with the text
/// (``verticallyCenteredContentHeight``).
open class TextField: View {
    /// How the field's edge is drawn, which sets the space around the text.
    public enum BorderStyle: Int, Sendable, CaseIterable {
        /// No border; the text fills the field.
        case none
        /// A thin rectangle.
        case line
        /// A bevelled rectangle.
        case bezel
        /// A rounded rectangle, the usual look.
        case roundedRect

        /// The space between the border and the text, in points.
        public var textInsets: EdgeInsets {
            let inset: CGFloat =
                switch self {
                case .none: 0
                case .line: 4
                case .bezel: 5
                case .roundedRect: 7
                }
            return EdgeInsets(top: inset, left: inset, bottom: inset, right: inset)
        }
    }

    /// The font fields start with: the shipped default font at 17 points, as UIKit's.
    public static var defaultFont: Font { Font.default(size: 17) }

    var textMeasurement: TextMeasurement
    var placeholderMeasurement: TextMeasurement

    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    public required init?(coder: NSCoder) {
        View.refuseArchive(Self.self)
        return nil
    }

    /// Makes an empty field without a border.
    public override init(frame: CGRect) {
        textMeasurement = TextMeasurement(text: "", font: TextField.defaultFont)
        placeholderMeasurement = TextMeasurement(text: "", font: TextField.defaultFont)
        super.init(frame: frame)
    }

    /// The text in the field; `nil` reads back as the empty string, as in UIKit.
    public var text: String? {
        get { textMeasurement.text }
        set { if textMeasurement.setText(newValue ?? "") { contentSizeDidChange() } }
    }

    /// The text shown, and measured, while the field is empty.
    public var placeholder: String? {
        get { placeholderMeasurement.isEmpty ? nil : placeholderMeasurement.text }
        set {
            let changed = placeholderMeasurement.setText(newValue ?? "")
            if changed && textMeasurement.isEmpty { contentSizeDidChange() }
        }
    }

    /// The text with its attributes, related to ``text`` and ``font`` as ``Label/attributedText``
    /// is to a label's.
    public var attributedText: AttributedString? {
        get { textMeasurement.attributedText }
        set {
            if textMeasurement.setAttributed(
                newValue, property: "attributedText", view: layoutDescriptionName, adjustingFor: adjustingTraits) {
                contentSizeDidChange()
            }
        }
    }

    /// The placeholder with its attributes, related to ``placeholder`` as ``attributedText``
    /// is to ``text``; measured while the field is empty.
    public var attributedPlaceholder: AttributedString? {
        get { placeholderMeasurement.attributedText }
        set {
            let changed = placeholderMeasurement.setAttributed(
                newValue, property: "attributedPlaceholder", view: layoutDescriptionName, adjustingFor: adjustingTraits)
            if changed && textMeasurement.isEmpty { contentSizeDidChange() }
        }
    }

    /// The font of the text and the placeholder; default ``defaultFont``. With
    /// ``adjustsFontForContentSizeCategory`` a font set is sized for the field's category.
    public var font: Font {
        get { textMeasurement.font }
        set {
            let font = adjustedFont(newValue, if: adjustsFontForContentSizeCategory)
            _ = placeholderMeasurement.setFont(font)
            if textMeasurement.setFont(font) { contentSizeDidChange() }
        }
    }

    /// Whether the field resizes the font of its text and placeholder for the content size category of
    /// its tree, UIKit's `adjustsFontForContentSizeCategory`; default false.
    /// <doc:DynamicTypeInAViewTree> has the rule.
    public var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory && !oldValue { adjustFontForContentSizeCategory() } }
    }

    /// The border; default ``BorderStyle/none``, as in UIKit.
    public var borderStyle: BorderStyle = .none {
        didSet { if borderStyle != oldValue { contentSizeDidChange() } }
    }

    /// The width of what the field shows: its text, or else its placeholder.
    var shownTextWidth: CGFloat {
        let scale = rootDisplayScale
        if let layout = textMeasurement.layout(width: .infinity, maxLines: 1, scale: scale) {
            return layout.size.width
        }
        return placeholderMeasurement.layout(width: .infinity, maxLines: 1, scale: scale)?.size.width ?? 0
    }

    /// See the type's documentation for the rule.
    open override var intrinsicContentSize: CGSize {
        let insets = borderStyle.textInsets
        let grid = PixelGrid(scale: rootDisplayScale)
        return CGSize(
            width: grid.ceilSize(shownTextWidth + insets.left + insets.right),
            height: grid.ceilSize(font.lineHeight + insets.top + insets.bottom))
    }

    /// The top inset plus the font's ascender.
    open override var firstBaselineOffsetFromTop: CGFloat? {
        borderStyle.textInsets.top + font.ascender
    }

    /// The distance from the baseline to the bottom edge of the intrinsic height.
    open override var lastBaselineOffsetFromBottom: CGFloat {
        intrinsicContentSize.height - borderStyle.textInsets.top - font.ascender
    }

    /// The intrinsic height, the box the field centres its text and insets in.
    open override var verticallyCenteredContentHeight: CGFloat? {
        intrinsicContentSize.height
    }

    /// The intrinsic content size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}
