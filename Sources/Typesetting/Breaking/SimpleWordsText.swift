/// Text made only of ASCII letters, digits, spaces and sentence punctuation ("Add to
/// basket", "Order 42", "Sent. Read it, then reply!"), prepared in one pass over its UTF-8
/// bytes (after one that checks them).
///
/// For such text every character is its own grapheme cluster, only the spaces hang, the
/// line break opportunities are before each letter or digit that follows a space (UAX #14:
/// letters and digits never break between each other, LB23 and LB28; `,` `.` `:` `;`,
/// class IS, and `!` `?`, class EX, never break before them even after spaces, LB13, nor
/// IS before a letter or digit, LB25 and LB29; EX is taken only before a space or at the
/// end, as a break may follow it elsewhere) and, when the primary face draws ASCII, the
/// whole text is one left-to-right Latin run. The general path finds all of this in five passes (UTF-16 conversion,
/// clusters, whitespace, runs, segments); this one finds the same in one, which is a sixth
/// of the work of measuring a label whose words are cached. A test checks that both paths
/// prepare identical texts.
enum SimpleWordsText {
    /// The number of segments of `text`, or nil when `text` is empty or holds anything but
    /// ASCII letters, digits, spaces and sentence punctuation (see the type). Counted first
    /// so that the prepared text can hold its segments in the same allocation as everything
    /// else.
    static func segmentCount(_ text: String) -> Int? {
        var storage = text
        return storage.withUTF8 { bytes -> Int? in
            guard !bytes.isEmpty else { return nil }
            // A segment ends before every letter or digit that follows a space, and at the end.
            var count = 1
            var afterSpace = false
            // After `!` or `?`, only a space (or the end) may come.
            var afterExclamation = false
            for byte in bytes {
                if byte == space {
                    afterSpace = true
                    afterExclamation = false
                    continue
                }
                if afterExclamation { return nil }
                if isWordCharacter(byte) {
                    if afterSpace { count += 1 }
                } else if isExclamation(byte) {
                    afterExclamation = true
                } else if !isSeparatorPunctuation(byte) {
                    return nil
                }
                afterSpace = false
            }
            return count
        }
    }

    /// A digit, or a letter of either case (setting bit 5 lowers an ASCII capital).
    @inline(__always)
    private static func isWordCharacter(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26 }

    /// `,` `.` `:` `;`: UAX #14's infix separators (IS).
    @inline(__always)
    private static func isSeparatorPunctuation(_ byte: UInt8) -> Bool {
        byte == 0x2C || byte == 0x2E || byte == 0x3A || byte == 0x3B
    }

    /// `!` `?`: UAX #14's exclamations (EX).
    @inline(__always)
    private static func isExclamation(_ byte: UInt8) -> Bool { byte == 0x21 || byte == 0x3F }

    private static let space: UInt8 = 0x20

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
                if index > 0 && bytes[index - 1] == space && isWordCharacter(byte) {
                    (ends + written).initialize(to: LineSegments.encode(end: index, isHard: false))
                    written += 1
                }
            }
            flags[bytes.count] = PreparedText.Flag.graphemeStart
            (ends + written).initialize(to: LineSegments.encode(end: bytes.count, isHard: false))
        }
    }
}
