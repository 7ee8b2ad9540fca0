import AutoLayout

/// A problem in a cell template, reported as `file:line:column: message` so editors can jump
/// to it.
struct TemplateError: Error, CustomStringConvertible, Sendable {
    var file: String
    var location: SourceLocation?
    var message: String

    var description: String {
        if let location { return "\(file):\(location): \(message)" }
        return "\(file): \(message)"
    }

    /// `message`, then the constraint `text` with a caret under its scalar at `scalarOffset`
    /// (drawn as ``AutoLayout/VisualFormatError`` draws its own), indented under the heading.
    static func message(_ message: String, pointingAt scalarOffset: Int, in text: String) -> String {
        let utf8Offset = String(String.UnicodeScalarView(text.unicodeScalars.prefix(scalarOffset))).utf8.count
        let pointer = VisualFormatError.pointer(at: utf8Offset, in: text)
        return message + "\n" + pointer.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}
