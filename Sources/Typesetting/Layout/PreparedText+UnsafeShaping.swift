import CHarfBuzz

// Shaping a prepared text's runs into its per-position advances: pieces looked up in the
// segment cache through raw views of the text, and runs HarfBuzz shapes into scratch memory.

extension PreparedText {
    /// The most pieces of a run looked up in the segment cache at once: a run of a long text
    /// has a piece per word, and keeping all their ranges would cost more than the text.
    static let lookupBlock = ThreadScratch.keptSegments

    /// Fills per-position advances (points, at `prefix[position + 1]`) and unsafe flags
    /// for every run: from the segment cache when every piece of a run (the run cut at
    /// line break opportunities) is cached, else by shaping the run once and caching the
    /// pieces the cache admitted (seen before) whose edges HarfBuzz marks safe to break.
    /// A run of more than ``lookupBlock`` pieces is looked up a block at a time, and shaped
    /// whole at its first block with a miss (caching only that block's admitted pieces).
    static func shape(
        _ text: UnsafeBufferPointer<UInt16>, runs: TextRuns, segments: LineSegments,
        features: FeatureSet, size: Double, prefix: UnsafeMutableBufferPointer<Double>,
        flags: UnsafeMutableBufferPointer<UInt8>, cache: SegmentWidthCache, lookup: CacheLookupScratch, shaping: ShapingScratch
    ) {
        var firstSegment = 0
        for run in runs {
            let scale = size / Double(run.face.unitsPerEm)
            let key = SegmentWidthCache.Key(
                typefaceID: run.face.id, features: features, rightToLeft: run.isRightToLeft,
                script: run.script.rawValue)
            while firstSegment < segments.count && segments.end(firstSegment) <= run.start { firstSegment += 1 }
            // The run's pieces (its segments clipped to it) a block at a time, each worked out
            // once (each lookup and insertion reads them again).
            var blockStart = firstSegment
            var pieces = UnsafeBufferPointer<Range<Int>>(start: nil, count: 0)
            var pieceCount = 0
            var isWholeRun = true
            repeat {
                let room = lookup.pieceRanges(atLeast: min(lookupBlock, segments.count - blockStart))
                pieceCount = 0
                while pieceCount < lookupBlock && blockStart + pieceCount < segments.count
                    && segments.start(blockStart + pieceCount) < run.end {
                    let segment = blockStart + pieceCount
                    room[pieceCount] = max(run.start, segments.start(segment))..<min(run.end, segments.end(segment))
                    pieceCount += 1
                }
                pieces = UnsafeBufferPointer(rebasing: room[..<pieceCount])
                lookup.clearMissedPieces()
                cache.lookUp(text, key: key, pieces: pieces, found: { range, advances, unsafeOffsets in
                    var position = range.lowerBound + 1
                    for bits in advances {
                        prefix[position] = Double(Float(bitPattern: bits)) * scale
                        position += 1
                    }
                    for offset in unsafeOffsets where offset > 0 {
                        flags[range.lowerBound + Int(offset)] |= Flag.unsafeToBreak
                    }
                }, missed: { index, hash, admitted in
                    if admitted {
                        lookup.admittedPieces.append(.init(missed: lookup.missedPieces.count, hash: hash))
                    }
                    lookup.missedPieces.append(index)
                })
                if blockStart != firstSegment || pieces.last.map({ $0.upperBound < run.end }) == true {
                    isWholeRun = false
                }
                blockStart += pieceCount
            } while lookup.missedPieces.isEmpty && blockStart < segments.count && segments.start(blockStart) < run.end
            if lookup.missedPieces.isEmpty { continue }

            // A few new pieces among cached ones (a name in a known sentence): shape them
            // with a little context. Otherwise shape the run.
            if isWholeRun, lookup.missedPieces.count * 4 <= pieceCount, run.range.count <= shapingWindow,
               shapeMissedPieces(text, run: run, key: key, pieces: pieces, scale: scale,
                                 prefix: prefix, flags: flags, cache: cache, lookup: lookup, shaping: shaping) {
                continue
            }
            shapeRun(text, run: run, key: key, pieces: pieces, scale: scale, prefix: prefix, flags: flags,
                     cache: cache, lookup: lookup, shaping: shaping)
        }
    }

    /// The most code units shaped in one HarfBuzz call when a run is longer: HarfBuzz keeps
    /// about 60 bytes per glyph while shaping, which for a run of millions of characters
    /// was most of the memory a text needed.
    static let shapingWindow = 1 << 14

    /// Code units at the end of a window never cut at, so that every lookup that could
    /// reach past the window's end sees its whole context before a cut is trusted.
    static let shapingWindowContext = 64

