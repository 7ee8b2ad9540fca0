import Foundation

/// The scanner's byte comparisons and searches, which read the line's memory directly.
extension DataLineScanner.Cursor {
    /// Whether the keys at `first` and `second` have the same bytes.
    func same(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        first.count == second.count
            && (first.isEmpty || memcmp(bytes.baseAddress! + first.lowerBound, bytes.baseAddress! + second.lowerBound, first.count) == 0)
    }

    /// The slot of the field named by the key at `key`, if the run reads it: the slot after
    /// the last key's first, then the others in order.
    @inline(__always)
    mutating func slot(of key: Range<Int>) -> Int? {
        let count = nameRanges.count
        guard count > 0 else { return nil }
        let guess = nextSlot < count ? nextSlot : 0
        if nameMatches(slot: guess, key: key) {
            nextSlot = guess + 1
            return guess
        }
        for slot in 0..<count where slot != guess && nameMatches(slot: slot, key: key) {
            nextSlot = slot + 1
            return slot
        }
        return nil
    }

    /// Whether the name in `slot` has the bytes of the key at `key`.
    @inline(__always)
    private func nameMatches(slot: Int, key: Range<Int>) -> Bool {
        let name = nameRanges[slot]
        guard name.count == key.count else { return false }
        return key.isEmpty || names[name.lowerBound] == bytes[key.lowerBound]
            && memcmp(names.baseAddress! + name.lowerBound, bytes.baseAddress! + key.lowerBound, key.count) == 0
    }

    /// Moves past `word` when the line has it here.
    mutating func scanWord(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard bytes.count - index >= length, memcmp(bytes.baseAddress! + index, word.utf8Start, length) == 0 else { return false }
        index += length
        return true
    }

    /// The offset of the first quote, backslash or control character at or after `start`,
    /// or of the first byte above ASCII when `stoppingAtNonASCII` (the end of the line if
    /// none), or-ing the bytes it reads into `bits` (eight to a word, so that a byte above
    /// ASCII among them sets a high bit there; the last word read can reach past the byte
    /// found). Eight bytes are tested at a time, since strings are most of a line.
    @inline(__always)
    func endOfPlainRun(from start: Int, stoppingAtNonASCII: Bool, noting bits: inout UInt64) -> Int {
        let raw = UnsafeRawBufferPointer(bytes)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = ones &* UInt64(UInt8(ascii: "\""))
        let backslashes = ones &* UInt64(UInt8(ascii: "\\"))
        var index = start
        while index + 8 <= bytes.count {
            // Little-endian, so that the word's low byte is the first in the line.
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // A byte is zero after the xor where it matched; a byte below 0x20 borrows. A
            // borrow can mark bytes after a match, never before: the lowest mark is the first.
            let quote = word ^ quotes
            let backslash = word ^ backslashes
            let found = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
                | (stoppingAtNonASCII ? word : 0)) & highBits
            bits |= word
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (stoppingAtNonASCII && byte >= 0x80) {
                return index
            }
            bits |= UInt64(byte)
            index += 1
        }
        return index
    }
}
