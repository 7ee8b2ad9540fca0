/// A place in a template file: 1-based line and column (columns count Unicode scalars).
struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
    var line: Int
    var column: Int

    /// `12:5`.
    var description: String { "\(line):\(column)" }

    /// The location `count` scalars further along the same line.
    func advanced(by count: Int) -> SourceLocation {
        SourceLocation(line: line, column: column + count)
    }
}
