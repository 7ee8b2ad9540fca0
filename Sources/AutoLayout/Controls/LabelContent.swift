import Foundation
import Typesetting

/// Everything a ``Label``'s size depends on, apart from the display scale: its text and font
/// (prepared once, in a ``TextMeasurement``), the settings that change how the text is laid
/// out, and the width the layout engine gave it last.
///
/// One value rather than a stored property each: the layout engine asks a label for its
/// intrinsic size, its baselines and whether its height follows its width several times per
/// solve, and every read of a class's stored property is checked at run time for
/// conflicting access. A query that reads this value once is checked once.
struct LabelContent {
    var measurement: TextMeasurement
    /// See ``Label/numberOfLines``.
    var numberOfLines = 1
    /// See ``Label/lineBreakMode``.
    var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// See ``Label/preferredMaxLayoutWidth``.
    var preferredMaxLayoutWidth: CGFloat = 0
    /// See ``Label/lineSpacing``.
    var lineSpacing: CGFloat = 0
    /// The width the layout engine gave the label last, for the width-dependent case.
    var receivedLayoutWidth: CGFloat?

    init(font: Font) {
        measurement = TextMeasurement(text: "", font: font)
    }

    /// Whether the label wraps at the width it receives rather than at a fixed width.
    var wrapsAtReceivedWidth: Bool { numberOfLines != 1 && preferredMaxLayoutWidth == 0 }

    /// The width the intrinsic layout is made at.
    private var intrinsicWidth: CGFloat {
        if numberOfLines == 1 { return .infinity }
        if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
        return receivedLayoutWidth ?? .infinity
    }

    /// The size and baselines of the layout that gives the intrinsic size, on a grid of
    /// `scale` pixels per point; `nil` for empty text.
    mutating func intrinsicMetrics(scale: CGFloat) -> TextMetrics? {
        metrics(width: intrinsicWidth, scale: scale)
    }

    /// The measured text size ceiled to the pixel grid; (0, 0) for empty text. A label that
    /// wraps at the width it receives asks for the width of its unwrapped text.
    mutating func intrinsicContentSize(scale: CGFloat) -> CGSize {
        guard wrapsAtReceivedWidth else { return intrinsicMetrics(scale: scale)?.size ?? .zero }
        // The unwrapped layout first: when the text fits the received width unwrapped, the
        // measurement answers the layout at that width with it instead of laying out again.
        let unwrapped = self.metrics(width: .infinity, scale: scale)
        guard let metrics = intrinsicMetrics(scale: scale) else { return .zero }
        return CGSize(width: unwrapped?.size.width ?? metrics.size.width, height: metrics.size.height)
    }

    /// Takes `width` as the width the label received; returns whether that changed the
    /// intrinsic height or the last baseline (the intrinsic size must then be read again).
    /// A width equal to the last one changes nothing, which is what ends the engine's passes.
    mutating func receive(layoutWidth width: CGFloat, scale: CGFloat) -> Bool {
        guard wrapsAtReceivedWidth, width.isFinite, width >= 0, width != receivedLayoutWidth else { return false }
        let before = intrinsicMetrics(scale: scale)
        receivedLayoutWidth = width
        let after = intrinsicMetrics(scale: scale)
        return before?.size.height != after?.size.height || before?.lastBaseline != after?.lastBaseline
    }

    /// The size and baselines of ``layout(width:scale:)``.
    mutating func metrics(width: CGFloat, scale: CGFloat) -> TextMetrics? {
        measurement.metrics(
            width: width, maxLines: numberOfLines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing,
            scale: scale)
    }

    /// The text laid out at `width` with the label's lines, line break mode and spacing.
    mutating func layout(width: CGFloat, scale: CGFloat) -> TextLayout? {
        measurement.layout(
            width: width, maxLines: numberOfLines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing,
            scale: scale)
    }
}
