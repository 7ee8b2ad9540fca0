// A recursive-descent parser for Apple's Visual Format Language.
//
// Grammar (Apple's appendix, with the liberties UIKit's own parser takes: a connection's
// single predicate may carry a relation and priority without parentheses, and constants
// may be negative inside parentheses):
//
//   format        := (('H' | 'V') ':')? ('|' connection)? view (connection view)* (connection '|')?
//   connection    := ''  |  '-'  |  '-' predicateGroup '-'
//   predicateGroup:= predicate  |  '(' predicate (',' predicate)* ')'
//   view          := '[' name ('(' predicate (',' predicate)* ')')? ']'
//   predicate     := ('==' | '<=' | '>=')? operand ('@' operand)?
//   operand       := number | name
//   number        := '-'? digits ('.' digits?)?  |  '-'? '.' digits
//   name          := [A-Za-z_][A-Za-z0-9_]*
//
// No whitespace is allowed anywhere, as in UIKit. Errors carry UIKit's messages and point
// where UIKit's caret points for the documented examples.

/// Parses one visual format string into a ``FormatSyntax`` without looking up any name.
struct Parser {
    private let format: String
    private let bytes: [UInt8]
    private var index = 0

    private init(_ format: String) {
        self.format = format
        self.bytes = Array(format.utf8)
    }

    /// Parses `format`, throwing the first syntax error met from left to right.
    static func parse(_ format: String) throws(VisualFormatError) -> FormatSyntax {
        var parser = Parser(format)
        return try parser.parseFormat()
    }

    // MARK: Grammar rules

    private mutating func parseFormat() throws(VisualFormatError) -> FormatSyntax {
        if bytes.isEmpty { throw failure(.emptyFormat, at: 0) }
        if let nonASCII = bytes.firstIndex(where: { $0 >= 0x80 }) {
            throw failure(.nonASCIICharacter, at: nonASCII)
        }
        let orientation = try parseOrientation()

        var leadingEdge: FormatSyntax.SuperviewEdge?
        if peek == ASCII.bar {
            let bar = index
            index += 1
            if isAtEnd { throw failure(.expectedConnectionAfterSuperview, at: index) }
            leadingEdge = FormatSyntax.SuperviewEdge(bar: bar, connection: try parseConnection())
        }

        var views = [try parseView()]
        var connections: [FormatSyntax.Connection] = []
        var trailingEdge: FormatSyntax.SuperviewEdge?
        while !isAtEnd {
            let connection = try parseConnection()
            if peek == ASCII.openBracket {
                connections.append(connection)
                views.append(try parseView())
            } else if peek == ASCII.bar {
                trailingEdge = FormatSyntax.SuperviewEdge(bar: index, connection: connection)
                index += 1
                if !isAtEnd { throw failure(.expectedEnd, at: index) }
            } else {
                throw failure(.expectedViewOrSuperview, at: index)
            }
        }
        return FormatSyntax(
            orientation: orientation, leadingEdge: leadingEdge, views: views,
            connections: connections, trailingEdge: trailingEdge)
    }

    private mutating func parseOrientation() throws(VisualFormatError) -> LayoutAxis {
        let orientation: LayoutAxis
        switch peek {
        case ASCII.upperH: orientation = .horizontal
        case ASCII.upperV: orientation = .vertical
        default: return .horizontal
        }
        index += 1
        guard peek == ASCII.colon else {
            throw failure(.expectedColonAfterOrientation(orientation), at: index)
        }
        index += 1
        return orientation
    }

    private mutating func parseConnection() throws(VisualFormatError) -> FormatSyntax.Connection {
        guard peek == ASCII.dash else { return .flush(at: index) }
        let dash = index
        index += 1
        if peek == ASCII.openBracket || peek == ASCII.bar { return .standard(at: dash) }
        if peek == ASCII.dash { throw failure(.ambiguousMinus, at: index) }

        let predicates: [FormatSyntax.Predicate]
        if peek == ASCII.openParenthesis {
            index += 1
            predicates = try parsePredicateList()
            guard peek == ASCII.closeParenthesis else {
                throw failure(.expectedClosingParenthesis, at: index)
            }
            index += 1
        } else {
            predicates = [try parsePredicate()]
        }
        switch peek {
        case ASCII.dash: index += 1
        case ASCII.comma: throw failure(.expectedDashBeforeList, at: index)
        default: throw failure(.expectedDash, at: index)
        }
        return .predicates(predicates, range: dash..<index)
    }

