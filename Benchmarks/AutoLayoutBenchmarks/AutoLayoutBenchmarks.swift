// The AutoLayout suite: the five iOS 12 scenarios at n = 100 to 2000.
//
//     cd Benchmarks && swift package benchmark --target AutoLayoutBenchmarks
import AutoLayoutScenarios
import Benchmark

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        maxDuration: .seconds(3),
        maxIterations: 25)
    for scenario in LayoutScenario.all {
        for n in [100, 500, 1000, 2000] {
            Benchmark("\(scenario.name) n=\(n)") { benchmark in
                for _ in benchmark.scaledIterations {
                    let step = scenario.prepare(n)
                    benchmark.startMeasurement()
                    step()
                    benchmark.stopMeasurement()
                }
            }
        }
    }
}
