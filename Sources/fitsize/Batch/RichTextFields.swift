import Foundation
import Typesetting

/// One run of a JSON line's `"runs"`: its text and what it changes of the line's font.
struct TextRunRequest: Decodable, Sendable, Equatable {
    /// The run's text.
    var text: String
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
        case text, font, size, weight, kern, baselineOffset
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownFields(decoder, known: CodingKeys.allCases.map(\.rawValue), of: "a run")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
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

/// A JSON line's `"paragraph"`: the fields of UIKit's `NSParagraphStyle` that change a size.
struct ParagraphRequest: Decodable {
    var style = ParagraphStyle()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case lineSpacing, lineHeightMultiple, minimumLineHeight, maximumLineHeight, paragraphSpacing,
             paragraphSpacingBefore, firstLineHeadIndent, headIndent, tailIndent, alignment, lineBreakStrategy
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownFields(decoder, known: CodingKeys.allCases.map(\.rawValue), of: "\"paragraph\"")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys, _ field: WritableKeyPath<ParagraphStyle, CGFloat>) throws {
            if let value = try container.decodeIfPresent(Double.self, forKey: key) { style[keyPath: field] = CGFloat(value) }
        }
        try number(.lineSpacing, \.lineSpacing)
        try number(.lineHeightMultiple, \.lineHeightMultiple)
        try number(.minimumLineHeight, \.minimumLineHeight)
        try number(.maximumLineHeight, \.maximumLineHeight)
        try number(.paragraphSpacing, \.paragraphSpacing)
        try number(.paragraphSpacingBefore, \.paragraphSpacingBefore)
        try number(.firstLineHeadIndent, \.firstLineHeadIndent)
        try number(.headIndent, \.headIndent)
        try number(.tailIndent, \.tailIndent)
        if let alignment = try container.decodeIfPresent(String.self, forKey: .alignment) {
            guard let known = TextAlignment.allCases.first(where: { "\($0)" == alignment }) else {
                throw ToolError("\"paragraph.alignment\" must be one of \(TextAlignment.allCases.map { "\($0)" }.joined(separator: ", ")), got \"\(alignment)\"")
            }
            style.alignment = known
        }
        if let strategy = try container.decodeIfPresent(String.self, forKey: .lineBreakStrategy) {
            switch strategy {
            case "none": style.lineBreakStrategy = []
            case "standard": style.lineBreakStrategy = .standard
            case "pushOut": style.lineBreakStrategy = .pushOut
            default: throw ToolError("\"paragraph.lineBreakStrategy\" must be none, standard or pushOut, got \"\(strategy)\"")
            }
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
