import CHarfBuzz

/// A run as a prepared text stores it: where it starts, and its face and script as
/// positions in the text's own short lists of them. Runs tile the text, so a run ends where
/// the next begins. Eight bytes, because a text whose faces or scripts change at every
/// character (a letter, an emoji, a letter...) has a run per character.
struct PackedRun: Equatable {
    /// The UTF-16 offset where the run starts (a text is at most
    /// ``PreparedText/maximumTextLength`` bytes, so it fits).
    var start: UInt32
    /// The run's face: an index into the text's faces.
    var face: UInt16
    /// The run's script: an index into the text's scripts.
    var script: UInt8
    /// The run's bidi embedding level.
    var level: UInt8
}

/// A prepared text's runs in logical order, read as ``TextRun`` values.
///
/// The faces, scripts and packed runs all live in the prepared text's storage, so that this
/// view holds plain pointers: copying it retains nothing.
struct TextRuns: RandomAccessCollection {
    let packed: UnsafeBufferPointer<PackedRun>
    /// The faces the runs index, in first-use order (and the ellipsis face last when no run
    /// uses it).
    let faces: UnsafeBufferPointer<FaceHandle>
    let scripts: UnsafeBufferPointer<hb_script_t>
    /// The text's length in UTF-16 code units: where the last run ends.
    let length: Int

    var startIndex: Int { 0 }
    var endIndex: Int { packed.count }

    /// Where run `index` starts, without reading its face and script.
    @inline(__always)
    func start(_ index: Int) -> Int { Int(packed[index].start) }

    /// Where run `index` ends: where the next starts, or the text's end.
    @inline(__always)
    func end(_ index: Int) -> Int { index + 1 < packed.count ? Int(packed[index + 1].start) : length }

    subscript(index: Int) -> TextRun {
        let run = packed[index]
        return TextRun(
            start: Int(run.start), end: index + 1 < packed.count ? Int(packed[index + 1].start) : length,
            face: faces[Int(run.face)], faceIndex: Int(run.face), level: run.level, script: scripts[Int(run.script)])
    }
}

/// What itemizing a text finds: its packed runs and the faces and scripts they index, built
/// in a thread's scratch arrays and then copied into the prepared text.
struct RunList {
    var runs: [PackedRun] = []
    var faces: [FaceHandle] = []
    var scripts: [hb_script_t] = []

    /// Empties the lists, keeping their storage for the next text.
    mutating func removeAll() {
        runs.removeAll(keepingCapacity: true)
        faces.removeAll(keepingCapacity: true)
        scripts.removeAll(keepingCapacity: true)
    }

    /// The index of `face`, added at the end when it is new. A text uses a few faces, so
    /// a linear search is the quickest; it runs once per run, not per character.
    mutating func index(of face: FaceHandle) -> UInt16 {
        if let index = faces.firstIndex(of: face) { return UInt16(truncatingIfNeeded: index) }
        faces.append(face)
        return UInt16(truncatingIfNeeded: faces.count - 1)
    }

    /// The index of `script`, added at the end when it is new. HarfBuzz knows fewer than 256
    /// scripts (one per Unicode script, and Common, Inherited and Unknown), so a byte holds it.
    mutating func index(of script: hb_script_t) -> UInt8 {
        if let index = scripts.firstIndex(of: script) { return UInt8(truncatingIfNeeded: index) }
        scripts.append(script)
        return UInt8(truncatingIfNeeded: scripts.count - 1)
    }
}
