import ArgumentParser

/// What each line of a batch's input is.
enum BatchInputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// The line is the text to measure.
    case text
    /// The line is a JSON object: the text and options for it alone.
    case jsonl
}
