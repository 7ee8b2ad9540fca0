import AutoLayout
import Foundation

/// Reads the members of one template object, checking each value's type, and complains
/// about any member nobody asked for, so a misspelt property is an error, not silence.
struct PropertyReader {
    let node: JSONNode
    let file: String
    /// What the object is, for messages: "a label", "the template".
    var subject: String
    private var members: [JSONNode.Member]
    private var used: Set<String> = []

    init(_ node: JSONNode, file: String, subject: String) throws(TemplateError) {
        guard case .object(let members) = node.value else {
            throw TemplateError(file: file, location: node.location, message: "\(subject) must be an object, not \(node.kindDescription)")
        }
        self.node = node
        self.file = file
        self.subject = subject
        self.members = members
    }

    func error(_ message: String, at node: JSONNode) -> TemplateError {
        TemplateError(file: file, location: node.location, message: message)
    }

    /// The member `key`, marked as read.
    mutating func take(_ key: String) -> JSONNode? {
        used.insert(key)
        return members.first { $0.key == key }?.value
    }

    /// Fails on the first member that was not read, listing the ones `subject` has.
    func finish() throws(TemplateError) {
        if let unknown = members.first(where: { !used.contains($0.key) }) {
            throw TemplateError(
                file: file, location: unknown.keyLocation,
                message: "unknown property \"\(unknown.key)\" for \(subject); its properties are "
                    + used.sorted().map { "\"\($0)\"" }.joined(separator: ", "))
        }
    }

    mutating func string(_ key: String) throws(TemplateError) -> (String, JSONNode)? {
        guard let value = take(key) else { return nil }
        guard case .string(let string) = value.value else {
            throw error("\"\(key)\" must be a string, not \(value.kindDescription)", at: value)
        }
        return (string, value)
    }

    mutating func number(_ key: String, range: ClosedRange<Double>? = nil) throws(TemplateError) -> Double? {
        guard let value = take(key) else { return nil }
        return try Self.number(value, key: key, range: range, file: file)
    }

    static func number(_ value: JSONNode, key: String, range: ClosedRange<Double>?, file: String) throws(TemplateError) -> Double {
        guard case .number(let number) = value.value else {
            throw TemplateError(file: file, location: value.location, message: "\"\(key)\" must be a number, not \(value.kindDescription)")
        }
        if let range, !range.contains(number) {
            throw TemplateError(
                file: file, location: value.location,
                message: "\"\(key)\" must be between \(NumberText.format(range.lowerBound)) and \(NumberText.format(range.upperBound)), got \(NumberText.format(number))")
        }
        return number
    }

    mutating func integer(_ key: String, minimum: Int) throws(TemplateError) -> Int? {
        guard let value = take(key) else { return nil }
        guard case .number(let number) = value.value, number == number.rounded(), number >= Double(minimum), number < 1e9 else {
            throw error("\"\(key)\" must be a whole number of at least \(minimum)", at: value)
        }
        return Int(number)
    }

    mutating func bool(_ key: String) throws(TemplateError) -> Bool? {
        guard let value = take(key) else { return nil }
        guard case .bool(let bool) = value.value else {
            throw error("\"\(key)\" must be true or false, not \(value.kindDescription)", at: value)
        }
        return bool
    }

    /// One of the names in `choices`.
    mutating func choice<T>(_ key: String, _ choices: KeyValuePairs<String, T>) throws(TemplateError) -> T? {
        guard let (name, node) = try string(key) else { return nil }
        guard let match = choices.first(where: { $0.key == name }) else {
            throw error("\"\(key)\" must be one of \(choices.map { "\"\($0.key)\"" }.joined(separator: ", ")), got \"\(name)\"", at: node)
        }
        return match.value
    }

    /// A priority, as a number from 1 to 1000.
    mutating func priorities(_ key: String) throws(TemplateError) -> (horizontal: Float?, vertical: Float?)? {
        guard let value = take(key) else { return nil }
        var reader = try PropertyReader(value, file: file, subject: "\"\(key)\"")
        let horizontal = try reader.number("horizontal", range: 1...1000).map(Float.init)
        let vertical = try reader.number("vertical", range: 1...1000).map(Float.init)
        try reader.finish()
        return (horizontal, vertical)
    }

    /// Insets as [top, left, bottom, right] or {"top": …, "left": …, "bottom": …, "right": …}.
    mutating func insets(_ key: String) throws(TemplateError) -> EdgeInsets? {
        guard let value = take(key) else { return nil }
        switch value.value {
        case .array(let elements):
            guard elements.count == 4 else {
                throw error("\"\(key)\" must list 4 numbers: top, left, bottom, right", at: value)
            }
            var numbers: [Double] = []
            for element in elements { numbers.append(try Self.number(element, key: key, range: InputLimits.sizes, file: file)) }
            return EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
        case .object:
            var reader = try PropertyReader(value, file: file, subject: "\"\(key)\"")
            let insets = EdgeInsets(
                top: try reader.number("top", range: InputLimits.sizes) ?? 0,
                left: try reader.number("left", range: InputLimits.sizes) ?? 0,
                bottom: try reader.number("bottom", range: InputLimits.sizes) ?? 0,
                right: try reader.number("right", range: InputLimits.sizes) ?? 0)
            try reader.finish()
            return insets
        default:
            throw error("\"\(key)\" must be [top, left, bottom, right] or an object, not \(value.kindDescription)", at: value)
        }
    }

    /// A number, or a `"{field}"` string that takes the number from each item.
    mutating func numberBinding(_ key: String, range: ClosedRange<Double>) throws(TemplateError) -> Located<NumberBinding>? {
        guard let value = take(key) else { return nil }
        if case .string(let string) = value.value {
            return Located(binding: .field(try Self.singleField(string, node: value, key: key, file: file)), location: value.location)
        }
        return Located(binding: .constant(try Self.number(value, key: key, range: range, file: file)), location: value.location)
    }

    /// true/false, or a `"{field}"` string that takes the truth from each item.
    mutating func boolBinding(_ key: String) throws(TemplateError) -> Located<BoolBinding>? {
        guard let value = take(key) else { return nil }
        switch value.value {
        case .bool(let bool): return Located(binding: .constant(bool), location: value.location)
        case .string(let string):
            let negated = string.hasPrefix("!")
            let path = try Self.singleField(negated ? String(string.dropFirst()) : string, node: value, key: key, file: file)
            return Located(binding: .field(path, negated: negated), location: value.location)
        default:
            throw error("\"\(key)\" must be true, false, \"{field}\" or \"!{field}\", not \(value.kindDescription)", at: value)
        }
    }

    /// A text with placeholders.
    mutating func text(_ key: String) throws(TemplateError) -> (TextTemplate, SourceLocation)? {
        guard let (string, node) = try string(key) else { return nil }
        return (try TextTemplate(string, node: node, file: file), node.location)
    }

    private static func singleField(_ string: String, node: JSONNode, key: String, file: String) throws(TemplateError) -> FieldPath {
        let text = try TextTemplate(string, node: node, file: file)
        guard text.parts.count == 1, case .field(let path) = text.parts[0] else {
            throw TemplateError(file: file, location: node.location,
                                message: "\"\(key)\" as a string must be a single placeholder such as \"{field}\"")
        }
        return path
    }
}
