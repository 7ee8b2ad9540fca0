import Foundation
import Typesetting

/// Writes a measurement as the tool prints it: `W x H` on one line, or a JSON object.
enum LayoutReport {
    /// `96.5 x 24`: the size in points.
    static func appendPlain(_ size: CGSize, to bytes: inout [UInt8]) {
        NumberText.append(Double(size.width), to: &bytes)
        bytes.append(contentsOf: " x ".utf8)
        NumberText.append(Double(size.height), to: &bytes)
    }

    /// The JSON object for a layout. Ranges are UTF-16 offsets `[start, end)`, as
    /// `NSRange` counts; `y` values grow down from the top of the first line.
    ///
    /// `extra` writes members of the caller's (a batch line's number and key) first.
    static func appendJSON(_ layout: TextLayout, to writer: inout JSONWriter, extra: (inout JSONWriter) -> Void = { _ in }) {
        let text = layout.preparedText.text
        writer.beginObject()
        extra(&writer)
        writer.member("width", Double(layout.size.width))
        writer.member("height", Double(layout.size.height))
        writer.member("firstBaseline", Double(layout.firstBaseline))
        writer.member("lastBaseline", Double(layout.lastBaseline))
        writer.member("truncated", layout.isTruncated)
        writer.key("lines")
        writer.beginArray()
        var fonts: [Typeface] = []
        for (index, line) in layout.lines.enumerated() {
            writer.beginObject()
            writer.member("text", String(text[line.range]))
            writer.key("range")
            appendRange(line.utf16Range, to: &writer)
            writer.member("width", Double(line.width))
            writer.member("top", Double(line.minY))
            writer.member("height", Double(line.height))
            writer.member("baseline", Double(line.baseline))
            if let ellipsis = line.ellipsis {
                writer.member("ellipsis", ellipsisName(ellipsis))
                if let elided = line.elidedUTF16Range {
                    writer.key("elidedRange")
                    appendRange(elided, to: &writer)
                }
                writer.member("displayText", displayText(of: line, in: text))
            }
            if line.isClipped { writer.member("clipped", true) }
            writer.endObject()
            for face in layout.typefaces(onLine: index) where !fonts.contains(where: { $0 === face }) {
                fonts.append(face)
            }
        }
        writer.endArray()
        writer.key("fonts")
        writer.beginArray()
        for face in fonts {
            writer.beginObject()
            writer.member("family", face.familyName)
            writer.member("style", face.styleName)
            writer.member("path", face.path)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    private static func appendRange(_ range: Range<Int>, to writer: inout JSONWriter) {
        writer.beginArray()
        writer.integer(range.lowerBound)
        writer.integer(range.upperBound)
        writer.endArray()
    }

    private static func ellipsisName(_ position: TextLayout.EllipsisPosition) -> String {
        switch position {
        case .head: "head"
        case .middle: "middle"
        case .tail: "tail"
        }
    }

    /// What a truncated line shows: its text with the elided part replaced by "…".
    static func displayText(of line: TextLayout.Line, in text: String) -> String {
        guard let elided = line.elidedRange else { return String(text[line.range]) }
        let range = line.range
        let cutStart = min(max(elided.lowerBound, range.lowerBound), range.upperBound)
        let cutEnd = min(max(elided.upperBound, cutStart), range.upperBound)
        return String(text[range.lowerBound..<cutStart]) + "\u{2026}" + String(text[cutEnd..<range.upperBound])
    }
}
