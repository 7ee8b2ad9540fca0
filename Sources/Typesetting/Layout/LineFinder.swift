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
