// solver-timing: runs the solver scenarios in a release build and prints one JSON line per
// scenario phase with the median wall time of several repetitions. The comparison harness
// (compare/solver_compare.py) runs it alternately with the same scenarios in kiwisolver.
//
//     swift run -c release solver-timing [--repetitions N] [--sizes 100,1000,2000] [a] [b] [c] [d]
import SolverScenarios

#if canImport(Glibc)
    import Glibc
#endif

struct Options {
    var repetitions = 5
    var sizes = [100, 1000, 2000]
    var scenarios: Set<String> = []

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--repetitions":
                repetitions = iterator.next().flatMap(Int.init) ?? repetitions
            case "--sizes":
                sizes = iterator.next()?.split(separator: ",").compactMap { Int($0) } ?? sizes
            default:
                scenarios.insert(argument)
            }
        }
        if scenarios.isEmpty { scenarios = ["a", "b", "c", "d"] }
    }
}

/// Collects the wall time of named phases over repetitions.
struct Timings {
    var samples: [String: [Double]] = [:]
    var order: [String] = []

    mutating func measure<T>(_ phase: String, _ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        let result = try body()
        let elapsed = ContinuousClock.now - start
        let milliseconds =
            Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
        if samples[phase] == nil { order.append(phase) }
        samples[phase, default: []].append(milliseconds)
        return result
    }

    func report(scenario: String, size: Int?, extra: String = "") {
        for phase in order {
            let sorted = samples[phase]!.sorted()
            let median = sorted.count % 2 == 1
                ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            var line = "{\"scenario\": \"\(scenario)\", "
            if let size { line += "\"n\": \(size), " }
            line += "\"phase\": \"\(phase)\", \"median_ms\": \(median), \"runs\": \(sorted.count)\(extra)}"
            print(line)
        }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))

do {
    if options.scenarios.contains("a") {
        var timings = Timings()
        var counts = ""
        for _ in 0..<options.repetitions {
            let form = try timings.measure("build") { try FormScenario() }
            try timings.measure("resize") { try form.resize() }
            counts = ", \"variables\": \(form.variableCount), \"constraints\": \(form.constraintCount)"
        }
        timings.report(scenario: "a", size: nil, extra: counts)
    }
    if options.scenarios.contains("b") {
        for size in options.sizes {
            var timings = Timings()
            for _ in 0..<options.repetitions {
                let siblings = try timings.measure("build") { try SiblingsScenario(count: size) }
                try timings.measure("resize") { try siblings.resize() }
            }
            timings.report(scenario: "b", size: size)
        }
    }
    if options.scenarios.contains("c") {
        for size in options.sizes {
            var timings = Timings()
            for _ in 0..<options.repetitions {
                let chain = try timings.measure("build") { try ChainScenario(count: size) }
                try timings.measure("remove") { try chain.removeMiddleLink() }
                try timings.measure("readd") { try chain.addMiddleLink() }
            }
            timings.report(scenario: "c", size: size)
        }
    }
    if options.scenarios.contains("d") {
        var timings = Timings()
        var rejected = 0
        for _ in 0..<max(1, options.repetitions / 2) {
            var scenario = AddDeleteScenario()
            try timings.measure("add") { try scenario.addConstraints() }
            try timings.measure("resolve") { try scenario.resolve() }
            try timings.measure("remove") { try scenario.removeConstraints() }
            rejected = scenario.rejected
        }
        timings.report(scenario: "d", size: nil, extra: ", \"rejected\": \(rejected)")
    }
} catch {
    print("{\"error\": \"\(error)\"}")
    exit(1)
}
