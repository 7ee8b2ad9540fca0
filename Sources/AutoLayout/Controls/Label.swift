import Foundation
import Typesetting

/// A view that shows read-only text, sized by the text as measured with `Typesetting`.
///
/// The intrinsic content size is the size of the laid-out text, ceiled to the pixel grid of
/// the root view's ``View/displayScale``; an empty label's is (0, 0).
/// - One line (``numberOfLines`` == 1): the text on one line, cut by ``lineBreakMode``.
/// - Several lines with a ``preferredMaxLayoutWidth``: the text wrapped at that width; the
///   width is that of the widest line.
/// - Several lines without one: the width of the unwrapped text, and the height of the text
///   wrapped at the width the label receives. The layout engine solves, hands the label its
///   width (``prepareIntrinsicContentSize(forLayoutWidth:)``), and solves again with the new
///   height, until the width is stable (a bounded number of passes).
///
/// The baselines are those of the first and last lines, measured from the top of the text.
/// As in UIKit, a label taller than its text centres the text vertically (``lineFrames``),
/// and its baseline anchors follow the text there (``verticallyCenteredContentHeight``), so
/// baseline alignment stays right when the label is stretched.
///
/// The text is prepared once per text and font, so measuring it again at another width does
/// not shape it again.
open class Label: View {
    /// The text, the font and every setting the size depends on, read and changed as one
    /// value (see ``LabelContent``).
    ///
    /// Runtime exclusivity checks are off: every access is a short read or an in-place
    /// change of the value (setting the text, laying it out) that calls nothing able to reach
    /// this label again, so no two accesses can overlap, and the checks (a runtime call in
    /// and out per access) would be the cost of an unneeded proof.
    @exclusivity(unchecked) var content: LabelContent

    /// The prepared text and its recent layouts.
    var measurement: TextMeasurement { content.measurement }

    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    public required init?(coder: NSCoder) {
        View.refuseArchive(Self.self)
        return nil
    }

    /// Makes an empty label.
    public override init(frame: CGRect) {
        content = LabelContent(font: Label.defaultFont)
        super.init(frame: frame)
    }

    /// Makes a label showing `text`.
    public convenience init(text: String) {
        self.init(frame: .zero)
        self.text = text
    }

    /// The font labels start with: the shipped default font at 17 points, UIKit's body size.
    public static var defaultFont: Font { Font.default(size: 17) }

    // MARK: Properties that change the size

    /// The text shown; `nil` and the empty string both show nothing and measure (0, 0).
    public var text: String? {
        get { content.measurement.isEmpty ? nil : content.measurement.text }
        set {
            if content.measurement.setText(newValue ?? "") { contentSizeDidChange() }
        }
    }

    /// The text with its attributes, UIKit's `attributedText`: runs of their own font, kern
    /// and baseline offset, attachments and paragraph styles, measured by the line rules of
    /// Typesetting's "Attributed text" article. Setting it sets ``text`` to its characters
    /// and ``font`` to its first run's; setting ``text`` afterwards keeps the first run's
    /// attributes, and setting ``font`` applies it to the whole string. Runs without a font
    /// use ``font``. Reads back the plain text in ``font`` when none was set; `nil` when
    /// empty. A text Typesetting refuses (a NaN line height, say) is reported to
    /// ``LayoutDiagnostics/errorHandler`` and changes nothing.
    public var attributedText: AttributedString? {
        get { content.measurement.attributedText }
        set {
            if content.measurement.setAttributed(
                newValue, property: "attributedText", view: layoutDescriptionName, adjustingFor: adjustingTraits) {
                contentSizeDidChange()
            }
        }
    }

    /// The font of the text; default ``defaultFont``. With
    /// ``adjustsFontForContentSizeCategory`` a font set is sized for the label's category.
    public var font: Font {
        get { content.measurement.font }
        set {
            if content.measurement.setFont(adjustedFont(newValue, if: adjustsFontForContentSizeCategory)) {
                contentSizeDidChange()
            }
        }
    }

