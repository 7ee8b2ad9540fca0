import Foundation

/// Text built run by run with the attributes that change its size: the cheap way to give
/// ``PreparedText`` rich text when the runs are already at hand (a model's fields, markup, a
/// JSON line), as SkParagraph's `ParagraphBuilder` takes them.
///
/// It measures exactly as the same runs in an `AttributedString` do: preparing an
/// `AttributedString` reads it into a `StyledText` first. Foundation's `AttributedString` costs
/// tens of microseconds per run to build and read on Linux; appending here costs about as much
/// as appending to a `String`.
///
/// ```swift
/// var text = StyledText(defaultFont: .default(size: 17))
/// try text.append("Ann", font: .bold(size: 17))
/// try text.append(" replied · 4m", kern: 0.5)
/// let prepared = PreparedText(styled: text)
/// ```
public struct StyledText: Sendable {
    /// The characters so far.
    public private(set) var string = ""
    /// The font of runs appended without one.
    public let defaultFont: Font
    private(set) var spans: [StyleSpan] = []
    private(set) var styleStarts: [Int] = []
    private(set) var styles: [ParagraphStyle] = []
    private var utf16Count = 0

    /// An empty text whose runs without a font use `defaultFont`.
    public init(defaultFont: Font) {
        self.defaultFont = defaultFont
    }

    /// Appends a run.
    /// - Parameters:
    ///   - text: The run's characters.
    ///   - font: Its font; nil for ``defaultFont``.
    ///   - kern: Points added after each character, as UIKit's `.kern`.
    ///   - baselineOffset: Points the run is raised (negative lowers it).
    ///   - paragraphStyle: The style of the paragraph the run is in; nil for the default. As in
    ///     UIKit, a paragraph takes the style of its first character.
    /// - Throws: ``TypesettingError/invalidAttribute(name:value:utf16Offset:)`` for a
    ///   non-finite kern or baseline offset or an invalid paragraph style field, with nothing
    ///   appended.
    public mutating func append(
        _ text: String, font: Font? = nil, kern: CGFloat = 0, baselineOffset: CGFloat = 0,
        paragraphStyle: ParagraphStyle? = nil
    ) throws {
        try append(text, length: text.utf16.count, font: font, kern: Double(kern), baselineOffset: Double(baselineOffset),
                   attachment: nil, paragraphStyle: paragraphStyle)
    }

    /// Appends an attachment: the object replacement character U+FFFC measured as the box.
    /// - Throws: ``TypesettingError/invalidAttachmentBounds(_:utf16Offset:)`` for bounds with a
    ///   non-finite number or a negative side, with nothing appended.
    public mutating func append(
        _ attachment: TextAttachment, font: Font? = nil, baselineOffset: CGFloat = 0, paragraphStyle: ParagraphStyle? = nil
    ) throws {
        try append("\u{FFFC}", length: 1, font: font, kern: 0, baselineOffset: Double(baselineOffset),
                   attachment: attachment, paragraphStyle: paragraphStyle)
    }

    /// Appends one run whose UTF-16 length is `length`, each value checked before anything
    /// changes; a run that measures like the previous one extends its span. A nil `text`
    /// appends the span alone, for a caller that sets ``string`` itself.
    mutating func append(
        _ text: String?, length: Int, font: Font?, kern: Double, baselineOffset: Double, attachment: TextAttachment?,
        paragraphStyle: ParagraphStyle?
    ) throws {
        let offset = utf16Count
        guard kern.isFinite else { throw TypesettingError.invalidAttribute(name: "kern", value: CGFloat(kern), utf16Offset: offset) }
        guard baselineOffset.isFinite else {
            throw TypesettingError.invalidAttribute(name: "baselineOffset", value: CGFloat(baselineOffset), utf16Offset: offset)
        }
        if let error = attachment?.validationError(at: offset) { throw error }
        let style = paragraphStyle ?? ParagraphStyle()
        // A style is checked where it starts: runs in a paragraph mostly share it.
        if styles.last != style {
            if let error = style.validationError(at: offset) { throw error }
            styleStarts.append(offset)
            styles.append(style)
        }
        let span = StyleSpan(start: offset, end: offset + length, font: font ?? defaultFont, kern: kern,
                             baselineOffset: baselineOffset, attachment: attachment)
        if let last = spans.last, last.measuresLike(span) {
            spans[spans.count - 1].end = span.end
        } else if length > 0 {
            // Room for a paragraph's runs at once: growing one span at a time reallocated the
            // list four times for ten runs.
            if spans.isEmpty { spans.reserveCapacity(Self.reservedSpans) }
            spans.append(span)
        }
        if let text { string += text }
        utf16Count += length
    }

    /// The spans a text makes room for at its first.
    static let reservedSpans = 16

    /// The spans to prepare with: at least one span and one paragraph style, even when empty.
    var finishedSpans: StyleSpans {
        StyleSpans(
            spans: spans.isEmpty ? [StyleSpan(start: 0, end: 0, font: defaultFont, kern: 0, baselineOffset: 0, attachment: nil)] : spans,
            styleStarts: styles.isEmpty ? [0] : styleStarts, styles: styles.isEmpty ? [ParagraphStyle()] : styles)
    }
}

extension StyledText {
    /// The runs of `attributed` (Fitsize's attributes; others change no size and are left
    /// out), each checked as ``append(_:font:kern:baselineOffset:paragraphStyle:)`` checks it.
    /// Runs without a font use `defaultFont`.
    /// - Throws: what appending a run throws, for the first bad run.
    public init(_ attributed: AttributedString, defaultFont: Font) throws {
        self.init(defaultFont: defaultFont)
        // The whole text in one copy, and each run's length as a UTF-16 distance: a String made
        // of each run's characters costs more than all of the rest of reading.
        let utf16 = attributed.utf16
        var runStart = attributed.startIndex
        for run in attributed.runs {
            let length = utf16.distance(from: runStart, to: run.range.upperBound)
            runStart = run.range.upperBound
            try append(nil, length: length, font: run.font, kern: Double(run.kern ?? 0),
                       baselineOffset: Double(run.baselineOffset ?? 0), attachment: run.attachment,
                       paragraphStyle: run.paragraphStyle)
        }
        string = String(attributed.characters[...])
    }
}
