import Foundation

/// An error the tool reports to the person who ran it: one sentence on standard error,
/// then a non-zero exit status.
///
/// Errors from the libraries (``Typesetting/TypesettingError`` and the layout errors) are
/// reported with their own descriptions; these cases are the tool's own.
struct ToolError: Error, CustomStringConvertible {
    /// The sentence printed after "Error: ".
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// A command line argument whose bytes are not UTF-8.
    static func invalidUTF8Argument(index: Int, byteOffset: Int) -> ToolError {
        ToolError("Argument \(index) is not valid UTF-8: bad byte sequence at byte offset \(byteOffset)")
    }

    /// Standard input that is not UTF-8.
    static func invalidUTF8Input(byteOffset: Int) -> ToolError {
        ToolError("Standard input is not valid UTF-8: bad byte sequence at byte offset \(byteOffset)")
    }

    /// Standard input holding more text than is measured at once.
    static func inputTooLong(limit: Int) -> ToolError {
        ToolError("Standard input is longer than the largest text accepted, \(limit) bytes "
            + "(PreparedText.maximumTextLength); reading stopped there. Measure it in parts, or a line at a "
            + "time with --batch")
    }

    /// A file that could not be read.
    static func unreadableFile(_ path: String, what: String, reason: String) -> ToolError {
        ToolError("Cannot read \(what) \(path): \(reason)")
    }

    /// A file that could not be written.
    static func unwritableFile(_ path: String, what: String, reason: String) -> ToolError {
        ToolError("Cannot write \(what) \(path): \(reason)")
    }
}
