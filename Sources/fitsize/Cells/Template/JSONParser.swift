/// What a ``JSONParser`` builds from the values it reads: the template's located nodes, or
/// a data line's plain values.
protocol JSONBuilder {
    associatedtype Value
    /// Whether strings keep the location of each scalar (only a template's errors need it).
    static var recordsScalarLocations: Bool { get }
    static func string(_ string: String, at location: SourceLocation, scalarLocations: [SourceLocation]) -> Value
    static func number(_ number: Double, at location: SourceLocation) -> Value
    static func bool(_ bool: Bool, at location: SourceLocation) -> Value
    static func null(at location: SourceLocation) -> Value
    static func array(_ elements: [Value], at location: SourceLocation) -> Value
    /// An object from members whose keys are known to be distinct, in file order.
    static func object(_ members: [JSONMember<Value>], at location: SourceLocation) -> Value
}

/// An object member as the parser reads it: its key (with the key's location) and value.
struct JSONMember<Value> {
    var key: String
    var keyLocation: SourceLocation
    var value: Value
}

extension JSONMember: Sendable where Value: Sendable {}

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that knows the line and column of every
/// value, so that errors name the place and what was expected there. Templates and data lines
/// share it; what it builds is the ``JSONBuilder``'s choice.
struct JSONParser<Builder: JSONBuilder> {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var column = 1
    private let file: String
    /// The members of the objects being read, innermost last.
    private var openMembers: [JSONMember<Builder.Value>] = []

    /// Deepest nesting accepted, so a hostile document cannot exhaust the stack.
    static var maximumDepth: Int { 256 }

