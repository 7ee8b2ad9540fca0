/// A prepared text's segments: the pieces of text between two line break opportunities
/// (a word with the spaces after it, an ideograph, a piece of a URL). Lines are made of
/// whole segments unless a segment is wider than the line (then it breaks between grapheme
/// clusters).
///
/// Segments tile the text from offset 0, so each is kept as where it ends: four bytes a
/// segment, because a long text of short words has a segment for every two or three bytes
/// and anything more per segment was most of its memory. Everything else about a segment
/// follows from its neighbours and the text's flags.
struct LineSegments {
    /// Each segment's end (a UTF-16 offset), with ``hardBit`` set when a mandatory line
    /// break ends it. Offsets fit below the bit: a text is at most
    /// `PreparedText.maximumTextLength` bytes.
    let ends: UnsafeBufferPointer<UInt32>
    /// The prepared text's flags, for the whitespace that hangs at a segment's end.
    let flags: UnsafeBufferPointer<UInt8>
    /// Whether any segment ends with a hard break (most texts are one paragraph, and a line
    /// then need not look for one).
    let hasHardBreaks: Bool

    init(ends: UnsafeBufferPointer<UInt32>, flags: UnsafeBufferPointer<UInt8>) {
        self.ends = ends
        self.flags = flags
        var hard: UInt32 = 0
        for end in ends { hard |= end }
        hasHardBreaks = hard & Self.hardBit != 0
    }

    static let hardBit: UInt32 = 1 << 31

    /// How a segment is stored: its end, and whether a hard break ends it.
    @inline(__always)
    static func encode(end: Int, isHard: Bool) -> UInt32 {
        UInt32(truncatingIfNeeded: end) | (isHard ? hardBit : 0)
    }

    var count: Int { ends.count }
    var isEmpty: Bool { ends.isEmpty }

    /// Where segment `index` starts: where the one before it ends.
    @inline(__always)
    func start(_ index: Int) -> Int { index == 0 ? 0 : end(index - 1) }

    /// Where segment `index` ends, its trailing whitespace included.
    @inline(__always)
    func end(_ index: Int) -> Int { Int(ends[index] & ~Self.hardBit) }

    /// Whether a mandatory line break ends segment `index`.
    @inline(__always)
    func isHard(_ index: Int) -> Bool { ends[index] & Self.hardBit != 0 }

    /// The first segment in `range` that a hard break ends, if any.
    @inline(__always)
    func firstHard(in range: Range<Int>) -> Int? {
        guard hasHardBreaks else { return nil }
        for index in range where ends[index] & Self.hardBit != 0 { return index }
        return nil
    }

    /// Where segment `index`'s visible part ends: before its trailing whitespace (and hard
    /// line break), which hangs past a line's end.
    @inline(__always)
    func contentEnd(_ index: Int) -> Int {
        let start = start(index)
        var contentEnd = end(index)
        while contentEnd > start && flags[contentEnd - 1] & PreparedText.Flag.hangs != 0 { contentEnd -= 1 }
        return contentEnd
    }

