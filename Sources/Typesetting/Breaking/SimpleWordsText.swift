/// Label text made only of ASCII letters, digits and spaces ("Add to basket", "Order
/// 42"), prepared in one pass over its UTF-8 bytes.
///
/// For such text every character is its own grapheme cluster, only the spaces hang, the
/// line break opportunities are those of ``LineSegmenter/isSimpleWords(_:)`` (after each
/// run of spaces) and, when the primary face draws ASCII, the whole text is one
/// left-to-right Latin run. The general path finds all of this in five passes (UTF-16
/// conversion, clusters, whitespace, runs, segments); this one finds the same in one, which
/// is a sixth of the work of measuring a label whose words are cached. A test checks that
/// both paths prepare identical texts.
enum SimpleWordsText {
    /// Writes the code units of `text` to `units` and its flags (`graphemeStart`
    /// everywhere, `hangs` on spaces, for each position and one past the end) to `flags`,
    /// and returns its segments (faces and metrics are filled in by the caller, as for the
    /// general path's). Returns nil, having written nothing, when `text` is empty or holds
    /// anything but ASCII letters, digits and spaces; then its UTF-16 length is its UTF-8
    /// length, which `units` (and `flags`, plus one) must hold.
    static func prepare(
        _ text: String, units: UnsafeMutableBufferPointer<UInt16>, flags: UnsafeMutableBufferPointer<UInt8>
    ) -> [LineSegment]? {
        var storage = text
        return storage.withUTF8 { bytes in prepare(bytes, string: text, units: units, flags: flags) }
    }

    private static func prepare(
        _ bytes: UnsafeBufferPointer<UInt8>, string: String,
        units: UnsafeMutableBufferPointer<UInt16>, flags: UnsafeMutableBufferPointer<UInt8>
    ) -> [LineSegment]? {
        guard !bytes.isEmpty else { return nil }
        for byte in bytes {
            switch byte {
            case 0x20, 0x30...0x39, 0x41...0x5A, 0x61...0x7A: continue
            default: return nil
            }
        }
        let count = bytes.count
        precondition(units.count >= count && flags.count > count, "destination smaller than the text")
        let space: UInt8 = 0x20
        var segments: [LineSegment] = []
        segments.reserveCapacity(count / 5 + 2)
        // In ASCII a UTF-16 offset is a UTF-8 offset, which a native string turns into an
        // index in constant time.
        let utf8 = string.utf8
        func append(_ start: Int, _ contentEnd: Int, _ end: Int) {
            segments.append(LineSegment(
                start: start, startIndex: utf8.index(utf8.startIndex, offsetBy: start),
                contentEnd: contentEnd, end: end, isHard: false, lineHeight: 0, ascender: 0, faceMask: 0))
        }
        var start = 0
        var contentEnd = 0
        for index in 0..<count {
            let byte = bytes[index]
            units[index] = UInt16(byte)
            if byte == space {
                flags[index] = PreparedText.Flag.graphemeStart | PreparedText.Flag.hangs
                continue
            }
            flags[index] = PreparedText.Flag.graphemeStart
            if index > 0 && bytes[index - 1] == space {
                append(start, contentEnd, index)
                start = index
            }
            contentEnd = index + 1
        }
        flags[count] = PreparedText.Flag.graphemeStart
        append(start, max(contentEnd, start), count)
        return segments
    }
}
