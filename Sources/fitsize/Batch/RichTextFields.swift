import Foundation
import Typesetting

/// One run of a JSON line's `"runs"`: its text and what it changes of the line's font, or an
/// inline box (`{"attachment": {"width": 16, "height": 16, "y": -3}}`).
struct TextRunRequest: Decodable, Sendable, Equatable {
    /// The run's text (the object replacement character for an attachment).
    var text: String
    /// The inline box the run is, instead of text.
    var attachment: AttachmentBox?
    /// A font file for the run, instead of the line's font.
    var font: String?
    /// The run's size in points.
    var size: Double?
    /// The run's weight, by UIKit's name (`regular`, `semibold`, `bold`, ...): semibold and
    /// heavier are drawn with the shipped bold faces.
    var weight: String?
    /// Points added after each character of the run.
    var kern: Double?
    /// Points the run is raised (negative lowers it).
    var baselineOffset: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case text, attachment, font, size, weight, kern, baselineOffset
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownFields(decoder, known: CodingKeys.allCases.map(\.rawValue), of: "a run")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.attachment) {
            guard !container.contains(.text) else { throw ToolError("a run has a \"text\" or an \"attachment\", not both") }
            let box = try container.decode(AttachmentBox.self, forKey: .attachment)
            if let problem = box.problem { throw ToolError("\"attachment\": \(problem)") }
            attachment = box
            text = "\u{FFFC}"
        } else {
            text = try container.decode(String.self, forKey: .text)
        }
        font = try container.decodeIfPresent(String.self, forKey: .font)
        size = try container.decodeIfPresent(Double.self, forKey: .size)
        weight = try container.decodeIfPresent(String.self, forKey: .weight)
        kern = try container.decodeIfPresent(Double.self, forKey: .kern)
        baselineOffset = try container.decodeIfPresent(Double.self, forKey: .baselineOffset)
    }

    /// The run's weight, checked.
    /// - Throws: a ``ToolError`` naming the weights for an unknown one.
    func fontWeight() throws -> Font.Weight {
        guard let weight else { return .regular }
        guard let known = Font.Weight.allCases.first(where: { "\($0)" == weight }) else {
            throw ToolError("\"weight\" must be one of \(Font.Weight.allCases.map { "\($0)" }.joined(separator: ", ")), got \"\(weight)\"")
        }
        return known
    }
}

extension AttachmentBox: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case width, height, y
    }

    /// Reads `{"width": W, "height": H, "y": Y}` (`y` 0 when absent); the numbers are checked
    /// by ``problem`` where the run is read.
    init(from decoder: any Decoder) throws {
        try rejectUnknownFields(decoder, known: CodingKeys.allCases.map(\.rawValue), of: "\"attachment\"")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try container.decode(Double.self, forKey: .width),
                  height: try container.decode(Double.self, forKey: .height),
                  y: try container.decodeIfPresent(Double.self, forKey: .y) ?? 0)
    }
}

/// A JSON line's `"paragraph"`: the fields of UIKit's `NSParagraphStyle` that change a size
/// (``ParagraphStyleFields``). Their values are checked where the text is prepared, which names
/// the field and its place.
struct ParagraphRequest: Decodable {
    var style = ParagraphStyle()

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownFields(decoder, known: ParagraphStyleFields.names, of: "\"paragraph\"")
        let container = try decoder.container(keyedBy: Key.self)
        func number(_ name: String) throws -> CGFloat? {
            try container.decodeIfPresent(Double.self, forKey: Key(stringValue: name)).map { CGFloat($0) }
        }
        for (name, field) in ParagraphStyleFields.lengths {
            if let value = try number(name) { style[keyPath: field] = value }
        }
        if let value = try number(ParagraphStyleFields.tailIndent) { style.tailIndent = value }
        if let value = try number(ParagraphStyleFields.lineHeightMultiple) { style.lineHeightMultiple = value }
        func choice<T>(_ name: String, _ choices: KeyValuePairs<String, T>) throws -> T? {
            guard let given = try container.decodeIfPresent(String.self, forKey: Key(stringValue: name)) else { return nil }
            guard let value = ParagraphStyleFields.value(given, in: choices) else {
                throw ToolError("\"paragraph.\(name)\" must be one of \(choices.map(\.key).joined(separator: ", ")), got \"\(given)\"")
            }
            return value
        }
        if let alignment = try choice(ParagraphStyleFields.alignment, ParagraphStyleFields.alignments) {
            style.alignment = alignment
        }
        if let strategy = try choice(ParagraphStyleFields.lineBreakStrategy, ParagraphStyleFields.strategies) {
            style.lineBreakStrategy = strategy
        }
    }
}

/// Refuses an object with a field not in `known`, so that a misspelt one is not ignored.
func rejectUnknownFields(_ decoder: any Decoder, known: [String], of what: String) throws {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    let all = try decoder.container(keyedBy: AnyKey.self)
    if let unknown = all.allKeys.first(where: { !known.contains($0.stringValue) }) {
        throw ToolError("Unknown field \"\(unknown.stringValue)\" in \(what); the fields are "
            + known.map { "\"\($0)\"" }.joined(separator: ", "))
    }
}
