import CHarfBuzz

/// Splits text into runs that can each be shaped with one typeface, one script and one
/// bidi level.
///
/// - Grapheme clusters come from ICU (UAX #29), with a shortcut for ASCII.
/// - Bidi levels come from ICU's ubidi, skipped when the text cannot contain
///   right-to-left characters.
/// - Each cluster takes the first cascade face covering it, except that a cluster of
///   only Common/Inherited characters (spaces, punctuation, digits) keeps the face of the
///   cluster before it when that face covers it, as browsers do, so an Arabic sentence's
///   spaces are shaped with the Arabic face rather than breaking it into pieces. A colour
///   (emoji) face is never kept that way: emoji faces map spaces and digits too, with
///   emoji-wide advances, and Core Text, like browsers, draws the space after an emoji
///   with the text's font.
/// - Common and Inherited characters take the script of the run they sit in.
enum Itemizer {
    /// Sets `graphemeStart` in `flags[i]` when a grapheme cluster begins at UTF-16 offset
    /// `i` (and at `text.count`).
    static func markGraphemeStarts(
        _ text: UnsafeBufferPointer<UInt16>, flags: UnsafeMutableBufferPointer<UInt8>, scratch: BreakingScratch
    ) {
        let mark = PreparedText.Flag.graphemeStart
        flags[text.count] |= mark
        if text.allSatisfy({ $0 < 0x80 }) {
            // In ASCII every character is its own cluster except CR LF (GB3).
            for index in 0..<text.count where !(index > 0 && text[index] == 0x0A && text[index - 1] == 0x0D) {
                flags[index] |= mark
            }
            return
        }
        if text.count > 0 { flags[0] |= mark }
        if isOneClusterPerUnit(text) {
            for index in 0..<text.count where !(index > 0 && text[index] == 0x0A && text[index - 1] == 0x0D) {
                flags[index] |= mark
            }
            return
        }
        let succeeded = scratch.graphemes?.forEachBoundary(in: text) { flags[$0.offset] |= mark } ?? false
        if !succeeded {
            // Without ICU, fall back to one cluster per scalar.
            for index in 0..<text.count where !UTF16.isTrailSurrogate(text[index]) { flags[index] |= mark }
        }
    }

    /// Whether every code unit is a character whose Grapheme_Cluster_Break property is
    /// Other, Control, CR or LF, so that clusters are single code units (except CR LF):
    /// ASCII, Latin-1 letters, CJK ideographs, kana and CJK punctuation without their
    /// combining marks, fullwidth forms. A test checks this against ICU.
    static func isOneClusterPerUnit(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        for unit in text {
            switch unit {
            case 0x00...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF,
                 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF01...0xFF9D, 0xFFA0...0xFFDC:
                continue
            default:
                return false
            }
        }
        return true
    }

    /// Texts longer than this many code units reserve their runs and segments for the most
    /// they can have rather than growing into them.
    static let longText = 1 << 16

