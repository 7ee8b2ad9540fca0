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
struct SimpleWordsText {
    var utf16: [UInt16]
    /// Per UTF-16 position and one past the end: `graphemeStart`, and `hangs` on spaces.
    var flags: [UInt8]
    /// Segments with their extents and string indices; faces and metrics are filled in
    /// by the caller, as for the general path's.
    var segments: [LineSegment]

    /// Nil when `text` is empty or holds anything but ASCII letters, digits and spaces.
    init?(_ text: String) {
        var storage = text
        guard let prepared = storage.withUTF8({ bytes in Self.prepare(bytes, string: text) }) else { return nil }
        self = prepared
    }

    private init(utf16: [UInt16], flags: [UInt8], segments: [LineSegment]) {
        self.utf16 = utf16
        self.flags = flags
        self.segments = segments
    }

    private static func prepare(_ bytes: UnsafeBufferPointer<UInt8>, string: String) -> SimpleWordsText? {
        guard !bytes.isEmpty else { return nil }
        for byte in bytes {
            switch byte {
            case 0x20, 0x30...0x39, 0x41...0x5A, 0x61...0x7A: continue
            default: return nil
            }
        }
        let count = bytes.count
        let space: UInt8 = 0x20
        var utf16 = ArrayAllocation.filled(UInt16(0), count: count)
        var flags = ArrayAllocation.filled(PreparedText.Flag.graphemeStart, count: count + 1)
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
        utf16.withUnsafeMutableBufferPointer { units in
            flags.withUnsafeMutableBufferPointer { flags in
                var start = 0
                var contentEnd = 0
                for index in 0..<count {
                    let byte = bytes[index]
                    units[index] = UInt16(byte)
                    if byte == space {
                        flags[index] |= PreparedText.Flag.hangs
                        continue
                    }
                    if index > 0 && bytes[index - 1] == space {
                        append(start, contentEnd, index)
                        start = index
                    }
                    contentEnd = index + 1
                }
                append(start, max(contentEnd, start), count)
            }
        }
        return SimpleWordsText(utf16: utf16, flags: flags, segments: segments)
    }
}
