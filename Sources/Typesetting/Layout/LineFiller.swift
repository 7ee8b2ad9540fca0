import Foundation

extension PreparedText {
    /// Lays the text out in lines no wider than `width`.
    ///
    /// Lines are filled greedily, as UIKit does: each line takes as many segments (words
    /// with their trailing spaces) as fit; trailing whitespace hangs past the edge; hard
    /// breaks (`\n`, U+2028, U+2029, ...) end a line; a segment wider than a line breaks
    /// between grapheme clusters. See ``LineBreakMode`` for what happens on the last line.
    ///
    /// Each line is as tall as the tallest line height among the faces used on it; lines
    /// are `lineSpacing` apart. The reported size is ceiled to the pixel grid of `scale`
    /// (a 20.287 pt tall layout is 20.5 pt at scale 2).
    ///
    /// - Parameters:
    ///   - width: The available width in points, `>= 0`; `.infinity` for no limit.
    ///   - maxLines: The most lines to produce; 0 for no limit.
    ///   - lineBreakMode: How to wrap, and how to cut the last line when text remains.
    ///   - lineSpacing: Extra space between consecutive lines, `>= 0`.
    ///   - scale: The display scale whose pixel grid the size is ceiled to, `> 0`.
    /// - Throws: ``TypesettingError/invalidWidth(_:)``, ``TypesettingError/invalidMaxLines(_:)``,
    ///   ``TypesettingError/invalidLineSpacing(_:)``, ``TypesettingError/invalidScale(_:)``, or
    ///   ``TypesettingError/textTooLong(byteCount:limit:)`` for a text longer than
    ///   ``PreparedText/maximumTextLength``.
    public func layout(
        width: CGFloat, maxLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineSpacing: CGFloat = 0, scale: CGFloat = 1
    ) throws -> TextLayout {
        guard !width.isNaN, width >= 0 else { throw TypesettingError.invalidWidth(width) }
        guard maxLines >= 0 else { throw TypesettingError.invalidMaxLines(maxLines) }
        guard lineSpacing.isFinite, lineSpacing >= 0 else { throw TypesettingError.invalidLineSpacing(lineSpacing) }
        guard scale.isFinite, scale > 0 else { throw TypesettingError.invalidScale(scale) }
        if rejectedByteCount > 0 {
            throw TypesettingError.textTooLong(byteCount: rejectedByteCount, limit: PreparedText.maximumTextLength)
        }

        var filler = LineFiller(text: self, width: Double(width), maxLines: maxLines, mode: lineBreakMode,
                                lineSpacing: Double(lineSpacing))
        filler.fill()
        let lines = filler.lines
        let height = lines.isEmpty ? 0 : filler.nextLineTop - Double(lineSpacing)
        let size = CGSize(width: PixelGrid.ceil(filler.widest, scale: Double(scale)),
                          height: PixelGrid.ceil(height, scale: Double(scale)))
        return TextLayout(size: size, lines: lines, isTruncated: filler.isTruncated, width: width,
                          scale: scale, preparedText: self)
    }
}

/// Ceiling to a display's pixel grid.
enum PixelGrid {
    /// The smallest multiple of 1/scale not below `value` (values within a billionth of a
    /// pixel of a grid line count as on it, so float noise does not add a pixel).
    static func ceil(_ value: Double, scale: Double) -> CGFloat {
        let pixels = value * scale
        let rounded = pixels.rounded()
        let snapped = abs(pixels - rounded) < 1e-9 ? rounded : pixels.rounded(.up)
        return CGFloat(snapped / scale)
    }
}

/// The greedy line filling of one layout call: arithmetic over the prepared text's
/// running widths, reshaping only at unsafe line edges.
struct LineFiller {
    let text: PreparedText
    // The prepared buffers, held here so the loops index them without going through the
    // class on every access (`text` keeps them alive).
    let segments: UnsafeBufferPointer<LineSegment>
    let prefix: UnsafeBufferPointer<Double>
    let flags: UnsafeBufferPointer<UInt8>
    let count: Int
    let width: Double
    let maxLines: Int
    let mode: LineBreakMode
    let lineSpacing: Double
    var lines: [TextLayout.Line] = []
    var isTruncated = false
    /// Where the next line's box starts, and the widest line so far.
    var nextLineTop = 0.0
    var widest = 0.0

