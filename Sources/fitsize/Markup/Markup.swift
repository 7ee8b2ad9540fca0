import Foundation
import Typesetting

/// Reads `--markup` text into attributed text.
///
/// The syntax, small on purpose:
/// - `<b>…</b>` bold (the shipped bold faces);
/// - `<i>…</i>` italic, measured with the upright faces, since the shipped fonts carry no
///   italic (UIKit's italic system font is a few percent narrower or wider);
/// - `<size N>…</size>` a size in points;
/// - `<font FILE>…</font>` a font file for the run (the fallbacks stay);
/// - `<kern N>…</kern>` points added after every character, as UIKit's `.kern`;
/// - `<baseline N>…</baseline>` points the run is raised (negative lowers it);
/// - `<a URL>…</a>` a link, which changes no size;
/// - `<attachment W H>` or `<attachment W H Y>` an inline box W by H points, its bottom Y
///   points above the baseline (UIKit's `NSTextAttachment.bounds`), with no closing tag;
/// - `&lt;`, `&gt;`, `&amp;` and `&quot;` for `<`, `>`, `&` and `"`.
/// Tags nest and close in order. An argument with spaces or `>` is written in double quotes.
struct Markup {
    /// What a tag sets, in force from its start to its close.
    struct Style {
        var bold = false
        var italic = false
        var size: CGFloat
        var file: String?
        var kern: CGFloat?
        var baseline: CGFloat?
        var link: URL?
    }

    /// The font of a run: its file (or nil for the settings' font), bold, and size.
    typealias FontMaker = (_ file: String?, _ bold: Bool, _ size: CGFloat) throws -> Font

    /// The tags, by name.
    enum Tag: String, CaseIterable {
        case bold = "b", italic = "i", size, font, kern, baseline, link = "a", attachment

        /// Whether the tag takes an argument.
        var takesArgument: Bool { self != .bold && self != .italic }

        /// Whether the tag stands for content of its own, with no closing tag.
        var isVoid: Bool { self == .attachment }
    }

    /// `markup` as attributed text, runs without a tag in `base` (with `baseKern` as their
    /// kern when it is not 0).
    /// - Throws: ``MarkupError`` at the first place the markup cannot be read, or the error of
    ///   a font a tag asks for, wrapped in a ``MarkupError`` at that tag.
    static func attributedString(
        _ markup: String, base: Font, baseKern: CGFloat = 0, font: FontMaker
    ) throws(MarkupError) -> AttributedString {
        var reader = Reader(markup)
        var result = AttributedString()
        var open: [(tag: Tag, style: Style, column: Int)] = []
        var style = Style(size: base.pointSize, kern: baseKern == 0 ? nil : baseKern)
        var fonts: [String: Font] = [:]
        var pending = ""
        var pendingColumn = 1

        func flush() throws(MarkupError) {
            guard !pending.isEmpty else { return }
            let key = "\(style.file ?? "")|\(style.bold)|\(style.size)"
            let runFont: Font
            if let known = fonts[key] {
                runFont = known
            } else if style.file == nil && !style.bold && style.size == base.pointSize {
                runFont = base
            } else {
                do {
                    runFont = try font(style.file, style.bold, style.size)
                } catch {
                    throw MarkupError(column: pendingColumn, message: "\(error)")
                }
                fonts[key] = runFont
            }
            result.appendRun(pending, font: runFont, kern: style.kern, baselineOffset: style.baseline, link: style.link)
            pending = ""
        }

        while let character = reader.peek() {
            if pending.isEmpty { pendingColumn = reader.column }
            switch character {
            case "<":
                let column = reader.column
                let tag = try reader.tag()
                try flush()
                if tag.name.isVoid {
                    result.append(try attachment(tag, column: column).attributedString)
                } else if tag.closing {
                    guard let last = open.last else {
                        throw MarkupError(column: column, message: "</\(tag.name.rawValue)> closes no open tag")
                    }
                    guard last.tag == tag.name else {
                        throw MarkupError(
                            column: column,
                            message: "</\(tag.name.rawValue)> where </\(last.tag.rawValue)> (opened at column \(last.column)) must close first")
                    }
                    style = last.style
                    open.removeLast()
                } else {
                    open.append((tag.name, style, column))
                    try apply(tag, to: &style, column: column)
                }
            case "&":
                pending.append(try reader.entity())
            case ">":
                throw MarkupError(column: reader.column, message: "a lone > (write &gt;)")
            default:
                pending.append(character)
                reader.advance()
            }
        }
        try flush()
        if let unclosed = open.last {
            throw MarkupError(column: unclosed.column, message: "<\(unclosed.tag.rawValue)> is never closed")
        }
        return result
    }

    /// The box an `<attachment W H Y>` tag asks for.
    private static func attachment(_ tag: Reader.ReadTag, column: Int) throws(MarkupError) -> AttachmentBox {
        let numbers = tag.argument.split(separator: " ", omittingEmptySubsequences: true).map { Double($0) }
        guard numbers.count == 2 || numbers.count == 3, !numbers.contains(nil) else {
            throw MarkupError(
                column: column,
                message: "<attachment \(tag.argument)>: give a width, a height and optionally a y in points, as in <attachment 16 16 -3>")
        }
        let box = AttachmentBox(width: numbers[0]!, height: numbers[1]!, y: numbers.count == 3 ? numbers[2]! : 0)
        if let problem = box.problem {
            throw MarkupError(column: column, message: "<attachment \(tag.argument)>: \(problem)")
        }
        return box
    }

    /// Changes `style` as an opening `tag` says.
    private static func apply(_ tag: Reader.ReadTag, to style: inout Style, column: Int) throws(MarkupError) {
        func number(_ what: String, accepted: (Double) -> Bool, range: String) throws(MarkupError) -> CGFloat {
            guard let value = Double(tag.argument), value.isFinite, accepted(value) else {
                throw MarkupError(column: column, message: "<\(tag.name.rawValue) \(tag.argument)>: \(what) must be \(range)")
            }
            return CGFloat(value)
        }
        let most = InputLimits.maximumLength
        let length = "a number from \(NumberText.format(-most)) to \(NumberText.format(most))"
        switch tag.name {
        case .bold: style.bold = true
        case .italic: style.italic = true
        case .size:
            style.size = try number(
                "a size in points", accepted: { $0 > 0 && $0 <= MeasureSettings.maximumSize },
                range: "more than 0 and at most \(NumberText.format(MeasureSettings.maximumSize))")
        case .font: style.file = tag.argument
        case .kern:
            style.kern = try number("a kern in points", accepted: { abs($0) <= most }, range: length)
        case .baseline:
            style.baseline = try number("a baseline offset in points", accepted: { abs($0) <= most }, range: length)
        case .link:
            guard let url = URL(string: tag.argument) else {
                throw MarkupError(column: column, message: "<a \(tag.argument)>: not a URL")
            }
            style.link = url
        case .attachment: break
        }
    }
}
