import Foundation
import Typesetting

/// The invariants every text layout keeps, whatever the text, width, line limit and break
/// mode: checked on seeded random texts by the test suite and on the fuzzer's texts by
/// Fuzz/Targets/fuzz-text. Each check returns its violations as sentences, empty when the
/// layout keeps it.
public enum TextLayoutInvariants {
    /// Lines wider than `width`: allowed only for a line of one grapheme cluster (the
    /// ellipsis counts as one), or when a cluster on it is on its own as wide as the line.
    public static func overwideLines(_ layout: TextLayout, width: CGFloat) -> [String] {
        let text = layout.preparedText.text
        let font = layout.preparedText.font
        let spacing = layout.preparedText.letterSpacing
        var problems: [String] = []
        for line in layout.lines where Double(line.width) > Double(width) + 1e-6 {
            let clusters = visibleCharacters(line, in: text).map(String.init) + (line.ellipsis == nil ? [] : ["…"])
            if clusters.count <= 1 { continue }
            let widest = clusters.map { singleLineWidth($0, font: font, letterSpacing: spacing) }.max() ?? 0
            if Double(line.width) > widest + 1e-6 {
                problems.append("line \(line.utf16Range) is \(line.width) wide at width \(width); its widest cluster is \(widest)")
            }
        }
        return problems
    }

    /// Gaps and overlaps between the lines' ranges: each line's text range and UTF-16 range
    /// agree, and together with what was elided inside a line they run from the start
    /// without gaps to the end of the text (unless the layout is truncated).
    public static func tilingProblems(_ layout: TextLayout, maxLines: Int, mode: LineBreakMode) -> [String] {
        let text = layout.preparedText.text
        let count = text.utf16.count
        var problems: [String] = []
        var next = 0
        for line in layout.lines {
            if text[line.range].utf16.count != line.utf16Range.count {
                problems.append("line \(line.utf16Range) has a text range of \(text[line.range].utf16.count) UTF-16 units")
            }
            if let elided = line.elidedUTF16Range, line.ellipsis == .head {
                if elided.lowerBound != next || elided.upperBound != line.utf16Range.lowerBound {
                    problems.append("head-elided \(elided) of line \(line.utf16Range) does not follow \(next)")
                }
            } else if line.utf16Range.lowerBound != next {
                problems.append("line \(line.utf16Range) starts at \(line.utf16Range.lowerBound), not \(next)")
            }
            next = line.utf16Range.upperBound
        }
        if !layout.isTruncated && count > 0 && next != count {
            problems.append("the lines end at \(next) of \(count) and the layout is not truncated")
        }
        if maxLines == 0 && (mode == .byWordWrapping || mode == .byCharWrapping)
            && (layout.isTruncated || (count > 0 && next != count)) {
            problems.append("\(mode) with no line limit truncated the text")
        }
        return problems
    }

    /// Line counts that grow with the width: `prepared` laid out at `widths` (in any order)
    /// must give fewer or as many lines at each wider width.
    public static func lineCountProblems(_ prepared: PreparedText, widths: [CGFloat]) throws -> [String] {
        let sorted = widths.sorted()
        let counts = try sorted.map { try prepared.layout(width: $0).lines.count }
        return counts == counts.sorted(by: >) ? [] : ["line counts \(counts) at widths \(sorted)"]
    }

    /// The grapheme clusters a line shows: its range without what was elided from it and
    /// without trailing whitespace.
    public static func visibleCharacters(_ line: TextLayout.Line, in text: String) -> [Character] {
        var shown = Substring(text[line.range])
        var before: [Character] = []
        if let elided = line.elidedRange, elided.lowerBound >= line.range.lowerBound, elided.upperBound <= line.range.upperBound {
            before = Array(text[line.range.lowerBound..<elided.lowerBound])
            shown = text[elided.upperBound..<line.range.upperBound]
        }
        while let last = shown.last, last.unicodeScalars.allSatisfy({ $0.properties.isWhitespace && $0 != "\u{00A0}" }) {
            shown.removeLast()
        }
        return before + Array(shown)
    }

    /// The width of `text` laid out on one line on its own (trailing whitespace hanging).
    public static func singleLineWidth(_ text: String, font: Font, letterSpacing: CGFloat = 0) -> Double {
        guard let layout = try? PreparedText(text, font: font, letterSpacing: letterSpacing).layout(width: .infinity)
        else { return .nan }
        return layout.lines.map { Double($0.width) }.max() ?? 0
    }
}