    private mutating func parseView() throws(VisualFormatError) -> FormatSyntax.View {
        guard peek == ASCII.openBracket else { throw failure(.expectedView, at: index) }
        let open = index
        index += 1
        if isAtEnd { throw failure(.expectedView, at: index) }
        let nameRange = scanName()
        if nameRange.isEmpty { throw failure(.expectedViewName, at: index) }

        var predicates: [FormatSyntax.Predicate] = []
        if peek == ASCII.openParenthesis {
            index += 1
            if isAtEnd { throw failure(.unexpectedEndInView, at: index) }
            predicates = try parsePredicateList()
            guard peek == ASCII.closeParenthesis else {
                throw failure(.expectedThicknessEnd, at: index)
            }
            index += 1
            guard peek == ASCII.closeBracket else {
                throw failure(.expectedBracketAfterThickness, at: index)
            }
        } else if peek != ASCII.closeBracket {
            throw failure(.expectedViewEnd, at: index)
        }
        index += 1
        return FormatSyntax.View(
            name: text(nameRange), nameRange: nameRange, predicates: predicates,
            range: open..<index)
    }

    private mutating func parsePredicateList() throws(VisualFormatError) -> [FormatSyntax.Predicate] {
        var predicates = [try parsePredicate()]
        while peek == ASCII.comma {
            index += 1
            predicates.append(try parsePredicate())
        }
        return predicates
    }

    private mutating func parsePredicate() throws(VisualFormatError) -> FormatSyntax.Predicate {
        if isAtEnd { throw failure(.expectedMoreInput, at: index) }
        let start = index
        let relation = try parseRelation()
        let object = try parseOperand()
        var priority: FormatSyntax.Operand?
        if peek == ASCII.at {
            index += 1
            let operand = try parseOperand()
            if case .number(let value, let range) = operand {
                if value <= 0 { throw failure(.priorityNotPositive(value), at: range.lowerBound) }
                if value > 1000 { throw failure(.priorityTooHigh(value), at: range.lowerBound) }
            }
            priority = operand
        }
        return FormatSyntax.Predicate(
            relation: relation, object: object, priority: priority, range: start..<index)
    }

    private mutating func parseRelation() throws(VisualFormatError) -> FormatSyntax.Relation {
        let relation: FormatSyntax.Relation
        switch peek {
        case ASCII.equals: relation = .equal
        case ASCII.lessThan: relation = .lessThanOrEqual
        case ASCII.greaterThan: relation = .greaterThanOrEqual
        default: return .equal
        }
        index += 1
        guard peek == ASCII.equals else { throw failure(.unknownRelation, at: index) }
        index += 1
        return relation
    }

    private mutating func parseOperand() throws(VisualFormatError) -> FormatSyntax.Operand {
        guard let first = peek else { throw failure(.expectedNumberOrMetric, at: index) }
        if first == ASCII.dash || first == ASCII.dot || ASCII.isDigit(first) {
            return try parseNumber()
        }
        let nameRange = scanName()
        if nameRange.isEmpty { throw failure(.expectedNumberOrMetric, at: index) }
        return .name(text(nameRange), range: nameRange)
    }

    private mutating func parseNumber() throws(VisualFormatError) -> FormatSyntax.Operand {
        let start = index
        if peek == ASCII.dash { index += 1 }
        let integerDigits = scanDigits()
        var fractionDigits = 0..<0
        if peek == ASCII.dot {
            index += 1
            fractionDigits = scanDigits()
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else {
            throw failure(.expectedNumberOrMetric, at: start)
        }
        let range = start..<index
        // Rebuilt with both parts present so that "5." and ".5" convert as "5.0" and "0.5".
        let sign = bytes[start] == ASCII.dash ? "-" : ""
        let integer = integerDigits.isEmpty ? "0" : text(integerDigits)
        let fraction = fractionDigits.isEmpty ? "0" : text(fractionDigits)
        guard let value = Double(sign + integer + "." + fraction), value.isFinite else {
            throw failure(.numberOutOfRange(text(range)), at: start)
        }
        return .number(value, range: range)
    }

    // MARK: Scanning

    private var isAtEnd: Bool { index >= bytes.count }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Consumes a name (`[A-Za-z_][A-Za-z0-9_]*`) and returns its range, empty if none.
    private mutating func scanName() -> Range<Int> {
        let start = index
        guard let first = peek, ASCII.isLetter(first) || first == ASCII.underscore else {
            return start..<start
        }
        index += 1
        while let next = peek, ASCII.isLetter(next) || ASCII.isDigit(next) || next == ASCII.underscore {
            index += 1
        }
        return start..<index
    }

    private mutating func scanDigits() -> Range<Int> {
        let start = index
        while let next = peek, ASCII.isDigit(next) { index += 1 }
        return start..<index
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func failure(_ reason: VisualFormatError.Reason, at offset: Int) -> VisualFormatError {
        VisualFormatError(reason, format: format, offset: offset)
    }
}

/// The ASCII bytes the grammar is made of.
private enum ASCII {
    static let bar = UInt8(ascii: "|")
    static let dash = UInt8(ascii: "-")
    static let colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ",")
    static let dot = UInt8(ascii: ".")
    static let at = UInt8(ascii: "@")
    static let equals = UInt8(ascii: "=")
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openParenthesis = UInt8(ascii: "(")
    static let closeParenthesis = UInt8(ascii: ")")
    static let underscore = UInt8(ascii: "_")
    static let upperH = UInt8(ascii: "H")
    static let upperV = UInt8(ascii: "V")

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
