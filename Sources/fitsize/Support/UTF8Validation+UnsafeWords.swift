/// The validator's word-at-a-time skip over ASCII, which reads the bytes' memory directly.
extension UTF8Validation {
    /// The offset of the first 8-byte word at or after `start` that holds a byte above
    /// ASCII, or of the last bytes too few for a word (`bytes.count` when none are left).
    static func endOfASCIIWords(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = start
        while offset + 8 <= bytes.count, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            offset += 8
        }
        return offset
    }
}
