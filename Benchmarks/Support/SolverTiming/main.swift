// solver-timing: runs the solver scenarios in a release build and prints one line of the
// harness protocol (TimingRecord) per scenario phase with the median wall time of several
// repetitions. The comparison scripts (compare/run, compare/solver_compare.py) run it
// alternately with the same scenarios in kiwisolver.
//
//     swift run -c release solver-timing [--repetitions N] [--sizes 100,1000,2000] [a] [b] [c] [d] [e]
import SolverScenarios
import TimingProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// Collects the wall time of named phases over repetitions.
struct Timings {
    var samples: [String: [Double]] = [:]
    var order: [String] = []

    mutating func measure<T>(_ phase: String, _ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        let result = try body()
        let elapsed = ContinuousClock.now - start
        if samples[phase] == nil { order.append(phase) }
        samples[phase, default: []].append(TimingRecord.nanoseconds(elapsed))
        return result
    }

    /// One record per phase, named `scenario.phase` (`b.build`); one operation is one run of the phase.
    func report(scenario: String, size: Int?, note: String? = nil) {
        for phase in order {
            let values = samples[phase, default: []]
            TimingRecord(
                suite: "solver", scenario: "\(scenario).\(phase)", n: size,
                medianNanoseconds: TimingRecord.median(values), samples: values.count, unit: "run",
                note: note
            ).emit()
        }
    }
}

let options = TimingOptions(Array(CommandLine.arguments.dropFirst()), repetitions: 5, sizes: [100, 1000, 2000])

do {
    if options.includes("a") {
        var timings = Timings()
        var counts: String?
        for _ in 0..<options.repetitions {
            let form = try timings.measure("build") { try FormScenario() }
            try timings.measure("resize") { try form.resize() }
            counts = "\(form.variableCount) variables, \(form.constraintCount) constraints"
        }
        timings.report(scenario: "a", size: nil, note: counts)
    }
    if options.includes("b") {
        for size in options.sizes {
            var timings = Timings()
            for _ in 0..<options.repetitions {
                do {
                    let siblings = try timings.measure("build") { try SiblingsScenario(count: size) }
                    try timings.measure("resize") { try siblings.resize() }
                }
                // Built after the other layout is freed, as that one was built after the last.
                _ = try timings.measure("build_width_first") {
                    try SiblingsScenario(count: size, suggestingFirst: SiblingsScenario.containerWidths[0])
                }
            }
            timings.report(scenario: "b", size: size)
        }
    }
    if options.includes("c") {
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
    if options.includes("e") {
        // One run takes tens of microseconds: more repetitions than the others for a steady median.
        var timings = Timings()
        var counts: String?
        for _ in 0..<(options.repetitions * CellSystemScenario.repetitionFactor) {
            let cell = try timings.measure("solve") { try CellSystemScenario() }
            try timings.measure("change") { try cell.wrapTitle() }
            counts = "\(cell.constraintCount) constraints and an edit width"
        }
        timings.report(scenario: "e", size: nil, note: counts)
    }
    if options.includes("d") {
        var timings = Timings()
        var rejected = 0
        for _ in 0..<max(1, options.repetitions / 2) {
            var scenario = AddDeleteScenario()
            try timings.measure("add") { try scenario.addConstraints() }
            try timings.measure("resolve") { try scenario.resolve() }
            try timings.measure("remove") { try scenario.removeConstraints() }
            rejected = scenario.rejected
        }
        timings.report(scenario: "d", size: nil, note: "\(rejected) constraints rejected as unsatisfiable")
    }
} catch {
    // Standard output carries only records; the harness reports the exit status and this reason.
    let message = "solver-timing: \(error)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(1)
}
