/// Text made only of ASCII letters, digits, spaces, sentence punctuation, hyphens and the
/// symbols that line breaking treats as letters ("Add to basket", "Order 42", "Sent. Read
/// it, then reply!", "alpha omega #4-117", "e-mail me@home"), prepared from its UTF-8 bytes
/// alone, by looking up each byte's class and each pair of neighbours' verdict
/// (``UnsafeSimpleWordsPairs``).
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
/// runs, segments); this one checks the bytes in one and writes them in three tight loops, a
/// sixth of the work of measuring a label whose words are cached. Tests check that both
/// paths prepare identical texts, and every short text against the rules below.
enum SimpleWordsText {
    /// The number of segments of `text`, or nil when `text` is empty or holds anything but
    /// the characters above (see the type). Counted first so that the prepared text can
    /// hold its segments in the same allocation as everything else.
    static func segmentCount(_ text: String) -> Int? {
        var storage = text
        return storage.withUTF8 { UnsafeSimpleWordsPairs.segmentCount($0) }
    }

    /// Writes the code units of `text` (one ``segmentCount(_:)`` accepted) to `units`, its
    /// flags (`graphemeStart` everywhere, `hangs` on spaces, for each position and one past
    /// the end) to `flags`, and its segments' ends (see ``LineSegments``) to `ends`. Its
    /// UTF-16 length is its UTF-8 length, which `units` (and `flags`, plus one) must hold;
    /// `ends` must hold its segment count, `segmentCount`.
    static func prepare(
        _ text: String, segmentCount: Int, units: UnsafeMutablePointer<UInt16>, flags: UnsafeMutablePointer<UInt8>,
        ends: UnsafeMutablePointer<UInt32>
    ) {
        var storage = text
        storage.withUTF8 { bytes in
            UnsafeSimpleWordsPairs.write(bytes, segmentCount: segmentCount, units: units, flags: flags, ends: ends)
        }
    }
}
