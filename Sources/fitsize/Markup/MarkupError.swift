/// A `--markup` text that cannot be read: what is wrong and the column (in characters,
/// from 1) where it was found.
struct MarkupError: Error, CustomStringConvertible {
    /// The column, in characters from 1.
    let column: Int
    /// What is wrong, in a sentence.
    let message: String

    var description: String { "markup, column \(column): \(message)" }
}
