// The command line every timing tool takes: how many repetitions, which sizes, which
// scenarios. One parser, so that `--repetitions` and `--sizes` mean the same everywhere.

/// A timing tool's options: `[--repetitions N] [--sizes 100,1000,2000] [scenario ...]`.
public struct TimingOptions {
    /// Timed runs per scenario and size (at least 1).
    public var repetitions: Int
    /// The sizes `n` to run each scaling scenario at.
    public var sizes: [Int]
    /// The scenarios named on the command line; empty means all of them.
    public var names: Set<String>

    /// Parses `arguments` (without the program name). A missing or malformed number keeps
    /// the default; every other argument names a scenario.
    public init(_ arguments: [String], repetitions: Int, sizes: [Int] = []) {
        self.repetitions = repetitions
        self.sizes = sizes
        self.names = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--repetitions":
                self.repetitions = iterator.next().flatMap(Int.init).map { max(1, $0) } ?? repetitions
            case "--sizes":
                let parsed = iterator.next()?.split(separator: ",").compactMap { Int($0) } ?? []
                if !parsed.isEmpty { self.sizes = parsed }
            default:
                names.insert(argument)
            }
        }
    }

    /// Whether the scenario `name` is to run: named on the command line, or none was named.
    public func includes(_ name: String) -> Bool {
        names.isEmpty || names.contains(name)
    }
}
