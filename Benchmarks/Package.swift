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
        .target(
            name: "AutoLayoutScenarios",
            dependencies: [.product(name: "AutoLayout", package: "Fitsize")],
            path: "AutoLayoutBenchmarks/Scenarios"),
        .executableTarget(
            name: "autolayout-timing",
            dependencies: ["AutoLayoutScenarios"],
            path: "AutoLayoutBenchmarks/Timing"),

        .target(
            name: "ControlsScenarios",
            dependencies: [.product(name: "AutoLayout", package: "Fitsize")],
            path: "ControlsBenchmarks/Scenarios"),
        .executableTarget(
            name: "controls-timing",
            dependencies: ["ControlsScenarios"],
            path: "ControlsBenchmarks/Timing"),

        .systemLibrary(
            name: "CHarfBuzzBaseline", path: "TypesettingBenchmarks/CHarfBuzzBaseline", pkgConfig: "harfbuzz"),
        .target(
            name: "TypesettingWorkloads",
            dependencies: ["CHarfBuzzBaseline", .product(name: "Typesetting", package: "Fitsize")],
            path: "TypesettingBenchmarks/Workloads"),
        .executableTarget(
            name: "typesetting-timing",
            dependencies: ["TypesettingWorkloads", .product(name: "Typesetting", package: "Fitsize")],
            path: "TypesettingBenchmarks/Timing"),

        // MARK: Cell sizing: the feed cell (the main package's Sources/FeedCell, through the
        // symlink CellSizingBenchmarks/FeedCell, so tests and benchmarks share one copy), the
        // workloads, the cellsizing-timing tool and the suite.

        .target(
            name: "FeedCell",
            dependencies: [
                .product(name: "AutoLayout", package: "Fitsize"),
                .product(name: "Typesetting", package: "Fitsize"),
            ],
            path: "CellSizingBenchmarks/FeedCell"),
        .target(
            name: "CellSizingWorkloads",
            dependencies: ["FeedCell", .product(name: "CellSizing", package: "Fitsize")],
            path: "CellSizingBenchmarks/Workloads"),
        .executableTarget(
            name: "cellsizing-timing",
            dependencies: ["CellSizingWorkloads"],
            path: "CellSizingBenchmarks/Timing"),

        // MARK: Suites

        .executableTarget(
            name: "SolverBenchmarks",
            dependencies: ["SolverScenarios", .product(name: "Benchmark", package: "package-benchmark")],
            path: "SolverBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "AutoLayoutBenchmarks",
            dependencies: ["AutoLayoutScenarios", .product(name: "Benchmark", package: "package-benchmark")],
            path: "AutoLayoutBenchmarks",
            exclude: ["Scenarios", "Timing"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "ControlsBenchmarks",
            dependencies: ["ControlsScenarios", .product(name: "Benchmark", package: "package-benchmark")],
            path: "ControlsBenchmarks",
            exclude: ["Scenarios", "Timing"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "TypesettingBenchmarks",
            dependencies: [
                "TypesettingWorkloads", .product(name: "Typesetting", package: "Fitsize"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "TypesettingBenchmarks",
            // The suite's folder also holds the workloads and timing tool it shares with
            // the comparison script (their own targets above).
            exclude: ["Workloads", "Timing", "CHarfBuzzBaseline"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "CellSizingBenchmarks",
            dependencies: ["CellSizingWorkloads", .product(name: "Benchmark", package: "package-benchmark")],
            path: "CellSizingBenchmarks",
            exclude: ["FeedCell", "Workloads", "Timing"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    ]
)
