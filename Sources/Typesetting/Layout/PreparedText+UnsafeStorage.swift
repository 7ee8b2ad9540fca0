import CHarfBuzz

// A prepared text's one allocation: where each part lives in it, the views of those parts,
// the two ways of writing a text into it, and string indices read from its code units.
// Everything here reads and writes raw memory.

extension PreparedText {
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

    /// A text written into its storage: the allocation and typed views of its parts, with
    /// the running widths zeroed (shaping writes each position's advance at index + 1).
    struct WrittenText {
        let storage: UnsafeMutableRawPointer
        let utf16: UnsafeBufferPointer<UInt16>
        let flags: UnsafeMutableBufferPointer<UInt8>
        let prefix: UnsafeMutableBufferPointer<Double>
        let faces: FaceList
        let runs: TextRuns
        let segments: LineSegments
        let utf8Ends: UnsafeBufferPointer<UInt32>

        /// The views of `storage`, divided as `layout` says, for a text of `count` code units
        /// (at most `capacity`).
        @inline(__always)
        init(storage: UnsafeMutableRawPointer, layout: StorageLayout, capacity: Int, count: Int) {
            self.storage = storage
            let prefixStart = storage.bindMemory(to: Double.self, capacity: capacity + 1)
            faces = FaceList(handles: UnsafeBufferPointer(
                start: (storage + layout.faces).assumingMemoryBound(to: FaceHandle.self), count: layout.faceCount))
            runs = TextRuns(
                packed: UnsafeBufferPointer(
                    start: (storage + layout.runs).assumingMemoryBound(to: PackedRun.self), count: layout.runCount),
                faces: faces.handles,
                scripts: UnsafeBufferPointer(
                    start: (storage + layout.scripts).assumingMemoryBound(to: hb_script_t.self), count: layout.scriptCount),
                length: count)
            utf16 = UnsafeBufferPointer(start: (storage + layout.units).assumingMemoryBound(to: UInt16.self), count: count)
            flags = UnsafeMutableBufferPointer(
                start: (storage + layout.flags).assumingMemoryBound(to: UInt8.self), count: count + 1)
            segments = LineSegments(
                ends: UnsafeBufferPointer(
                    start: (storage + layout.ends).assumingMemoryBound(to: UInt32.self), count: layout.segmentCount),
                flags: UnsafeBufferPointer(flags))
            utf8Ends = UnsafeBufferPointer(
                start: (storage + layout.utf8Ends).assumingMemoryBound(to: UInt32.self), count: layout.utf8EndCount)
            prefix = UnsafeMutableBufferPointer(start: prefixStart, count: count + 1)
            prefix.initialize(repeating: 0)
        }
    }

    /// Writes a text of plain words (see ``SimpleWordsText``), which has `segmentCount`
    /// segments, one Latin run of the primary face and no decoding to do: everything is
    /// written in place.
    @inline(__always)
    static func writeSimpleWords(
        _ text: String, segmentCount: Int, primary: FaceHandle, ellipsisFace: FaceHandle
    ) -> WrittenText {
        // One Latin run of the primary face, then the ellipsis face if it is another.
        let faceCount = ellipsisFace == primary ? 1 : 2
        let (storage, layout, count) = allocateSimpleWords(text, segmentCount: segmentCount, runCount: 1, faceCount: faceCount)
        let faces = (storage + layout.faces).bindMemory(to: FaceHandle.self, capacity: faceCount)
        faces.initialize(to: primary)
        if faceCount == 2 { (faces + 1).initialize(to: ellipsisFace) }
        (storage + layout.runs).bindMemory(to: PackedRun.self, capacity: 1)
            .initialize(to: PackedRun(start: 0, face: 0, script: 0, level: 0))
        return WrittenText(storage: storage, layout: layout, capacity: count, count: count)
    }

    /// Writes attributed text of plain words whose spans' primary faces all draw ASCII: a
    /// Latin run per span, the faces listed as
    /// ``writeItemised(_:cascade:spans:ellipsisFace:scratch:)`` lists them (the runs' faces
    /// in first-use order, then the ellipsis faces they lack).
    static func writeSimpleWords(
        _ text: String, segmentCount: Int, spans: StyleSpans, ellipsisFace: FaceHandle
    ) -> WrittenText {
        var faceList: [FaceHandle] = []
        var runCount = 0
        for span in spans.spans where span.end > span.start {
            let face = span.font.cascade.primaryFace
            if !faceList.contains(face) { faceList.append(face) }
            runCount += 1
        }
        if !faceList.contains(ellipsisFace) { faceList.append(ellipsisFace) }
        for span in spans.spans where !faceList.contains(span.font.cascade.ellipsisFace) {
            faceList.append(span.font.cascade.ellipsisFace)
        }
        let (storage, layout, count) = allocateSimpleWords(
            text, segmentCount: segmentCount, runCount: runCount, faceCount: faceList.count)
        let faces = (storage + layout.faces).bindMemory(to: FaceHandle.self, capacity: faceList.count)
        for (index, face) in faceList.enumerated() { (faces + index).initialize(to: face) }
        let runs = (storage + layout.runs).bindMemory(to: PackedRun.self, capacity: runCount)
        var index = 0
        for span in spans.spans where span.end > span.start {
            let face = UInt16(truncatingIfNeeded: faceList.firstIndex(of: span.font.cascade.primaryFace) ?? 0)
            (runs + index).initialize(to: PackedRun(start: UInt32(truncatingIfNeeded: span.start), face: face,
                                                    script: 0, level: 0))
            index += 1
        }
        return WrittenText(storage: storage, layout: layout, capacity: count, count: count)
    }

