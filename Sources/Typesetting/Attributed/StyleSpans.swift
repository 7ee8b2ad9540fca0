import Foundation

/// A stretch of attributed text shaped as one: one font, kern, baseline offset and
/// attachment. Attributes that change no size do not start a new span.
struct StyleSpan {
    /// UTF-16 offsets into the prepared text.
    var start: Int
    var end: Int
    var font: Font
    var kern: Double
    var baselineOffset: Double
    var attachment: TextAttachment?

    var size: Double { Double(font.pointSize) }
    /// Ligatures are off in a kerned span, as for letter-spaced plain text.
    var features: FeatureSet { FeatureSet(letterSpacing: kern) }

    /// Whether `other` shapes and measures the same way.
    func measuresLike(_ other: StyleSpan) -> Bool {
        font.cascade === other.font.cascade && font.pointSize == other.font.pointSize && kern == other.kern
            && baselineOffset == other.baselineOffset && attachment == other.attachment
    }
}

/// What a prepared attributed text keeps of its attributes: its spans in order, and where
/// each paragraph style starts.
final class StyleSpans: Sendable {
    let spans: [StyleSpan]
    /// UTF-16 offsets where the paragraph style changes, the first at 0, and the styles.
    let styleStarts: [Int]
    let styles: [ParagraphStyle]

    init(spans: [StyleSpan], styleStarts: [Int], styles: [ParagraphStyle]) {
        self.spans = spans
        self.styleStarts = styleStarts
        self.styles = styles
    }

    /// The plain text of `attributed` and its spans, each attribute checked first (so a
    /// bad value is reported before anything is shaped or cached). Runs without a font take
    /// `defaultFont`.
    static func read(_ attributed: AttributedString, defaultFont: Font) throws -> (text: String, spans: StyleSpans) {
        // The whole text in one copy, and each run's length as a UTF-16 distance: a String
        // made of each run's characters cost more than all of the rest of reading.
        let text = String(attributed.characters[...])
        let utf16 = attributed.utf16
        var spans: [StyleSpan] = []
        var styleStarts: [Int] = []
        var styles: [ParagraphStyle] = []
        var offset = 0
        var runStart = attributed.startIndex
        for run in attributed.runs {
            let runEnd = run.range.upperBound
            let length = utf16.distance(from: runStart, to: runEnd)
            runStart = runEnd
            let kern = run.kern ?? 0
            let baselineOffset = run.baselineOffset ?? 0
            guard kern.isFinite else { throw TypesettingError.invalidAttribute(name: "kern", value: kern, utf16Offset: offset) }
            guard baselineOffset.isFinite else {
                throw TypesettingError.invalidAttribute(name: "baselineOffset", value: baselineOffset, utf16Offset: offset)
            }
            if let error = run.attachment?.validationError(at: offset) { throw error }
            let style = run.paragraphStyle ?? ParagraphStyle()
            // A style is checked where it starts: runs in a paragraph mostly share it.
            if styles.last != style {
                if let error = style.validationError(at: offset) { throw error }
                styleStarts.append(offset)
                styles.append(style)
            }
            let span = StyleSpan(start: offset, end: offset + length, font: run.font ?? defaultFont, kern: Double(kern),
                                 baselineOffset: Double(baselineOffset), attachment: run.attachment)
            if let last = spans.last, last.measuresLike(span) {
                spans[spans.count - 1].end = span.end
            } else if length > 0 {
                spans.append(span)
            }
            offset += length
        }
        if spans.isEmpty {
            spans.append(StyleSpan(start: 0, end: 0, font: defaultFont, kern: 0, baselineOffset: 0, attachment: nil))
        }
        if styles.isEmpty {
            styleStarts.append(0)
            styles.append(ParagraphStyle())
        }
        return (text, StyleSpans(spans: spans, styleStarts: styleStarts, styles: styles))
    }

    /// The index of the span holding UTF-16 offset `offset` (the last span at or past the end).
    func spanIndex(containing offset: Int) -> Int {
        var low = 0
        var high = spans.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if spans[middle].start <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The paragraph style in force at UTF-16 offset `offset`.
    func paragraphStyle(at offset: Int) -> ParagraphStyle {
        var index = styleStarts.count - 1
        while index > 0 && styleStarts[index] > offset { index -= 1 }
        return styles[index]
    }
}
