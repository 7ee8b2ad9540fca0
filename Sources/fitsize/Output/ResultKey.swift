import Foundation

/// The key a result line is printed with: a batch JSON line's `"key"`, or a cell item's key
/// field, echoed back as it came (a string or a number).
enum ResultKey: Decodable, Sendable {
    case string(String)
    case number(Double)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"key\" must be a string or a number")
        }
    }

    func write(to writer: inout JSONWriter) {
        switch self {
        case .string(let string): writer.string(string)
        case .number(let number): writer.number(number)
        }
    }

    /// Writes the key as a ``TSVField``: a string encoded, a number as JSON writes it.
    func writeField(to bytes: inout [UInt8]) {
        switch self {
        case .string(let string): TSVField.append(string, to: &bytes)
        case .number(let number): NumberText.append(number, to: &bytes)
        }
    }

    /// ` (key "a7")` or ` (key 7)`: names the item in an error line on standard error, after
    /// its line number; empty when the item has no key.
    static func note(_ key: ResultKey?) -> String {
        switch key {
        case .string(let string)?: " (key \"\(string)\")"
        case .number(let number)?: " (key \(NumberText.format(number)))"
        case nil: ""
        }
    }
}