    /// The allocation of a text of plain words, with its code units, flags, segments and
    /// one script (Latin) written, and its length; the caller writes its faces and runs.
    @inline(__always)
    private static func allocateSimpleWords(
        _ text: String, segmentCount: Int, runCount: Int, faceCount: Int
    ) -> (UnsafeMutableRawPointer, StorageLayout, Int) {
        let capacity = text.utf8.count
        let layout = StorageLayout(
            capacity: capacity, segmentCount: segmentCount, runCount: runCount, faceCount: faceCount, scriptCount: 1)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: layout.byteCount, alignment: StorageLayout.alignment)
        SimpleWordsText.prepare(
            text, segmentCount: segmentCount, units: (storage + layout.units).bindMemory(to: UInt16.self, capacity: capacity),
            flags: (storage + layout.flags).bindMemory(to: UInt8.self, capacity: capacity + 1),
            ends: (storage + layout.ends).bindMemory(to: UInt32.self, capacity: segmentCount))
        (storage + layout.scripts).bindMemory(to: hb_script_t.self, capacity: 1).initialize(to: HB_SCRIPT_LATIN)
        return (storage, layout, capacity)
    }

    /// Writes any other text: decoded to UTF-16 in the thread's scratch memory, its grapheme
    /// clusters marked, itemised into runs of one face, script and direction, cut into
    /// segments at its line break opportunities, then copied with its runs and segments
    /// once their numbers are known (small next to ICU's work).
    @inline(__always)
    static func writeItemised(
        _ text: String, cascade: FontCascade, spans: StyleSpans? = nil, ellipsisFace: FaceHandle, scratch: ThreadScratch
    ) -> WrittenText {
        // UTF-16 never needs more code units than UTF-8 needs bytes, so the storage is
        // sized from the UTF-8 length before decoding.
        let capacity = text.utf8.count
        let buffers = scratch.preparation
        let decoded = buffers.decodingRoom(byteCount: 3 * capacity + 1)
        let unitsStart = decoded.bindMemory(to: UInt16.self, capacity: capacity)
        let count = UTF16Decoding.decode(text, into: UnsafeMutableBufferPointer(start: unitsStart, count: capacity))
        let units = UnsafeBufferPointer(start: unitsStart, count: count)
        let flags = UnsafeMutableBufferPointer(
            start: (decoded + 2 * capacity).bindMemory(to: UInt8.self, capacity: capacity + 1), count: count + 1)
        flags.initialize(repeating: 0)
        Itemizer.markGraphemeStarts(units, flags: flags, scratch: scratch.breaking)
        for index in units.indices where LineSegmenter.hangs(units[index]) { flags[index] |= Flag.hangs }
        if let spans {
            Itemizer.runs(units, flags: UnsafeBufferPointer(flags), spans: spans, scratch: scratch.breaking,
                          faceChoices: scratch.faceChoices, into: &buffers.runList)
        } else {
            Itemizer.runs(units, flags: UnsafeBufferPointer(flags), cascade: cascade, scratch: scratch.breaking,
                          faceChoices: scratch.faceChoices, into: &buffers.runList)
        }
        LineSegmenter.segments(units, flags: UnsafeBufferPointer(flags), scratch: scratch.breaking,
                               into: &buffers.segmentEnds)
        // The ellipsis face (each span's, in attributed text) is kept after the faces the
        // runs use, so that a line's ellipsis has a bit in its face mask too.
        if !buffers.runList.faces.contains(ellipsisFace) { buffers.runList.faces.append(ellipsisFace) }
        for span in spans?.spans ?? [] where !buffers.runList.faces.contains(span.font.cascade.ellipsisFace) {
            buffers.runList.faces.append(span.font.cascade.ellipsisFace)
        }
        let layout = StorageLayout(
            capacity: capacity, segmentCount: buffers.segmentEnds.count, runCount: buffers.runList.runs.count,
            faceCount: buffers.runList.faces.count, scriptCount: buffers.runList.scripts.count,
            utf8Ends: count != capacity)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: layout.byteCount, alignment: StorageLayout.alignment)
        // Each part copied, then the thread's copy let go of when it is a long text's, so
        // that a long text is never held twice over (only the decoded text is, briefly).
        store(buffers.runList, in: storage, layout)
        buffers.trimRuns()
        buffers.segmentEnds.withUnsafeBufferPointer { ends in
            _ = UnsafeMutableBufferPointer(
                start: (storage + layout.ends).bindMemory(to: UInt32.self, capacity: ends.count), count: ends.count
            ).initialize(from: ends)
        }
        buffers.trimSegmentEnds()
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
        return WrittenText(storage: storage, layout: layout, capacity: capacity, count: count)
    }

    /// Copies a text's runs, faces and scripts into the parts of `storage` that `layout`
    /// sets aside for them.
    static func store(_ list: RunList, in storage: UnsafeMutableRawPointer, _ layout: StorageLayout) {
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

    /// Turns the advances shaping left at `prefix[position + 1]` into running widths, with
    /// the letter spacing after every grapheme cluster.
    @inline(__always)
    static func sumAdvances(
        _ prefix: UnsafeMutableBufferPointer<Double>, flags: UnsafeBufferPointer<UInt8>, letterSpacing: Double
    ) {
        let count = prefix.count - 1
        if letterSpacing != 0 {
            for index in 0..<count where flags[index] & Flag.graphemeStart != 0 { prefix[index + 1] += letterSpacing }
        }
        for index in 0..<count { prefix[index + 1] += prefix[index] }
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
}
