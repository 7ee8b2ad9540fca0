import ArgumentParser
import Typesetting

/// The `--line-break` values: short names for ``Typesetting/LineBreakMode``.
enum LineBreakArgument: String, CaseIterable, ExpressibleByArgument, Sendable {
    case word, char, clip, head, tail, middle

    /// The Typesetting mode the name stands for.
    var mode: LineBreakMode {
        switch self {
        case .word: .byWordWrapping
        case .char: .byCharWrapping
        case .clip: .byClipping
        case .head: .byTruncatingHead
        case .tail: .byTruncatingTail
        case .middle: .byTruncatingMiddle
        }
    }
}
