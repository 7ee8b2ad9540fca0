// swift-tools-version:6.1
// Fitsize's benchmarks, a package of their own so that the library never depends on
// benchmark-only packages. Suites follow package-benchmark's layout: each is an executable
// target in a folder directly under this one (Benchmarks/<Suite>/), run with
// `swift package benchmark` from here. Support/ holds code the suites share with the
// comparison harness in compare/.
import PackageDescription

let package = Package(
    name: "FitsizeBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Fitsize", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // MARK: Shared scenarios and the comparison harness's timing tool

        .target(
            name: "SolverScenarios",
            dependencies: [.product(name: "ConstraintSolver", package: "Fitsize")],
            path: "Support/SolverScenarios"),
        .executableTarget(
            name: "solver-timing",
            dependencies: ["SolverScenarios"],
            path: "Support/SolverTiming"),

        // MARK: Suites

        .executableTarget(
            name: "SolverBenchmarks",
            dependencies: ["SolverScenarios", .product(name: "Benchmark", package: "package-benchmark")],
            path: "SolverBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    ]
)