    /// Tolerance for float noise: a line exactly as wide as the layout fits.
    private static let slack = 1e-7

    init(text: PreparedText, width: Double, maxLines: Int, mode: LineBreakMode, lineSpacing: Double) {
        self.lineSpacing = lineSpacing
        self.text = text
        self.segments = text.segments
        self.prefix = text.prefix
        self.flags = text.flags
        self.count = text.utf16.count
        self.width = width
        self.maxLines = maxLines
        self.mode = mode
    }

    mutating func fill() {
        guard !segments.isEmpty else { return }
        // Enough for the usual case in one allocation: the text's width over the line's,
        // plus slack for ragged ends.
        let estimate = width > 0 && width.isFinite ? Int(min(prefix[count] / width, 1e6)) * 5 / 4 + 2 : 2
        lines.reserveCapacity(maxLines > 0 ? min(maxLines, estimate) : estimate)
        var segment = 0
        var start = segments[0].start
        while segment < segments.count {
            if maxLines > 0 && lines.count == maxLines {
                isTruncated = true
                return
            }
            let isLastAllowed = maxLines > 0 && lines.count == maxLines - 1
            let line = mode == .byCharWrapping
                ? nextLineByCharacters(from: start, segment: segment)
                : nextLineByWords(from: start, segment: segment)
            let reachesEnd = line.end >= count
            if isLastAllowed && !reachesEnd && mode != .byWordWrapping && mode != .byCharWrapping {
                truncateLastLine(from: start, segment: segment)
                isTruncated = true
                return
            }
            // The line ends in the segment before the next line's, unless it broke inside it.
            let endSegment = line.nextSegment > 0 && line.end <= segments[line.nextSegment - 1].end
                ? line.nextSegment - 1 : min(line.nextSegment, segments.count - 1)
            appendLine(start: start, startSegment: segment, end: line.end, contentEnd: line.contentEnd,
                       endSegment: endSegment)
            start = line.end
            segment = line.nextSegment
            if isLastAllowed && !reachesEnd {
                isTruncated = true
                return
            }
        }
    }

    /// A line's extent: `start..<end`, whose visible part ends at `contentEnd`; the next
    /// line starts in segment `nextSegment`.
    private struct Extent {
        var end: Int
        var contentEnd: Int
        var nextSegment: Int
    }

    private func fits(_ start: Int, _ end: Int) -> Bool {
        measure(start, end) <= width + Self.slack
    }

    /// The prepared text's `width(from:to:)`, with its arithmetic case inlined.
    @inline(__always)
    private func measure(_ start: Int, _ end: Int) -> Double {
        if end > start && (flags[start] | flags[end]) & PreparedText.Flag.unsafeToBreak == 0 {
            return prefix[end] - prefix[start]
        }
        return text.width(from: start, to: end)
    }

    /// The longest run of whole segments from `start` that fits (at least one), or, when
    /// the first segment alone is too wide, as many of its grapheme clusters as fit.
    private func nextLineByWords(from start: Int, segment first: Int) -> Extent {
        guard let last = lastFittingSegment(from: start, segment: first) else {
            return breakInsideSegment(from: start, segment: first)
        }
        return Extent(end: segments[last].end, contentEnd: segments[last].contentEnd, nextSegment: last + 1)
    }

