// The controls suite: a screen of 100 labels of mixed lengths.
//
//     cd Benchmarks && swift package benchmark --target ControlsBenchmarks
import Benchmark
import ControlsScenarios

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        maxDuration: .seconds(3),
        maxIterations: 50)
    for scenario in ControlsScenario.all {
        Benchmark(scenario.name) { benchmark in
            for _ in benchmark.scaledIterations {
                let step = scenario.prepare()
                benchmark.startMeasurement()
                step()
                benchmark.stopMeasurement()
            }
        }
    }
}
