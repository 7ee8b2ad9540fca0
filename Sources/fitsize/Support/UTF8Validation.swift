import Foundation

/// Strict UTF-8 checking: the tool refuses invalid bytes instead of repairing them to
/// U+FFFD, so that a measurement is always of the text the user meant.
enum UTF8Validation {
    /// The offset of the first byte that does not start or continue a valid UTF-8
    /// sequence, or nil when all of `bytes` is valid.
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // Most input is ASCII: runs of it are skipped eight bytes at a time, and only the
        // scalars above ASCII are decoded, each from a byte that starts one.
        var offset = 0
        while true {
            offset = endOfASCIIWords(in: bytes, from: offset)
            guard offset < bytes.count else { return nil }
            if bytes[offset] < 0x80 {
                offset += 1
                continue
            }
            var decoder = UTF8()
            var iterator = UnsafeBufferPointer(rebasing: bytes[offset...]).makeIterator()
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }

    /// The bytes as a string, or the offset of the first invalid byte.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<String, InvalidUTF8> {
        if let string = String(validating: bytes, as: UTF8.self) { return .success(string) }
        return .failure(InvalidUTF8(byteOffset: firstInvalidByte(in: bytes) ?? 0))
    }

    /// The first bad byte of a text that is not UTF-8.
    struct InvalidUTF8: Error {
        let byteOffset: Int
    }

    /// Checks the raw command line (before Foundation repairs it into strings): the
    /// 1-based index of the first argument that is not UTF-8, with the bad byte's offset.
    static func firstInvalidArgument() -> (index: Int, byteOffset: Int)? {
        let count = Int(CommandLine.argc)
        for index in 1..<max(count, 1) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let length = strlen(pointer)
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                            count: length)
            if let offset = firstInvalidByte(in: bytes) { return (index, offset) }
        }
        return nil
    }
}
