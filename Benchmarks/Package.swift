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
        // MARK: The line format every timing tool prints for compare/run

        .target(name: "TimingProtocol", path: "Support/TimingProtocol"),

        // MARK: Solver scenarios and their timing tool

        .target(
            name: "SolverScenarios",
            dependencies: [.product(name: "ConstraintSolver", package: "Fitsize")],
            path: "Support/SolverScenarios"),
        .executableTarget(
            name: "solver-timing",
            dependencies: ["SolverScenarios", "TimingProtocol"],
            path: "Support/SolverTiming"),

        // MARK: Typesetting workloads and their timing tool

        // HarfBuzz alone, the floor for shaping uncached text (the root package's CHarfBuzz
        // is not a product).
        .systemLibrary(
            name: "CHarfBuzzBaseline", path: "TypesettingBenchmarks/CHarfBuzzBaseline",
            pkgConfig: "harfbuzz"),
        .target(
            name: "TypesettingWorkloads",
            dependencies: [.product(name: "Typesetting", package: "Fitsize"), "CHarfBuzzBaseline"],
            path: "TypesettingBenchmarks/Workloads"),
        .executableTarget(
            name: "typesetting-timing",
            dependencies: ["TypesettingWorkloads", "TimingProtocol", .product(name: "Typesetting", package: "Fitsize")],
            path: "TypesettingBenchmarks/Timing"),

        // MARK: Auto Layout scenarios and their timing tool

        // glibc's allocator (malloc.h): its statistics, for the heap bytes per view of each
        // scene and of the many-views cell, and its trim threshold, which the timing tool raises.
        .systemLibrary(name: "CMallocStatistics", path: "AutoLayoutBenchmarks/CMallocStatistics"),
        .target(
            name: "AutoLayoutScenarios",
            dependencies: [.product(name: "AutoLayout", package: "Fitsize"), "CMallocStatistics"],
            path: "AutoLayoutBenchmarks/Scenarios"),
        .executableTarget(
            name: "autolayout-timing",
            dependencies: ["AutoLayoutScenarios", "TimingProtocol", "CMallocStatistics"],
            path: "AutoLayoutBenchmarks/Timing"),

        // MARK: Controls scenarios and their timing tool

        .target(
            name: "ControlsScenarios",
            dependencies: [.product(name: "AutoLayout", package: "Fitsize")],
            path: "ControlsBenchmarks/Scenarios"),
        .executableTarget(
            name: "controls-timing",
            dependencies: ["ControlsScenarios", "TimingProtocol"],
            path: "ControlsBenchmarks/Timing"),

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
            dependencies: ["FeedCell", "TimingProtocol", .product(name: "CellSizing", package: "Fitsize")],
            path: "CellSizingBenchmarks/Workloads"),
        .executableTarget(
            name: "cellsizing-timing",
            dependencies: ["CellSizingWorkloads", "TimingProtocol", "CMallocStatistics"],
            path: "CellSizingBenchmarks/Timing"),

        // MARK: FitsizeUIKit: a timeline of Examples/uikit's TweetCell (symlinked, one copy)
        // through a UITableView against the same cell through CellSizer, and its timing tool.

        .executableTarget(
            name: "uikit-timing",
            dependencies: ["CellSizingWorkloads", "TimingProtocol", .product(name: "FitsizeUIKit", package: "Fitsize")],
            path: "UIKitBenchmarks/Timing"),

        // MARK: Suites
        // package-benchmark runs only executable targets whose folder sits directly in this
        // one, so a suite whose module keeps its scenarios and timing tool beside it takes the
        // module folder as its path and excludes those.

        .executableTarget(
            name: "SolverBenchmarks",
            dependencies: ["SolverScenarios", .product(name: "Benchmark", package: "package-benchmark")],
            path: "SolverBenchmarks",
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
            name: "AutoLayoutBenchmarks",
            dependencies: ["AutoLayoutScenarios", .product(name: "Benchmark", package: "package-benchmark")],
            path: "AutoLayoutBenchmarks",
            exclude: ["Scenarios", "Timing", "CMallocStatistics"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "ControlsBenchmarks",
            dependencies: ["ControlsScenarios", .product(name: "Benchmark", package: "package-benchmark")],
            path: "ControlsBenchmarks",
            exclude: ["Scenarios", "Timing"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "CellSizingBenchmarks",
            dependencies: ["CellSizingWorkloads", .product(name: "Benchmark", package: "package-benchmark")],
            path: "CellSizingBenchmarks",
            exclude: ["FeedCell", "Workloads", "Timing"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    ]
)
