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
}
