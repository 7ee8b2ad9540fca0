import Foundation

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
        return Extent(end: segments.end(last.segment), contentEnd: last.contentEnd, nextSegment: last.segment + 1)
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
            contentEnd = max(start, fitting.contentEnd)
            position = segments.end(fitting.segment)
            segment = fitting.segment + 1
            if segments.isHard(fitting.segment) || segment == segments.count {
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
    func lastFittingSegment(from start: Int, segment first: Int) -> (segment: Int, contentEnd: Int)? {
        // The running width only grows. A segment whose end (its trailing whitespace
        // included) is within the target fits; so the last that fits is the last such
        // segment or the one after it (whose whitespace alone may overflow), found by
        // galloping over the segments' ends, then bisecting. The line still ends at a hard
        // break before it, looked for in the stored ends as the gallop goes.
        let target = prefix[start] + width + Self.slack
        let firstContentEnd = segments.contentEnd(first)
        guard prefix[firstContentEnd] <= target else { return nil }
        var low = first
        var high = segments.isHard(first) ? first : segments.count - 1
        // Without hard breaks the whole rest of the text is bisected at once; with them the
        // search gallops from the line's start, so that a line never looks past the next one.
        var stride = segments.hasHardBreaks ? 1 : high - low
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
        let lowContentEnd = low == first ? firstContentEnd : segments.contentEnd(low)
        if fits(start, lowContentEnd) { return (low, lowContentEnd) }
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
        return fitting >= first ? (fitting, segments.contentEnd(fitting)) : nil
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
        let fitting = furthestFitting(from: atLeastOne ? forced : first, first: first, anchor: start, limit: limit,
                                      budget: budget, forward: true)
        return fitting == first && atLeastOne ? forced : fitting
    }

    /// The nearest grapheme boundary `c` in `start...limit`, scanning back from `limit`,
    /// with width(c, limit) within `budget`: the candidates are the boundaries whose width
    /// in context is within the budget, searched as in ``longestFittingPrefix``.
    func longestFittingSuffix(to limit: Int, from start: Int, budget: Double) -> Int {
        furthestFitting(from: limit, first: limit, anchor: limit, limit: start, budget: budget, forward: false)
    }

    /// The search both ``longestFittingPrefix`` and ``longestFittingSuffix`` make: a line held
    /// at `anchor` with its other edge moving from `first` towards `limit` (forwards, the
    /// line's end moves; backwards, its start), candidates taken from `scan` on. Returns the
    /// furthest edge whose line fits, or `first`.
    @inline(__always)
    private func furthestFitting(
        from scan: Int, first: Int, anchor: Int, limit: Int, budget: Double, forward: Bool
    ) -> Int {
        let direction = forward ? 1 : -1
        func width(_ edge: Int) -> Double { forward ? measure(anchor, edge) : measure(edge, anchor) }
        func widthInContext(_ edge: Int) -> Double { forward ? prefix[edge] - prefix[anchor] : prefix[anchor] - prefix[edge] }
        func step(_ edge: Int, bound: Int) -> Int {
            forward ? nextGraphemeStart(after: edge, limit: bound) : previousGraphemeStart(before: edge, limit: bound)
        }
        /// The boundary at `offset` or the nearest one back towards `bound`.
        func boundary(_ offset: Int, back bound: Int) -> Int {
            forward ? graphemeStart(atOrBefore: offset, floor: bound) : graphemeStart(atOrAfter: offset, ceiling: bound)
        }
        func isBeyond(_ edge: Int, _ other: Int) -> Bool { (edge - other) * direction > 0 }

        var last = scan
        while isBeyond(limit, last) {
            let next = step(last, bound: limit)
            if widthInContext(next) > budget + Self.slack { break }
            last = next
        }
        if last == first { return first }
        // `fitting` fits (`first` standing for none); `failing` does not.
        var fitting = first
        var failing = last
        var distance = 1
        if width(last) <= budget + Self.slack { return last }
        while true {
            let probe = boundary(failing - direction * distance, back: first)
            if !isBeyond(probe, first) { break }
            if width(probe) <= budget + Self.slack {
                fitting = probe
                break
            }
            failing = probe
            distance *= 2
        }
        while true {
            var probe = boundary(fitting + direction * (abs(failing - fitting) / 2), back: fitting)
            if !isBeyond(probe, fitting) { probe = step(fitting, bound: failing) }
            if !isBeyond(failing, probe) { break }
            if width(probe) <= budget + Self.slack { fitting = probe } else { failing = probe }
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
