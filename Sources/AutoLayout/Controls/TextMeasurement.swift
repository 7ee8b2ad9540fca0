import ConstraintSolver
import Foundation
import Typesetting

/// The text of a control, prepared once and laid out at the widths layout asks for.
///
/// Preparing (itemising, shaping, segmenting) happens when the text or font changes; a
/// layout at another width is the arithmetic of ``PreparedText``. The few most recent
/// layouts are kept, because a layout pass asks for the same ones repeatedly: the single-line
/// width, the height at the width the view received, the baselines.
///
/// The layout engine reads only sizes and baselines (``metrics(width:maxLines:lineBreakMode:lineSpacing:scale:)``),
/// so those are measured without making the lines; the lines of a kept entry are made the
/// first time a caller asks for the layout itself (drawing, `sizeThatFits`).
struct TextMeasurement {
    /// What a layout depends on besides the text and font.
    struct Key: Equatable {
        var width: CGFloat
        var maxLines: Int
        var lineBreakMode: LineBreakMode
        var lineSpacing: CGFloat
        var scale: CGFloat
    }

    /// How many layouts are kept; a control uses at most three or four at a time.
    private static let cacheLimit = 8

    private(set) var text: String
    private(set) var font: Font
    /// The attributed text when the control was given one (then ``text`` is its characters),
    /// else nil: plain text is prepared without attributes.
    private(set) var attributed: AttributedString?
    /// The first run's attributes of the last attributed text, which a plain text set after
    /// it takes, as in UIKit.
    private var leadingAttributes = AttributeContainer()
    /// The prepared text of the current text and font, made at the first layout.
    private(set) var prepared: PreparedText?
    /// The recent layouts, searched linearly: with at most ``cacheLimit`` entries, usually one
    /// or two, a scan is cheaper than hashing a key, and emptying the list on every new text
    /// (each cell of a list sets every label's text) does not walk a hash table's buckets.
    private var layouts: [Entry] = []

    /// A kept measurement, with its layout once one was asked for. A struct, not a tuple: an
    /// array of tuples copies and destroys its elements through generic metadata at run time.
    /// The metrics are kept apart so that the engine's many queries copy a few numbers, not
    /// the layout (two references to retain and release).
    private struct Entry {
        var key: Key
        var metrics: TextMetrics
        var layout: TextLayout?
    }

    init(text: String, font: Font) {
        self.text = text
        self.font = font
    }

    var isEmpty: Bool { text.isEmpty }

    /// Replaces the text; returns whether it changed (the same text keeps every cached layout).
    /// After attributed text, the new text takes the first run's attributes.
    mutating func setText(_ newText: consuming String) -> Bool {
        guard newText != text else { return false }
        if attributed != nil { attributed = AttributedString(copy newText, attributes: leadingAttributes) }
        text = newText
        prepared = nil
        forgetLayouts()
        return true
    }

    /// Replaces the font; returns whether it changed. Attributed text takes it over its
    /// whole length.
    mutating func setFont(_ newFont: Font) -> Bool {
        guard newFont != font || attributed.map({ $0.runs.contains { $0.font != newFont } }) == true else { return false }
        font = newFont
        if attributed != nil {
            attributed?.font = newFont
            leadingAttributes.font = newFont
        }
        prepared = nil
        forgetLayouts()
        return true
    }

    /// Sizes the font, and each run's font of attributed text, for `traits`
    /// (``Typesetting/AttributedString/adjustingFonts(for:)``): what a control that adjusts
    /// for the content size category shows. Returns whether anything changed size.
    mutating func adjustFonts(for traits: TraitCollection) -> Bool {
        let newFont = font.adjusted(for: traits)
        guard let attributed else { return setFont(newFont) }
        let adjusted = attributed.adjustingFonts(for: traits)
        guard adjusted != attributed || newFont != font else { return false }
        font = newFont
        if let first = adjusted.runs.first?.font { leadingAttributes.font = first }
        self.attributed = adjusted
        prepared = nil
        forgetLayouts()
        return true
    }

    /// Replaces the content with attributed text (nil: none, as an empty plain text),
    /// preparing it at once so that a bad attribute is refused before anything changes. The
    /// font becomes the first run's, as UIKit's controls reflect the style at location 0;
    /// runs without a font are measured with the control's font. Returns whether the
    /// content changed.
    /// - Throws: what ``PreparedText/init(attributed:defaultFont:)`` throws.
    mutating func setAttributed(_ newValue: AttributedString?) throws -> Bool {
        guard let newValue else {
            guard attributed != nil || !text.isEmpty else { return false }
            attributed = nil
            return setText("")
        }
        guard newValue != attributed else { return false }
        let created = try PreparedText(attributed: newValue, defaultFont: font)
        attributed = newValue
        leadingAttributes = newValue.runs.first?.attributes ?? AttributeContainer()
        if let first = newValue.runs.first?.font { font = first }
        text = String(newValue.characters)
        prepared = created
        forgetLayouts()
        return true
    }

    /// ``setAttributed(_:)`` for a control's property `name`, with every run's font sized for
    /// `traits` when the control adjusts for the content size category (nil when it does not):
    /// a refused text is reported to ``LayoutDiagnostics/errorHandler`` and changes nothing.
    mutating func setAttributed(
        _ newValue: AttributedString?, property name: String, view: String, adjustingFor traits: TraitCollection?
    ) -> Bool {
        do {
            return try setAttributed(traits.flatMap { newValue?.adjustingFonts(for: $0) } ?? newValue)
        } catch {
            LayoutDiagnostics.report(.invalidValue(
                name: name, value: String(describing: error), accepted: "attributes Typesetting can measure",
                view: view))
            return false
        }
    }

