import CHarfBuzz

// Shaping a prepared text's runs into its per-position advances: pieces looked up in the
// segment cache through raw views of the text, and runs HarfBuzz shapes into scratch memory.

extension PreparedText {
    /// The most pieces of a run looked up in the segment cache at once: a run of a long text
    /// has a piece per word, and keeping all their ranges would cost more than the text.
    static let lookupBlock = ThreadScratch.keptSegments

    /// Fills per-position advances (points, at `prefix[position + 1]`) and unsafe flags
    /// for every run: see ``lookUp(_:runs:segments:features:size:prefix:flags:cache:lookup:shaping:)``,
    /// then ``shapeWaitingRuns(_:prefix:flags:cache:lookup:shaping:)``.
    static func shape(
        _ text: UnsafeBufferPointer<UInt16>, runs: TextRuns, segments: LineSegments,
        features: FeatureSet, size: Double, prefix: UnsafeMutableBufferPointer<Double>,
        flags: UnsafeMutableBufferPointer<UInt8>, cache: SegmentWidthCache, lookup: CacheLookupScratch, shaping: ShapingScratch
    ) {
        lookUp(text, runs: runs, segments: segments, features: features, size: size, prefix: prefix, flags: flags,
               cache: cache, lookup: lookup, shaping: shaping, batching: runs.count > 1)
        if !lookup.waitingRuns.isEmpty {
            shapeWaitingRuns(text, prefix: prefix, flags: flags, cache: cache, lookup: lookup, shaping: shaping)
        }
    }

