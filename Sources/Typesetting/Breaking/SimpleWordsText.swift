/// Text made only of ASCII letters, digits, spaces, sentence punctuation, hyphens and the
/// symbols that line breaking treats as letters ("Add to basket", "Order 42", "Sent. Read
/// it, then reply!", "alpha omega #4-117", "e-mail me@home"), prepared in one pass over its
/// UTF-8 bytes (after one that checks them).
///
/// For such text every character is its own grapheme cluster, only the spaces hang, and the
/// line break opportunities follow UAX #14:
/// - before each letter, digit or letter-like symbol that follows a space (LB18); letters,
///   digits and the symbols `#` `&` `*` `<` `=` `>` `@` `^` `_` `` ` `` `~` (class AL) never
///   break between each other (LB23, LB28);
/// - `,` `.` `:` `;` (class IS) and `!` `?` (class EX) never break before them even after
///   spaces (LB13), nor IS before a letter or digit (LB25, LB29); EX is taken only before a
///   space or at the end, as a break may follow it elsewhere;
/// - `-` (class HY) never breaks before it (LB21) nor before a digit (LB25, "4-117"), and
///   breaks before a letter or symbol ("e-|mail"); a hyphen at the start or after a space
///   is left to the general path, since Unicode 15.1 (LB20.1) changed that case.
///
/// When the primary face draws ASCII the whole text is one left-to-right Latin run. The
/// general path finds all of this in five passes (UTF-16 conversion, clusters, whitespace,
/// runs, segments); this one finds the same in one, which is a sixth of the work of
/// measuring a label whose words are cached. A test checks that both paths prepare
/// identical texts.
enum SimpleWordsText {
    /// The number of segments of `text`, or nil when `text` is empty or holds anything but
    /// the characters above (see the type). Counted first so that the prepared text can
    /// hold its segments in the same allocation as everything else.
    static func segmentCount(_ text: String) -> Int? {
        var storage = text
        return storage.withUTF8 { bytes -> Int? in
            guard !bytes.isEmpty else { return nil }
            // A segment ends before every break opportunity (see `startsSegment`), and at the end.
            var count = 1
            var previous = space
            // After `!` or `?`, only a space (or the end) may come.
            var afterExclamation = false
            for (index, byte) in bytes.enumerated() {
                if byte == space {
                    previous = byte
                    afterExclamation = false
                    continue
                }
                if afterExclamation { return nil }
                if isWordCharacter(byte) {
                    if index > 0 && startsSegment(byte, after: previous) { count += 1 }
                } else if byte == hyphen {
                    if previous == space { return nil }
                } else if isExclamation(byte) {
                    afterExclamation = true
                } else if !isSeparatorPunctuation(byte) {
                    return nil
                }
                previous = byte
            }
            return count
        }
    }

    /// Whether a line may break before `byte`, a word character, when `previous` comes
    /// before it: after a space, or after a hyphen unless `byte` is a digit.
    @inline(__always)
    private static func startsSegment(_ byte: UInt8, after previous: UInt8) -> Bool {
        previous == space || (previous == hyphen && !isDigit(byte))
    }

    /// A digit, a letter of either case (setting bit 5 lowers an ASCII capital), or a
    /// symbol of line break class AL (see the type).
    @inline(__always)
    private static func isWordCharacter(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 26 || isLetterLikeSymbol(byte)
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// `#` `&` `*` `<` `=` `>` `@` `^` `_` `` ` `` `~`: ASCII symbols of line break class AL.
    @inline(__always)
    private static func isLetterLikeSymbol(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x23, 0x26, 0x2A, 0x3C, 0x3D, 0x3E, 0x40, 0x5E, 0x5F, 0x60, 0x7E: true
        default: false
        }
    }

    /// `,` `.` `:` `;`: UAX #14's infix separators (IS).
    @inline(__always)
    private static func isSeparatorPunctuation(_ byte: UInt8) -> Bool {
        byte == 0x2C || byte == 0x2E || byte == 0x3A || byte == 0x3B
    }

    /// `!` `?`: UAX #14's exclamations (EX).
    @inline(__always)
    private static func isExclamation(_ byte: UInt8) -> Bool { byte == 0x21 || byte == 0x3F }

    private static let space: UInt8 = 0x20
    private static let hyphen: UInt8 = 0x2D

    /// Writes the code units of `text` (one ``segmentCount(_:)`` accepted) to `units`, its
    /// flags (`graphemeStart` everywhere, `hangs` on spaces, for each position and one past
    /// the end) to `flags`, and its segments' ends (see ``LineSegments``) to `ends`. Its
    /// UTF-16 length is its UTF-8 length, which `units` (and `flags`, plus one) must hold;
    /// `ends` must hold its segment count.
    static func prepare(
        _ text: String, units: UnsafeMutablePointer<UInt16>, flags: UnsafeMutablePointer<UInt8>,
        ends: UnsafeMutablePointer<UInt32>
    ) {
        var storage = text
        storage.withUTF8 { bytes in
            var written = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                units[index] = UInt16(byte)
                if byte == space {
                    flags[index] = PreparedText.Flag.graphemeStart | PreparedText.Flag.hangs
                    continue
                }
                flags[index] = PreparedText.Flag.graphemeStart
                if index > 0 && isWordCharacter(byte) && startsSegment(byte, after: bytes[index - 1]) {
                    (ends + written).initialize(to: LineSegments.encode(end: index, isHard: false))
                    written += 1
                }
            }
            flags[bytes.count] = PreparedText.Flag.graphemeStart
            (ends + written).initialize(to: LineSegments.encode(end: bytes.count, isHard: false))
        }
    }
}
