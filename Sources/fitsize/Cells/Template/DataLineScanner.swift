/// Reads the common data line, a flat JSON object with plain ASCII keys, straight from its
/// bytes into the slots of the fields a run reads: no member list, no key strings, and no
/// value made for a field that nothing reads.
///
/// It gives up (nil) on anything else: a nested object or array, an escape, a key that is not
/// ASCII, more than ``maximumMembers`` members, and every error. ``JSONParser`` then reads the
/// line, so the values and the messages stay the parser's.
enum DataLineScanner {
    /// The most members scanned; a longer object goes to the parser, which hashes its keys.
    static let maximumMembers = 16

    /// The values of `fields` in the object on `bytes`, by slot, and whether every byte of the
    /// line is ASCII; nil when the line needs the full parser.
    ///
    /// The line need not have been checked as UTF-8: outside its strings the scanner takes
    /// ASCII bytes only, so a line whose strings are ASCII too is valid UTF-8, and only a line
    /// with other bytes (`isASCII` false) needs the check before its values are used.
    static func slots(of bytes: UnsafeBufferPointer<UInt8>, fields: FieldSlots) -> (slots: [CellItem.Value?], isASCII: Bool)? {
        guard fields.allASCII else { return nil }
        var slots = [CellItem.Value?](repeating: nil, count: fields.names.count)
        let scanned = withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: maximumMembers) { keys in
            fields.nameBytes.withUnsafeBufferPointer { names in
                fields.nameRanges.withUnsafeBufferPointer { nameRanges in
                    var cursor = Cursor(bytes: bytes, keys: keys, names: names, nameRanges: nameRanges)
                    return cursor.scanObject(into: &slots) ? cursor.stringBits & 0x8080_8080_8080_8080 == 0 : nil
                }
            }
        }
        return scanned.map { (slots, $0) }
    }

    /// A scalar value as it lies in the line, before any string is made of it.
    private enum Scalar {
        case string(Range<Int>)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// The line being scanned and the place reached.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where the keys of no slot read so far lie, for the check that none comes twice.
        let keys: UnsafeMutableBufferPointer<Range<Int>>
        let names: UnsafeBufferPointer<UInt8>
        let nameRanges: UnsafeBufferPointer<Range<Int>>
        var index = 0
        var members = 0
        /// How many keys of no slot `keys` holds.
        var otherKeys = 0
        /// A bit for each key length seen (modulo 64) among the keys of no slot: a key whose
        /// bit is clear cannot equal an earlier one, and is not compared with them.
        var keyLengths: UInt64 = 0
        /// A bit for each slot below 64 whose key was read: a slot's key twice is a key twice.
        var slotsSeen: UInt64 = 0
        /// The slot tried first for the next key: the one after the last key's. Lines of one
        /// file tend to list their fields in one order, so the guess usually holds.
        var nextSlot = 0
        /// The bytes read while looking for the ends of string values, or-ed together eight at
        /// a time: no high bit set means no byte above ASCII in any string. (Those words can
        /// reach past a string, but only into bytes of the line, where any byte above ASCII
        /// outside a string makes the scanner give up.)
        var stringBits: UInt64 = 0

        init(bytes: UnsafeBufferPointer<UInt8>, keys: UnsafeMutableBufferPointer<Range<Int>>,
             names: UnsafeBufferPointer<UInt8>, nameRanges: UnsafeBufferPointer<Range<Int>>) {
            self.bytes = bytes
            self.keys = keys
            self.names = names
            self.nameRanges = nameRanges
        }

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                    || byte == UInt8(ascii: "\r") else { return }
                index += 1
            }
        }

        /// Whether the whole line is one object this scanner reads; its fields' values go
        /// into `slots`.
        mutating func scanObject(into slots: inout [CellItem.Value?]) -> Bool {
            skipWhitespace()
            guard current == UInt8(ascii: "{") else { return false }
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    guard let key = scanKey() else { return false }
                    let slot = slot(of: key)
                    guard isFirst(key, slot: slot) else { return false }
                    skipWhitespace()
                    guard current == UInt8(ascii: ":") else { return false }
                    index += 1
                    skipWhitespace()
                    guard let scalar = scanScalar() else { return false }
                    if let slot { slots[slot] = value(scalar) }
                    skipWhitespace()
                    if current == UInt8(ascii: ",") {
                        index += 1
                        skipWhitespace()
                        continue
                    }
                    guard current == UInt8(ascii: "}") else { return false }
                    index += 1
                    break
                }
            }
            skipWhitespace()
            return index == bytes.count
        }

        /// A quoted ASCII key without escapes.
        private mutating func scanKey() -> Range<Int>? {
            guard current == UInt8(ascii: "\""), members < DataLineScanner.maximumMembers else { return nil }
            let start = index + 1
            // A key stops at a byte above ASCII, so its bytes say nothing `stringBits` needs.
            var keyBits: UInt64 = 0
            index = endOfPlainRun(from: start, stoppingAtNonASCII: true, noting: &keyBits)
            guard current == UInt8(ascii: "\"") else { return nil }
            index += 1
            members += 1
            return start..<(index - 1)
        }

        /// Whether no earlier member has the key at `key`, whose slot is `slot`; notes it.
        /// Keys of different slots differ, and a slot's key equals no key of none.
        @inline(__always)
        private mutating func isFirst(_ key: Range<Int>, slot: Int?) -> Bool {
            if let slot, slot < 64 {
                let bit: UInt64 = 1 << UInt64(slot)
                guard slotsSeen & bit == 0 else { return false }
                slotsSeen |= bit
                return true
            }
            let lengthBit: UInt64 = 1 << UInt64(key.count & 63)
            if keyLengths & lengthBit != 0 {
                for previous in 0..<otherKeys where same(keys[previous], key) { return false }
            }
            keyLengths |= lengthBit
            keys[otherKeys] = key
            otherKeys += 1
            return true
        }

        private func value(_ scalar: Scalar) -> CellItem.Value {
            switch scalar {
            case .string(let range): .string(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
            case .number(let number): .number(number)
            case .bool(let bool): .bool(bool)
            case .null: .null
            }
        }

        /// A string without escapes, a finite number, true, false or null.
        private mutating func scanScalar() -> Scalar? {
            switch current {
            case UInt8(ascii: "\"")?:
                let start = index + 1
                var bits: UInt64 = 0
                index = endOfPlainRun(from: start, stoppingAtNonASCII: false, noting: &bits)
                stringBits |= bits
                guard current == UInt8(ascii: "\"") else { return nil }
                index += 1
                return .string(start..<(index - 1))
            case UInt8(ascii: "t")?: return scanWord("true") ? .bool(true) : nil
            case UInt8(ascii: "f")?: return scanWord("false") ? .bool(false) : nil
            case UInt8(ascii: "n")?: return scanWord("null") ? .null : nil
            case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?: return scanNumber().map { .number($0) }
            default: return nil
            }
        }

        private func isDigit(_ byte: UInt8?) -> Bool {
            byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false
        }

        /// A number in JSON's grammar, read as the parser reads it.
        private mutating func scanNumber() -> Double? {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { return nil }
            if current == UInt8(ascii: "0") {
                index += 1
            } else {
                while isDigit(current) { index += 1 }
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard isDigit(current) else { return nil }
                while isDigit(current) { index += 1 }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard isDigit(current) else { return nil }
                while isDigit(current) { index += 1 }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { return nil }
            return value
        }
    }
}
