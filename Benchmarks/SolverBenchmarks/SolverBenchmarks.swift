// package-benchmark suite for the constraint solver: the scenarios of issue 2, timed with
// wall clock, instruction and allocation counts. Run from Benchmarks/:
//
//     swift package benchmark --target SolverBenchmarks
//
// The scenarios themselves live in Support/SolverScenarios, shared with `solver-timing`
// and the kiwisolver comparison (compare/solver_compare.py).
import Benchmark
import SolverScenarios

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal],
        maxDuration: .seconds(2),
        maxIterations: 50)

    Benchmark("(a) form: build") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try FormScenario())
        }
    }

    Benchmark("(a) form: resize through 6 window sizes") { benchmark in
        let form = try FormScenario()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try form.resize()
        }
    }

    for count in [100, 1000, 2000] {
        Benchmark("(b) siblings: build", configuration: .init(tags: ["n": "\(count)"])) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try SiblingsScenario(count: count))
            }
        }

        Benchmark("(b) siblings: suggest W", configuration: .init(tags: ["n": "\(count)"])) { benchmark in
            let siblings = try SiblingsScenario(count: count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try siblings.resize()
            }
        }

        Benchmark("(c) chain: build", configuration: .init(tags: ["n": "\(count)"])) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try ChainScenario(count: count))
            }
        }

        Benchmark("(c) chain: remove middle gap", configuration: .init(tags: ["n": "\(count)"])) { benchmark in
            let chain = try ChainScenario(count: count)
            for _ in benchmark.scaledIterations {
                benchmark.startMeasurement()
                try chain.removeMiddleLink()
                benchmark.stopMeasurement()
                try chain.addMiddleLink()
            }
        }

        Benchmark("(c) chain: add middle gap back", configuration: .init(tags: ["n": "\(count)"])) { benchmark in
            let chain = try ChainScenario(count: count)
            for _ in benchmark.scaledIterations {
                try chain.removeMiddleLink()
                benchmark.startMeasurement()
                try chain.addMiddleLink()
                benchmark.stopMeasurement()
            }
        }
    }

    Benchmark(
        "(d) add/delete: 900 constraints, 10,000 re-solves, delete",
        configuration: .init(maxDuration: .seconds(60), maxIterations: 1)
    ) { benchmark in
        var scenario = AddDeleteScenario()
        try scenario.addConstraints()
        try scenario.resolve()
        try scenario.removeConstraints()
        blackHole(scenario.rejected)
    }
}