    /// Breaks an overlong segment between grapheme clusters: as many clusters as fit,
    /// at least one so that every line makes progress.
    private func breakInsideSegment(from start: Int, segment: Int) -> Extent {
        let current = segments[segment]
        // A rest of the word more than twice as wide as the line in context cannot fit on
        // its own (shaping a line alone changes only its edges), and measuring it exactly
        // would shape the whole rest of the word again for every line cut from it.
        if prefix[current.contentEnd] - prefix[start] <= 2 * width + Self.slack, fits(start, current.contentEnd) {
            return Extent(end: current.end, contentEnd: current.contentEnd, nextSegment: segment + 1)
        }
        let cut = longestFittingPrefix(from: start, limit: current.contentEnd, budget: width, atLeastOne: true)
        if cut >= current.contentEnd {
            return Extent(end: current.end, contentEnd: current.contentEnd, nextSegment: segment + 1)
        }
        return Extent(end: cut, contentEnd: cut, nextSegment: segment)
    }

    /// Fills by grapheme clusters: each cluster is a break opportunity; whitespace still
    /// hangs and hard breaks still end lines.
    private func nextLineByCharacters(from start: Int, segment first: Int) -> Extent {
        // The whole segments that fit are found as for word wrapping, so that a line of many
        // words is not measured word by word.
        let fitting = lastFittingSegment(from: start, segment: first)
        var segment = first
        var contentEnd = start
        var position = start
        if let fitting {
            contentEnd = max(start, segments[fitting].contentEnd)
            position = segments[fitting].end
            segment = fitting + 1
            if segments[fitting].isHard || segment == segments.count {
                return Extent(end: position, contentEnd: contentEnd, nextSegment: segment)
            }
        }
        let current = segments[segment]
        // Visible clusters of this segment that fit.
        if position < current.contentEnd {
            // A cluster is forced onto a line only when it holds nothing else, not even
            // leading whitespace (which then makes a line of its own).
            let cut = longestFittingPrefix(from: start, scanningFrom: position, limit: current.contentEnd,
                                           budget: width, atLeastOne: position == start)
            if cut < current.contentEnd {
                // With none of its clusters, the line ends before the segment, and the
                // previous segment's trailing whitespace hangs.
                return cut > position
                    ? Extent(end: cut, contentEnd: cut, nextSegment: segment)
                    : Extent(end: position, contentEnd: contentEnd, nextSegment: segment)
            }
            contentEnd = current.contentEnd
        }
        return Extent(end: current.end, contentEnd: contentEnd, nextSegment: segment + 1)
    }

