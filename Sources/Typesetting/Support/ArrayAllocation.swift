/// Array construction for the preparation path that stays in specialised code.
///
/// `Array(repeating:count:)`, `Array(unsafeUninitializedCapacity:...)` and `Array(someView)`
/// allocate through a standard library entry point that is not specialised for the
/// element type, so every call looks the array's storage class up in the runtime's
/// generic metadata cache (a hash probe under a lock, about 300 instructions). Preparing
/// a short label made four such arrays, a tenth of its cost when its words are cached.
/// Growing an empty array with `reserveCapacity` takes the specialised path instead.
enum ArrayAllocation {
    /// `count` copies of `value`.
    @inline(__always)
    static func filled<Element>(_ value: Element, count: Int) -> [Element] {
        var array: [Element] = []
        array.reserveCapacity(count)
        array.append(contentsOf: repeatElement(value, count: count))
        return array
    }

    /// The UTF-16 code units of `text`, decoded straight from its UTF-8 storage (the
    /// `utf16` view decodes one scalar at a time through a generic copy).
    static func utf16(_ text: String) -> [UInt16] {
        var text = text
        return text.withUTF8 { bytes in
            // UTF-16 never needs more code units than UTF-8 needs bytes.
            var units = filled(UInt16(0), count: bytes.count)
            let written = units.withUnsafeMutableBufferPointer { units in
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
            units.removeLast(units.count - written)
            return units
        }
    }
}