    /// Shapes a whole run and caches its admitted pieces whose edges are safe. A run longer
    /// than ``shapingWindow`` is shaped a window at a time, each window cut at the last
    /// position in its second half that HarfBuzz marks safe to break (the two sides shaped
    /// apart are then what shaping them together gives), the next window starting there. A
    /// window with no such position (one long chain of kerning pairs or joining letters) is
    /// cut ``shapingWindowContext`` code units before its end, and the next window starts
    /// as far before the cut, so that the advances on either side of it are shaped with
    /// that much context (the cut stays unsafe, so no line edge relies on them). A window
    /// whose second half is inside one grapheme cluster is doubled until it is not.
    static func shapeRun(
        _ text: UnsafeBufferPointer<UInt16>, run: TextRun, key: SegmentWidthCache.Key,
        pieces: UnsafeBufferPointer<Range<Int>>, scale: Double, prefix: UnsafeMutableBufferPointer<Double>,
        flags: UnsafeMutableBufferPointer<UInt8>, cache: SegmentWidthCache, lookup: CacheLookupScratch, shaping: ShapingScratch
    ) {
        let missed = lookup.missedPieces
        let admitted = lookup.admittedPieces
        var nextAdmitted = 0
        // Where the window's shaping starts, and where the advances taken from it start.
        var shapeStart = run.start
        var chunkStart = run.start
        while chunkStart < run.end {
            var windowSize = shapingWindow
            var chunkEnd = run.end
            var nextShapeStart = run.end
            while true {
                let windowEnd = min(run.end, shapeStart + windowSize)
                Shaper.shapeIntoScratch(
                    text, range: shapeStart..<windowEnd, font: run.face.hbFont, rightToLeft: run.isRightToLeft,
                    script: run.script, features: key.features, scratch: shaping)
                if windowEnd == run.end { break }
                let floor = chunkStart + (windowEnd - chunkStart) / 2
                var cut = windowEnd - shapingWindowContext
                while cut > floor && (shaping.unsafe[cut - shapeStart] || flags[cut] & Flag.graphemeStart == 0) {
                    cut -= 1
                }
                if cut > floor {
                    chunkEnd = cut
                    nextShapeStart = cut
                    break
                }
                cut = windowEnd - shapingWindowContext
                while cut > floor && flags[cut] & Flag.graphemeStart == 0 { cut -= 1 }
                if cut > floor {
                    chunkEnd = cut
                    nextShapeStart = max(chunkStart, cut - shapingWindowContext)
                    while nextShapeStart > chunkStart && flags[nextShapeStart] & Flag.graphemeStart == 0 {
                        nextShapeStart -= 1
                    }
                    break
                }
                // One grapheme cluster fills the window's second half: a larger window.
                windowSize *= 2
            }
            for position in chunkStart..<chunkEnd {
                let offset = position - shapeStart
                prefix[position + 1] = Double(shaping.unitAdvances[offset]) * scale
                if offset > 0 && shaping.unsafe[offset] { flags[position] |= Flag.unsafeToBreak }
            }
            // Cache the admitted pieces inside the chunk whose edges are safe: shaped alone
            // they give exactly these advances.
            let firstAdmitted = nextAdmitted
            while nextAdmitted < admitted.count && pieces[missed[admitted[nextAdmitted].missed]].upperBound <= chunkEnd {
                nextAdmitted += 1
            }
            if nextAdmitted > firstAdmitted {
                let start = chunkStart
                let origin = shapeStart
                shaping.unitAdvances.withUnsafeBufferPointer { advances in
                    shaping.unsafe.withUnsafeBufferPointer { unsafe in
                        cache.insert(count: nextAdmitted - firstAdmitted, key: key) { index in
                            let piece = admitted[firstAdmitted + index]
                            let range = pieces[missed[piece.missed]]
                            guard range.lowerBound >= start else { return nil }
                            let local = (range.lowerBound - origin)..<(range.upperBound - origin)
                            let startSafe = local.lowerBound == 0 || !unsafe[local.lowerBound]
                            let endSafe = range.upperBound == run.end || !unsafe[local.upperBound]
                            guard startSafe && endSafe else { return nil }
                            return SegmentWidthCache.ShapedPiece(
                                text: UnsafeBufferPointer(rebasing: text[range]), hash: piece.hash,
                                advances: UnsafeBufferPointer(rebasing: advances[local]),
                                unsafe: UnsafeBufferPointer(rebasing: unsafe[local]))
                        }
                    }
                }
            }
            shapeStart = nextShapeStart
            chunkStart = chunkEnd
        }
    }

    /// Grapheme clusters of context shaped on either side of new pieces. Lookups that act
    /// across a break opportunity (a kerning pair, a ligature or contextual form spanning
    /// it) match the glyphs next to it, so a little context shows whether the pieces' edges
    /// are safe to break; shaping whole neighbouring words as context cost as much as
    /// shaping a label for every new word in a paragraph.
    static let missedPieceContext = 2

