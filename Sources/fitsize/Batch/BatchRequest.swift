import Foundation

/// One line of a batch: the text, the settings it is measured with, and for JSON-lines
/// input the key to echo back.
struct BatchRequest {
    var text: String
    var settings: MeasureSettings
    var key: ResultKey?

    /// A plain-text line: the bytes are the text.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, settings: MeasureSettings) throws -> BatchRequest {
        switch UTF8Validation.decode(bytes) {
        case .success(let text):
            return BatchRequest(text: text, settings: settings, key: nil)
        case .failure(let invalid):
            throw ToolError("Text is not valid UTF-8: bad byte sequence at byte offset \(invalid.byteOffset)")
        }
    }

    /// A JSON-lines line: an object whose fields override `defaults`.
    static func json(_ bytes: UnsafeBufferPointer<UInt8>, defaults: MeasureSettings) throws -> BatchRequest {
        if let offset = UTF8Validation.firstInvalidByte(in: bytes) {
            throw ToolError("Line is not valid UTF-8: bad byte sequence at byte offset \(offset)")
        }
        let fields: Fields
        do {
            fields = try JSONDecoder().decode(Fields.self, from: Data(buffer: bytes))
        } catch let error as ToolError {
            throw error
        } catch let error as DecodingError {
            throw ToolError(Self.describe(error))
        } catch {
            throw ToolError("Line is not a JSON object: \(error)")
        }
        var settings = defaults
        if let font = fields.font { settings.fontPath = font }
        if let fallback = fields.fallback { settings.fallbackPaths = fallback }
        if let size = fields.size { settings.size = size }
        if let width = fields.width { settings.width = width }
        if let lines = fields.lines { settings.maxLines = lines }
        if let lineBreak = fields.lineBreak {
            guard let mode = LineBreakArgument(rawValue: lineBreak) else {
                throw ToolError("\"lineBreak\" must be one of \(LineBreakArgument.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(lineBreak)\"")
            }
            settings.lineBreak = mode
        }
        if let lineSpacing = fields.lineSpacing { settings.lineSpacing = lineSpacing }
        if let letterSpacing = fields.letterSpacing { settings.letterSpacing = letterSpacing }
        if let scale = fields.scale { settings.scale = scale }
        if let markup = fields.markup { settings.markup = markup }
        if let runs = fields.runs {
            settings.runs = runs
            for run in runs { _ = try run.fontWeight() }
        }
        if let paragraph = fields.paragraph { settings.paragraph = paragraph.style }
        try settings.validate(names: .jsonFields)
        return BatchRequest(text: fields.text ?? fields.runs?.map(\.text).joined() ?? "", settings: settings, key: fields.key)
    }

    /// The `"key"` of a JSON line that could not be read as a request (a field of the wrong
    /// type, an unknown field), so that its error can still name it; nil when the line is not
    /// a JSON object or has no usable key.
    static func key(in bytes: UnsafeBufferPointer<UInt8>) -> ResultKey? {
        struct KeyOnly: Decodable { var key: ResultKey? }
        guard UTF8Validation.firstInvalidByte(in: bytes) == nil else { return nil }
        return (try? JSONDecoder().decode(KeyOnly.self, from: Data(buffer: bytes)))?.key
    }

    /// The fields a JSON line may have; any other is an error, so a misspelt option is not
    /// silently ignored.
    private struct Fields: Decodable {
        var text: String?
        var runs: [TextRunRequest]?
        var paragraph: ParagraphRequest?
        var markup: Bool?
        var key: ResultKey?
        var font: String?
        var fallback: [String]?
        var size: Double?
        var width: Double?
        var lines: Int?
        var lineBreak: String?
        var lineSpacing: Double?
        var letterSpacing: Double?
        var scale: Double?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case text, runs, paragraph, markup, key, font, fallback, size, width, lines, lineBreak, lineSpacing,
                 letterSpacing, scale
        }

        init(from decoder: any Decoder) throws {
            try rejectUnknownFields(decoder, known: CodingKeys.allCases.map(\.rawValue), of: "the line")
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = try container.decodeIfPresent(String.self, forKey: .text)
            runs = try container.decodeIfPresent([TextRunRequest].self, forKey: .runs)
            paragraph = try container.decodeIfPresent(ParagraphRequest.self, forKey: .paragraph)
            markup = try container.decodeIfPresent(Bool.self, forKey: .markup)
            switch (text, runs) {
            case (nil, nil): throw ToolError("Missing field \"text\" (or \"runs\")")
            case (.some, .some): throw ToolError("\"text\" and \"runs\" cannot both be given")
            case (nil, .some(let runs)) where runs.isEmpty: throw ToolError("\"runs\" must hold at least one run")
            case (nil, .some) where markup == true: throw ToolError("\"markup\" applies to \"text\", not to \"runs\"")
            default: break
            }
            key = try container.decodeIfPresent(ResultKey.self, forKey: .key)
            font = try container.decodeIfPresent(String.self, forKey: .font)
            fallback = try container.decodeIfPresent([String].self, forKey: .fallback)
            size = try container.decodeIfPresent(Double.self, forKey: .size)
            width = try container.decodeIfPresent(Double.self, forKey: .width)
            lines = try container.decodeIfPresent(Int.self, forKey: .lines)
            lineBreak = try container.decodeIfPresent(String.self, forKey: .lineBreak)
            lineSpacing = try container.decodeIfPresent(Double.self, forKey: .lineSpacing)
            letterSpacing = try container.decodeIfPresent(Double.self, forKey: .letterSpacing)
            scale = try container.decodeIfPresent(Double.self, forKey: .scale)
        }
    }

    /// Decoding errors in the words of the JSON line rather than of Swift types.
    private static func describe(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the line" : "\"" + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "\""
        }
        switch error {
        case .keyNotFound(let key, _):
            return "Missing field \"\(key.stringValue)\""
        case .typeMismatch(let type, let context):
            return "\(field(context.codingPath)) must be \(Self.typeName(type)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "\(field(context.codingPath)) must be \(Self.typeName(type)), not null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "Line is not valid JSON: \(context.underlyingError.map { "\($0)" } ?? context.debugDescription)"
            }
            return "\(field(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "Line is not a valid request: \(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type: "a number"
        case is Int.Type: "a whole number"
        case is [String].Type: "an array of strings"
        default: "an object"
        }
    }
}
