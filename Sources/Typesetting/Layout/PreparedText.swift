import Concurrency
import CHarfBuzz
import Foundation
import Synchronization

/// Text itemised, shaped and segmented once, ready to be laid out at any number of widths.
///
/// Preparing does the expensive work: grapheme clusters and line break opportunities
/// from ICU, bidi levels, the font for each cluster, and HarfBuzz shaping (through the
/// shared ``SegmentCache``, so words seen before are not shaped again). What is kept
/// is a running sum of advances per UTF-16 position, so ``layout(width:maxLines:lineBreakMode:lineSpacing:scale:)``
/// is arithmetic over prepared widths. Only a line that starts or ends where HarfBuzz
/// marks a break unsafe (a ligature, a kerning pair or Arabic joining across it) is
/// shaped again on its own, so such lines are measured exactly.
///
/// A prepared text is immutable and may be laid out from many threads at once.
public final class PreparedText: @unchecked Sendable {
    /// The text as given.
    public let text: String
    /// The font it is measured with.
    public var font: Font { Font(uncheckedCascade: cascade, size: pointSize) }
    /// The font's size and cascade, kept apart so that preparing and freeing a text with a
    /// shipped cascade, which ``ShippedCascades`` keeps for the process, does not retain
    /// and release it: every thread measuring with the default font would write that one
    /// reference count. `cascadeOwner` holds any other cascade, so the unretained
    /// reference is always backed by an owner that outlives this text.
    let pointSize: CGFloat
    private unowned(unsafe) let cascade: FontCascade
    private let cascadeOwner: FontCascade?
    /// Extra space after every grapheme cluster, in points (UIKit's `.kern`).
    public let letterSpacing: CGFloat
    /// The text's length in UTF-8 bytes when it is longer than ``maximumTextLength`` (then
    /// nothing was prepared, and laying out throws), else 0. A number, not the error, so
    /// that checking it costs a comparison in every layout.
    let rejectedByteCount: Int

    /// The text's UTF-16 code units.
    let utf16: UnsafeBufferPointer<UInt16>
    /// Whether the text is ASCII, where UTF-16 and UTF-8 offsets are the same.
    let isASCII: Bool
    /// For a text that is not ASCII, where each segment ends in the string's UTF-8 (a
    /// line ends at a segment's end, and its string index is then read here); else empty.
    let utf8Ends: UnsafeBufferPointer<UInt32>
    /// `prefix[i]` is the width in points of `utf16[0..<i]` as shaped in context.
    let prefix: UnsafeBufferPointer<Double>
    /// Per UTF-16 position (and one past the end), the `Flag` bits.
    let flags: UnsafeBufferPointer<UInt8>
    /// One allocation holds `prefix`, the runs with their faces and scripts, the segments'
    /// ends, `utf16` and `flags` (see
    /// ``StorageLayout``). As five Swift arrays they cost five allocations and five frees,
    /// with generic array teardown, which was a fifth of measuring a label whose words are
    /// cached and a sixth of the work around HarfBuzz for one whose words are new. Segments
    /// and runs are plain values (the run's face is an unretained handle, the segment's
    /// string index a number), so freeing the memory is all their teardown. It is written
    /// only while initialising and freed in deinit: that, with every other stored property
    /// being immutable and Sendable, is why the class's Sendable conformance is sound though
    /// unchecked.
    private let storage: UnsafeMutableRawPointer
    let runs: TextRuns
    let segments: LineSegments
    /// The faces used, in first-use order; line face masks index into this.
    let faces: FaceList
    let features: FeatureSet
    /// Exact widths of ranges with an unsafe edge, shaped on demand. Created on first use
    /// (most texts are never laid out with an unsafe line edge), published atomically.
    /// (The object's address as an integer: 0 until created.)
    private let exactWidthsStorage = Atomic<Int>(0)

    /// Where each part of `storage` starts, in bytes: the most aligned parts first.
    struct StorageLayout {
        let faces: Int
        let runs: Int
        let scripts: Int
        let ends: Int
        let utf8Ends: Int
        let units: Int
        let flags: Int
        let byteCount: Int