    /// Replaces `list` with the runs of `text` in logical order, covering it completely, and
    /// the faces and scripts they use. (The caller's lists are reused, so that their storage
    /// is too.)
    ///
    /// `given` holds the bidi levels when they were resolved over a larger text (an
    /// attributed text's whole paragraphs), in this text's offsets; nil resolves them here.
    static func runs(
        _ text: UnsafeBufferPointer<UInt16>, flags: UnsafeBufferPointer<UInt8>, cascade: FontCascade,
        scratch: BreakingScratch, faceChoices: FaceChoiceMemory, levels given: [LevelRun]? = nil,
        into list: inout RunList
    ) {
        list.removeAll()
        guard !text.isEmpty else { return }
        // ASCII drawn entirely by the primary face is one left-to-right Latin run: every
        // cluster would pick that face (Common characters keep it), and ASCII has no
        // right-to-left characters unless levels resolved around it say otherwise. Controls
        // (tabs, newlines) are ignorable for coverage.
        let primary = cascade.primaryFace
        if primary.coversPrintableASCII, given?.allSatisfy({ $0.level == 0 }) ?? true, text.allSatisfy({ $0 < 0x7F }) {
            list.faces.append(primary)
            list.scripts.append(HB_SCRIPT_LATIN)
            list.runs.append(PackedRun(start: 0, face: 0, script: 0, level: 0))
            return
        }
        let levels: [LevelRun]
        if let given {
            levels = given
        } else if BidiResolver.mayContainRightToLeft(text), let bidi = scratch.bidi {
            levels = bidi.levelRuns(of: text)
        } else {
            levels = [LevelRun(start: 0, end: text.count, level: 0)]
        }
        let unicode = hb_unicode_funcs_get_default()
        // A long text reserves room for a run per code unit, the most it can have: pages never
        // written are never resident, and an array that grew would hold its old and new
        // storage at once.
        list.runs.reserveCapacity(text.count > Self.longText ? text.count : 8)
        // The run being extended, valid when `current` is not nil: its start, face, level and
        // script (Common until a character with a script joins it).
        var current: FaceHandle?
        var currentStart = 0
        var currentLevel: UInt8 = 0
        var currentScript = HB_SCRIPT_COMMON
        // The script of the run appended last, which a run of only Common characters takes.
        var previousScript = HB_SCRIPT_LATIN
        func appendCurrent(_ face: FaceHandle) {
            // A run of only Common characters (a line of digits) shapes as the run before it,
            // or as Latin.
            let script = currentScript == HB_SCRIPT_COMMON ? previousScript : currentScript
            previousScript = script
            list.runs.append(PackedRun(
                start: UInt32(truncatingIfNeeded: currentStart), face: list.index(of: face),
                script: list.index(of: script), level: currentLevel))
        }
        var previousFace: Typeface?
        var levelIndex = 0
        var clusterStart = 0
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(8)
        while clusterStart < text.count {
            var clusterEnd = clusterStart + 1
            while clusterEnd < text.count && flags[clusterEnd] & PreparedText.Flag.graphemeStart == 0 { clusterEnd += 1 }

            var script = HB_SCRIPT_COMMON
            let face: Typeface
            let unit = text[clusterStart]
            if clusterEnd == clusterStart + 1, !UTF16.isLeadSurrogate(unit), !UTF16.isTrailSurrogate(unit) {
                // The common case, one code unit: no scalar array.
                let scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
                let scalarScript = Self.script(of: scalar.value, unicode)
                if scalarScript != HB_SCRIPT_COMMON && scalarScript != HB_SCRIPT_INHERITED
                    && scalarScript != HB_SCRIPT_UNKNOWN {
                    script = scalarScript
                }
                if script == HB_SCRIPT_COMMON, let previousFace, !previousFace.hasColourGlyphs,
                   FontCascade.isIgnorable(scalar) || previousFace.covers(scalar) {
                    face = previousFace
                } else {
                    face = cascade.typeface(forScalar: scalar, scratch: faceChoices)
                }
            } else {
                scalars.removeAll(keepingCapacity: true)
                decodeScalars(text, clusterStart..<clusterEnd, into: &scalars)
                for scalar in scalars {
                    let scalarScript = hb_unicode_script(unicode, scalar.value)
                    if scalarScript != HB_SCRIPT_COMMON && scalarScript != HB_SCRIPT_INHERITED
                        && scalarScript != HB_SCRIPT_UNKNOWN {
                        script = scalarScript
                        break
                    }
                }
                if script == HB_SCRIPT_COMMON, let previousFace, !previousFace.hasColourGlyphs,
                   scalars.allSatisfy({ FontCascade.isIgnorable($0) || previousFace.covers($0) }) {
                    face = previousFace
                } else if scalars.count == 1 {
                    face = cascade.typeface(forScalar: scalars[0], scratch: faceChoices)
                } else {
                    face = cascade.typeface(forCluster: scalars)
                }
            }
            previousFace = face
            while levelIndex + 1 < levels.count && levels[levelIndex].end <= clusterStart { levelIndex += 1 }
            let level = levels[levelIndex].level

            if let current, current.refers(to: face), currentLevel == level, levels[levelIndex].start < clusterStart,
               script == HB_SCRIPT_COMMON || currentScript == HB_SCRIPT_COMMON || currentScript == script {
                if currentScript == HB_SCRIPT_COMMON { currentScript = script }
            } else {
                if let current { appendCurrent(current) }
                current = FaceHandle(face)
                currentStart = clusterStart
                currentLevel = level
                currentScript = script
            }
            clusterStart = clusterEnd
        }
        if let current { appendCurrent(current) }
    }

    /// HarfBuzz's script of a scalar, answered here for ASCII and the CJK ideograph blocks
    /// (every code point of which is Han) without a call per character. A test checks
    /// these ranges against HarfBuzz.
    @inline(__always)
    static func script(of value: UInt32, _ unicode: OpaquePointer?) -> hb_script_t {
        switch value {
        case 0x41...0x5A, 0x61...0x7A: return HB_SCRIPT_LATIN
        case 0...0x7F: return HB_SCRIPT_COMMON
        case 0x3400...0x4DBF, 0x4E00...0x9FFF: return HB_SCRIPT_HAN
        default: return hb_unicode_script(unicode, value)
        }
    }

    /// Appends the scalars of `text[range]`; unpaired surrogates become U+FFFD.
    static func decodeScalars(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, into scalars: inout [Unicode.Scalar]) {
        var index = range.lowerBound
        while index < range.upperBound {
            let unit = text[index]
            if UTF16.isLeadSurrogate(unit), index + 1 < range.upperBound, UTF16.isTrailSurrogate(text[index + 1]) {
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[index + 1]) - 0xDC00)
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                index += 2
            } else {
                scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                index += 1
            }
        }
    }
}
