import Foundation
import Typesetting

/// The styles of the attributed-text workloads, each a change SkParagraph's `TextStyle` and
/// Fitsize's attributes can both express.
public enum RunStyle: String, CaseIterable, Sendable {
    case regular, bold, small, large, kerned

    /// The font size in points.
    public var size: CGFloat {
        switch self {
        case .small: 13
        case .large: 22
        case .regular, .bold, .kerned: 17
        }
    }

    /// Points added after each character.
    public var kern: CGFloat { self == .kerned ? 1 : 0 }

    /// The font of the style: the shipped cascade, bold for `bold`. Made once per style, as an
    /// app keeps its fonts (SkParagraph's peer keeps its text styles likewise).
    public var font: Font { Self.fonts[self]! }

    private static let fonts: [RunStyle: Font] = Dictionary(uniqueKeysWithValues: allCases.map { style in
        (style, style == .bold ? Font.bold(size: style.size) : Font.default(size: style.size))
    })
}

/// One run of an attributed workload text.
public struct StyledRun: Sendable {
    /// The run's text.
    public var text: String
    /// Its style.
    public var style: RunStyle

    /// The run as the harness's peers read it.
    public var json: [String: String] { ["text": text, "style": style.rawValue] }
}

extension Corpus {
    /// `count` labels of three runs, as a feed's byline: a bold name, a regular action and a
    /// small time, from the label vocabulary (deterministic).
    public static func attributedLabels(count: Int, seed: UInt64) -> [[StyledRun]] {
        labels(count: count, seed: seed).enumerated().map { index, label in
            let words = label.split(separator: " ").map(String.init)
            let action = words.dropFirst().joined(separator: " ")
            return [StyledRun(text: words[0], style: .bold), StyledRun(text: " " + action, style: .regular),
                    StyledRun(text: " · \(index % 59 + 1)m", style: .small)]
        }
    }

    /// `count` distinct English paragraphs of about 300 characters, each cut at word
    /// boundaries into ten runs whose styles cycle through every ``RunStyle``.
    public static func attributedParagraphStream(count: Int, seed: UInt64) -> [[StyledRun]] {
        let styles: [RunStyle] = [.regular, .bold, .regular, .small, .regular, .large, .regular, .kerned, .regular, .bold]
        return paragraphStream("english", count: count, seed: seed).map { text in
            let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            let perRun = max(1, (words.count + styles.count - 1) / styles.count)
            return stride(from: 0, to: words.count, by: perRun).enumerated().map { index, start in
                let piece = words[start..<min(start + perRun, words.count)].joined(separator: " ")
                return StyledRun(text: (start == 0 ? "" : " ") + piece, style: styles[index % styles.count])
            }
        }
    }

    /// The runs as Fitsize's ``StyledText``, built run by run as SkParagraph's builder takes
    /// them.
    public static func styledText(_ runs: [StyledRun]) -> StyledText {
        var result = StyledText(defaultFont: RunStyle.regular.font)
        for run in runs { try? result.append(run.text, font: run.style.font, kern: run.style.kern) }
        return result
    }

    /// The runs as Foundation's attributed text with Fitsize's attributes.
    public static func attributedString(_ runs: [StyledRun]) -> AttributedString {
        var result = AttributedString()
        for run in runs {
            var piece = AttributedString(run.text)
            piece.font = run.style.font
            if run.style.kern != 0 { piece.kern = run.style.kern }
            result.append(piece)
        }
        return result
    }
}