    /// Parses `bytes`, a whole JSON document in valid UTF-8; `file` names it in errors.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(TemplateError) -> Builder.Value {
        var parser = JSONParser(bytes: bytes, file: file)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON document")
        }
        return value
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
        // Room for a data line's handful of fields in one allocation, not one per doubling.
        openMembers.reserveCapacity(16)
    }

    private var here: SourceLocation { SourceLocation(line: line, column: column) }

    private func error(_ message: String, at location: SourceLocation? = nil) -> TemplateError {
        TemplateError(file: file, location: location ?? here, message: message)
    }

    /// The scalar that starts at the current byte (the input is valid UTF-8).
    private var currentScalar: Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return scalar
    }

    /// The current scalar, for messages.
    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        guard let scalar = currentScalar else { return "byte 0x\(String(bytes[index], radix: 16, uppercase: true))" }
        return scalar.properties.isWhitespace || scalar.value < 0x20
            ? "character U+\(String(scalar.value, radix: 16, uppercase: true))" : "'\(Character(scalar))'"
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves past one byte; a column is a scalar, so continuation bytes do not count.
    private mutating func advance() {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let byte = current,
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            advance()
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(TemplateError) {
        guard current == byte else { throw error("expected \(what), found \(describeCurrent())") }
        advance()
    }

    private mutating func parseValue(depth: Int) throws(TemplateError) -> Builder.Value {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        guard let byte = current else { throw error("expected a value, found end of file") }
        let start = here
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""):
            let (string, locations) = try parseString()
            return Builder.string(string, at: start, scalarLocations: locations)
        case UInt8(ascii: "t"): try parseWord("true"); return Builder.bool(true, at: start)
        case UInt8(ascii: "f"): try parseWord("false"); return Builder.bool(false, at: start)
        case UInt8(ascii: "n"): try parseWord("null"); return Builder.null(at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return Builder.number(try parseNumber(), at: start)
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func parseWord(_ word: StaticString) throws(TemplateError) {
        let start = here
        for offset in 0..<word.utf8CodeUnitCount {
            guard current == word.utf8Start[offset] else {
                throw error("expected a value, found \(describeCurrent())", at: start)
            }
            advance()
        }
    }

    private mutating func parseObject(depth: Int) throws(TemplateError) -> Builder.Value {
        let start = here
        advance()
        // Members gather on the parser's stack and leave it as one array of their exact count.
        let first = openMembers.count
        defer { openMembers.removeSubrange(first...) }
        var keys: Set<String> = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return Builder.object([], at: start)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a quoted key, found \(describeCurrent())") }
            let keyLocation = here
            let (key, _) = try parseString(recordingLocations: false)
            // A short object is searched; a long one keeps a set, so that a hostile one stays linear.
            let count = openMembers.count - first
            let duplicate = count < 16 ? openMembers[first...].contains { $0.key == key } : !keys.insert(key).inserted
            if count == 15 { keys = Set(openMembers[first...].map(\.key) + [key]) }
            if duplicate { throw error("duplicate key \"\(key)\"", at: keyLocation) }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            openMembers.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard current != nil else { throw error("expected ',' or '}', found end of file") }
            if current == UInt8(ascii: ",") {
                advance()
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return Builder.object(Array(openMembers[first...]), at: start)
        }
    }

    private mutating func parseArray(depth: Int) throws(TemplateError) -> Builder.Value {
        let start = here
        advance()
        var elements: [Builder.Value] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return Builder.array(elements, at: start)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard current != nil else { throw error("expected ',' or ']', found end of file") }
            if current == UInt8(ascii: ",") {
                advance()
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return Builder.array(elements, at: start)
        }
    }

    /// A string and, if the builder keeps them, the file location of each scalar it decodes
    /// to (escapes make these differ from "start + offset").
    private mutating func parseString(
        recordingLocations: Bool = Builder.recordsScalarLocations
    ) throws(TemplateError) -> (String, [SourceLocation]) {
        let start = here
        advance()
        // Most strings have no escape: one pass finds the closing quote and decodes the bytes.
        let contentStart = index
        var end = index
        // The scalars are counted on the way (a column is a scalar), continuation bytes aside.
        var scalars = 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte & 0xC0 != 0x80 { scalars += 1 }
            end += 1
        }
        if !recordingLocations, end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<end])
            // No newline can be inside (control characters end the scan): only the column moves.
            column += scalars
            index = end + 1
            return (String(decoding: content, as: UTF8.self), [])
        }
        var result: [UInt8] = []
        result.reserveCapacity(end - contentStart + 8)
        var locations: [SourceLocation] = []
        while true {
            guard let byte = current else { throw error("unterminated string (it starts at \(start))") }
            let location = here
            if byte == UInt8(ascii: "\"") {
                advance()
                return (String(decoding: result, as: UTF8.self), locations)
            }
            if byte < 0x20 {
                throw error("control character U+\(String(byte, radix: 16, uppercase: true)) in a string; write it escaped")
            }
            advance()
            if byte != UInt8(ascii: "\\") {
                result.append(byte)
                if recordingLocations, byte & 0xC0 != 0x80 { locations.append(location) }
                continue
            }
            guard let escaped = current else { throw error("unterminated string (it starts at \(start))") }
            let escapedScalar = currentScalar
            advance()
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(escaped)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                var value = try parseHex4()
                if (0xD800...0xDBFF).contains(value) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate \\u\(String(value, radix: 16)) in a string", at: location)
                    }
                    advance()
                    advance()
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error("unpaired surrogate \\u\(String(value, radix: 16)) in a string", at: location)
                    }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let decoded = Unicode.Scalar(value) else {
                    throw error("\\u\(String(value, radix: 16)) is not a Unicode scalar", at: location)
                }
                result.append(contentsOf: UTF8.encode(decoded)!)
            default:
                throw error("unknown escape '\\\(escapedScalar.map { String(Character($0)) } ?? "")' in a string", at: location)
            }
            if recordingLocations { locations.append(location) }
        }
    }

    private mutating func parseHex4() throws(TemplateError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw error("expected four hexadecimal digits after \\u, found \(describeCurrent())")
            }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(TemplateError) -> Double {
        let start = here
        let first = index
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
        func digits() -> Int {
            var count = 0
            while isDigit(current) { advance(); count += 1 }
            return count
        }
        if current == UInt8(ascii: "-") { advance() }
        guard isDigit(current) else { throw error("expected a digit, found \(describeCurrent())") }
        if current == UInt8(ascii: "0") { advance() } else { _ = digits() }
        if current == UInt8(ascii: ".") {
            advance()
            guard digits() > 0 else { throw error("expected a digit after the decimal point, found \(describeCurrent())") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard digits() > 0 else { throw error("expected a digit in the exponent, found \(describeCurrent())") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is out of range", at: start)
        }
        return value
    }
}