        /// For a text of at most `capacity` UTF-16 code units; `utf8Ends` says whether the
        /// segments' UTF-8 ends are kept (for a text that is not ASCII).
        init(capacity: Int, segmentCount: Int, runCount: Int, faceCount: Int, scriptCount: Int,
             utf8Ends keepsUTF8Ends: Bool = false) {
            faces = (capacity + 1) * MemoryLayout<Double>.stride
            runs = faces + faceCount * MemoryLayout<FaceHandle>.stride
            scripts = runs + runCount * MemoryLayout<PackedRun>.stride
            ends = scripts + scriptCount * MemoryLayout<hb_script_t>.stride
            utf8Ends = ends + segmentCount * MemoryLayout<UInt32>.stride
            units = utf8Ends + (keepsUTF8Ends ? segmentCount : 0) * MemoryLayout<UInt32>.stride
            flags = units + capacity * MemoryLayout<UInt16>.stride
            byteCount = flags + capacity + 1
        }

        var faceCount: Int { (runs - faces) / MemoryLayout<FaceHandle>.stride }
        var runCount: Int { (scripts - runs) / MemoryLayout<PackedRun>.stride }
        var scriptCount: Int { (ends - scripts) / MemoryLayout<hb_script_t>.stride }
        /// The number of segments the layout holds.
        var segmentCount: Int { (utf8Ends - ends) / MemoryLayout<UInt32>.stride }
        /// The number of UTF-8 segment ends the layout holds (0 or ``segmentCount``).
        var utf8EndCount: Int { (units - utf8Ends) / MemoryLayout<UInt32>.stride }

        static let alignment = max(MemoryLayout<Double>.alignment, MemoryLayout<FaceHandle>.alignment)
    }

    enum Flag {
        static let graphemeStart: UInt8 = 1
        static let unsafeToBreak: UInt8 = 2
        static let hangs: UInt8 = 4
    }

    /// The ellipsis "…" as the cascade draws it.
    struct Ellipsis {
        var width: Double
        var lineHeight: Double
        var ascender: Double
        var faceMask: UInt64
        var face: FaceHandle
    }

    /// The longest text prepared, in UTF-8 bytes (128 MiB). A prepared text holds 11 bytes per
    /// UTF-16 code unit (its running width, the unit, its flags), 4 per line break opportunity
    /// (8 in a text that is not ASCII) and 8 per run, so a long text costs under 16 bytes per byte sized with ``size(width:maxLines:lineBreakMode:lineSpacing:scale:)``;
    /// ICU takes lengths as 32-bit numbers. The limit is checked before anything the size of
    /// the text is allocated.
    public static let maximumTextLength = 1 << 27

    /// The error for a text longer than ``maximumTextLength``, or nil.
    static func lengthError(byteCount: Int) -> TypesettingError? {
        byteCount > maximumTextLength ? .textTooLong(byteCount: byteCount, limit: maximumTextLength) : nil
    }

    /// Prepares `text` for layout with `font`.
    ///
    /// A text longer than ``maximumTextLength`` is not prepared: laying it out throws
    /// ``TypesettingError/textTooLong(byteCount:limit:)`` (the throwing initialisers throw it
    /// at once).
    ///
    /// The font is borrowed (`borrowing`), not passed owned as initialiser arguments are by
    /// default: an owned argument made every caller retain the font's cascade, shared by
    /// every thread measuring with it, and the initialiser release it.
    public convenience init(_ text: String, font: borrowing Font) {
        self.init(validated: text, font: font, letterSpacing: 0)
    }

    /// Prepares `text` with extra space after every grapheme cluster (ligatures are turned
    /// off, since their letters cannot be spread apart).
    /// - Throws: ``TypesettingError/invalidLetterSpacing(_:)`` when it is not finite, or
    ///   ``TypesettingError/textTooLong(byteCount:limit:)``.
    public convenience init(_ text: String, font: borrowing Font, letterSpacing: CGFloat) throws {
        guard letterSpacing.isFinite else { throw TypesettingError.invalidLetterSpacing(letterSpacing) }
        if let error = Self.lengthError(byteCount: text.utf8.count) { throw error }
        self.init(validated: text, font: font, letterSpacing: letterSpacing)
    }

