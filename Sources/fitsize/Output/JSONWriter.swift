/// Writes one JSON value into a byte buffer, without building an intermediate tree: batch
/// output is produced at hundreds of thousands of lines per second.
///
/// The caller writes keys and values in order; the writer adds the commas.
struct JSONWriter {
    private(set) var bytes: [UInt8]
    /// Whether the container being written already has a member (so the next needs a comma).
    private var hasMember: [Bool] = []

    init(into bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    mutating func beginObject() { beginValue(); bytes.append(UInt8(ascii: "{")); hasMember.append(false) }
    mutating func endObject() { hasMember.removeLast(); bytes.append(UInt8(ascii: "}")) }
    mutating func beginArray() { beginValue(); bytes.append(UInt8(ascii: "[")); hasMember.append(false) }
    mutating func endArray() { hasMember.removeLast(); bytes.append(UInt8(ascii: "]")) }

    /// Ends a line after a complete top-level value, so that one writer fills a whole block
    /// of JSON lines in one growing buffer.
    mutating func endLine() {
        precondition(hasMember.isEmpty, "a line ends only after a complete value")
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The bytes written, leaving the writer empty (so that the caller's buffer is not shared).
    mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    /// Appends bytes that are already JSON: the fixed pieces of a line, made once and written
    /// for every result, around values written with the other calls at the top level (the
    /// caller keeps the line well formed).
    mutating func raw(_ piece: [UInt8]) { bytes.append(contentsOf: piece) }

    /// Lets `write` append bytes that are not JSON values straight to the buffer (the encoded
    /// fields of `fitsize cells --output tsv`), so that lines of both formats fill one buffer
    /// without an array made per field; the caller keeps the line well formed.
    mutating func raw(_ write: (inout [UInt8]) -> Void) { write(&bytes) }

    /// Writes an object member's key; the next call writes its value.
    mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        pendingKey = true
    }

    mutating func string(_ value: String) { beginValue(); appendString(value) }
    mutating func number(_ value: Double) { beginValue(); NumberText.append(value, to: &bytes) }
    mutating func integer(_ value: Int) { beginValue(); NumberText.appendInteger(Int64(value), to: &bytes) }
    mutating func bool(_ value: Bool) { beginValue(); bytes.append(contentsOf: (value ? "true" : "false").utf8) }
    mutating func null() { beginValue(); bytes.append(contentsOf: "null".utf8) }

    /// Writes a key and a value in one call.
    mutating func member(_ name: String, _ value: String) { key(name); string(value) }
    mutating func member(_ name: String, _ value: Double) { key(name); number(value) }
    mutating func member(_ name: String, _ value: Int) { key(name); integer(value) }
    mutating func member(_ name: String, _ value: Bool) { key(name); bool(value) }

    private var pendingKey = false

    /// A value directly after a key needs no comma; an array element after another does.
    private mutating func beginValue() {
        if pendingKey {
            pendingKey = false
        } else {
            separate()
        }
    }

    private mutating func separate() {
        guard !hasMember.isEmpty else { return }
        if hasMember[hasMember.count - 1] { bytes.append(UInt8(ascii: ",")) }
        hasMember[hasMember.count - 1] = true
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259
    /// section 7); everything else is written as UTF-8.
    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        // Keys and most values need no escape: their bytes are copied at once.
        var value = value
        let plain = value.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
