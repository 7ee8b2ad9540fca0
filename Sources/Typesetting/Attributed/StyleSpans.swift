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