    /// The content as attributed text: the attributed text given, or the plain text in the
    /// control's font; nil when empty.
    var attributedText: AttributedString? {
        if let attributed { return attributed.characters.isEmpty ? nil : attributed }
        if text.isEmpty { return nil }
        var plain = AttributedString(text)
        plain.font = font
        return plain
    }

    /// Empties the list of measurements, keeping its storage (it holds one to four).
    private mutating func forgetLayouts() {
        layouts.removeEachKeepingStorage()
    }

    /// The text laid out at `width` (`.infinity` for one line per paragraph), or `nil` for
    /// empty text. Arguments are validated by the controls' setters; a layout the text engine
    /// still refuses (it cannot, for those) counts as empty rather than trapping.
    mutating func layout(
        width: CGFloat, maxLines: Int, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineSpacing: CGFloat = 0, scale: CGFloat
    ) -> TextLayout? {
        let key = Key(width: width, maxLines: maxLines, lineBreakMode: lineBreakMode,
                      lineSpacing: lineSpacing, scale: scale)
        guard let index = entryIndex(for: key, withLayout: true) else { return nil }
        return layouts[index].layout
    }

    /// The size and baselines of ``layout(width:maxLines:lineBreakMode:lineSpacing:scale:)``.
    mutating func metrics(
        width: CGFloat, maxLines: Int, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineSpacing: CGFloat = 0, scale: CGFloat
    ) -> TextMetrics? {
        let key = Key(width: width, maxLines: maxLines, lineBreakMode: lineBreakMode,
                      lineSpacing: lineSpacing, scale: scale)
        return entryIndex(for: key, withLayout: false).map { layouts[$0].metrics }
    }

    /// The index of the kept entry for `key`, measured now if it is not kept; `nil` for empty
    /// text. With `withLayout` the entry has its layout (made now if it had only metrics);
    /// without, a new entry is measured without lines.
    ///
    /// Without `withLayout`, when nothing is kept for a finite width, the kept entry at an
    /// unlimited width with `key`'s other settings serves if it is not truncated and no wider
    /// than `key.width`: each of its lines is a whole paragraph that fits, so the line filling
    /// at that width makes the same lines, and the size and baselines are the same. For
    /// metrics only: a layout keeps the width it was made at (for alignment). A wrapping label
    /// asks for both (its unwrapped width is its intrinsic width), so a text that fits on one
    /// line is measured once, not twice.
    private mutating func entryIndex(for key: Key, withLayout: Bool) -> Int? {
        guard !text.isEmpty else { return nil }
        var unwrapped: Int?
        for index in layouts.indices {
            let kept = layouts[index].key
            if kept == key {
                if withLayout && layouts[index].layout == nil {
                    // Entries are made from `prepared`, which a new text or font clears with them.
                    guard let layout = prepared.flatMap({ Self.layout(of: $0, at: key) }) else { return nil }
                    layouts[index].layout = layout
                }
                return index
            }
            if kept.width == .infinity, kept.maxLines == key.maxLines, kept.lineBreakMode == key.lineBreakMode,
                kept.lineSpacing == key.lineSpacing, kept.scale == key.scale
            {
                unwrapped = index
            }
        }
        if !withLayout, key.width.isFinite, let unwrapped, !layouts[unwrapped].metrics.isTruncated,
            layouts[unwrapped].metrics.size.width <= key.width
        {
            return unwrapped
        }
        func measure(_ text: PreparedText) -> Entry? {
            if withLayout {
                guard let layout = Self.layout(of: text, at: key) else { return nil }
                return Entry(key: key, metrics: layout.metrics, layout: layout)
            }
            guard let metrics = try? text.metrics(
                width: key.width, maxLines: key.maxLines, lineBreakMode: key.lineBreakMode,
                lineSpacing: key.lineSpacing, scale: key.scale)
            else { return nil }
            return Entry(key: key, metrics: metrics, layout: nil)
        }
        let measured: Entry?
        if let prepared {
            measured = measure(prepared)
        } else {
            // The first measurement after the text changed, for every label of every cell a
            // list sizes: the new text is measured, then moved into `prepared`, never
            // retained. Attributed text was checked when it was set, and a new font changes no
            // attribute's validity, so preparing it again cannot fail.
            let created = attributed.flatMap { try? PreparedText(attributed: $0, defaultFont: font) }
                ?? PreparedText(text, font: font)
            measured = measure(created)
            prepared = created
        }
        guard let measured else { return nil }
        if layouts.count >= Self.cacheLimit { forgetLayouts() }
        layouts.append(measured)
        return layouts.count - 1
    }
}

extension TextMeasurement {
    /// `text` laid out with `key`'s settings, or `nil` if the text engine refuses them.
    fileprivate static func layout(of text: PreparedText, at key: Key) -> TextLayout? {
        try? text.layout(
            width: key.width, maxLines: key.maxLines, lineBreakMode: key.lineBreakMode,
            lineSpacing: key.lineSpacing, scale: key.scale)
    }
}

/// Ceiling to the pixel grid, shared by the controls' sums of text sizes and insets.
extension PixelGrid {
    /// `value` ceiled to the grid, or 0 for a negative value.
    func ceilSize(_ value: CGFloat) -> CGFloat {
        max(0, ceil(Double(value)))
    }
}
