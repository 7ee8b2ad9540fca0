import Foundation

/// What the last line a layout allows shows when text remains and the mode clips or
/// truncates: the rest of its paragraph, clipped at the width or cut around an ellipsis.
/// Plain and attributed text both place this line from it, so they follow one rule.
struct LastLineCut {
    /// The shown line: `start..<end`, its visible text ending at `contentEnd`; `start` is in
    /// segment `startSegment`.
    var start: Int
    var startSegment: Int
    var end: Int
    var contentEnd: Int
    /// The text the ellipsis stands for, and where it goes; nil when clipped.
    var elided: Range<Int>?
    var ellipsis: TextLayout.EllipsisPosition?
    /// Whether the line is wider than the layout and is clipped.
    var isClipped: Bool
    /// The line's drawn width: its visible text plus the ellipsis, at most the layout's
    /// width when clipped, never below 0 (negative kern can pull a cluster's advance below 0).
    var width: Double
}

extension LineFinder {
    /// The last allowed line from `start` (in segment `first`) in this finder's mode:
    /// `.byClipping` keeps the rest of the paragraph and clips it; the truncating modes cut
    /// it at the head, middle or tail so that it and an ellipsis `ellipsisWidth` wide fit.
    /// When the paragraph fits, what is dropped is the paragraphs after it, so the
    /// ellipsis goes at the tail.
    func lastLineCut(from start: Int, segment first: Int, ellipsisWidth: Double) -> LastLineCut {
        var last = first
        while last + 1 < segments.count && !segments.isHard(last) { last += 1 }
        let paragraphEnd = segments.end(last)
        let contentEnd = max(start, segments.contentEnd(last))
        let full = measure(start, contentEnd)

        if mode == .byClipping {
            let clipped = full > width + Self.slack
            return LastLineCut(start: start, startSegment: first, end: paragraphEnd, contentEnd: contentEnd,
                               elided: nil, ellipsis: nil, isClipped: clipped,
                               width: max(0, clipped ? min(full, width) : full))
        }
        let position: TextLayout.EllipsisPosition
        if full <= width + Self.slack {
            position = .tail
        } else {
            switch mode {
            case .byTruncatingHead: position = .head
            case .byTruncatingMiddle: position = .middle
            default: position = .tail
            }
        }
        let budget = max(0, width - ellipsisWidth)
        switch position {
        case .tail:
            var cut = full + ellipsisWidth <= width + Self.slack
                ? contentEnd
                : longestFittingPrefix(from: start, limit: contentEnd, budget: budget, atLeastOne: false)
            while cut > start && flags[cut - 1] & PreparedText.Flag.hangs != 0 { cut -= 1 }
            return LastLineCut(start: start, startSegment: first, end: cut, contentEnd: cut, elided: cut..<count,
                               ellipsis: .tail, isClipped: false, width: max(0, measure(start, cut) + ellipsisWidth))
        case .head:
            var cut = longestFittingSuffix(to: contentEnd, from: start, budget: budget)
            while cut < contentEnd && flags[cut] & PreparedText.Flag.hangs != 0 { cut += 1 }
            return LastLineCut(start: cut, startSegment: segments.index(containing: cut, from: first),
                               end: paragraphEnd, contentEnd: contentEnd, elided: start..<cut, ellipsis: .head,
                               isClipped: false, width: max(0, measure(cut, contentEnd) + ellipsisWidth))
        case .middle:
            let (left, right, used) = middleCut(from: start, to: contentEnd, budget: budget)
            return LastLineCut(start: start, startSegment: first, end: paragraphEnd, contentEnd: contentEnd,
                               elided: left..<right, ellipsis: .middle, isClipped: false,
                               width: max(0, used + ellipsisWidth))
        }
    }
}
