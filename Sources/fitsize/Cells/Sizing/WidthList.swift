import Foundation
import ArgumentParser

/// `--width 375` or `--width 320,375,414`: the widths cells are sized at, in the order given.
struct WidthList: ExpressibleByArgument {
    let values: [Double]

    /// Parses numbers separated by commas; nil (the parser's "invalid value" message) for
    /// an empty list or an entry that is not a number. Ranges are checked by the command.
    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.count == parts.count else { return nil }
        self.values = values
    }
}