    /// Prepares UTF-8 bytes, rejecting invalid UTF-8 instead of repairing it.
    /// - Throws: ``TypesettingError/invalidUTF8(byteOffset:)`` at the first bad byte,
    ///   ``TypesettingError/invalidLetterSpacing(_:)`` or
    ///   ``TypesettingError/textTooLong(byteCount:limit:)`` (before decoding anything).
    public convenience init(utf8 bytes: some Collection<UInt8>, font: borrowing Font, letterSpacing: CGFloat = 0) throws {
        guard letterSpacing.isFinite else { throw TypesettingError.invalidLetterSpacing(letterSpacing) }
        if let error = Self.lengthError(byteCount: bytes.count) { throw error }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var scalars = String.UnicodeScalarView()
        var offset = 0
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                break decoding
            case .error:
                throw TypesettingError.invalidUTF8(byteOffset: offset)
            }
        }
        self.init(validated: String(scalars), font: font, letterSpacing: letterSpacing)
    }

    /// Prepares with a given segment cache (tests use private caches), or with
    /// ``SegmentWidthCache/shared`` when `cache` is nil. Tests turn `simpleWordsShortcut`
    /// off to compare ``SimpleWordsText`` with the general path.
    init(validated given: String, font: borrowing Font, letterSpacing: CGFloat, cache: SegmentWidthCache? = nil,
         simpleWordsShortcut: Bool = true) {
        self.text = given
        // A text over the limit is kept as given, for the error, and an empty one prepared.
        let byteCount = given.utf8.count
        let accepted = byteCount <= Self.maximumTextLength
        rejectedByteCount = accepted ? 0 : byteCount
        let text = accepted ? given : ""
        // The cascade is read through `font` (borrowed from the caller) and what is needed
        // of it copied out as plain values: a local reference to it was retained and
        // released by every text.
        let primary = font.cascade.primaryFace
        let ellipsisFace = font.cascade.ellipsisFace
        self.pointSize = font.pointSize
        self.cascade = font.cascade
        cascadeOwner = font.cascade.livesForProcess ? nil : font.cascade
        self.letterSpacing = letterSpacing
        let features = FeatureSet(letterSpacing: Double(letterSpacing))
        self.features = features
        let scratch = ThreadScratch.current
        let size = Double(font.pointSize)
        // UTF-16 never needs more code units than UTF-8 needs bytes, so the storage is
        // sized from the UTF-8 length before decoding.
        let capacity = text.utf8.count
        let count: Int
        let storage: UnsafeMutableRawPointer
        let layout: StorageLayout
        if simpleWordsShortcut, primary.coversPrintableASCII, let segmentCount = SimpleWordsText.segmentCount(text) {
            // The shortcut counts its segments first, so that everything is written in place.
            count = capacity
            // One Latin run of the primary face, then the ellipsis face if it is another.
            let faceCount = ellipsisFace == primary ? 1 : 2
            layout = StorageLayout(
                capacity: capacity, segmentCount: segmentCount, runCount: 1, faceCount: faceCount, scriptCount: 1)
            storage = UnsafeMutableRawPointer.allocate(byteCount: layout.byteCount, alignment: StorageLayout.alignment)
            SimpleWordsText.prepare(
                text, units: (storage + layout.units).bindMemory(to: UInt16.self, capacity: capacity),
                flags: (storage + layout.flags).bindMemory(to: UInt8.self, capacity: capacity + 1),
                ends: (storage + layout.ends).bindMemory(to: UInt32.self, capacity: segmentCount))
            let faces = (storage + layout.faces).bindMemory(to: FaceHandle.self, capacity: faceCount)
            faces.initialize(to: primary)
            if faceCount == 2 { (faces + 1).initialize(to: ellipsisFace) }
            (storage + layout.runs).bindMemory(to: PackedRun.self, capacity: 1)
                .initialize(to: PackedRun(start: 0, face: 0, script: 0, level: 0))
            (storage + layout.scripts).bindMemory(to: hb_script_t.self, capacity: 1).initialize(to: HB_SCRIPT_LATIN)
        } else {
            // Decoded into the thread's scratch memory, then copied with the runs and segments
            // once their numbers are known (small next to ICU's work).
            let decoded = scratch.decodingRoom(byteCount: 3 * capacity + 1)
            let unitsStart = decoded.bindMemory(to: UInt16.self, capacity: capacity)
            count = UTF16Decoding.decode(text, into: UnsafeMutableBufferPointer(start: unitsStart, count: capacity))
            let units = UnsafeBufferPointer(start: unitsStart, count: count)
            let flags = UnsafeMutableBufferPointer(
                start: (decoded + 2 * capacity).bindMemory(to: UInt8.self, capacity: capacity + 1), count: count + 1)
            flags.initialize(repeating: 0)
            Itemizer.markGraphemeStarts(units, flags: flags, scratch: scratch)
            for index in units.indices where LineSegmenter.hangs(units[index]) { flags[index] |= Flag.hangs }
            Itemizer.runs(units, flags: UnsafeBufferPointer(flags), cascade: font.cascade, scratch: scratch,
                          into: &scratch.runList)
            LineSegmenter.segments(units, flags: UnsafeBufferPointer(flags), scratch: scratch,
                                   into: &scratch.segmentEnds)
            // The ellipsis face is kept after the faces the runs use, so that a line's
            // ellipsis has a bit in its face mask too.
            if !scratch.runList.faces.contains(ellipsisFace) { scratch.runList.faces.append(ellipsisFace) }
            layout = StorageLayout(
                capacity: capacity, segmentCount: scratch.segmentEnds.count, runCount: scratch.runList.runs.count,
                faceCount: scratch.runList.faces.count, scriptCount: scratch.runList.scripts.count,
                utf8Ends: count != capacity)
            storage = UnsafeMutableRawPointer.allocate(byteCount: layout.byteCount, alignment: StorageLayout.alignment)
            // Each part copied, then the thread's copy let go of when it is a long text's, so
            // that a long text is never held twice over (only the decoded text is, briefly).
            Self.store(scratch.runList, in: storage, layout)
            scratch.trimRuns()
            scratch.segmentEnds.withUnsafeBufferPointer { ends in
                _ = UnsafeMutableBufferPointer(
                    start: (storage + layout.ends).bindMemory(to: UInt32.self, capacity: ends.count), count: ends.count
                ).initialize(from: ends)
            }
            scratch.trimSegmentEnds()
            if layout.utf8EndCount > 0 {
                // Where each segment ends in the string's UTF-8, so that a line's string index
                // is found without counting its characters.
                let ends = (storage + layout.ends).assumingMemoryBound(to: UInt32.self)
                let utf8Ends = (storage + layout.utf8Ends).bindMemory(to: UInt32.self, capacity: layout.utf8EndCount)
                var start = 0
                var utf8 = 0
                for index in 0..<layout.utf8EndCount {
                    let end = Int(ends[index] & ~LineSegments.hardBit)
                    utf8 += UTF16Decoding.utf8Length(of: UnsafeBufferPointer(rebasing: units[start..<end]))
                    utf8Ends[index] = UInt32(truncatingIfNeeded: utf8)
                    start = end
                }
            }
            _ = UnsafeMutableBufferPointer(
                start: (storage + layout.units).bindMemory(to: UInt16.self, capacity: capacity), count: count
            ).initialize(from: units)
            _ = UnsafeMutableBufferPointer(
                start: (storage + layout.flags).bindMemory(to: UInt8.self, capacity: capacity + 1), count: count + 1
            ).initialize(from: flags)
            scratch.trimTextBuffers()
        }
        self.storage = storage
        let unitsStart = (storage + layout.units).assumingMemoryBound(to: UInt16.self)
        let flagsStart = (storage + layout.flags).assumingMemoryBound(to: UInt8.self)
        let prefixStart = storage.bindMemory(to: Double.self, capacity: capacity + 1)
        let faces = FaceList(handles: UnsafeBufferPointer(
            start: (storage + layout.faces).assumingMemoryBound(to: FaceHandle.self), count: layout.faceCount))
        let runs = TextRuns(
            packed: UnsafeBufferPointer(
                start: (storage + layout.runs).assumingMemoryBound(to: PackedRun.self), count: layout.runCount),
            faces: faces.handles,
            scripts: UnsafeBufferPointer(
                start: (storage + layout.scripts).assumingMemoryBound(to: hb_script_t.self), count: layout.scriptCount),
            length: count)
        let utf16 = UnsafeBufferPointer(start: unitsStart, count: count)
        self.utf16 = utf16
        isASCII = count == text.utf8.count
        let flags = UnsafeMutableBufferPointer(start: flagsStart, count: count + 1)
        let segments = LineSegments(
            ends: UnsafeBufferPointer(
                start: (storage + layout.ends).assumingMemoryBound(to: UInt32.self), count: layout.segmentCount),
            flags: UnsafeBufferPointer(flags))
        utf8Ends = UnsafeBufferPointer(
            start: (storage + layout.utf8Ends).assumingMemoryBound(to: UInt32.self), count: layout.utf8EndCount)
        // Holds each position's advance at index + 1 until summed in place below.
        let prefix = UnsafeMutableBufferPointer(start: prefixStart, count: count + 1)
        prefix.initialize(repeating: 0)
        if let cache {
            Self.shape(utf16, runs: runs, segments: segments, features: features, size: size,
                       prefix: prefix, flags: flags, cache: cache, scratch: scratch)
        } else {
            SegmentWidthCache.sharedUnretained._withUnsafeGuaranteedRef { cache in
                Self.shape(utf16, runs: runs, segments: segments, features: features, size: size,
                           prefix: prefix, flags: flags, cache: cache, scratch: scratch)
            }
        }
        if segments.count > ThreadScratch.keptSegments { scratch.trimTextBuffers() }
        let spacing = Double(letterSpacing)
        if spacing != 0 {
            for index in 0..<count where flags[index] & Flag.graphemeStart != 0 { prefix[index + 1] += spacing }
        }
        for index in 0..<count { prefix[index + 1] += prefix[index] }
        self.prefix = UnsafeBufferPointer(prefix)
        self.flags = UnsafeBufferPointer(flags)
        self.runs = runs
        self.faces = faces

        self.segments = segments
    }

    /// Copies a text's runs, faces and scripts into the parts of `storage` that `layout`
    /// sets aside for them.
    private static func store(_ list: RunList, in storage: UnsafeMutableRawPointer, _ layout: StorageLayout) {
        func copy<Element>(_ elements: [Element], to offset: Int) {
            elements.withUnsafeBufferPointer { elements in
                _ = UnsafeMutableBufferPointer(
                    start: (storage + offset).bindMemory(to: Element.self, capacity: elements.count),
                    count: elements.count
                ).initialize(from: elements)
            }
        }
        copy(list.faces, to: layout.faces)
        copy(list.runs, to: layout.runs)
        copy(list.scripts, to: layout.scripts)
    }

    /// The ellipsis at this text's size and spacing. Worked out when a line is truncated or
    /// drawn with one rather than stored by every text: most texts never need it.
    var ellipsis: Ellipsis {
        let face = cascade.ellipsisFace
        let size = Double(pointSize)
        // A stored property, read without calling a method on the cascade (which retained it).
        let advances = cascade.ellipsisAdvances
        let advance = Double(features == .standard ? advances.standard : advances.noLigatures)
        let metrics = Self.lineMetrics(face, size: size)
        return Ellipsis(
            width: advance * size / Double(face.unitsPerEm) + Double(letterSpacing),
            lineHeight: metrics.lineHeight, ascender: metrics.ascender,
            faceMask: 1 << UInt64(min(faces.index(of: face) ?? 0, 63)), face: face)
    }

    /// Line height and ascender of the primary face, for lines with no text.
    var emptyLineMetrics: (lineHeight: Double, ascender: Double) {
        Self.lineMetrics(cascade.primaryFace, size: Double(pointSize))
    }

    /// The width a single line would need: the widest paragraph, trailing whitespace
    /// hanging.
    public var unconstrainedWidth: CGFloat {
        (try? layout(width: .infinity))?.lines.map(\.width).max() ?? 0
    }

    /// Line height and ascender of a face at a size, in points.
    static func lineMetrics(_ face: FaceHandle, size: Double) -> (lineHeight: Double, ascender: Double) {
        let scale = size / Double(face.unitsPerEm)
        return (Double(face.lineHeightUnits) * scale, Double(face.ascenderUnits) * scale)
    }

    /// The most pieces of a run looked up in the segment cache at once: a run of a long text
    /// has a piece per word, and keeping all their ranges would cost more than the text.
    static let lookupBlock = ThreadScratch.keptSegments

    /// Fills per-position advances (points, at `prefix[position + 1]`) and unsafe flags
    /// for every run: from the segment cache when every piece of a run (the run cut at
    /// line break opportunities) is cached, else by shaping the run once and caching the
    /// pieces the cache admitted (seen before) whose edges HarfBuzz marks safe to break.
    /// A run of more than ``lookupBlock`` pieces is looked up a block at a time, and shaped
    /// whole at its first block with a miss (caching only that block's admitted pieces).
    private static func shape(
        _ text: UnsafeBufferPointer<UInt16>, runs: TextRuns, segments: LineSegments,
        features: FeatureSet, size: Double, prefix: UnsafeMutableBufferPointer<Double>,
        flags: UnsafeMutableBufferPointer<UInt8>, cache: SegmentWidthCache, scratch: ThreadScratch
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
                let room = scratch.pieceRanges(atLeast: min(lookupBlock, segments.count - blockStart))
                pieceCount = 0
                while pieceCount < lookupBlock && blockStart + pieceCount < segments.count
                    && segments.start(blockStart + pieceCount) < run.end {
                    let segment = blockStart + pieceCount
                    room[pieceCount] = max(run.start, segments.start(segment))..<min(run.end, segments.end(segment))
                    pieceCount += 1
                }
                pieces = UnsafeBufferPointer(rebasing: room[..<pieceCount])
                scratch.clearMissedPieces()
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
                        scratch.admittedPieces.append(.init(missed: scratch.missedPieces.count, hash: hash))
                    }
                    scratch.missedPieces.append(index)
                })
                if blockStart != firstSegment || pieces.last.map({ $0.upperBound < run.end }) == true {
                    isWholeRun = false
                }
                blockStart += pieceCount
            } while scratch.missedPieces.isEmpty && blockStart < segments.count && segments.start(blockStart) < run.end
            if scratch.missedPieces.isEmpty { continue }

            // A few new pieces among cached ones (a name in a known sentence): shape them
            // with a little context. Otherwise shape the run.
            if isWholeRun, scratch.missedPieces.count * 4 <= pieceCount, run.range.count <= shapingWindow,
               shapeMissedPieces(text, run: run, key: key, pieces: pieces, scale: scale,
                                 prefix: prefix, flags: flags, cache: cache, scratch: scratch) {
                continue
            }
            shapeRun(text, run: run, key: key, pieces: pieces, scale: scale, prefix: prefix, flags: flags,
                     cache: cache, scratch: scratch)
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
    private static func shapeRun(
        _ text: UnsafeBufferPointer<UInt16>, run: TextRun, key: SegmentWidthCache.Key,
        pieces: UnsafeBufferPointer<Range<Int>>, scale: Double, prefix: UnsafeMutableBufferPointer<Double>,
        flags: UnsafeMutableBufferPointer<UInt8>, cache: SegmentWidthCache, scratch: ThreadScratch
    ) {
        let missed = scratch.missedPieces
        let admitted = scratch.admittedPieces
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
                    script: run.script, features: key.features, scratch: scratch)
                if windowEnd == run.end { break }
                let floor = chunkStart + (windowEnd - chunkStart) / 2
                var cut = windowEnd - shapingWindowContext
                while cut > floor && (scratch.unsafe[cut - shapeStart] || flags[cut] & Flag.graphemeStart == 0) {
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
                prefix[position + 1] = Double(scratch.unitAdvances[offset]) * scale
                if offset > 0 && scratch.unsafe[offset] { flags[position] |= Flag.unsafeToBreak }
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
                scratch.unitAdvances.withUnsafeBufferPointer { advances in
                    scratch.unsafe.withUnsafeBufferPointer { unsafe in
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
    private static func shapeMissedPieces(
        _ text: UnsafeBufferPointer<UInt16>, run: TextRun, key: SegmentWidthCache.Key,
        pieces: UnsafeBufferPointer<Range<Int>>, scale: Double, prefix: UnsafeMutableBufferPointer<Double>,
        flags: UnsafeMutableBufferPointer<UInt8>, cache: SegmentWidthCache, scratch: ThreadScratch
    ) -> Bool {
        let missed = scratch.missedPieces
        // The stretches, and their windows' text one after the other.
        scratch.stretches.removeAll(keepingCapacity: true)
        scratch.joinedText.removeAll(keepingCapacity: true)
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
            let shift = windowStart - scratch.joinedText.count
            scratch.joinedText.append(contentsOf: UnsafeBufferPointer(rebasing: text[windowStart..<windowEnd]))
            scratch.stretches.append(ThreadScratch.Stretch(
                first: first, last: last, range: head.lowerBound..<tail.upperBound, shift: shift))
            first = last + 1
        }
        let stretches = scratch.stretches
        let joinedCount = scratch.joinedText.count
        let shaped: Bool = scratch.joinedText.withUnsafeBufferPointer { joined in
            Shaper.shapeIntoScratch(
                joined, range: 0..<joinedCount, font: run.face.hbFont, rightToLeft: run.isRightToLeft,
                script: run.script, features: key.features, scratch: scratch)
            for stretch in stretches {
                let local = (stretch.range.lowerBound - stretch.shift)..<(stretch.range.upperBound - stretch.shift)
                if local.lowerBound > 0 && scratch.unsafe[local.lowerBound] { return false }
                if local.upperBound < joinedCount && scratch.unsafe[local.upperBound] { return false }
                for offset in local {
                    prefix[offset + stretch.shift + 1] = Double(scratch.unitAdvances[offset]) * scale
                    if offset > local.lowerBound && scratch.unsafe[offset] {
                        flags[offset + stretch.shift] |= Flag.unsafeToBreak
                    }
                }
            }
            return true
        }
        guard shaped else { return false }
        let admitted = scratch.admittedPieces
        if admitted.isEmpty { return true }
        scratch.unitAdvances.withUnsafeBufferPointer { advances in
            scratch.unsafe.withUnsafeBufferPointer { unsafe in
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

    // MARK: Measuring ranges

    /// Whether a line may start or end at `offset` without reshaping.
    @inline(__always)
    func isSafe(_ offset: Int) -> Bool { flags[offset] & Flag.unsafeToBreak == 0 }

    /// The width of `utf16[start..<end]` drawn as a line on its own: arithmetic when both
    /// edges are safe to break, else shaped again (and remembered).
    func width(from start: Int, to end: Int) -> Double {
        guard end > start else { return 0 }
        if isSafe(start) && isSafe(end) { return prefix[end] - prefix[start] }
        let key = start * (utf16.count + 1) + end
        let memo = exactWidths
        if let known = memo.withLock({ $0[key] }) { return known }
        let measured = reshapedWidth(from: start, to: end)
        memo.withLock { widths in
            // A long text with no safe position shapes every line's edges: the memo holds the
            // widths of a few relayouts' lines, not a width per line of the text.
            if widths.count >= Self.rememberedExactWidths { widths.removeAll(keepingCapacity: true) }
            widths[key] = measured
        }
        return measured
    }

    /// The most exact widths remembered before the memo starts again.
    static let rememberedExactWidths = 4096

    /// How many exact widths the memo holds now.
    var rememberedExactWidthCount: Int { exactWidths.withLock { $0.count } }

    /// The memo of exact widths, created by whichever thread first needs it.
    private var exactWidths: Locked<[Int: Double]> {
        typealias Memo = Locked<[Int: Double]>
        if let existing = UnsafeMutableRawPointer(bitPattern: exactWidthsStorage.load(ordering: .acquiring)) {
            return Unmanaged<Memo>.fromOpaque(existing).takeUnretainedValue()
        }
        let created = Unmanaged.passRetained(Memo([:]))
        let (exchanged, current) = exactWidthsStorage.compareExchange(
            expected: 0, desired: Int(bitPattern: created.toOpaque()), ordering: .acquiringAndReleasing)
        if exchanged { return created.takeUnretainedValue() }
        created.release()
        guard let winner = UnsafeMutableRawPointer(bitPattern: current) else { return Memo([:]) }
        return Unmanaged<Memo>.fromOpaque(winner).takeUnretainedValue()
    }

    deinit {
        storage.deallocate()
        if let memo = UnsafeMutableRawPointer(bitPattern: exactWidthsStorage.load(ordering: .acquiring)) {
            Unmanaged<Locked<[Int: Double]>>.fromOpaque(memo).release()
        }
    }

    /// Shapes each run's part of the range on its own and adds up the advances.
    private func reshapedWidth(from start: Int, to end: Int) -> Double {
        let scratch = ThreadScratch.current
        let size = Double(pointSize)
        var total = 0.0
        for run in runs where run.end > start && run.start < end {
            let piece = max(run.start, start)..<min(run.end, end)
            Shaper.shape(utf16, range: piece, font: run.face.hbFont, rightToLeft: run.isRightToLeft,
                         script: run.script, features: features, scratch: scratch) { glyph in
                total += Double(glyph.advance) * size / Double(run.face.unitsPerEm)
            }
        }
        if letterSpacing != 0 {
            for offset in start..<end where flags[offset] & Flag.graphemeStart != 0 { total += Double(letterSpacing) }
        }
        return total
    }

    /// A UTF-16 offset and the UTF-8 offset of the same place in ``text``.
    struct TextPosition {
        var utf16: Int
        var utf8: Int
    }

    /// The string index of a UTF-16 offset at a scalar boundary (the end index at or past
    /// the end of the text), found from a known position by counting the UTF-8 lengths of
    /// the code units in between: a native string turns a UTF-8 offset into an index in
    /// constant time, so a caller that moves forward line by line pays for each code unit
    /// once; at the end of `segment`, the stored UTF-8 end is read instead. Updates `known`
    /// to the offset.
    func stringIndex(_ offset: Int, from known: inout TextPosition, segment: Int? = nil) -> String.Index {
        guard offset < utf16.count else { return text.endIndex }
        if let segment, segment < utf8Ends.count, offset == segments.end(segment) {
            known = TextPosition(utf16: offset, utf8: Int(utf8Ends[segment]))
        } else if isASCII {
            known = TextPosition(utf16: offset, utf8: offset)
        } else {
            let between = UTF16Decoding.utf8Length(
                of: UnsafeBufferPointer(rebasing: utf16[min(offset, known.utf16)..<max(offset, known.utf16)]))
            known = TextPosition(utf16: offset, utf8: offset >= known.utf16 ? known.utf8 &+ between : known.utf8 &- between)
        }
        return text.utf8.index(text.utf8.startIndex, offsetBy: known.utf8)
    }




    /// The faces selected by a mask, in first-use order.
    func typefaces(inMask mask: UInt64) -> [Typeface] { faces.selected(by: mask) }
}
