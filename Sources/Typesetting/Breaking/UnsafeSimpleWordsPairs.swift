/// The rules of ``SimpleWordsText`` as two small tables read through raw pointers: a class per
/// byte, and per pair of classes (the byte before, the byte) whether a segment starts there
/// and whether the pair rules the text out.
///
/// Every rule of the type is a rule about two neighbouring bytes (the first byte's neighbour
/// being the start of the text), so a scan is a load of each byte's class and one of its
/// pair's verdict, with no branch and no state carried from byte to byte but the class before.
/// On the feed example's texts (34 bytes on average) counting the segments took 838
/// instructions a text with a branch per rule and takes 440; writing took 770 and takes 580,
/// its code units and flags in loops the compiler vectorises.
enum UnsafeSimpleWordsPairs {
    /// A byte's class. `start` stands before the first byte.
    enum Class {
        static let other: UInt8 = 0
        static let space: UInt8 = 1
        /// A letter or a symbol of line break class AL.
        static let letter: UInt8 = 2
        static let digit: UInt8 = 3
        static let hyphen: UInt8 = 4
        /// `!` `?` (class EX).
        static let exclamation: UInt8 = 5
        /// `,` `.` `:` `;` (class IS).
        static let separator: UInt8 = 6
        static let start: UInt8 = 7
        static let count = 8
    }

    /// A pair's verdict: a segment starts at the second byte.
    static let startsSegment: UInt8 = 1
    /// A pair's verdict: the text is not simple words.
    static let rejects: UInt8 = 2

    /// The two tables. They are written once, while the static is initialised, and only
    /// read after; that is why the unchecked Sendable conformance is sound.
    struct Tables: @unchecked Sendable {
        let classes: UnsafePointer<UInt8>
        let pairs: UnsafePointer<UInt8>
    }

    /// The tables, made at first use and never freed.
    static let tables = Tables(classes: makeClasses(), pairs: makePairs())

    /// The class of every byte (256 entries).
    private static func makeClasses() -> UnsafePointer<UInt8> {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: Class.other, count: 256)
        table[0x20] = Class.space
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = Class.letter }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = Class.letter }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = Class.digit }
        // `#` `&` `*` `<` `=` `>` `@` `^` `_` `` ` `` `~`: ASCII symbols of line break class AL.
        for byte: UInt8 in [0x23, 0x26, 0x2A, 0x3C, 0x3D, 0x3E, 0x40, 0x5E, 0x5F, 0x60, 0x7E] {
            table[Int(byte)] = Class.letter
        }
        table[Int(UInt8(ascii: "-"))] = Class.hyphen
        table[Int(UInt8(ascii: "!"))] = Class.exclamation
        table[Int(UInt8(ascii: "?"))] = Class.exclamation
        for byte in [",", ".", ":", ";"] { table[Int(UInt8(ascii: Unicode.Scalar(byte)!))] = Class.separator }
        return UnsafePointer(table)
    }

    /// The verdict of every pair, at `before * Class.count + class`.
    private static func makePairs() -> UnsafePointer<UInt8> {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: Class.count * Class.count)
        for before in 0..<UInt8(Class.count) {
            for current in 0..<UInt8(Class.count) {
                table[Int(before) * Class.count + Int(current)] = verdict(before, current)
            }
        }
        return UnsafePointer(table)
    }

    /// The rules, pair by pair (see ``SimpleWordsText``).
    private static func verdict(_ before: UInt8, _ current: UInt8) -> UInt8 {
        switch current {
        case Class.other, Class.start: return rejects
        case Class.space: return 0
        default: break
        }
        // After `!` or `?`, only a space (or the end) may come.
        if before == Class.exclamation { return rejects }
        switch current {
        case Class.letter, Class.digit:
            // A break before a word character after a space, or after a hyphen unless it is a digit.
            let starts = before == Class.space || (before == Class.hyphen && current != Class.digit)
            return starts ? startsSegment : 0
        case Class.hyphen:
            // A hyphen at the start or after a space is left to the general path (UAX #14 LB20.1).
            return before == Class.space || before == Class.start ? rejects : 0
        default:
            return 0
        }
    }

    /// The number of segments of `bytes`, or nil when it is empty or not simple words.
    @inline(__always)
    static func segmentCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        let tables = Self.tables
        let classes = tables.classes
        let pairs = tables.pairs
        var before = Int(Class.start)
        var starts = 0
        var verdicts: UInt8 = 0
        for byte in bytes {
            let current = Int(classes[Int(byte)])
            let verdict = pairs[before &* Class.count &+ current]
            starts &+= Int(verdict & startsSegment)
            verdicts |= verdict
            before = current
        }
        return verdicts & rejects == 0 ? starts + 1 : nil
    }

    /// Writes the code units, flags and segment ends of `bytes`, which ``segmentCount(_:)``
    /// accepted with `segmentCount` segments (see ``SimpleWordsText/prepare(_:segmentCount:units:flags:ends:)``).
    @inline(__always)
    static func write(
        _ bytes: UnsafeBufferPointer<UInt8>, segmentCount: Int, units: UnsafeMutablePointer<UInt16>,
        flags: UnsafeMutablePointer<UInt8>, ends: UnsafeMutablePointer<UInt32>
    ) {
        let tables = Self.tables
        let classes = tables.classes
        let pairs = tables.pairs
        // Units and flags in loops of their own, which the compiler vectorises.
        for index in 0..<bytes.count { units[index] = UInt16(bytes[index]) }
        let spaceFlags = PreparedText.Flag.graphemeStart | PreparedText.Flag.hangs
        for index in 0..<bytes.count {
            flags[index] = bytes[index] == 0x20 ? spaceFlags : PreparedText.Flag.graphemeStart
        }
        var before = Int(Class.start)
        var written = 0
        for index in 0..<bytes.count {
            let current = Int(classes[Int(bytes[index])])
            // Written at every byte and kept where a segment starts: `written` stays below the
            // segment count (the starts are one fewer), and the last end is written after.
            ends[written] = LineSegments.encode(end: index, isHard: false)
            written &+= Int(pairs[before &* Class.count &+ current] & startsSegment)
            before = current
        }
        flags[bytes.count] = PreparedText.Flag.graphemeStart
        ends[segmentCount - 1] = LineSegments.encode(end: bytes.count, isHard: false)
    }
}
