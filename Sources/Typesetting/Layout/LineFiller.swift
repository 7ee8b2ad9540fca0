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
        try filled(width: width, maxLines: maxLines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing,
                   scale: scale, keepingLines: true) { filler in
            TextLayout(size: filler.size(scale: scale), lines: filler.lines, isTruncated: filler.isTruncated,
                       width: width, scale: scale, preparedText: self)
        }
    }

    /// The size ``layout(width:maxLines:lineBreakMode:lineSpacing:scale:)`` gives, without
    /// keeping the lines: for a caller that needs only the size (an intrinsic content size,
    /// the command line tool's `W x H`), whose memory then does not grow with the number of
    /// lines. Throws what `layout` throws.
    public func size(
        width: CGFloat, maxLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineSpacing: CGFloat = 0, scale: CGFloat = 1
    ) throws -> CGSize {
        try filled(width: width, maxLines: maxLines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing,
                   scale: scale, keepingLines: false) { $0.size(scale: scale) }
    }

    /// The arguments checked, the lines filled, and `result` of the filler (which is not
    /// returned itself: copying it out cost as much as filling a line).
    @inline(__always)
    private func filled<Result>(
        width: CGFloat, maxLines: Int, lineBreakMode: LineBreakMode, lineSpacing: CGFloat, scale: CGFloat,
        keepingLines: Bool, _ result: (borrowing LineFiller) -> Result
    ) throws -> Result {
        guard !width.isNaN, width >= 0 else { throw TypesettingError.invalidWidth(width) }
        guard maxLines >= 0 else { throw TypesettingError.invalidMaxLines(maxLines) }
        guard lineSpacing.isFinite, lineSpacing >= 0 else { throw TypesettingError.invalidLineSpacing(lineSpacing) }
        guard scale.isFinite, scale > 0 else { throw TypesettingError.invalidScale(scale) }
        if rejectedByteCount > 0 {
            throw TypesettingError.textTooLong(byteCount: rejectedByteCount, limit: PreparedText.maximumTextLength)
        }
        var filler = LineFiller(text: self, width: Double(width), maxLines: maxLines, mode: lineBreakMode,
                                lineSpacing: Double(lineSpacing), keepsLines: keepingLines)
        filler.fill()
        return result(filler)
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
    /// The searches, over what the layout call reads. Kept apart from the filling's state
    /// because a method of a struct called from one of its mutating methods works on a
    /// copy of it, which for the whole filler was a copy per line.
    let finder: LineFinder
    let maxLines: Int
    let lineSpacing: Double
    /// Whether the lines are kept, or only counted and measured (for ``PreparedText/size(width:maxLines:lineBreakMode:lineSpacing:scale:)``).
    let keepsLines: Bool
    var lines: [TextLayout.Line] = []
    var lineCount = 0
    /// Where the last line kept ended, for finding the next line's string indices.
    var indexBase = PreparedText.TextPosition(utf16: 0, utf8: 0)
    /// The string index of `indexBase`.
    var baseIndex: String.Index
    /// The run where the last line's faces were looked for, and the last face met with its
    /// line height, ascender and face-mask bit.
    var runCursor = 0
    var lastFace: (typeface: UnsafeMutableRawPointer?, lineHeight: Double, ascender: Double, bit: UInt64) = (nil, 0, 0, 0)
    var isTruncated = false
    /// Where the next line's box starts, and the widest line so far.
    var nextLineTop = 0.0
    var widest = 0.0

    var text: PreparedText { finder.text }
    var segments: LineSegments { finder.segments }
    var prefix: UnsafeBufferPointer<Double> { finder.prefix }
    var flags: UnsafeBufferPointer<UInt8> { finder.flags }
    var count: Int { finder.count }
    var width: Double { finder.width }
    var mode: LineBreakMode { finder.mode }

    init(text: PreparedText, width: Double, maxLines: Int, mode: LineBreakMode, lineSpacing: Double, keepsLines: Bool) {
        self.lineSpacing = lineSpacing
        self.keepsLines = keepsLines
        finder = LineFinder(text: text, segments: text.segments, prefix: text.prefix, flags: text.flags,
                            count: text.utf16.count, width: width, mode: mode)
        self.maxLines = maxLines
        baseIndex = text.text.startIndex
    }

    mutating func fill() {
        guard !segments.isEmpty else { return }
        // Enough for the usual case in one allocation: the text's width over the line's,
        // plus slack for ragged ends.
        let estimate = width > 0 && width.isFinite ? Int(min(prefix[count] / width, 1e6)) * 5 / 4 + 2 : 2
        if keepsLines { lines.reserveCapacity(maxLines > 0 ? min(maxLines, estimate) : estimate) }
        var segment = 0
        var start = 0
        while segment < segments.count {
            if maxLines > 0 && lineCount == maxLines {
                isTruncated = true
                return
            }
            let isLastAllowed = maxLines > 0 && lineCount == maxLines - 1
            let line = mode == .byCharWrapping
                ? finder.nextLineByCharacters(from: start, segment: segment)
                : finder.nextLineByWords(from: start, segment: segment)
            let reachesEnd = line.end >= count
            if isLastAllowed && !reachesEnd && mode != .byWordWrapping && mode != .byCharWrapping {
                truncateLastLine(from: start, segment: segment)
                isTruncated = true
                return
            }
            // The line ends in the segment before the next line's, unless it broke inside it.
            let endSegment = line.nextSegment > 0 && line.end <= segments.end(line.nextSegment - 1)
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


    /// The last allowed line in a clipping or truncating mode: the rest of the paragraph,
    /// clipped or with an ellipsis.
    private mutating func truncateLastLine(from start: Int, segment first: Int) {
        var last = first
        while last + 1 < segments.count && !segments.isHard(last) { last += 1 }
        let paragraphEnd = segments.end(last)
        var contentEnd = segments.contentEnd(last)
        if contentEnd < start { contentEnd = start }
        let textEnd = count
        let full = finder.measure(start, contentEnd)
        let ellipsis = text.ellipsis.width

        if mode == .byClipping {
            appendLine(start: start, startSegment: first, end: paragraphEnd, contentEnd: contentEnd,
                       clipped: full > width + LineFinder.slack)
            return
        }
        let position: TextLayout.EllipsisPosition
        if full <= width + LineFinder.slack {
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
            var cut = full + ellipsis <= width + LineFinder.slack
                ? contentEnd
                : finder.longestFittingPrefix(from: start, limit: contentEnd, budget: budget, atLeastOne: false)
            while cut > start && flags[cut - 1] & PreparedText.Flag.hangs != 0 { cut -= 1 }
            appendLine(start: start, startSegment: first, end: cut, contentEnd: cut,
                       elided: cut..<textEnd, ellipsis: .tail)
        case .head:
            var cut = finder.longestFittingSuffix(to: contentEnd, from: start, budget: budget)
            while cut < contentEnd && flags[cut] & PreparedText.Flag.hangs != 0 { cut += 1 }
            let cutSegment = segments.index(containing: cut, from: first)
            appendLine(start: cut, startSegment: cutSegment, end: paragraphEnd, contentEnd: contentEnd,
                       elided: start..<cut, ellipsis: .head)
        case .middle:
            let (left, right, used) = finder.middleCut(from: start, to: contentEnd, budget: budget)
            appendLine(start: start, startSegment: first, end: paragraphEnd, contentEnd: contentEnd,
                       elided: left..<right, ellipsis: .middle, visibleWidth: used)
        }
    }

    /// The tallest line height among the faces of the runs that overlap `range`, that face's
    /// ascender (the first such run's, on a tie), and the faces used (bit i for face i;
    /// faces past 63 share bit 63). Lines move forward through the runs, so the run where
    /// the last line's search ended is where this one starts, and the last face's metrics
    /// are kept.
    private mutating func lineMetrics(covering range: Range<Int>) -> (lineHeight: Double, ascender: Double, faceMask: UInt64) {
        var lineHeight = 0.0
        var ascender = 0.0
        var faceMask: UInt64 = 0
        let runs = text.runs
        guard !range.isEmpty, !runs.isEmpty else { return (lineHeight, ascender, faceMask) }
        if runs.count == 1, lastFace.typeface != nil { return (lastFace.lineHeight, lastFace.ascender, lastFace.bit) }
        while runCursor > 0 && runs[runCursor].start > range.lowerBound { runCursor -= 1 }
        while runCursor + 1 < runs.count && runs[runCursor].end <= range.lowerBound { runCursor += 1 }
        var index = runCursor
        while index < runs.count && runs[index].start < range.upperBound {
            let face = runs[index].face
            index += 1
            if face.object.toOpaque() != lastFace.typeface {
                let metrics = PreparedText.lineMetrics(face, size: Double(text.pointSize))
                lastFace = (face.object.toOpaque(), metrics.lineHeight, metrics.ascender,
                            1 << UInt64(min(text.faces.index(of: face) ?? 0, 63)))
            }
            let last = lastFace
            faceMask |= last.bit
            if last.lineHeight > lineHeight { (lineHeight, ascender) = (last.lineHeight, last.ascender) }
        }
        return (lineHeight, ascender, faceMask)
    }

    /// Appends a line; its width, height and faces come from the prepared text.
    private mutating func appendLine(
        start: Int, startSegment: Int, end: Int, contentEnd: Int, endSegment knownEndSegment: Int? = nil,
        clipped: Bool = false,
        elided: Range<Int>? = nil, ellipsis: TextLayout.EllipsisPosition? = nil, visibleWidth: Double? = nil
    ) {
        let visibleEnd = max(contentEnd, start)
        let endSegment = knownEndSegment ?? segments.index(containing: max(start, end - 1), from: startSegment)
        // A line is as tall as the faces of the whole segments it touches.
        var (lineHeight, ascender, faceMask) = lineMetrics(
            covering: segments.start(startSegment)..<segments.end(max(startSegment, endSegment)))
        var width: Double
        if let elided, ellipsis != nil {
            let drawn = text.ellipsis
            width = (visibleWidth ?? (finder.measure(start, min(elided.lowerBound, visibleEnd))
                + finder.measure(max(elided.upperBound, start), visibleEnd))) + drawn.width
            faceMask |= drawn.faceMask
            if drawn.lineHeight > lineHeight { (lineHeight, ascender) = (drawn.lineHeight, drawn.ascender) }
        } else {
            width = finder.measure(start, visibleEnd)
        }
        if clipped { width = min(width, self.width) }
        if lineHeight == 0 { (lineHeight, ascender) = text.emptyLineMetrics }
        lineCount += 1
        if keepsLines {
            // Every offset of a line is at or after where the previous line ended.
            let lineBase = indexBase
            var position = lineBase
            var elidedRange: Range<String.Index>?
            if let elided {
                let lower = text.stringIndex(elided.lowerBound, from: &position)
                let upper = text.stringIndex(elided.upperBound, from: &position)
                elidedRange = lower..<max(lower, upper)
            }
            position = lineBase
            // A line usually starts where the last one ended.
            let startIndex = start == lineBase.utf16 ? baseIndex : text.stringIndex(start, from: &position)
            let endIndex = text.stringIndex(end, from: &position)
            if position.utf16 == end {
                indexBase = position
                baseIndex = endIndex
            }
            lines.append(TextLayout.Line(
                range: startIndex..<max(startIndex, endIndex), utf16Range: start..<max(start, end),
                width: CGFloat(width), minY: CGFloat(nextLineTop), height: CGFloat(lineHeight),
                baseline: CGFloat(nextLineTop + ascender),
                elidedRange: elidedRange, elidedUTF16Range: elided, ellipsis: ellipsis, isClipped: clipped,
                faceMask: faceMask))
        }
        nextLineTop += lineHeight + lineSpacing
        widest = max(widest, width)
    }

    /// The lines' bounding size ceiled to the pixel grid of `scale`.
    func size(scale: CGFloat) -> CGSize {
        let height = lineCount == 0 ? 0 : nextLineTop - lineSpacing
        return CGSize(width: PixelGrid.ceil(widest, scale: Double(scale)), height: PixelGrid.ceil(height, scale: Double(scale)))
    }
}

/// The searches of one layout call: where lines end, as arithmetic over the prepared
/// text's running widths, reshaping only at unsafe line edges.
struct LineFinder {
    let text: PreparedText
    // The prepared buffers, held here so the loops index them without going through the
    // class on every access (`text` keeps them alive).
    let segments: LineSegments
    let prefix: UnsafeBufferPointer<Double>
    let flags: UnsafeBufferPointer<UInt8>
    let count: Int
    let width: Double
    let mode: LineBreakMode

    /// Tolerance for float noise: a line exactly as wide as the layout fits.
    static let slack = 1e-7

    /// A line's extent: `start..<end`, whose visible part ends at `contentEnd`; the next
    /// line starts in segment `nextSegment`.
    struct Extent {
        var end: Int
        var contentEnd: Int
        var nextSegment: Int
    }

    func fits(_ start: Int, _ end: Int) -> Bool {
        measure(start, end) <= width + Self.slack
    }

    /// The prepared text's `width(from:to:)`, with its arithmetic case inlined.
    @inline(__always)
    func measure(_ start: Int, _ end: Int) -> Double {
        if end > start && (flags[start] | flags[end]) & PreparedText.Flag.unsafeToBreak == 0 {
            return prefix[end] - prefix[start]
        }
        return text.width(from: start, to: end)
    }

    /// The longest run of whole segments from `start` that fits (at least one), or, when
    /// the first segment alone is too wide, as many of its grapheme clusters as fit.
    @inline(__always)
    func nextLineByWords(from start: Int, segment first: Int) -> Extent {
        guard let last = lastFittingSegment(from: start, segment: first) else {
            return breakInsideSegment(from: start, segment: first)
        }
        return Extent(end: segments.end(last), contentEnd: segments.contentEnd(last), nextSegment: last + 1)
    }

    /// Breaks an overlong segment between grapheme clusters: as many clusters as fit,
    /// at least one so that every line makes progress.
    func breakInsideSegment(from start: Int, segment: Int) -> Extent {
        let end = segments.end(segment)
        let contentEnd = segments.contentEnd(segment)
        // A rest of the word more than twice as wide as the line in context cannot fit on
        // its own (shaping a line alone changes only its edges), and measuring it exactly
        // would shape the whole rest of the word again for every line cut from it.
        if prefix[contentEnd] - prefix[start] <= 2 * width + Self.slack, fits(start, contentEnd) {
            return Extent(end: end, contentEnd: contentEnd, nextSegment: segment + 1)
        }
        let cut = longestFittingPrefix(from: start, limit: contentEnd, budget: width, atLeastOne: true)
        if cut >= contentEnd {
            return Extent(end: end, contentEnd: contentEnd, nextSegment: segment + 1)
        }
        return Extent(end: cut, contentEnd: cut, nextSegment: segment)
    }

    /// Fills by grapheme clusters: each cluster is a break opportunity; whitespace still
    /// hangs and hard breaks still end lines.
    @inline(__always)
    func nextLineByCharacters(from start: Int, segment first: Int) -> Extent {
        // The whole segments that fit are found as for word wrapping, so that a line of many
        // words is not measured word by word.
        let fitting = lastFittingSegment(from: start, segment: first)
        var segment = first
        var contentEnd = start
        var position = start
        if let fitting {
            contentEnd = max(start, segments.contentEnd(fitting))
            position = segments.end(fitting)
            segment = fitting + 1
            if segments.isHard(fitting) || segment == segments.count {
                return Extent(end: position, contentEnd: contentEnd, nextSegment: segment)
            }
        }
        let currentEnd = segments.end(segment)
        let currentContentEnd = segments.contentEnd(segment)
        // Visible clusters of this segment that fit.
        if position < currentContentEnd {
            // A cluster is forced onto a line only when it holds nothing else, not even
            // leading whitespace (which then makes a line of its own).
            let cut = longestFittingPrefix(from: start, scanningFrom: position, limit: currentContentEnd,
                                           budget: width, atLeastOne: position == start)
            if cut < currentContentEnd {
                // With none of its clusters, the line ends before the segment, and the
                // previous segment's trailing whitespace hangs.
                return cut > position
                    ? Extent(end: cut, contentEnd: cut, nextSegment: segment)
                    : Extent(end: position, contentEnd: contentEnd, nextSegment: segment)
            }
            contentEnd = currentContentEnd
        }
        return Extent(end: currentEnd, contentEnd: contentEnd, nextSegment: segment + 1)
    }

    /// The last segment from `first` up to the next hard break whose visible end fits on a
    /// line from `start`, or nil when even the first does not.
    @inline(__always)
    func lastFittingSegment(from start: Int, segment first: Int) -> Int? {
        // The running width only grows. A segment whose end (its trailing whitespace
        // included) is within the target fits; so the last that fits is the last such
        // segment or the one after it (whose whitespace alone may overflow), found by
        // galloping over the segments' ends, then bisecting. The line still ends at a hard
        // break before it, looked for in the stored ends as the gallop goes.
        let target = prefix[start] + width + Self.slack
        guard prefix[segments.contentEnd(first)] <= target else { return nil }
        var low = first
        var high = segments.isHard(first) ? first : segments.count - 1
        var stride = 1
        while low < high {
            let probe = min(low + stride, high)
            if let hard = segments.firstHard(in: low + 1..<probe) {
                high = hard
                break
            }
            guard prefix[segments.end(probe)] <= target else {
                high = probe
                break
            }
            low = probe
            if segments.isHard(probe) { high = probe }
            stride *= 2
        }
        // `low` fits; `high` is the last candidate.
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if prefix[segments.end(middle)] <= target { low = middle } else { high = middle }
        }
        if high > low && prefix[segments.contentEnd(high)] <= target { low = high }
        // Arithmetic chose the line; where an edge is unsafe, the exact width decides,
        // probing back in growing steps, then bisecting (`first - 1` stands for none).
        if fits(start, segments.contentEnd(low)) { return low }
        var fitting = first - 1
        var failing = low
        var step = 1
        while failing - step >= first {
            if fits(start, segments.contentEnd(failing - step)) {
                fitting = failing - step
                break
            }
            failing -= step
            step *= 2
        }
        while failing - fitting > 1 {
            let middle = fitting + (failing - fitting) / 2
            if fits(start, segments.contentEnd(middle)) { fitting = middle } else { failing = middle }
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
    func longestFittingPrefix(
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
    func longestFittingSuffix(to limit: Int, from start: Int, budget: Double) -> Int {
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
    func graphemeStart(atOrBefore offset: Int, floor: Int) -> Int {
        var position = offset
        while position > floor && flags[position] & PreparedText.Flag.graphemeStart == 0 { position -= 1 }
        return max(position, floor)
    }

    /// The grapheme boundary at or after `offset`, not above `ceiling` (itself a boundary).
    func graphemeStart(atOrAfter offset: Int, ceiling: Int) -> Int {
        var position = offset
        while position < ceiling && flags[position] & PreparedText.Flag.graphemeStart == 0 { position += 1 }
        return min(position, ceiling)
    }

    /// What a middle-truncated line keeps: clusters taken alternately from the left and
    /// the right of `start..<end`, the left first, while they fit in `budget`; once one
    /// side's next cluster does not fit, the other side goes on alone. Returns the elided
    /// range's ends and the kept width.
    ///
    /// Widths grow with what is kept, so the alternation's length, then the other side's
    /// extra clusters, are each found by bisection: a few measures of the line rather than
    /// two per cluster kept.
    func middleCut(from start: Int, to end: Int, budget: Double) -> (left: Int, right: Int, used: Double) {
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

    func nextGraphemeStart(after position: Int, limit: Int) -> Int {
        guard position < limit else { return position }
        var next = position + 1
        while next < limit && flags[next] & PreparedText.Flag.graphemeStart == 0 { next += 1 }
        return next
    }

    func previousGraphemeStart(before position: Int, limit: Int) -> Int {
        guard position > limit else { return position }
        var previous = position - 1
        while previous > limit && flags[previous] & PreparedText.Flag.graphemeStart == 0 { previous -= 1 }
        return previous
    }
}