    /// Shapes the missed pieces of a run: each stretch of consecutive ones with
    /// ``missedPieceContext`` clusters of context on either side, all the stretches'
    /// windows joined into one text shaped in one call (a HarfBuzz call costs about as much
    /// as shaping a hundred characters whatever its length, so one call per new word cost
    /// more than the words). When a stretch's edges are safe to break there, its advances
    /// are what shaping the whole run gives them, and each of its pieces whose edges are
    /// safe is what shaping that piece alone gives, so it is cached. Returns false (having
    /// possibly written some advances, which the caller's shaping of the whole run
    /// overwrites) when a stretch's edge is unsafe.
    static func shapeMissedPieces(
        _ text: UnsafeBufferPointer<UInt16>, run: TextRun, key: SegmentWidthCache.Key,
        pieces: UnsafeBufferPointer<Range<Int>>, scale: Double, prefix: UnsafeMutableBufferPointer<Double>,
        flags: UnsafeMutableBufferPointer<UInt8>, cache: SegmentWidthCache, lookup: CacheLookupScratch, shaping: ShapingScratch
    ) -> Bool {
        let missed = lookup.missedPieces
        // The stretches, and their windows' text one after the other.
        lookup.stretches.removeAll(keepingCapacity: true)
        lookup.joinedText.removeAll(keepingCapacity: true)
        var first = 0
        while first < missed.count {
            var last = first
            while last + 1 < missed.count && missed[last + 1] == missed[last] + 1 { last += 1 }
            let head = pieces[missed[first]]
            let tail = pieces[missed[last]]
            var windowStart = head.lowerBound
            var clusters = 0
            while windowStart > run.start && clusters < missedPieceContext {
                windowStart -= 1
                if flags[windowStart] & Flag.graphemeStart != 0 { clusters += 1 }
            }
            var windowEnd = tail.upperBound
            clusters = 0
            while windowEnd < run.end && clusters < missedPieceContext {
                windowEnd += 1
                if windowEnd == run.end || flags[windowEnd] & Flag.graphemeStart != 0 { clusters += 1 }
            }
            // Where text offset o of this window sits in the joined text: o - shift.
            let shift = windowStart - lookup.joinedText.count
            lookup.joinedText.append(contentsOf: UnsafeBufferPointer(rebasing: text[windowStart..<windowEnd]))
            lookup.stretches.append(CacheLookupScratch.Stretch(
                first: first, last: last, range: head.lowerBound..<tail.upperBound, shift: shift))
            first = last + 1
        }
        let stretches = lookup.stretches
        let joinedCount = lookup.joinedText.count
        let shaped: Bool = lookup.joinedText.withUnsafeBufferPointer { joined in
            Shaper.shapeIntoScratch(
                joined, range: 0..<joinedCount, font: run.face.hbFont, rightToLeft: run.isRightToLeft,
                script: run.script, features: key.features, scratch: shaping)
            for stretch in stretches {
                let local = (stretch.range.lowerBound - stretch.shift)..<(stretch.range.upperBound - stretch.shift)
                if local.lowerBound > 0 && shaping.unsafe[local.lowerBound] { return false }
                if local.upperBound < joinedCount && shaping.unsafe[local.upperBound] { return false }
                for offset in local {
                    prefix[offset + stretch.shift + 1] = Double(shaping.unitAdvances[offset]) * scale
                    if offset > local.lowerBound && shaping.unsafe[offset] {
                        flags[offset + stretch.shift] |= Flag.unsafeToBreak
                    }
                }
            }
            return true
        }
        guard shaped else { return false }
        let admitted = lookup.admittedPieces
        if admitted.isEmpty { return true }
        shaping.unitAdvances.withUnsafeBufferPointer { advances in
            shaping.unsafe.withUnsafeBufferPointer { unsafe in
                var stretchIndex = 0
                cache.insert(count: admitted.count, key: key) { index in
                    // The cache asks for each piece once, in increasing order.
                    let missedIndex = admitted[index].missed
                    while stretches[stretchIndex].last < missedIndex { stretchIndex += 1 }
                    let stretch = stretches[stretchIndex]
                    let range = pieces[missed[missedIndex]]
                    let local = (stretch.range.lowerBound - stretch.shift)..<(stretch.range.upperBound - stretch.shift)
                    let pieceLocal = (range.lowerBound - stretch.shift)..<(range.upperBound - stretch.shift)
                    // Edges inside the stretch must be safe too.
                    if pieceLocal.lowerBound > local.lowerBound && unsafe[pieceLocal.lowerBound] { return nil }
                    if pieceLocal.upperBound < local.upperBound && unsafe[pieceLocal.upperBound] { return nil }
                    return SegmentWidthCache.ShapedPiece(
                        text: UnsafeBufferPointer(rebasing: text[range]), hash: admitted[index].hash,
                        advances: UnsafeBufferPointer(rebasing: advances[pieceLocal]),
                        unsafe: UnsafeBufferPointer(rebasing: unsafe[pieceLocal]))
                }
            }
        }
        return true
    }
}
