import Foundation

/// One data item for `fitsize cells`: a JSON object from a line of the data file.
struct CellItem: Sendable {
    /// A field's value.
    indirect enum Value: Decodable, Sendable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        case object([String: Value])
        case array([Value])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let string = try? container.decode(String.self) {
                self = .string(string)
            } else if let object = try? container.decode([String: Value].self) {
                self = .object(object)
            } else {
                self = .array(try container.decode([Value].self))
            }
        }
    }

    let fields: [String: Value]
    /// The item's 1-based line in the data file.
    let line: Int

    /// An item with no fields, used to check a template before any data is read.
    static let empty = CellItem(fields: [:], line: 0)

    /// Parses a data line.
    /// - Throws: ``ToolError`` when the line is not a JSON object.
    init(json bytes: UnsafeBufferPointer<UInt8>, line: Int) throws {
        if let offset = UTF8Validation.firstInvalidByte(in: bytes) {
            throw ToolError("Line is not valid UTF-8: bad byte sequence at byte offset \(offset)")
        }
        let value: Value
        do {
            value = try JSONDecoder().decode(Value.self, from: Data(buffer: bytes))
        } catch {
            throw ToolError("Line is not valid JSON")
        }
        guard case .object(let fields) = value else { throw ToolError("Line is not a JSON object") }
        self.init(fields: fields, line: line)
    }

    init(fields: [String: Value], line: Int) {
        self.fields = fields
        self.line = line
    }

    /// The value at `path`, or nil when a component is missing.
    func value(at path: FieldPath) -> Value? {
        var current = Value.object(fields)
        for component in path.components {
            guard case .object(let object) = current, let next = object[component] else { return nil }
            current = next
        }
        return current
    }

    /// The value as text for a placeholder; nil for a missing field, an object or an array.
    func text(at path: FieldPath) -> String? {
        switch value(at: path) {
        case .string(let string)?: string
        case .number(let number)?: NumberText.format(number)
        case .bool(let bool)?: bool ? "true" : "false"
        case .null?: ""
        default: nil
        }
    }

    /// The value as a number; nil unless it is one.
    func number(at path: FieldPath) -> Double? {
        if case .number(let number)? = value(at: path) { return number }
        return nil
    }

    /// JavaScript-like truth: false, null, 0, "" and a missing field are false.
    func truthValue(at path: FieldPath) -> Bool {
        switch value(at: path) {
        case .bool(let bool)?: bool
        case .number(let number)?: number != 0
        case .string(let string)?: !string.isEmpty
        case .object?, .array?: true
        case .null?, nil: false
        }
    }
}
