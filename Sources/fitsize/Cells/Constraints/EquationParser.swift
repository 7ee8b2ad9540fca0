import AutoLayout

/// Parses anchor equations (see ``ConstraintEquation``):
///
/// ```
/// equation  := operand relation sum [ "@" priority ]
/// operand   := name "." attribute
/// relation  := "==" | "<=" | ">="
/// sum       := [ "-" ] term { ("+" | "-") term }     at most one term names an operand
/// term      := number [ "*" operand ] | operand [ "*" number ] | metric
/// priority  := number | required | defaultHigh | high | defaultLow | low | fittingSizeLevel
/// ```
///
/// Errors carry the scalar offset of the offending token, so the template can report the
/// line and column.
struct EquationParser {
    /// A parse error at a scalar offset of the equation.
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    private enum Token: Equatable {
        case name(String)
        case number(Double)
        case relation(LayoutRelation)
        case symbol(Character)
        case end
    }

    private var tokens: [(token: Token, offset: Int)] = []
    private var position = 0
    private let metrics: [String: Double]

    /// Parses `text`; `metrics` gives the values of names used as numbers.
    static func parse(_ text: String, metrics: [String: Double]) throws(Failure) -> ConstraintEquation {
        var parser = EquationParser(metrics: metrics)
        try parser.tokenize(Array(text.unicodeScalars))
        return try parser.parseEquation()
    }

    private init(metrics: [String: Double]) {
        self.metrics = metrics
    }

    // MARK: Tokens

    private mutating func tokenize(_ scalars: [Unicode.Scalar]) throws(Failure) {
        var index = 0
        func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        while index < scalars.count {
            let scalar = scalars[index]
            let start = index
            if scalar == " " || scalar == "\t" {
                index += 1
            } else if isNameStart(scalar) {
                while index < scalars.count, isNameStart(scalars[index]) || isDigit(scalars[index]) { index += 1 }
                tokens.append((.name(String(String.UnicodeScalarView(scalars[start..<index]))), start))
            } else if isDigit(scalar) || (scalar == "." && index + 1 < scalars.count && isDigit(scalars[index + 1])) {
                while index < scalars.count, isDigit(scalars[index]) || scalars[index] == "." { index += 1 }
                let text = String(String.UnicodeScalarView(scalars[start..<index]))
                guard let value = Double(text), value.isFinite else {
                    throw Failure(message: "'\(text)' is not a number", offset: start)
                }
                tokens.append((.number(value), start))
            } else if "<=>".unicodeScalars.contains(scalar) {
                guard index + 1 < scalars.count, scalars[index + 1] == "=" else {
                    throw Failure(message: "expected '==', '<=' or '>='", offset: start)
                }
                let relation: LayoutRelation = scalar == "<" ? .lessThanOrEqual : scalar == ">" ? .greaterThanOrEqual : .equal
                tokens.append((.relation(relation), start))
                index += 2
            } else if "+-*@.".unicodeScalars.contains(scalar) {
                tokens.append((.symbol(Character(scalar)), start))
                index += 1
            } else {
                throw Failure(message: "unexpected character '\(Character(scalar))'", offset: start)
            }
        }
        tokens.append((.end, scalars.count))
    }

    private var current: (token: Token, offset: Int) { tokens[min(position, tokens.count - 1)] }

    private func describe(_ token: Token) -> String {
        switch token {
        case .name(let name): "'\(name)'"
        case .number(let number): "'\(NumberText.format(number))'"
        case .relation(let relation): "'\(relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">=")'"
        case .symbol(let symbol): "'\(symbol)'"
        case .end: "the end of the equation"
        }
    }

    private func fail(_ expected: String) -> Failure {
        Failure(message: "expected \(expected), found \(describe(current.token))", offset: current.offset)
    }

    // MARK: Grammar