    /// The index of the segment containing UTF-16 offset `offset` (the last segment for
    /// the end of the text), searching at or after `hint` by bisection over segment ends.
    func index(containing offset: Int, from hint: Int) -> Int {
        var low = min(hint, count - 1)
        // Every segment holds at least one code unit.
        var high = min(count - 1, low + max(0, offset - start(low)))
        while low < high {
            let middle = (low + high) / 2
            if end(middle) <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Finds line break opportunities with ICU (UAX #14).
enum LineSegmenter {
    /// The line break opportunities after offset 0, ending with `text.count`.
    static func boundaries(_ text: UnsafeBufferPointer<UInt16>, scratch: BreakingScratch) -> [Boundary] {
        var boundaries: [Boundary] = []
        forEachBoundary(text, scratch: scratch, restart: { boundaries.removeAll() }) { boundaries.append($0) }
        return boundaries
    }

    /// Calls `body` with each line break opportunity after offset 0, ending with
    /// `text.count`: from a shortcut when the text is of a kind that needs no rule machinery,
    /// else from ICU. Should ICU fail part of the way (no data), `restart` is called and the
    /// mandatory breaks follow instead.
    @inline(__always)
    private static func forEachBoundary(
        _ text: UnsafeBufferPointer<UInt16>, scratch: BreakingScratch, restart: () -> Void, _ body: (Boundary) -> Void
    ) {
        if isSimpleWords(text) {
            forEachSimpleWordsBoundary(text, body)
            return
        }
        if isSimpleIdeographic(text) {
            forEachSimpleIdeographicBoundary(text, body)
            return
        }
        var end = 0
        let succeeded = scratch.lineBreaks?.forEachBoundary(in: text) { boundary in
            end = boundary.offset
            body(boundary)
        } ?? false
        if succeeded, end == text.count { return }
        restart()
        for boundary in mandatoryBreaks(text) { body(boundary) }
    }

    /// Without ICU data there are no opportunities but the mandatory ones.
    private static func mandatoryBreaks(_ text: UnsafeBufferPointer<UInt16>) -> [Boundary] {
        var boundaries: [Boundary] = []
        var index = 0
        while index < text.count {
            let unit = text[index]
            index += 1
            if unit == 0x0D, index < text.count, text[index] == 0x0A { continue }
            if unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029 || unit == 0x0B
                || unit == 0x0C || unit == 0x85 {
                boundaries.append(Boundary(offset: index, isHard: true))
            }
        }
        if boundaries.last?.offset != text.count { boundaries.append(Boundary(offset: text.count, isHard: false)) }
        return boundaries
    }

    /// Replaces `ends` with the segments of `text` (see ``LineSegments``): one per line
    /// break opportunity that is also a grapheme cluster boundary. (The caller's array is
    /// reused, so that its storage is too.)
    static func segments(
        _ text: UnsafeBufferPointer<UInt16>, flags: UnsafeBufferPointer<UInt8>, scratch: BreakingScratch,
        into ends: inout [UInt32]
    ) {
        ends.removeAll(keepingCapacity: true)
        // About one opportunity per word, and one per character of scripts written without
        // spaces (from U+2E80, CJK and beyond): avoids regrowing the array while appending.
        var wide = 0
        for unit in text where unit >= 0x2E80 { wide += 1 }
        // A long text reserves room for an opportunity at every code unit, the most it can
        // have (see `Itemizer.longText`).
        ends.reserveCapacity(text.count > Itemizer.longText ? text.count + 1 : (text.count - wide) / 5 + wide + 2)
        var start = 0
        func append(_ boundary: Boundary) {
            guard boundary.offset > start else { return }
            // A line never ends inside a grapheme cluster: UAX #14 allows a break between
            // two emoji modifiers, which UAX #29 keeps in one cluster.
            if boundary.offset < text.count && flags[boundary.offset] & PreparedText.Flag.graphemeStart == 0 { return }
            ends.append(LineSegments.encode(end: boundary.offset, isHard: boundary.isHard))
            start = boundary.offset
        }
        forEachBoundary(text, scratch: scratch, restart: {
            ends.removeAll(keepingCapacity: true)
            start = 0
        }, append)
    }

    /// Whether the text is only ASCII letters, digits and spaces, the common case of
    /// short labels, whose UAX #14 opportunities need no rule machinery: letters and
    /// digits are AL and NU, which never break between each other (LB23, LB28), spaces
    /// never break before themselves (LB7), and a break follows every run of spaces
    /// (LB18). A test checks this shortcut against ICU.
    static func isSimpleWords(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        for unit in text {
            switch unit {
            case 0x20, 0x30...0x39, 0x41...0x5A, 0x61...0x7A: continue
            default: return false
            }
        }
        return true
    }

    /// The opportunities of simple-words text: after each run of spaces, and at the end.
    static func forEachSimpleWordsBoundary(_ text: UnsafeBufferPointer<UInt16>, _ body: (Boundary) -> Void) {
        guard !text.isEmpty else { return }
        for index in 1..<text.count where text[index - 1] == 0x20 && text[index] != 0x20 {
            body(Boundary(offset: index, isHard: false))
        }
        body(Boundary(offset: text.count, isHard: false))
    }

    /// The UAX #14 classes of the characters of ``isSimpleIdeographic(_:)`` text.
    enum IdeographicClass {
        case ideograph, digit, opening, closing, exclamation, nonstarter
    }

    /// The class of a code unit of Chinese prose written with ideographs, ASCII digits and
    /// the common fullwidth punctuation, or nil for any other.
    @inline(__always)
    static func ideographicClass(_ unit: UInt16) -> IdeographicClass? {
        switch unit {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF: return .ideograph  // ID
        case 0x30...0x39: return .digit  // NU
        case 0x300A, 0x300C, 0x300E, 0x3010, 0xFF08: return .opening  // OP: 《 「 『 【 （
        case 0x3001, 0x3002, 0x300B, 0x300D, 0x300F, 0x3011, 0xFF09, 0xFF0C: return .closing  // CL: 、。》」』】），
        case 0xFF01, 0xFF1F: return .exclamation  // EX: ！？
        case 0xFF1A, 0xFF1B: return .nonstarter  // NS: ：；
        default: return nil
        }
    }

    /// Whether the text is Chinese prose of ideographs, ASCII digits and common fullwidth
    /// punctuation only, whose UAX #14 opportunities follow from a few rules: none before
    /// a closing mark, `！`, `？` (LB13) or `：`, `；` (LB21), none after an opening mark
    /// (LB14), none inside a number (LB25), and one between any other two characters
    /// (LB31; the opening marks are fullwidth, so LB30 does not hold a digit to them). ICU's
    /// rule machinery costs a fifth of preparing such text. A test checks this shortcut
    /// against ICU.
    static func isSimpleIdeographic(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        for unit in text where ideographicClass(unit) == nil { return false }
        return true
    }

    /// The opportunities of simple ideographic text, ending with `text.count`.
    static func forEachSimpleIdeographicBoundary(_ text: UnsafeBufferPointer<UInt16>, _ body: (Boundary) -> Void) {
        guard !text.isEmpty else { return }
        var previous = ideographicClass(text[0])
        for index in 1..<text.count {
            let current = ideographicClass(text[index])
            switch (previous, current) {
            case (_, .closing), (_, .exclamation), (_, .nonstarter), (.opening, _), (.digit, .digit):
                break
            default:
                body(Boundary(offset: index, isHard: false))
            }
            previous = current
        }
        body(Boundary(offset: text.count, isHard: false))
    }

    /// Whether the code unit is whitespace that hangs at the end of a line: Unicode
    /// White_Space (all in the BMP), except the no-break spaces, which do not end lines.
    static func hangs(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09...0x0D, 0x20, 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x2028, 0x2029, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }
}
