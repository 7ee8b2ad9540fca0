import Foundation

// Shaping an attributed text's spans into its per-position advances, each span at its own
// size, features and kern, with attachments' widths written in place of their characters.

extension PreparedText {
    /// Shapes each span's runs as plain text is shaped (through the segment cache, a span's
    /// last piece as its whole segment where that is safe, the new pieces of all spans of
    /// one typeface and features in one HarfBuzz call), then adds
    /// each span's kern after its grapheme clusters and gives each attachment's U+FFFC its
    /// box's width. Spans are shaped apart, so their edges are always safe to break.
    static func shapeSpans(_ written: WrittenText, spans: StyleSpans, cache: SegmentWidthCache, scratch: ThreadScratch) {
        let runs = written.runs
        var firstRun = 0
        for span in spans.spans where span.end > span.start {
            while firstRun < runs.count && runs.end(firstRun) <= span.start { firstRun += 1 }
            var lastRun = firstRun
            while lastRun < runs.count && runs.start(lastRun) < span.end { lastRun += 1 }
            let spanRuns = TextRuns(packed: UnsafeBufferPointer(rebasing: runs.packed[firstRun..<lastRun]),
                                    faces: runs.faces, scripts: runs.scripts, length: span.end)
            lookUp(written.utf16, runs: spanRuns, segments: written.segments, features: span.features, size: span.size,
                   prefix: written.prefix, flags: written.flags, cache: cache, lookup: scratch.lookup,
                   shaping: scratch.shaping, extendingLastPieces: true)
            firstRun = lastRun
        }
        shapeWaitingRuns(written.utf16, prefix: written.prefix, flags: written.flags, cache: cache,
                         lookup: scratch.lookup, shaping: scratch.shaping)
        for span in spans.spans where span.end > span.start {
            for position in span.start..<span.end {
                if let attachment = span.attachment, written.utf16[position] == 0xFFFC {
                    written.prefix[position + 1] = Double(attachment.bounds.size.width)
                }
                if span.kern != 0 && written.flags[position] & Flag.graphemeStart != 0 {
                    written.prefix[position + 1] += span.kern
                }
            }
        }
    }

    /// The width of `utf16[start..<end]` as a line of its own in an attributed text: the
    /// pieces of runs inside an attachment span are read from the running widths (a box
    /// is never reshaped), the others shaped again at their span's size and features.
    func reshapedWidth(from start: Int, to end: Int, spans: StyleSpans) -> Double {
        let scratch = ThreadScratch.current.shaping
        var total = 0.0
        for run in runs where run.end > start && run.start < end {
            let piece = max(run.start, start)..<min(run.end, end)
            let span = spans.spans[spans.spanIndex(containing: run.start)]
            if span.attachment != nil {
                total += prefix[piece.upperBound] - prefix[piece.lowerBound]
                continue
            }
            Shaper.shape(utf16, range: piece, font: run.face.hbFont, rightToLeft: run.isRightToLeft,
                         script: run.script, features: span.features, scratch: scratch) { glyph in
                total += Double(glyph.advance) * span.size / Double(run.face.unitsPerEm)
            }
            if span.kern != 0 {
                for offset in piece where flags[offset] & Flag.graphemeStart != 0 { total += span.kern }
            }
        }
        return total
    }
}
