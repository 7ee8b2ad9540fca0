/// A strict JSON parser (RFC 8259) that records the line and column of every value, for
/// cell templates. Errors name the place and what was expected there.
struct JSONParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    private let file: String

    /// Deepest nesting accepted, so a hostile template cannot exhaust the stack.
    private static let maximumDepth = 256

    /// Parses `text`, a whole JSON document; `file` names it in errors.
    static func parse(_ text: String, file: String) throws(TemplateError) -> JSONNode {
        var parser = JSONParser(scalars: Array(text.unicodeScalars), file: file)
        parser.skipWhitespace()
        let node = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.scalars.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON document")
        }
        return node
    }

    private init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    private var here: SourceLocation { SourceLocation(line: line, column: column) }

    private func error(_ message: String, at location: SourceLocation? = nil) -> TemplateError {
        TemplateError(file: file, location: location ?? here, message: message)
    }

    private func describeCurrent() -> String {
        guard index < scalars.count else { return "end of file" }
        let scalar = scalars[index]
        return scalar.properties.isWhitespace || scalar.value < 0x20 ? "character U+\(String(scalar.value, radix: 16, uppercase: true))" : "'\(Character(scalar))'"
    }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { advance() }
    }

    private mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(TemplateError) {
        guard index < scalars.count, scalars[index] == scalar else {
            throw error("expected \(what), found \(describeCurrent())")
        }
        advance()
    }

    private mutating func parseValue(depth: Int) throws(TemplateError) -> JSONNode {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        guard index < scalars.count else { throw error("expected a value, found end of file") }
        let start = here
        switch scalars[index] {
        case "{": return try parseObject(depth: depth)
        case "[": return try parseArray(depth: depth)
        case "\"":
            let (string, locations) = try parseString()
            return JSONNode(value: .string(string), location: start, scalarLocations: locations)
        case "t": try parseWord("true"); return JSONNode(value: .bool(true), location: start)
        case "f": try parseWord("false"); return JSONNode(value: .bool(false), location: start)
        case "n": try parseWord("null"); return JSONNode(value: .null, location: start)
        case "-", "0"..."9": return JSONNode(value: .number(try parseNumber()), location: start)
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func parseWord(_ word: String) throws(TemplateError) {
        let start = here
        for scalar in word.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else {
                throw error("expected a value, found \(describeCurrent())", at: start)
            }
            advance()
        }
    }

    private mutating func parseObject(depth: Int) throws(TemplateError) -> JSONNode {
        let start = here
        advance()
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if index < scalars.count, scalars[index] == "}" {
            advance()
            return JSONNode(value: .object(members), location: start)
        }
        while true {
            skipWhitespace()
            guard index < scalars.count, scalars[index] == "\"" else {
                throw error("expected a quoted key, found \(describeCurrent())")
            }
            let keyLocation = here
            let (key, _) = try parseString()
            if members.contains(where: { $0.key == key }) {
                throw error("duplicate key \"\(key)\"", at: keyLocation)
            }
            skipWhitespace()
            try expect(":", "':' after the key")
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard index < scalars.count else { throw error("expected ',' or '}', found end of file") }
            if scalars[index] == "," {
                advance()
                continue
            }
            try expect("}", "',' or '}'")
            return JSONNode(value: .object(members), location: start)
        }
    }

    private mutating func parseArray(depth: Int) throws(TemplateError) -> JSONNode {
        let start = here
        advance()
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < scalars.count, scalars[index] == "]" {
            advance()
            return JSONNode(value: .array(elements), location: start)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < scalars.count else { throw error("expected ',' or ']', found end of file") }
            if scalars[index] == "," {
                advance()
                continue
            }
            try expect("]", "',' or ']'")
            return JSONNode(value: .array(elements), location: start)
        }
    }

    /// A string and the file location of each scalar it decodes to.
    private mutating func parseString() throws(TemplateError) -> (String, [SourceLocation]) {
        let start = here
        advance()
        var result = String.UnicodeScalarView()
        var locations: [SourceLocation] = []
        while true {
            guard index < scalars.count else { throw error("unterminated string (it starts at \(start))") }
            let location = here
            let scalar = scalars[index]
            if scalar == "\"" {
                advance()
                return (String(result), locations)
            }
            if scalar.value < 0x20 {
                throw error("control character U+\(String(scalar.value, radix: 16, uppercase: true)) in a string; write it escaped")
            }
            advance()
            if scalar != "\\" {
                result.append(scalar)
                locations.append(location)
                continue
            }
            guard index < scalars.count else { throw error("unterminated string (it starts at \(start))") }
            let escaped = scalars[index]
            advance()
            switch escaped {
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "/": result.append("/")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "u":
                var value = try parseHex4()
                if (0xD800...0xDBFF).contains(value) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard index + 1 < scalars.count, scalars[index] == "\\", scalars[index + 1] == "u" else {
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
                result.append(decoded)
            default:
                throw error("unknown escape '\\\(Character(escaped))' in a string", at: location)
            }
            locations.append(location)
        }
    }

    private mutating func parseHex4() throws(TemplateError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < scalars.count, let digit = Character(scalars[index]).hexDigitValue else {
                throw error("expected four hexadecimal digits after \\u, found \(describeCurrent())")
            }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(TemplateError) -> Double {
        let start = here
        var text = ""
        func take() { text.unicodeScalars.append(scalars[index]); advance() }
        func digits() -> Int {
            var count = 0
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { take(); count += 1 }
            return count
        }
        if scalars[index] == "-" { take() }
        guard index < scalars.count, ("0"..."9").contains(scalars[index]) else {
            throw error("expected a digit, found \(describeCurrent())")
        }
        if scalars[index] == "0" { take() } else { _ = digits() }
        if index < scalars.count, scalars[index] == "." {
            take()
            guard digits() > 0 else { throw error("expected a digit after the decimal point, found \(describeCurrent())") }
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            take()
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { take() }
            guard digits() > 0 else { throw error("expected a digit in the exponent, found \(describeCurrent())") }
        }
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is out of range", at: start)
        }
        return value
    }
}
