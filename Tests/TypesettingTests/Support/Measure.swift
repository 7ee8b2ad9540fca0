import Foundation
@testable import Typesetting

/// Small helpers the specifications share.
enum Measure {
    static let font = Font.default(size: 17)

    /// The single-line width of `text` drawn on its own (trailing whitespace hanging).
    static func width(_ text: String, font: Font = font) -> Double {
        guard let layout = try? PreparedText(text, font: font).layout(width: .infinity) else { return .nan }
        return layout.lines.map { Double($0.width) }.max() ?? 0
    }

    /// The text of each line.
    static func lineTexts(_ layout: TextLayout) -> [String] {
        layout.lines.map { String(layout.preparedText.text[$0.range]) }
    }

    /// Removes trailing hanging whitespace.
    static func trimmingTrailingWhitespace(_ text: String) -> String {
        var result = text
        while let last = result.unicodeScalars.last, last.properties.isWhitespace, last != "\u{00A0}" {
            result.unicodeScalars.removeLast()
        }
        return result
    }
}
