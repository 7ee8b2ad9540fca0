/// UTF-16 code units decoded straight from a string's UTF-8 storage into memory the
/// caller owns (the `utf16` view decodes one scalar at a time through generic code, and
/// copying it into an array allocates through an unspecialised path).
enum UTF16Decoding {
    /// Writes the UTF-16 code units of `text` to the start of `units` and returns how many
    /// there are. `units` must hold at least `text.utf8.count` elements: UTF-16 never
    /// needs more code units than UTF-8 needs bytes.
    static func decode(_ text: String, into units: UnsafeMutableBufferPointer<UInt16>) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            precondition(units.count >= bytes.count, "UTF-16 destination smaller than the UTF-8 length")
            var read = 0
            var written = 0
            let count = bytes.count
            while read < count {
                let lead = UInt32(bytes[read])
                if lead < 0x80 {
                    units[written] = UInt16(lead)
                    read += 1
                    written += 1
                    continue
                }
                // A Swift string's storage is valid UTF-8, so continuation bytes exist.
                let scalar: UInt32
                if lead < 0xE0 {
                    scalar = (lead & 0x1F) << 6 | UInt32(bytes[read + 1] & 0x3F)
                    read += 2
                } else if lead < 0xF0 {
                    scalar = (lead & 0x0F) << 12 | UInt32(bytes[read + 1] & 0x3F) << 6
                        | UInt32(bytes[read + 2] & 0x3F)
                    read += 3
                } else {
                    scalar = (lead & 0x07) << 18 | UInt32(bytes[read + 1] & 0x3F) << 12
                        | UInt32(bytes[read + 2] & 0x3F) << 6 | UInt32(bytes[read + 3] & 0x3F)
                    read += 4
                }
                if scalar < 0x10000 {
                    units[written] = UInt16(scalar)
                    written += 1
                } else {
                    let offset = scalar - 0x10000
                    units[written] = UInt16(0xD800 + (offset >> 10))
                    units[written + 1] = UInt16(0xDC00 + (offset & 0x3FF))
                    written += 2
                }
            }
            return written
        }
    }

    /// The UTF-8 length of whole scalars given as UTF-16 code units, each surrogate counted
    /// as two bytes (a pair as four), without branches so that the loop vectorises.
    static func utf8Length(of units: UnsafeBufferPointer<UInt16>) -> Int {
        var total: UInt32 = 0
        for unit in units {
            // Each term is 1 or 0: past U+007F, past U+07FF, a surrogate (taken off).
            let wide = UInt32(truncatingIfNeeded: unit)
            let pastASCII: UInt32 = (0x7F &- wide) >> 31
            let pastTwoBytes: UInt32 = (0x7FF &- wide) >> 31
            let surrogate: UInt32 = (((wide & 0xF800) ^ 0xD800) &- 1) >> 31
            total &+= 1 &+ pastASCII &+ pastTwoBytes &- surrogate
        }
        return Int(total)
    }
}