    /// Whether the label resizes its font for the content size category of
    /// its tree, UIKit's `adjustsFontForContentSizeCategory`; default false.
    /// <doc:DynamicTypeInAViewTree> has the rule.
    public var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory && !oldValue { adjustFontForContentSizeCategory() } }
    }

    /// The most lines shown: 1 by default, 0 for as many as the text needs. A negative value
    /// is refused and reported to ``LayoutDiagnostics/errorHandler``.
    public var numberOfLines: Int {
        get { content.numberOfLines }
        set {
            guard newValue >= 0 else {
                LayoutDiagnostics.report(
                    .invalidValue(
                        name: "numberOfLines", value: String(newValue), accepted: "0 (no limit) or more",
                        view: layoutDescriptionName))
                return
            }
            updateContent(\.numberOfLines, to: newValue)
        }
    }

    /// Sets one of the content's settings and re-measures, if the value is new.
    private func updateContent<Value: Equatable>(_ setting: WritableKeyPath<LabelContent, Value>, to value: Value) {
        guard content[keyPath: setting] != value else { return }
        content[keyPath: setting] = value
        contentSizeDidChange()
    }

    /// Sets a length of the content's that must be finite and not negative; any other value is
    /// refused and reported to ``LayoutDiagnostics/errorHandler``.
    private func updateLength(_ setting: WritableKeyPath<LabelContent, CGFloat>, to value: CGFloat, named name: String) {
        guard value.isFinite, value >= 0 else {
            LayoutDiagnostics.report(.invalidGeometry(name: name, view: layoutDescriptionName))
            return
        }
        updateContent(setting, to: value)
    }

    /// How text that does not fit is wrapped and cut; default `LineBreakMode.byTruncatingTail`.
    public var lineBreakMode: LineBreakMode {
        get { content.lineBreakMode }
        set { updateContent(\.lineBreakMode, to: newValue) }
    }

    /// The width a multi-line label wraps its text at when measuring its intrinsic size; 0
    /// (the default) wraps at the width the label receives. A negative or non-finite value
    /// is refused and reported to ``LayoutDiagnostics/errorHandler``.
    public var preferredMaxLayoutWidth: CGFloat {
        get { content.preferredMaxLayoutWidth }
        set { updateLength(\.preferredMaxLayoutWidth, to: newValue, named: "preferredMaxLayoutWidth") }
    }

    /// Extra space between lines, in points; default 0. A negative or non-finite value is
    /// refused and reported to ``LayoutDiagnostics/errorHandler``.
    public var lineSpacing: CGFloat {
        get { content.lineSpacing }
        set { updateLength(\.lineSpacing, to: newValue, named: "lineSpacing") }
    }

    /// Where lines sit horizontally; default ``TextAlignment/natural``. It does not change
    /// the size.
    public var textAlignment: TextAlignment = .natural {
        didSet { if textAlignment != oldValue { setNeedsLayout() } }
    }

    // MARK: Measuring

    /// The size and baselines of the layout that gives the intrinsic size.
    var intrinsicMetrics: TextMetrics? {
        let scale = rootDisplayScale
        return content.intrinsicMetrics(scale: scale)
    }

    /// The measured text size ceiled to the pixel grid; (0, 0) for an empty label. A label
    /// that wraps at the width it receives asks for the width of its unwrapped text.
    open override var intrinsicContentSize: CGSize {
        let scale = rootDisplayScale
        return content.intrinsicContentSize(scale: scale)
    }

    /// `true` for a `Label`: the size and baselines come from its text, font and settings
    /// alone. A subclass could override them with any code, so it must declare this itself.
    open override var intrinsicContentSizeReadsOnlyOwnState: Bool { type(of: self) == Label.self }

    /// The first line's baseline below the top of the text, or `nil` (the bottom edge) when
    /// the label is empty.
    open override var firstBaselineOffsetFromTop: CGFloat? {
        intrinsicMetrics?.firstBaseline
    }

    /// The distance from the last line's baseline down to the bottom of the text.
    open override var lastBaselineOffsetFromBottom: CGFloat {
        guard let metrics = intrinsicMetrics else { return 0 }
        return metrics.size.height - metrics.lastBaseline
    }

    /// The height of the text, which the label centres vertically; `nil` when it is empty.
    open override var verticallyCenteredContentHeight: CGFloat? {
        intrinsicMetrics?.size.height
    }

    /// True for a multi-line label without a ``preferredMaxLayoutWidth``.
    open override var hasWidthDependentIntrinsicContentSize: Bool { content.wrapsAtReceivedWidth }

    /// Measures the text at the width the label received; invalidates the intrinsic size
    /// when the height (or a baseline) changes. A width equal to the last one does nothing,
    /// which is what ends the engine's passes.
    open override func prepareIntrinsicContentSize(forLayoutWidth width: CGFloat) {
        let scale = rootDisplayScale
        if content.receive(layoutWidth: width, scale: scale) { invalidateIntrinsicContentSize() }
    }

    /// The size of the text laid out within `size.width` (any width when it is 0), with the
    /// label's number of lines; the height is not limited.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 && size.width.isFinite ? size.width : .infinity
        let scale = rootDisplayScale
        let maxLines = content.numberOfLines
        let preferred = content.preferredMaxLayoutWidth
        let maxWidth = maxLines != 1 && preferred > 0 ? min(width, preferred) : width
        return content.layout(width: maxLines == 1 ? .infinity : maxWidth, scale: scale)?.size ?? .zero
    }

    // MARK: Drawing geometry

    /// The text laid out at the label's current width, as it would be drawn.
    public var textLayout: TextLayout? {
        let width = bounds.width
        let scale = rootDisplayScale
        return content.layout(width: width, scale: scale)
    }

    /// Where each line of ``textLayout`` is drawn in the label's bounds: placed by
    /// ``textAlignment`` horizontally (attributed text: by each paragraph's style, its
    /// indents and alignment), and centred vertically as a whole, as UIKit does.
    public var lineFrames: [CGRect] {
        guard let layout = textLayout else { return [] }
        let top = (bounds.height - layout.size.height) / 2
        if content.measurement.attributed != nil {
            return layout.lines.map { line in
                CGRect(x: max(0, line.minX), y: top + line.minY, width: min(line.width, bounds.width), height: line.height)
            }
        }
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        return layout.lines.enumerated().map { index, line in
            let free = bounds.width - line.width
            let isLast = index == layout.lines.count - 1
            var x: CGFloat
            var width = line.width
            switch textAlignment {
            case .left: x = 0
            case .right: x = free
            case .center: x = free / 2
            case .natural: x = rightToLeft ? free : 0
            case .justified:
                x = rightToLeft ? free : 0
                if !isLast {
                    x = 0
                    width = bounds.width
                }
            }
            x = max(0, x)
            return CGRect(x: x, y: top + line.minY, width: min(width, bounds.width), height: line.height)
        }
    }
}
