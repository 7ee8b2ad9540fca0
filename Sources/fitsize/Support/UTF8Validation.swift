import Foundation

/// Strict UTF-8 checking: the tool refuses invalid bytes instead of repairing them to
/// U+FFFD, so that a measurement is always of the text the user meant.
enum UTF8Validation {
    /// The offset of the first byte that does not start or continue a valid UTF-8
    /// sequence, or nil when all of `bytes` is valid.
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // Most input is ASCII: whole blocks of it are skipped by or-ing their bytes (a loop the
        // compiler vectorises); decoding starts at the first block with a high bit, which
        // starts a scalar since everything before it is ASCII.
        let block = 64
        var offset = 0
        while offset + block <= bytes.count {
            var bits: UInt8 = 0
            for index in offset..<(offset + block) { bits |= bytes[index] }
            if bits & 0x80 != 0 { break }
            offset += block
        }
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset...]).makeIterator()
        while true {
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