    /// Fills per-position advances (points, at `prefix[position + 1]`) and unsafe flags
    /// for every run from the segment cache when every piece of the run (the run cut at
    /// line break opportunities) is cached. With `batching`, a run with missed pieces is set
    /// aside in `lookup` to be shaped with the other runs of its key (by
    /// ``shapeWaitingRuns(_:prefix:flags:cache:lookup:shaping:)``, which the caller calls
    /// once it has looked up all of its runs); without (a text of one run), a run with a
    /// few missed pieces among cached ones (a name in a known sentence) has them shaped at
    /// once the same way, and a run of mostly new pieces is shaped whole. A run too long
    /// for either is shaped whole too: a run of more than ``lookupBlock`` pieces is looked
    /// up a block at a time, and shaped at its first block with a miss (caching only that
    /// block's admitted pieces, those seen before, whose edges HarfBuzz marks safe to
    /// break).
    ///
    /// A run without ligatures in a face whose ligatures only join characters
    /// (``FaceHandle/ligaturesOnlyJoin``) is looked up as the same text with ligatures, whose
    /// pieces are the same where they join no characters; a piece that does (a zero advance
    /// at an unsafe position, which a ligature's later characters have) sends the run back to
    /// be looked up under its own features.
    ///
    /// With `extendingLastPieces` (the spans of attributed text, where a span often ends
    /// inside a segment, "word" before the next span's " "), a left-to-right run's last
    /// piece is looked up as its whole segment, a word the cache knows, and only its part in
    /// the run is used, if the run's end is safe to break there (else the run is looked up
    /// again with the piece cut at its end).
    @inline(__always)
    static func lookUp(
        _ text: UnsafeBufferPointer<UInt16>, runs: TextRuns, segments: LineSegments,
        features: FeatureSet, size: Double, prefix: UnsafeMutableBufferPointer<Double>,
        flags: UnsafeMutableBufferPointer<UInt8>, cache: SegmentWidthCache, lookup: CacheLookupScratch, shaping: ShapingScratch,
        extendingLastPieces: Bool = false, batching: Bool = true
    ) {
        var firstSegment = 0
        for run in runs {
            let scale = size / Double(run.face.unitsPerEm)
            var key = SegmentWidthCache.Key(
                typefaceID: run.face.id, features: features, rightToLeft: run.isRightToLeft,
                script: run.script.rawValue)
            var sharesLigatures = features == .noLigatures && run.face.ligaturesOnlyJoin && run.range.count <= shapingWindow
            if sharesLigatures { key.features = .standard }
            var extendsLastPiece = extendingLastPieces && !run.isRightToLeft && run.range.count <= shapingWindow
            while firstSegment < segments.count && segments.end(firstSegment) <= run.start { firstSegment += 1 }
            // The run's pieces (its segments clipped to it) a block at a time, each worked out
            // once (each lookup and insertion reads them again).
            var blockStart = firstSegment
            var pieces = UnsafeBufferPointer<Range<Int>>(start: nil, count: 0)
            var pieceCount = 0
            var isWholeRun = true
            var refused = false
            repeat {
                let room = lookup.pieceRanges(atLeast: min(lookupBlock, segments.count - blockStart))
                pieceCount = 0
                while pieceCount < lookupBlock && blockStart + pieceCount < segments.count
                    && segments.start(blockStart + pieceCount) < run.end {
                    let segment = blockStart + pieceCount
                    let end = extendsLastPiece ? segments.end(segment) : min(run.end, segments.end(segment))
                    room[pieceCount] = max(run.start, segments.start(segment))..<end
                    pieceCount += 1
                }
                pieces = UnsafeBufferPointer(rebasing: room[..<pieceCount])
                lookup.clearMissedPieces()
                // The advances of a cached piece, up to `count` positions of it.
                @inline(__always) func write(_ range: Range<Int>, _ advances: UnsafeBufferPointer<UInt32>,
                                             _ unsafeOffsets: UnsafeBufferPointer<UInt32>, count: Int) {
                    var position = range.lowerBound + 1
                    for bits in UnsafeBufferPointer(rebasing: advances[..<count]) {
                        prefix[position] = Double(Float(bitPattern: bits)) * scale
                        position += 1
                    }
                    for offset in unsafeOffsets where offset > 0 && Int(offset) < count {
                        flags[range.lowerBound + Int(offset)] |= Flag.unsafeToBreak
                    }
                }
                @inline(__always) func missed(_ index: Int, _ hash: UInt64, _ admitted: Bool) {
                    if admitted {
                        lookup.admittedPieces.append(.init(missed: lookup.missedPieces.count, hash: hash))
                    }
                    lookup.missedPieces.append(index)
                }
                if sharesLigatures || extendsLastPiece {
                    let checksJoins = sharesLigatures
                    cache.lookUp(text, key: key, pieces: pieces, found: { range, advances, unsafeOffsets in
                        if checksJoins {
                            for offset in unsafeOffsets where offset > 0 && Float(bitPattern: advances[Int(offset)]) == 0 {
                                refused = true
                                return
                            }
                        }
                        // An extended piece serves only when the run's end is safe inside it.
                        let count = min(range.upperBound, run.end) - range.lowerBound
                        if count < advances.count && unsafeOffsets.contains(UInt32(count)) {
                            refused = true
                            return
                        }
                        write(range, advances, unsafeOffsets, count: count)
                    }, missed: missed)
                } else {
                    cache.lookUp(text, key: key, pieces: pieces, found: { range, advances, unsafeOffsets in
                        write(range, advances, unsafeOffsets, count: advances.count)
                    }, missed: missed)
                }
                if blockStart != firstSegment || pieces.last.map({ $0.upperBound < run.end }) == true {
                    isWholeRun = false
                }
                blockStart += pieceCount
                // Shared shaping that joins characters, an extended piece cut where it is
                // unsafe, or a run that will be shaped whole now (too long to be set aside, or
                // mostly new in a text of one run), under its own features and with its
                // pieces cut at its end: looked up again as itself.
                if (sharesLigatures || extendsLastPiece) && (refused || (!lookup.missedPieces.isEmpty && !(isWholeRun
                    && (batching || lookup.missedPieces.count * 4 <= pieceCount)))) {
                    sharesLigatures = false
                    extendsLastPiece = false
                    refused = false
                    key.features = features
                    blockStart = firstSegment
                    isWholeRun = true
                    lookup.clearMissedPieces()
                    continue
                }
            } while lookup.missedPieces.isEmpty && blockStart < segments.count && segments.start(blockStart) < run.end
            if lookup.missedPieces.isEmpty { continue }

            if isWholeRun, run.range.count <= shapingWindow, batching || lookup.missedPieces.count * 4 <= pieceCount {
                lookup.wait(run, key: key, features: features, scale: scale, pieces: pieces)
                if !batching || lookup.waitingLength > shapingWindow || lookup.waitingRuns.count >= maximumWaitingRuns {
                    shapeWaitingRuns(text, prefix: prefix, flags: flags, cache: cache, lookup: lookup, shaping: shaping)
                }
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

    /// The most runs set aside before they are shaped, so that a text of many short runs
    /// keeps its scratch lists short.
    static let maximumWaitingRuns = 256

    /// Shapes the missed pieces of the runs set aside in `lookup`, then empties its list:
    /// the runs of one key (typeface, features, direction and script; not size, as the
    /// advances are in font units) in one HarfBuzz call. A call costs about as much as
    /// shaping a hundred characters whatever its length, so one call per run with new words
    /// (each span of an attributed paragraph) cost more than the words.
    static func shapeWaitingRuns(
        _ text: UnsafeBufferPointer<UInt16>, prefix: UnsafeMutableBufferPointer<Double>,
        flags: UnsafeMutableBufferPointer<UInt8>, cache: SegmentWidthCache, lookup: CacheLookupScratch, shaping: ShapingScratch
    ) {
        let count = lookup.waitingRuns.count
        guard count > 0 else { return }
        // The runs in groups of one key, each group in text order: a text has few keys, so
        // a scan per group is quicker than a sort.
        lookup.runOrder.removeAll(keepingCapacity: true)
        for first in 0..<count where lookup.waitingRuns[first].group < 0 {
            let key = lookup.waitingRuns[first].key
            for index in first..<count where lookup.waitingRuns[index].group < 0 && lookup.waitingRuns[index].key == key {
                lookup.waitingRuns[index].group = first
                lookup.runOrder.append(index)
            }
        }
        var groupStart = 0
        while groupStart < count {
            let group = lookup.waitingRuns[lookup.runOrder[groupStart]].group
            var groupEnd = groupStart + 1
            while groupEnd < count && lookup.waitingRuns[lookup.runOrder[groupEnd]].group == group { groupEnd += 1 }
            shapeGroup(text, order: groupStart..<groupEnd, prefix: prefix, flags: flags, cache: cache, lookup: lookup,
                       shaping: shaping)
            groupStart = groupEnd
        }
        lookup.clearWaiting()
    }

    /// Shapes the missed pieces of the waiting runs `lookup.runOrder[order]`, which share a
    /// key: each stretch of consecutive ones with ``missedPieceContext`` clusters of context
    /// on either side (within its run), all the stretches' windows joined into one text
    /// shaped in one call. When a stretch's edges are safe to break there, its advances are
    /// what shaping its whole run gives them, and each of its admitted pieces whose edges
    /// are safe is what shaping that piece alone gives, so it is cached. A run with a
    /// stretch whose edge is unsafe is shaped whole instead.
    static func shapeGroup(
        _ text: UnsafeBufferPointer<UInt16>, order: Range<Int>, prefix: UnsafeMutableBufferPointer<Double>,
        flags: UnsafeMutableBufferPointer<UInt8>, cache: SegmentWidthCache, lookup: CacheLookupScratch, shaping: ShapingScratch
    ) {
        let first = lookup.waitingRuns[lookup.runOrder[order.lowerBound]]
        let key = first.key
        // The stretches, and their windows' text one after the other.
        lookup.stretches.removeAll(keepingCapacity: true)
        lookup.joinedText.removeAll(keepingCapacity: true)
        for position in order {
            let runIndex = lookup.runOrder[position]
            let waiting = lookup.waitingRuns[runIndex]
            let run = waiting.run
            var head = waiting.pieces.lowerBound
            while head < waiting.pieces.upperBound {
                var tail = head
                while tail + 1 < waiting.pieces.upperBound
                    && lookup.waitingPieces[tail + 1].range.lowerBound == lookup.waitingPieces[tail].range.upperBound {
                    tail += 1
                }
                let range = lookup.waitingPieces[head].range.lowerBound..<lookup.waitingPieces[tail].range.upperBound
                var windowStart = range.lowerBound
                var clusters = 0
                while windowStart > run.start && clusters < missedPieceContext {
                    windowStart -= 1
                    if flags[windowStart] & Flag.graphemeStart != 0 { clusters += 1 }
                }
                var windowEnd = range.upperBound
                clusters = 0
                while windowEnd < run.end && clusters < missedPieceContext {
                    windowEnd += 1
                    if windowEnd == run.end || flags[windowEnd] & Flag.graphemeStart != 0 { clusters += 1 }
                }
                // Where text offset o of this window sits in the joined text: o - shift.
                let shift = windowStart - lookup.joinedText.count
                lookup.joinedText.append(contentsOf: UnsafeBufferPointer(rebasing: text[windowStart..<windowEnd]))
                lookup.stretches.append(CacheLookupScratch.Stretch(
                    run: runIndex, first: head, last: tail, range: range, shift: shift))
                head = tail + 1
            }
        }
        let stretches = lookup.stretches
        let joinedCount = lookup.joinedText.count
        lookup.joinedText.withUnsafeBufferPointer { joined in
            Shaper.shapeIntoScratch(
                joined, range: 0..<joinedCount, font: first.run.face.hbFont, rightToLeft: first.run.isRightToLeft,
                script: first.run.script, features: key.features, scratch: shaping)
        }
        // A run with a stretch whose edge is unsafe fails, as does a run sharing the shaping
        // with ligatures whose stretch joins characters; the others take their advances.
        var failures = 0
        for stretch in stretches {
            let local = (stretch.range.lowerBound - stretch.shift)..<(stretch.range.upperBound - stretch.shift)
            let runEnd = lookup.waitingRuns[stretch.run].run.end
            var fails = (local.lowerBound > 0 && shaping.unsafe[local.lowerBound])
                || (local.upperBound < joinedCount && shaping.unsafe[local.upperBound])
                || (stretch.range.upperBound > runEnd && shaping.unsafe[runEnd - stretch.shift])
            if !fails && lookup.waitingRuns[stretch.run].features != key.features {
                for offset in local.dropFirst() where shaping.unsafe[offset] && shaping.unitAdvances[offset] == 0 {
                    fails = true
                    break
                }
            }
            if fails {
                if !lookup.waitingRuns[stretch.run].failed { failures += 1 }
                lookup.waitingRuns[stretch.run].failed = true
            }
        }
        lookup.storedPieces.removeAll(keepingCapacity: true)
        for (stretchIndex, stretch) in stretches.enumerated() where !lookup.waitingRuns[stretch.run].failed {
            let scale = lookup.waitingRuns[stretch.run].scale
            let local = (stretch.range.lowerBound - stretch.shift)..<(stretch.range.upperBound - stretch.shift)
            // An extended last piece's characters past the run are the next run's.
            let runEnd = lookup.waitingRuns[stretch.run].run.end
            for offset in local.lowerBound..<min(local.upperBound, runEnd - stretch.shift) {
                prefix[offset + stretch.shift + 1] = Double(shaping.unitAdvances[offset]) * scale
                if offset > local.lowerBound && shaping.unsafe[offset] {
                    flags[offset + stretch.shift] |= Flag.unsafeToBreak
                }
            }
            for piece in stretch.first...stretch.last where lookup.waitingPieces[piece].admitted {
                lookup.storedPieces.append((piece, stretchIndex))
            }
        }
        let stored = lookup.storedPieces
        if !stored.isEmpty {
            let pieces = lookup.waitingPieces
            shaping.unitAdvances.withUnsafeBufferPointer { advances in
                shaping.unsafe.withUnsafeBufferPointer { unsafe in
                    cache.insert(count: stored.count, key: key) { index in
                        let stretch = stretches[stored[index].stretch]
                        let piece = pieces[stored[index].piece]
                        let local = (stretch.range.lowerBound - stretch.shift)..<(stretch.range.upperBound - stretch.shift)
                        let pieceLocal = (piece.range.lowerBound - stretch.shift)..<(piece.range.upperBound - stretch.shift)
                        // Edges inside the stretch must be safe too.
                        if pieceLocal.lowerBound > local.lowerBound && unsafe[pieceLocal.lowerBound] { return nil }
                        if pieceLocal.upperBound < local.upperBound && unsafe[pieceLocal.upperBound] { return nil }
                        return SegmentWidthCache.ShapedPiece(
                            text: UnsafeBufferPointer(rebasing: text[piece.range]), hash: piece.hash,
                            advances: UnsafeBufferPointer(rebasing: advances[pieceLocal]),
                            unsafe: UnsafeBufferPointer(rebasing: unsafe[pieceLocal]))
                    }
                }
            }
        }
        guard failures > 0 else { return }
        for position in order where lookup.waitingRuns[lookup.runOrder[position]].failed {
            let waiting = lookup.waitingRuns[lookup.runOrder[position]]
            // Shaped whole under its own features; a run that shared the shaping with
            // ligatures stores nothing, as its pieces' hashes are those of the shared key.
            var ownKey = key
            ownKey.features = waiting.features
            let stores = ownKey == key
            // The run's missed pieces as a run's lookup leaves them.
            let room = lookup.pieceRanges(atLeast: waiting.pieces.count)
            lookup.clearMissedPieces()
            for (index, piece) in waiting.pieces.enumerated() {
                room[index] = lookup.waitingPieces[piece].range
                lookup.missedPieces.append(index)
                if stores && lookup.waitingPieces[piece].admitted {
                    lookup.admittedPieces.append(.init(missed: index, hash: lookup.waitingPieces[piece].hash))
                }
            }
            shapeRun(text, run: waiting.run, key: ownKey, pieces: UnsafeBufferPointer(rebasing: room[..<waiting.pieces.count]),
                     scale: waiting.scale, prefix: prefix, flags: flags, cache: cache, lookup: lookup, shaping: shaping)
        }
    }
}