    private mutating func parseEquation() throws(Failure) -> ConstraintEquation {
        guard case .name = current.token else { throw fail("a view name (as in 'title.top == image.bottom + 8')") }
        let first = try parseOperand()
        guard case .relation(let relation) = current.token else { throw fail("'==', '<=' or '>='") }
        position += 1
        var equation = ConstraintEquation(first: first, relation: relation)
        try parseSum(into: &equation)
        if current.token == .symbol("@") {
            position += 1
            equation.priority = try parsePriority()
        }
        guard current.token == .end else { throw fail("'+', '-', '@' or the end of the equation") }
        return equation
    }

    private mutating func parseOperand() throws(Failure) -> ConstraintEquation.Operand {
        guard case .name(let item) = current.token else { throw fail("a view name") }
        let offset = current.offset
        position += 1
        guard current.token == .symbol(".") else {
            throw fail("'.' and an attribute after '\(item)' (as in '\(item).top')")
        }
        position += 1
        guard case .name(let attributeName) = current.token else { throw fail("an attribute name") }
        guard let attribute = ConstraintEquation.attributes[attributeName] else {
            throw Failure(
                message: "unknown attribute '\(attributeName)'; the attributes are "
                    + ConstraintEquation.attributes.keys.sorted().joined(separator: ", "),
                offset: current.offset)
        }
        position += 1
        return ConstraintEquation.Operand(item: item, attribute: attribute, offset: offset)
    }

    private mutating func parseSum(into equation: inout ConstraintEquation) throws(Failure) {
        var sign = 1.0
        if current.token == .symbol("-") {
            sign = -1
            position += 1
        }
        while true {
            try parseTerm(sign: sign, into: &equation)
            if current.token == .symbol("+") {
                sign = 1
            } else if current.token == .symbol("-") {
                sign = -1
            } else {
                return
            }
            position += 1
        }
    }

    private mutating func parseTerm(sign: Double, into equation: inout ConstraintEquation) throws(Failure) {
        let start = current.offset
        var factor: Double?
        var operand: ConstraintEquation.Operand?
        switch current.token {
        case .number(let value):
            factor = value
            position += 1
        case .name(let name):
            if tokens[min(position + 1, tokens.count - 1)].token == .symbol(".") {
                operand = try parseOperand()
            } else {
                guard let value = metrics[name] else {
                    throw Failure(message: "'\(name)' is neither a view's attribute (name.attribute) nor a metric", offset: start)
                }
                factor = value
                position += 1
            }
        default:
            throw fail("a number, a metric or a view's attribute")
        }
        if current.token == .symbol("*") {
            position += 1
            if operand == nil {
                guard case .name = current.token else { throw fail("a view's attribute after '*'") }
                operand = try parseOperand()
            } else {
                switch current.token {
                case .number(let value): factor = value
                case .name(let name) where metrics[name] != nil: factor = metrics[name]
                default: throw fail("a number after '*'")
                }
                position += 1
            }
        }
        if let operand {
            guard equation.second == nil else {
                throw Failure(message: "an equation relates two attributes; this is a third", offset: start)
            }
            equation.second = operand
            equation.multiplier = sign * (factor ?? 1)
        } else {
            equation.constant += sign * (factor ?? 0)
        }
    }

    private mutating func parsePriority() throws(Failure) -> Float {
        let offset = current.offset
        let value: Float
        switch current.token {
        case .number(let number): value = Float(number)
        case .name(let name):
            guard let named = ConstraintEquation.priorities[name] else {
                throw Failure(message: "unknown priority '\(name)'; use a number from 1 to 1000 or "
                    + ConstraintEquation.priorities.keys.sorted().joined(separator: ", "), offset: offset)
            }
            value = named
        default: throw fail("a priority after '@'")
        }
        guard value >= 1 && value <= 1000 else {
            throw Failure(message: "priority \(NumberText.format(Double(value))) is outside 1...1000", offset: offset)
        }
        position += 1
        return value
    }
}