    /// The last segment from `first` up to the next hard break whose visible end fits on a
    /// line from `start`, or nil when even the first does not.
    @inline(__always)
    private func lastFittingSegment(from start: Int, segment first: Int) -> Int? {
        // The running width at each segment's visible end only grows, so the last segment
        // that fits is found by binary search, up to the next hard break.
        let target = prefix[start] + width + Self.slack
        guard segments[first].contentPrefix <= target else { return nil }
        var low = first
        var high = segments[first].nextHardBreak
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].contentPrefix <= target { low = middle } else { high = middle - 1 }
        }
        // Arithmetic chose the line; where an edge is unsafe, the exact width decides,
        // probing back in growing steps, then bisecting (`first - 1` stands for none).
        if fits(start, segments[low].contentEnd) { return low }
        var fitting = first - 1
        var failing = low
        var step = 1
        while failing - step >= first {
            if fits(start, segments[failing - step].contentEnd) {
                fitting = failing - step
                break
            }
            failing -= step
            step *= 2
        }
        while failing - fitting > 1 {
            let middle = fitting + (failing - fitting) / 2
            if fits(start, segments[middle].contentEnd) { fitting = middle } else { failing = middle }
        }
        return fitting >= first ? fitting : nil
    }

    /// The furthest grapheme boundary `c` in `scan...limit` with width(start, c) within
    /// `budget` (`scan` when none fits); with `atLeastOne`, never `scan` itself (unless
    /// scan == limit).
    ///
    /// The candidates are the boundaries whose width in context is within the budget (and
    /// with `atLeastOne` the first boundary after `scan`); the exact width of a line grows
    /// with its end, so the furthest that fits is found by probing back from the last
    /// candidate in growing steps, then bisecting. Where the edges are safe a probe is a
    /// subtraction, else it shapes the line, so a line costs a few shapings of itself
    /// however long the word it is cut from.
    private func longestFittingPrefix(
        from start: Int, scanningFrom scan: Int? = nil, limit: Int, budget: Double, atLeastOne: Bool
    ) -> Int {
        let first = scan ?? start
        guard first < limit else { return first }
        let forced = nextGraphemeStart(after: first, limit: limit)
        var last = atLeastOne ? forced : first
        while last < limit {
            let next = nextGraphemeStart(after: last, limit: limit)
            if prefix[next] - prefix[start] > budget + Self.slack { break }
            last = next
        }
        if last == first { return first }
        // `fitting` fits (`first` standing for none); `failing` does not.
        var fitting = first
        var failing = last
        var step = 1
        if measure(start, last) <= budget + Self.slack {
            fitting = last
        } else {
            while true {
                let probe = graphemeStart(atOrBefore: failing - step, floor: first)
                if probe <= first { break }
                if measure(start, probe) <= budget + Self.slack {
                    fitting = probe
                    break
                }
                failing = probe
                step *= 2
            }
            while true {
                var probe = graphemeStart(atOrBefore: fitting + (failing - fitting) / 2, floor: fitting)
                if probe <= fitting { probe = nextGraphemeStart(after: fitting, limit: failing) }
                if probe >= failing { break }
                if measure(start, probe) <= budget + Self.slack { fitting = probe } else { failing = probe }
            }
        }
        return fitting == first && atLeastOne ? forced : fitting
    }

    /// The nearest grapheme boundary `c` in `start...limit`, scanning back from `limit`,
    /// with width(c, limit) within `budget`: the candidates are the boundaries whose width
    /// in context is within the budget, searched as in ``longestFittingPrefix``.
    private func longestFittingSuffix(to limit: Int, from start: Int, budget: Double) -> Int {
        var last = limit
        while last > start {
            let previous = previousGraphemeStart(before: last, limit: start)
            if prefix[limit] - prefix[previous] > budget + Self.slack { break }
            last = previous
        }
        if last == limit { return limit }
        // `fitting` fits (`limit` standing for none); `failing` does not.
        var fitting = limit
        var failing = last
        var step = 1
        if measure(last, limit) <= budget + Self.slack {
            fitting = last
        } else {
            while true {
                let probe = graphemeStart(atOrAfter: failing + step, ceiling: limit)
                if probe >= limit { break }
                if measure(probe, limit) <= budget + Self.slack {
                    fitting = probe
                    break
                }
                failing = probe
                step *= 2
            }
            while true {
                var probe = graphemeStart(atOrAfter: failing + (fitting - failing + 1) / 2, ceiling: fitting)
                if probe >= fitting { probe = previousGraphemeStart(before: fitting, limit: failing) }
                if probe <= failing { break }
                if measure(probe, limit) <= budget + Self.slack { fitting = probe } else { failing = probe }
            }
        }
        return fitting
    }

    /// The grapheme boundary at or before `offset`, not below `floor` (itself a boundary).
    private func graphemeStart(atOrBefore offset: Int, floor: Int) -> Int {
        var position = offset
        while position > floor && flags[position] & PreparedText.Flag.graphemeStart == 0 { position -= 1 }
        return max(position, floor)
    }

    /// The grapheme boundary at or after `offset`, not above `ceiling` (itself a boundary).
    private func graphemeStart(atOrAfter offset: Int, ceiling: Int) -> Int {
        var position = offset
        while position < ceiling && flags[position] & PreparedText.Flag.graphemeStart == 0 { position += 1 }
        return min(position, ceiling)
    }

    /// The index of the segment containing UTF-16 offset `offset` (the last segment for
    /// the end of the text), searching at or after `hint` by bisection over segment ends.
    private func segmentIndex(containing offset: Int, from hint: Int) -> Int {
        var low = min(hint, segments.count - 1)
        var high = segments.count - 1
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].end <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The last allowed line in a clipping or truncating mode: the rest of the paragraph,
    /// clipped or with an ellipsis.
    private mutating func truncateLastLine(from start: Int, segment first: Int) {
        var last = first
        while last + 1 < segments.count && !segments[last].isHard { last += 1 }
        let paragraphEnd = segments[last].end
        var contentEnd = segments[last].contentEnd
        if contentEnd < start { contentEnd = start }
        let textEnd = count
        let full = measure(start, contentEnd)
        let ellipsis = text.ellipsis.width

        if mode == .byClipping {
            appendLine(start: start, startSegment: first, end: paragraphEnd, contentEnd: contentEnd,
                       clipped: full > width + Self.slack)
            return
        }
        let position: TextLayout.EllipsisPosition
        if full <= width + Self.slack {
            // The paragraph fits; what is dropped is the paragraphs after it.
            position = .tail
        } else {
            switch mode {
            case .byTruncatingHead: position = .head
            case .byTruncatingMiddle: position = .middle
            default: position = .tail
            }
        }
        let budget = max(0, width - ellipsis)
        switch position {
        case .tail:
            var cut = full + ellipsis <= width + Self.slack
                ? contentEnd
                : longestFittingPrefix(from: start, limit: contentEnd, budget: budget, atLeastOne: false)
            while cut > start && flags[cut - 1] & PreparedText.Flag.hangs != 0 { cut -= 1 }
            appendLine(start: start, startSegment: first, end: cut, contentEnd: cut,
                       elided: cut..<textEnd, ellipsis: .tail)
        case .head:
            var cut = longestFittingSuffix(to: contentEnd, from: start, budget: budget)
            while cut < contentEnd && flags[cut] & PreparedText.Flag.hangs != 0 { cut += 1 }
            let cutSegment = segmentIndex(containing: cut, from: first)
            appendLine(start: cut, startSegment: cutSegment, end: paragraphEnd, contentEnd: contentEnd,
                       elided: start..<cut, ellipsis: .head)
        case .middle:
            let (left, right, used) = middleCut(from: start, to: contentEnd, budget: budget)
            appendLine(start: start, startSegment: first, end: paragraphEnd, contentEnd: contentEnd,
                       elided: left..<right, ellipsis: .middle, visibleWidth: used)
        }
    }

    /// What a middle-truncated line keeps: clusters taken alternately from the left and
    /// the right of `start..<end`, the left first, while they fit in `budget`; once one
    /// side's next cluster does not fit, the other side goes on alone. Returns the elided
    /// range's ends and the kept width.
    ///
    /// Widths grow with what is kept, so the alternation's length, then the other side's
    /// extra clusters, are each found by bisection: a few measures of the line rather than
    /// two per cluster kept.
    private func middleCut(from start: Int, to end: Int, budget: Double) -> (left: Int, right: Int, used: Double) {
        // The ends after taking k clusters from each side, as far as their widths in context
        // are within the budget.
        var lefts = [start]
        while let last = lefts.last, last < end {
            let next = nextGraphemeStart(after: last, limit: end)
            if prefix[next] - prefix[start] > budget + Self.slack { break }
            lefts.append(next)
        }
        var rights = [end]
        while let last = rights.last, last > start {
            let previous = previousGraphemeStart(before: last, limit: start)
            if prefix[end] - prefix[previous] > budget + Self.slack { break }
            rights.append(previous)
        }
        func used(_ left: Int, _ right: Int) -> Double { measure(start, lefts[left]) + measure(rights[right], end) }
        func fits(_ left: Int, _ right: Int) -> Bool {
            left < lefts.count && right < rights.count && lefts[left] <= rights[right]
                && used(left, right) <= budget + Self.slack
        }
        // The longest alternation that fits: after `steps` steps the left has (steps + 1) / 2
        // clusters and the right steps / 2.
        var low = 0
        var high = lefts.count + rights.count
        while low < high {
            let steps = (low + high + 1) / 2
            if fits((steps + 1) / 2, steps / 2) { low = steps } else { high = steps - 1 }
        }
        var left = (low + 1) / 2
        var right = low / 2
        // The side whose turn failed is done; the other goes on alone while the two have
        // not met.
        if lefts[left] < rights[right] {
            if low % 2 == 0 {
                var extra = rights.count - 1 - right
                var least = 0
                while least < extra {
                    let middle = (least + extra + 1) / 2
                    if fits(left, right + middle) { least = middle } else { extra = middle - 1 }
                }
                right += least
            } else {
                var extra = lefts.count - 1 - left
                var least = 0
                while least < extra {
                    let middle = (least + extra + 1) / 2
                    if fits(left + middle, right) { least = middle } else { extra = middle - 1 }
                }
                left += least
            }
        }
        return (lefts[left], rights[right], left == 0 && right == 0 ? 0 : used(left, right))
    }

    private func nextGraphemeStart(after position: Int, limit: Int) -> Int {
        guard position < limit else { return position }
        var next = position + 1
        while next < limit && flags[next] & PreparedText.Flag.graphemeStart == 0 { next += 1 }
        return next
    }

    private func previousGraphemeStart(before position: Int, limit: Int) -> Int {
        guard position > limit else { return position }
        var previous = position - 1
        while previous > limit && flags[previous] & PreparedText.Flag.graphemeStart == 0 { previous -= 1 }
        return previous
    }

    /// Appends a line; its width, height and faces come from the prepared text.
    private mutating func appendLine(
        start: Int, startSegment: Int, end: Int, contentEnd: Int, endSegment knownEndSegment: Int? = nil,
        clipped: Bool = false,
        elided: Range<Int>? = nil, ellipsis: TextLayout.EllipsisPosition? = nil, visibleWidth: Double? = nil
    ) {
        var lineHeight = 0.0
        var ascender = 0.0
        var faceMask: UInt64 = 0
        var index = startSegment
        let visibleEnd = max(contentEnd, start)
        let lineEnd = max(end, start + 1)
        while index < segments.count && segments[index].start < lineEnd {
            let segment = segments[index]
            if segment.lineHeight > lineHeight { (lineHeight, ascender) = (segment.lineHeight, segment.ascender) }
            faceMask |= segment.faceMask
            index = max(index + 1, segment.metricsRunEnd)
        }
        var width: Double
        if let elided, ellipsis != nil {
            let drawn = text.ellipsis
            width = (visibleWidth ?? (measure(start, min(elided.lowerBound, visibleEnd))
                + measure(max(elided.upperBound, start), visibleEnd))) + drawn.width
            faceMask |= drawn.faceMask
            if drawn.lineHeight > lineHeight { (lineHeight, ascender) = (drawn.lineHeight, drawn.ascender) }
        } else {
            width = measure(start, visibleEnd)
        }
        if clipped { width = min(width, self.width) }
        // Negative letter spacing can pull a narrow cluster's advance below 0, but what a
        // line shows is never narrower than nothing.
        width = max(0, width)
        if lineHeight == 0 { (lineHeight, ascender) = text.emptyLineMetrics }
        let endSegment = knownEndSegment ?? segmentIndex(containing: max(start, end - 1), from: startSegment)
        let startIndex = text.stringIndex(start, inSegment: startSegment)
        let endIndex = text.stringIndex(end, inSegment: endSegment)
        var elidedRange: Range<String.Index>?
        if let elided {
            let lower = elided.lowerBound >= count
                ? text.text.endIndex : text.stringIndex(elided.lowerBound, inSegment: segmentIndex(containing: elided.lowerBound, from: 0))
            let upper = elided.upperBound >= count
                ? text.text.endIndex : text.stringIndex(elided.upperBound, inSegment: segmentIndex(containing: elided.upperBound, from: 0))
            elidedRange = lower..<max(lower, upper)
        }
        lines.append(TextLayout.Line(
            range: startIndex..<max(startIndex, endIndex), utf16Range: start..<max(start, end),
            width: CGFloat(width), minY: CGFloat(nextLineTop), height: CGFloat(lineHeight),
            baseline: CGFloat(nextLineTop + ascender),
            elidedRange: elidedRange, elidedUTF16Range: elided, ellipsis: ellipsis, isClipped: clipped,
            faceMask: faceMask))
        nextLineTop += lineHeight + lineSpacing
        widest = max(widest, width)
    }
}
