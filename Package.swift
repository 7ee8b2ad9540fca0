// swift-tools-version:6.1
// Fitsize: Auto Layout for Swift on Linux, driven by real text measurement.
//
// Layers (each knows only the ones below it):
//   ConstraintSolver  <-  AutoLayout  <-  CellSizing  <-  fitsize
//   Typesetting (FreeType, HarfBuzz, ICU, fontconfig) <- AutoLayout's text controls
//   Concurrency (the lock and the parallel scheduler) under all but the solver
// The benchmarks live in their own package under Benchmarks/ so that the library's
// dependency graph stays free of benchmark-only packages.
import PackageDescription

// Scripts/fuzz sets FITSIZE_FUZZ to build the fuzz targets under Fuzz/ (libFuzzer and
// AddressSanitizer); the tool's module is then a library they import with @testable, so
// the parsers are fuzzed where they live and the normal build never sees the fuzzers.
let fuzzing = Context.environment["FITSIZE_FUZZ"] != nil

let toolDependencies: [Target.Dependency] = [
    "Concurrency", "Typesetting", "AutoLayout", "CellSizing", "CPNG",
    .product(name: "ArgumentParser", package: "swift-argument-parser"),
]

let package = Package(
    name: "Fitsize",
    products: [
        .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
        .library(name: "Typesetting", targets: ["Typesetting"]),
        .library(name: "AutoLayout", targets: ["AutoLayout"]),
        .library(name: "CellSizing", targets: ["CellSizing"]),
        .library(name: "FitsizeUIKit", targets: ["FitsizeUIKit"]),
        .executable(name: "solver-example", targets: ["SolverExample"]),
        .executable(name: "solver-replay", targets: ["SolverReplay"]),
    ] + (fuzzing ? [] : [.executable(name: "fitsize", targets: ["fitsize"])]),
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` for the DocC catalogues beside the sources.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: Solver (no dependencies at all)
        .target(name: "ConstraintSolver"),

        // MARK: Threads
        // The one lock and the one parallel scheduler of the modules above the solver: a
        // target of its own (not a product) so that each module reaches them without
        // importing another layer. The solver is single-threaded and needs neither.
        .target(name: "Concurrency"),

        // MARK: System libraries
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // ICU renames every C symbol with its version (ubrk_open_72), through macros Swift
        // cannot import, so a small C shim re-exports the few entry points we use.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),

        // MARK: Text
        .target(
            name: "Typesetting",
            dependencies: ["Concurrency", "CFreeType", "CHarfBuzz", "CFontconfig", "CICU"]),

        // MARK: Layout
        .target(name: "AutoLayout", dependencies: ["ConstraintSolver", "Typesetting", "Concurrency"]),
        .target(name: "CellSizing", dependencies: ["AutoLayout", "Concurrency", "Typesetting"]),
        // UIKit's spellings over the modules above, so that an iOS cell file compiles with one
        // changed import.
        .target(name: "FitsizeUIKit", dependencies: ["AutoLayout", "Typesetting", "CellSizing", "Concurrency"]),
        // The feed cell of the cell-sizing tests and benchmarks (constraint and manual
        // versions); not a product, shared with Benchmarks/ through a symlink there.
        .target(name: "FeedCell", dependencies: ["AutoLayout", "Typesetting"]),

        // MARK: Command line tool
        fuzzing
            ? .target(name: "fitsize", dependencies: toolDependencies, exclude: ["main.swift"])
            : .executableTarget(name: "fitsize", dependencies: toolDependencies),

        // MARK: Examples
        .executableTarget(name: "SolverExample", dependencies: ["ConstraintSolver"]),

        // MARK: Tools
        // Runs solver systems read as JSON lines: the Fitsize side of Scripts/solver-oracle.
        .executableTarget(name: "SolverReplay", dependencies: ["ConstraintSolver"]),

        // MARK: Tests
        .testTarget(name: "ConcurrencyTests", dependencies: ["Concurrency"]),
        // The fixed-seed random number generator of the randomized tests.
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        // How far a constraint is from holding, and the solver's documented tolerance for it:
        // checked by the tests and by Fuzz/'s solver fuzzer.
        .target(name: "SolverInvariants", dependencies: ["ConstraintSolver"], path: "Tests/SolverInvariants"),
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver", "SolverInvariants", "SeededRandom"]),
        // The invariants of text layout, checked by the tests and by Fuzz/'s text fuzzer.
        .target(name: "LayoutInvariants", dependencies: ["Typesetting"], path: "Tests/LayoutInvariants"),
        // Independent text oracles: `hb-shape` widths and a font file's own metric tables.
        .target(name: "TextOracles", path: "Tests/TextOracles"),
        .testTarget(name: "TypesettingTests", dependencies: ["Typesetting", "Concurrency", "LayoutInvariants", "SeededRandom", "TextOracles"]),
        // Collects layout diagnostics per test through one router installed for the process
        // (the handlers are global and the test modules run in parallel in one process).
        .target(name: "DiagnosticsRecording", dependencies: ["AutoLayout"], path: "Tests/DiagnosticsRecording"),
        .testTarget(name: "AutoLayoutTests", dependencies: ["AutoLayout", "DiagnosticsRecording", "SeededRandom", "TextOracles"]),
        .testTarget(name: "FitsizeUIKitTests", dependencies: ["FitsizeUIKit", "DiagnosticsRecording", "TextOracles"]),
        .testTarget(name: "CellSizingTests", dependencies: ["CellSizing", "Concurrency", "FeedCell", "DiagnosticsRecording", "Typesetting", "SeededRandom"]),
        // Runs the built `fitsize` binary; depending on it makes `swift build --build-tests`
        // build it. CPNG decodes the PNGs it renders; the layout modules and FeedCell size
        // the example cells in Swift to compare with `fitsize cells`.
        .testTarget(
            name: "FitsizeCLITests",
            dependencies: ["fitsize", "CPNG", "Typesetting", "AutoLayout", "CellSizing", "FeedCell", "TextOracles"]),
    ]
)

if fuzzing {
    package.targets += [
        // What every fuzz target shares: the libFuzzer entry point, reading numbers and
        // choices from the fuzzer's bytes, and the shipped fonts.
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", "Typesetting"], path: "Fuzz/Support"),
    ]
    for (name, dependencies) in [
        ("fuzz-equation", ["fitsize"]),
        ("fuzz-text", ["Typesetting", "LayoutInvariants"]),
        ("fuzz-solver", ["ConstraintSolver", "SolverInvariants"]),
        ("fuzz-visual-format", ["AutoLayout"]),
        ("fuzz-template", ["fitsize", "AutoLayout", "CellSizing"]),
        ("fuzz-batch-line", ["fitsize"]),
        ("fuzz-font", ["Typesetting"]),
        ("fuzz-limits", ["fitsize", "CellSizing", "ConstraintSolver", "Typesetting"]),
        ("fuzz-markup", ["fitsize", "Typesetting"]),
    ] as [(String, [Target.Dependency])] {
        package.targets.append(.executableTarget(
            name: name, dependencies: ["FuzzSupport"] + dependencies, path: "Fuzz/Targets/\(name)"))
    }
}
