// cellsizing-timing: release-build medians of the feed-cell workloads, printed as the rows of
// the cell-sizing table in BENCHMARKS.md.
//
//   swift run -c release cellsizing-timing [--rounds N] [--sizes 10,100,1000,10000] [--quick] [--jsonl]
//   cellsizing-timing --items FILE [--widths 375,320] [--rounds R] [--jsonl]
//                                   (the feed items of a JSON-lines file, as `fitsize cells`
//                                   reads them, sized as one batch on all cores at each
//                                   width, cold: the library's side of the CLI comparison)
//   cellsizing-timing --shapes N [--rounds R] [--jsonl]
//                                   (each cell shape of CellShapes.swift and the feed cell
//                                   against its manual layout: N items cold at 375 points and
//                                   cold after a change to 320, and the engine's own cost per
//                                   cell, the difference)
//   cellsizing-timing --profile-shape two-labels|media-row|stack-buttons|feed [--manual] [--passes P]
//                     [--width W] N (one shape's N items sized twice at 375 to warm up, then P
//                                   times (default 1) at W (default 375) inside profiledPart,
//                                   with CellSizer or by hand)
//   cellsizing-timing --many-views 1000,2000 [--rounds R] [--jsonl]
//                                   (one cell of N one-line labels, in a vertical stack view
//                                   and in an anchor chain, each sized once by a new
//                                   CellSizer at 375 points: template built, filled, measured)
//                                   and the peak resident memory of a process that sizes it,
//                                   from a child run with --many-views-peak
//   cellsizing-timing --many-views-peak stack|chain N
//                                   (sizes that one cell and prints the process's peak
//                                   resident memory in bytes)
//   cellsizing-timing --parallel-rounds N [--rounds R]
//                                   (serial and parallel rounds of N items, alternating, each
//                                   printed with its CPU time and context switches)
//   cellsizing-timing --profile constraint|manual|lookup|serial|parallel [--every-item] [--warm] N
//                                   (one workload alone, for callgrind; --every-item sizes
//                                   with HeightVerification.everyItem; --warm runs the
//                                   workload twice first, so that the profile sees the
//                                   timed "cold" regime: an empty height cache, every word
//                                   in the segment cache (admitted on its second sighting);
//                                   serial and parallel size the N items one by one or as
//                                   one batch on all cores, both warmed with the batch;
//                                   callgrind --toggle-collect='*profiledPart*' counts the
//                                   profiled part alone)
//
// With --jsonl it prints lines of the harness protocol (TimingRecord) for
// Benchmarks/compare/run instead of the table, all times per cell or per lookup.
// Every number is the median over rounds; per-cell numbers are a round's time divided by N.
// "cold" means the sizer's height cache is empty (a new item); "cold text" also empties the
// text engine's shared segment cache, so every word is shaped again.
import CellSizing
import CellSizingWorkloads
import CMallocStatistics
import FeedCell
import Foundation
import TimingProtocol
import Typesetting

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let quick = arguments.contains("--quick")
let rounds = option("--rounds").flatMap(Int.init) ?? (quick ? 3 : 7)
let sizes = option("--sizes")?.split(separator: ",").compactMap { Int($0) }
    ?? (quick ? [10, 100, 1000] : [10, 100, 1000, 10_000])
let threads = ProcessInfo.processInfo.activeProcessorCount
let jsonLines = arguments.contains("--jsonl")

/// A line of the human-readable table (left out with --jsonl).
func say(_ line: String) {
    if !jsonLines { print(line) }
}

/// A protocol record (only with --jsonl).
func record(
    _ scenario: String, n: Int, _ implementation: String = "fitsize", nanoseconds: Double, unit: String,
    samples: Int = rounds, note: String? = nil, suite: String = "cells", peakBytes: Int? = nil
) {
    guard jsonLines else { return }
    TimingRecord(
        suite: suite, scenario: scenario, n: n, implementation: implementation,
        medianNanoseconds: nanoseconds, samples: samples, unit: unit, note: note, peakBytes: peakBytes
    ).emit()
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cellsizing-timing: \(message)\n".utf8))
    exit(1)
}

func run() throws {
    say("cellsizing-timing: \(threads) active processors, \(rounds) rounds, width \(FeedWorkload.phoneWidth)")
    if let item = try FeedWorkload(count: 200).firstDisagreement() {
        fail("the constraint cell and the manual layout disagree on item \(item.index)")
    }
    say("")
    say("| N | constraint cell, cold (µs/cell) | manual, cold (µs/cell) | ratio | constraint, cold text (µs/cell) | manual, cold text (µs/cell) | ratio |")
    say("|---|---|---|---|---|---|---|")
    var largest: (workload: FeedWorkload, n: Int)?
    for n in sizes {
        let workload = try FeedWorkload(count: n)
        largest = (workload, n)
        let sizer = try FeedWorkload.makeSizer()
        let manual = try ManualFeedLayout()
        // Warm the text engine's caches, the template cell and the code once.
        try workload.sizeSerially(with: sizer)
        try workload.layOutManually(with: manual)
        // The two cells' rounds alternate, so that neither is timed in the state the other's
        // rounds left behind. Small workloads take more rounds (a round of 10 cells lasts
        // about 40 µs, short enough for one interruption to move it a lot), so that every
        // size's median rests on about as many cells; every size takes at least three times
        // the rounds, since on this virtual machine a core slows down for a second or more at
        // a time, which the median of seven rounds of 10,000 cells did not ride out.
        let feedRounds = rounds * max(3, 1000 / n)
        let (constraint, manualTime) = try Stopwatch.interleavedMedianNanoseconds(
            rounds: feedRounds,
            (setUp: { sizer.invalidateAll() }, body: { try workload.sizeSerially(with: sizer) }),
            (setUp: {}, body: { try workload.layOutManually(with: manual) }))
        let (constraintColdText, manualColdText) = try Stopwatch.interleavedMedianNanoseconds(
            rounds: feedRounds,
            (setUp: { sizer.invalidateAll(); SegmentCache.removeAll() },
             body: { try workload.sizeSerially(with: sizer) }),
            (setUp: { SegmentCache.removeAll() }, body: { try workload.layOutManually(with: manual) }))
        let perCell = { (nanoseconds: Double) in nanoseconds / Double(n) / 1000 }
        record("feed.cold", n: n, nanoseconds: constraint / Double(n), unit: "cell", samples: feedRounds)
        record("feed.cold", n: n, "manual", nanoseconds: manualTime / Double(n), unit: "cell", samples: feedRounds)
        record("feed.cold-text", n: n, nanoseconds: constraintColdText / Double(n), unit: "cell", samples: feedRounds)
        record("feed.cold-text", n: n, "manual", nanoseconds: manualColdText / Double(n), unit: "cell",
               samples: feedRounds)
        say(String(
            format: "| %d | %.1f | %.1f | %.2f× | %.1f | %.1f | %.2f× |", n,
            perCell(constraint), perCell(manualTime), constraint / manualTime,
            perCell(constraintColdText), perCell(manualColdText), constraintColdText / manualColdText))
    }
    guard let (workload, n) = largest else { return }

    // Cached lookups: every height is in the cache.
    let sizer = try FeedWorkload.makeSizer()
    try workload.sizeInParallel(with: sizer)
    let lookup = try Stopwatch.medianNanoseconds(rounds: rounds * 3) { try workload.lookUpCachedHeights(in: sizer) }
    record("lookup.cached", n: n, nanoseconds: lookup / Double(n), unit: "lookup")
    say("")
    say(String(format: "cached height lookup, N = %d: %.1f ns", n, lookup / Double(n)))

    // A width change: everything measured at 375, then at 320 for the first time. Nothing
    // should be shaped again: the segment cache must not miss.
    var resize: [Double] = []
    var misses = 0
    for _ in 0..<rounds {
        let sizer = try FeedWorkload.makeSizer()
        try workload.sizeInParallel(with: sizer)
        try sizer.setWidth(FeedWorkload.otherWidth)
        let before = SegmentCache.statistics.misses
        resize.append(try Stopwatch.medianNanoseconds(rounds: 1) { try workload.sizeSerially(with: sizer) })
        misses += SegmentCache.statistics.misses - before
    }
    let resizeTime = Stopwatch.median(resize)
    record("width-change", n: n, nanoseconds: resizeTime / Double(n), unit: "cell",
           note: "375 → 320 points, serial; \(misses) segments shaped again over \(rounds) rounds")
    say(String(
        format: "re-size all N = %d items after 375 → 320 (serial): %.1f ms, %.1f µs/cell, %d segments shaped again",
        n, resizeTime / 1e6, resizeTime / Double(n) / 1000, misses))
    var back: [Double] = []
    for _ in 0..<rounds {
        let sizer = try FeedWorkload.makeSizer()
        try workload.sizeInParallel(with: sizer)
        try sizer.setWidth(FeedWorkload.otherWidth)
        try workload.sizeInParallel(with: sizer)
        back.append(try Stopwatch.medianNanoseconds(rounds: 1) {
            try sizer.setWidth(FeedWorkload.phoneWidth)
            try workload.lookUpCachedHeights(in: sizer)
        })
    }
    record("width-switch-back", n: n, nanoseconds: Stopwatch.median(back) / Double(n), unit: "lookup",
           note: "back to 375 points: every height comes from the cache kept for that width")
    say(String(format: "switch back to 375 and look all N = %d up: %.2f ms", n, Stopwatch.median(back) / 1e6))

    // Parallel against serial, cold. The rounds alternate, a serial round and then a
    // parallel one: on this virtual machine a core runs up to half as fast for a second or
    // more at a time (another guest's work on the host), and rounds taken in two blocks
    // compared one block's slow stretch with the other's quiet one. The median of each round's
    // ratio (its parallel time over the serial round just before it) is printed too. On a
    // machine shared with other work the wall-clock ratio says little, so the CPU time both
    // take is printed as well: if the batch costs no more CPU time than serial sizing, t
    // threads on t free cores run it t times as fast. Three times as many rounds as the other
    // rows: a parallel round needs both cores free, and any other work lands on it.
    var serialCPU: [Double] = []
    var parallelCPU: [Double] = []
    let parallelRounds = rounds * 3
    let (serialTimes, parallelTimes) = try Stopwatch.interleavedNanoseconds(
        rounds: parallelRounds,
        (setUp: { sizer.invalidateAll() }, body: {
            let start = CPUClock.nanoseconds()
            try workload.sizeSerially(with: sizer)
            serialCPU.append(CPUClock.nanoseconds() - start)
        }),
        (setUp: { sizer.invalidateAll() }, body: {
            let start = CPUClock.nanoseconds()
            try workload.sizeInParallel(with: sizer)
            parallelCPU.append(CPUClock.nanoseconds() - start)
        }))
    let serial = Stopwatch.median(serialTimes)
    let parallel = Stopwatch.median(parallelTimes)
    let pairedSpeedUp = Stopwatch.median(zip(serialTimes, parallelTimes).map { $0 / $1 })
    let cpuRatio = Stopwatch.median(parallelCPU) / Stopwatch.median(serialCPU)
    record("parallel", n: n, nanoseconds: parallel / Double(n), unit: "cell", samples: parallelRounds,
           note: String(format: "%d threads, rounds alternating with serial ones; the median round is %.2f× faster "
                        + "than the serial round before it; the batch costs %.2f× serial's CPU time, so at most "
                        + "%.2f× faster on %d free cores",
                        threads, pairedSpeedUp, cpuRatio, Double(threads) / max(cpuRatio, 1), threads))
    record("parallel", n: n, "serial", nanoseconds: serial / Double(n), unit: "cell", samples: parallelRounds)
    say(String(
        format: "parallel batch of N = %d on %d threads: %.1f ms against %.1f ms serial: %.2f× faster "
            + "(median of the rounds' own ratios %.2f×; CPU time %.2f× serial's, so at most %.2f× on %d free cores)",
        n, threads, parallel / 1e6, serial / 1e6, serial / parallel, pairedSpeedUp, cpuRatio,
        Double(threads) / max(cpuRatio, 1), threads))

    // ListLayout queries on N rows, all measured.
    let list = try ListLayout(sizer: sizer, estimatedRowHeight: 400) { cell, item in cell.show(item) }
    try list.insertRows(workload.keyedItems.map { (AnyHashable($0.0), $0.1) }, at: 0)
    try list.measureAllRows()
    let content = list.contentHeight
    let probes = (0..<n).map { CGFloat($0) * content / CGFloat(n) }
    let rowLookup = try Stopwatch.medianNanoseconds(rounds: rounds * 3) {
        for offset in probes { blackHole(try list.row(atOffset: offset)) }
    }
    let offsetLookup = try Stopwatch.medianNanoseconds(rounds: rounds * 3) {
        for row in 0..<n { blackHole(try list.offset(ofRow: row)) }
    }
    record("list.row-at-offset", n: n, nanoseconds: rowLookup / Double(n), unit: "query")
    record("list.offset-of-row", n: n, nanoseconds: offsetLookup / Double(n), unit: "query")
    say(String(
        format: "ListLayout of N = %d rows: row(atOffset:) %.0f ns, offset(ofRow:) %.0f ns",
        n, rowLookup / Double(n), offsetLookup / Double(n)))
}

/// One shape's rows: `n` items with the constraint cell (an empty height cache) and by hand,
/// rounds alternating, at 375 points and at 320 after the sizer was used at 375; and the
/// difference per cell, the engine's cost beyond the text measurements both make. `size`
/// sizes every item with `sizer`, `manual` lays every item out by hand at a width; both are
/// run twice first, so that every word is admitted to the segment cache.
func timeShape<Cell>(
    _ name: String, n: Int, sizer: CellSizer<Cell>, size: @escaping () throws -> Void,
    manual: @escaping (CGFloat) throws -> Void
) throws {
    for _ in 0..<2 {
        sizer.invalidateAll()
        try size()
        try manual(FeedWorkload.phoneWidth)
    }
    let prepareCold = {
        try sizer.setWidth(FeedWorkload.phoneWidth)
        sizer.invalidateAll()
    }
    let prepareWidthChange = {
        try prepareCold()
        try size()
        try sizer.setWidth(FeedWorkload.otherWidth)
    }
    // Small workloads take more rounds, as the feed rows do.
    let shapeRounds = rounds * max(3, 1000 / n)
    let (cold, manualCold) = try Stopwatch.interleavedMedianNanoseconds(
        rounds: shapeRounds,
        (setUp: prepareCold, body: size),
        (setUp: {}, body: { try manual(FeedWorkload.phoneWidth) }))
    let (changed, manualChanged) = try Stopwatch.interleavedMedianNanoseconds(
        rounds: shapeRounds,
        (setUp: prepareWidthChange, body: size),
        (setUp: {}, body: { try manual(FeedWorkload.otherWidth) }))
    let perCell = { (nanoseconds: Double) in nanoseconds / Double(n) }
    record("shape.\(name).cold", n: n, nanoseconds: perCell(cold), unit: "cell", samples: shapeRounds, suite: "shapes")
    record("shape.\(name).cold", n: n, "manual", nanoseconds: perCell(manualCold), unit: "cell", samples: shapeRounds, suite: "shapes")
    record("shape.\(name).width-change", n: n, nanoseconds: perCell(changed), unit: "cell", samples: shapeRounds,
           note: "sized at 375 points, then every item again at 320", suite: "shapes")
    record("shape.\(name).width-change", n: n, "manual", nanoseconds: perCell(manualChanged), unit: "cell",
           samples: shapeRounds, suite: "shapes")
    record("shape.\(name).engine", n: n, nanoseconds: perCell(cold - manualCold), unit: "cell", samples: shapeRounds,
           note: "the constraint cell's time less the manual layout's: the engine's own cost per cell "
               + "(views, intrinsic sizes, solver), everything but the text measurements both make", suite: "shapes")
    say(String(
        format: "| %@ | %.2f | %.2f | %.2f× | %.2f | %.2f | %.2f× | %.2f |", name,
        perCell(cold) / 1000, perCell(manualCold) / 1000, cold / manualCold,
        perCell(changed) / 1000, perCell(manualChanged) / 1000, changed / manualChanged,
        perCell(cold - manualCold) / 1000))
}

/// Issue 18, target 5: a cell of N labels as a stack and as a chain, each sized once per round
/// by a new sizer (its teardown untimed), with the heap the sized cell holds (mallinfo2, the
/// sizer still alive) and the peak memory of a process that sizes it and nothing else (a
/// child, as `fitsize cells` would size it: the "peak memory").
func manyViews(_ sizes: [Int]) throws {
    guard !sizes.isEmpty else { fail("--many-views takes label counts separated by commas") }
    say("cellsizing-timing --many-views: \(rounds) rounds, width \(FeedWorkload.phoneWidth)")
    say("")
    say("| N | stack (ms) | stack heap (MB) | stack peak (MB) | chain (ms) | chain heap (MB) | chain peak (MB) |")
    say("|---|---|---|---|---|---|---|")
    for n in sizes {
        var row = "| \(n) |"
        var heights: [CGFloat] = []
        for shape in ManyViewsCell.Shape.allCases {
            let before = heapBytesInUse()
            let sizer = try CellSizer<ManyViewsCell>(width: FeedWorkload.phoneWidth) { ManyViewsCell(shape: shape, count: n) }
            heights.append(try sizer.height(for: 0) { _ in })
            let held = heapBytesInUse() - before
            withExtendedLifetime(sizer) {}
            // The sized cell is released in the next round's set-up, untimed: the time is the
            // sizing, not the teardown of N views and their engine.
            var sized: CellSizer<ManyViewsCell>?
            let median = try Stopwatch.medianNanoseconds(rounds: rounds, setUp: { sized = nil }) {
                let sizer = try CellSizer<ManyViewsCell>(width: FeedWorkload.phoneWidth) {
                    ManyViewsCell(shape: shape, count: n)
                }
                blackHole(try sizer.height(for: 0) { _ in })
                sized = sizer
            }
            withExtendedLifetime(sized) {}
            sized = nil
            let peak = try peakResidentBytes(sizing: shape, count: n)
            let megabytes = Double(held) / 1_000_000
            record("many.\(shape.rawValue)", n: n, nanoseconds: median, unit: "cell",
                   note: String(format: "N = %d: %.1f MB of heap held by the sized cell and its engine", n, megabytes),
                   suite: "manyviews", peakBytes: peak)
            row += String(format: " %.1f | %.1f | %.1f |", median / 1e6, megabytes, Double(peak) / 1_000_000)
        }
        if heights[0] != heights[1] { fail("N = \(n): the stack's height \(heights[0]) and the chain's \(heights[1]) differ") }
        say(row)
    }
}

/// The peak resident memory of a new process of this tool that sizes one cell of `count`
/// labels laid out as `shape` (`--many-views-peak`): start-up, fonts and runtime included, as
/// a process of `fitsize cells` holds them.
func peakResidentBytes(sizing shape: ManyViewsCell.Shape, count: Int) throws -> Int {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    child.arguments = ["--many-views-peak", shape.rawValue, String(count)]
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    guard child.terminationStatus == 0,
          let bytes = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else { fail("--many-views-peak \(shape.rawValue) \(count) failed (status \(child.terminationStatus))") }
    return bytes
}

/// `--many-views-peak`: sizes one cell of `count` labels as `shape` and prints this process's
/// peak resident memory in bytes (VmHWM).
func printPeakAfterSizing(_ shape: ManyViewsCell.Shape, count: Int) throws {
    let sizer = try CellSizer<ManyViewsCell>(width: FeedWorkload.phoneWidth) { ManyViewsCell(shape: shape, count: count) }
    blackHole(try sizer.height(for: 0) { _ in })
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { fail("--many-views-peak: no VmHWM in /proc/self/status") }
    print(kilobytes * 1024)
}

/// The bytes the allocator has handed out and not taken back.
func heapBytesInUse() -> Int {
    let info = mallinfo2()
    return Int(info.uordblks) + Int(info.hblkhd)
}

/// The cell-shape suite: three shapes of CellShapes.swift and the feed cell, each against its
/// manual layout.
func shapes(_ n: Int) throws {
    say("cellsizing-timing --shapes: N = \(n), \(rounds) rounds, widths \(FeedWorkload.phoneWidth) and \(FeedWorkload.otherWidth)")
    say("")
    say("| shape | constraint, cold (µs/cell) | manual (µs/cell) | ratio | constraint after 375 → 320 (µs/cell) | manual at 320 (µs/cell) | ratio | engine's own cost (µs/cell) |")
    say("|---|---|---|---|---|---|---|---|")
    func shape<Cell: ShapeCell>(_ name: String, _: Cell.Type) throws {
        let workload = ShapeWorkload<Cell>(count: n)
        for width in [FeedWorkload.phoneWidth, FeedWorkload.otherWidth] {
            if let disagreement = try workload.firstDisagreement(width: width) {
                fail("\(name): the constraint cell and the manual layout disagree on item \(disagreement.item) "
                     + "at width \(width): \(disagreement.constraint) against \(disagreement.manual)")
            }
        }
        let sizer = try ShapeWorkload<Cell>.makeSizer()
        try timeShape(name, n: n, sizer: sizer, size: { try workload.sizeSerially(with: sizer) },
                      manual: { width in _ = try workload.layOutManually(width: width) })
    }
    try shape("two-labels", TwoLabelCell.self)
    try shape("media-row", MediaRowCell.self)
    try shape("stack-buttons", StackedButtonsCell.self)

    let feed = try FeedWorkload(count: n)
    let sizer = try FeedWorkload.makeSizer()
    let manual = try ManualFeedLayout()
    try timeShape("feed", n: n, sizer: sizer, size: { try feed.sizeSerially(with: sizer) },
                  manual: { width in _ = try feed.layOutManually(with: manual, width: width) })
}

/// Sizes `n` items once with one of the two cells and nothing else, so that a profiler sees
/// only that work (after one warm-up item). The profiled part's wall-clock and CPU time
/// (user + system, all threads) go to standard error.
func profile(_ kind: String, _ n: Int) throws {
    let workload = try FeedWorkload(count: n)
    // With --warm the whole workload is the warm-up, twice, as in the timed "cold" rows: the
    // segment cache admits a word on its second sighting, and the timed rows take the median
    // of rounds that all come after the warm-up and the first round.
    let warm = arguments.contains("--warm")
    let warmUp = warm ? workload : try FeedWorkload(count: 1)
    let warmUpPasses = warm ? 2 : 1
    var started = (wall: 0.0, cpu: 0.0)
    func start() { started = (Double(DispatchTime.now().uptimeNanoseconds), CPUClock.nanoseconds()) }
    defer {
        let wall = Double(DispatchTime.now().uptimeNanoseconds) - started.wall
        let cpu = CPUClock.nanoseconds() - started.cpu
        FileHandle.standardError.write(Data(String(
            format: "profiled part: %.1f ms wall, %.1f ms CPU (user + system)\n", wall / 1e6, cpu / 1e6).utf8))
    }
    if kind == "lookup" {
        // N items measured, then looked up 100 times each.
        let sizer = try FeedWorkload.makeSizer()
        try workload.sizeSerially(with: sizer)
        start()
        try profiledPart { for _ in 0..<100 { blackHole(try workload.lookUpCachedHeights(in: sizer)) } }
    } else if kind == "manual" {
        let layout = try ManualFeedLayout()
        for _ in 0..<warmUpPasses { try warmUp.layOutManually(with: layout) }
        start()
        try profiledPart { blackHole(try workload.layOutManually(with: layout)) }
    } else if kind == "parallel" || kind == "serial" {
        let sizer = try FeedWorkload.makeSizer()
        // Two templates, as the parallel batch uses, in both modes.
        for _ in 0..<warmUpPasses {
            try warmUp.sizeInParallel(with: sizer)
            sizer.invalidateAll()
        }
        start()
        try profiledPart {
            if kind == "parallel" {
                blackHole(try workload.sizeInParallel(with: sizer))
            } else {
                blackHole(try workload.sizeSerially(with: sizer))
            }
        }
    } else {
        let verification: HeightVerification = arguments.contains("--every-item") ? .everyItem : .firstItemPerTemplate
        let sizer = try FeedWorkload.makeSizer(verification: verification)
        for _ in 0..<warmUpPasses {
            try warmUp.sizeSerially(with: sizer)
            sizer.invalidateAll()
        }
        start()
        try profiledPart { blackHole(try workload.sizeSerially(with: sizer)) }
    }
}

/// One shape's `n` items, warmed twice at 375 points, then sized `--passes` times (default
/// once) inside ``profiledPart(_:)``, each pass with an empty height cache, at `--width`
/// (default 375; another width is the width-change rows' case), with CellSizer or by hand.
/// Repeated passes give a benchmark-sized N (300) enough samples for a profile, and two
/// runs that differ only in passes give the cost of a pass by subtraction (start-up and
/// warm-up cancel), which counters such as `perf stat -e cycles:u` measure without the
/// noise of a shared machine's wall clock.
func profileShape(_ name: String, _ n: Int) throws {
    let manual = arguments.contains("--manual")
    let passes = max(1, option("--passes").flatMap(Int.init) ?? 1)
    let width = option("--width").flatMap(Double.init).map { CGFloat($0) } ?? FeedWorkload.phoneWidth
    func profile(
        size: () throws -> Void, layOut: (CGFloat) throws -> Void, setWidth: (CGFloat) throws -> Void,
        invalidate: () -> Void
    ) throws {
        for _ in 0..<2 {
            invalidate()
            try manual ? layOut(FeedWorkload.phoneWidth) : size()
        }
        try setWidth(width)
        try profiledPart {
            for _ in 0..<passes {
                invalidate()
                try manual ? layOut(width) : size()
            }
        }
    }
    func run<Cell: ShapeCell>(_: Cell.Type) throws {
        let workload = ShapeWorkload<Cell>(count: n)
        let sizer = try ShapeWorkload<Cell>.makeSizer()
        try profile(
            size: { try workload.sizeSerially(with: sizer) }, layOut: { try workload.layOutManually(width: $0) },
            setWidth: { try sizer.setWidth($0) }, invalidate: sizer.invalidateAll)
    }
    switch name {
    case "two-labels": try run(TwoLabelCell.self)
    case "media-row": try run(MediaRowCell.self)
    case "stack-buttons": try run(StackedButtonsCell.self)
    case "feed":
        let feed = try FeedWorkload(count: n)
        let sizer = try FeedWorkload.makeSizer()
        let layout = try ManualFeedLayout()
        try profile(
            size: { try feed.sizeSerially(with: sizer) }, layOut: { try feed.layOutManually(with: layout, width: $0) },
            setWidth: { try sizer.setWidth($0) }, invalidate: sizer.invalidateAll)
    default: fail("--profile-shape takes two-labels, media-row, stack-buttons or feed")
    }
}

/// The part of a profile run that is measured, in a function of its own so that callgrind
/// can count it alone: `valgrind --tool=callgrind --toggle-collect='*profiledPart*' ...`.
@inline(never)
func profiledPart(_ body: () throws -> Void) rethrows {
    try body()
}

/// Alternates serial and parallel sizing of `n` items for `rounds` rounds and prints each
/// round as it ends: wall time, user and system CPU time, and the process's voluntary and
/// involuntary context switches. A voluntary switch in a parallel round is a thread going to
/// sleep, almost always at a lock another thread held: the count shows contention that the
/// wall-clock medians blur with the host's noise.
func parallelRounds(_ n: Int, rounds: Int) throws {
    let workload = try FeedWorkload(count: n)
    let sizer = try FeedWorkload.makeSizer()
    // Twice both ways first: every word admitted to the segment cache, both templates made.
    for _ in 0..<2 {
        for parallel in [false, true] {
            sizer.invalidateAll()
            _ = try parallel ? workload.sizeInParallel(with: sizer) : workload.sizeSerially(with: sizer)
        }
    }
    var serialTimes: [Double] = []
    var parallelTimes: [Double] = []
    var cpuRatios: [Double] = []
    for _ in 0..<max(1, rounds) {
        var line = ""
        var cpu: [Double] = []
        for parallel in [false, true] {
            sizer.invalidateAll()
            let before = ResourceUsage.now()
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try parallel ? workload.sizeInParallel(with: sizer) : workload.sizeSerially(with: sizer)
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            let used = ResourceUsage.now() - before
            if parallel { parallelTimes.append(wall) } else { serialTimes.append(wall) }
            cpu.append(used.userMilliseconds + used.systemMilliseconds)
            line += String(
                format: "%@ %5.1f ms (user %5.1f, system %4.1f, switches %3d voluntary, %2d involuntary)   ",
                parallel ? "parallel" : "serial", wall, used.userMilliseconds, used.systemMilliseconds,
                used.voluntarySwitches, used.involuntarySwitches)
        }
        cpuRatios.append(cpu[1] / cpu[0])
        let ratio = serialTimes[serialTimes.count - 1] / parallelTimes[parallelTimes.count - 1]
        print(line + String(format: "ratio %.2f, CPU %.2f", ratio, cpu[1] / cpu[0]))
        fflush(nil)
    }
    let serial = Stopwatch.median(serialTimes)
    let parallel = Stopwatch.median(parallelTimes)
    print(String(
        format: "medians: serial %.1f ms, parallel %.1f ms: %.2f× (rounds' own ratios %.2f×, CPU %.2f× serial's)",
        serial, parallel, serial / parallel, Stopwatch.median(zip(serialTimes, parallelTimes).map { $0 / $1 }),
        Stopwatch.median(cpuRatios)))
}

/// Sizes the items of `path` as one batch on all cores at `widths`, `rounds` times with an
/// empty height cache (after one warm-up pass), and reports the median time per item.
func sizeFile(_ path: String, widths: [CGFloat]) throws {
    let workload = try FeedFileWorkload(path: path)
    let sizer = try FeedWorkload.makeSizer(width: widths[0])
    try workload.sizeInParallel(with: sizer, atWidths: widths)
    var times: [Double] = []
    var cpuTimes: [Double] = []
    for _ in 0..<rounds {
        sizer.invalidateAll()
        let cpu = CPUClock.nanoseconds()
        times.append(try Stopwatch.medianNanoseconds(rounds: 1) {
            try workload.sizeInParallel(with: sizer, atWidths: widths)
        })
        cpuTimes.append(CPUClock.nanoseconds() - cpu)
    }
    let n = workload.keyedItems.count
    let perItem = Stopwatch.median(times) / Double(n)
    let cpuPerItem = Stopwatch.median(cpuTimes) / Double(n)
    if jsonLines {
        TimingRecord(
            suite: "feed", scenario: widths.count == 1 ? "cli.cells" : "cli.cells-widths", n: n,
            implementation: "cellsizer", medianNanoseconds: perItem, samples: rounds, unit: "item",
            note: String(format: "CellSizer.heights on %d threads, %d width(s), items decoded beforehand; "
                         + "%.2f µs of CPU time an item", threads, widths.count, cpuPerItem / 1000)
        ).emit()
    }
    say(String(format: "%d items at %d width(s), one batch on %d threads: %.2f µs/item (%.2f µs CPU), %.0f items/s",
               n, widths.count, threads, perItem / 1000, cpuPerItem / 1000, 1e9 / perItem))
}

do {
    if let path = option("--items") {
        let widths = (option("--widths") ?? "\(FeedWorkload.phoneWidth)").split(separator: ",")
            .compactMap { Double($0).map { CGFloat($0) } }
        guard !widths.isEmpty else { fail("--widths takes widths separated by commas") }
        try sizeFile(path, widths: widths)
        exit(0)
    }
    if let n = option("--shapes").flatMap(Int.init) {
        try shapes(n)
        exit(0)
    }
    if let index = arguments.firstIndex(of: "--many-views-peak"), index + 2 < arguments.count {
        guard let shape = ManyViewsCell.Shape(rawValue: arguments[index + 1]), let count = Int(arguments[index + 2]) else {
            fail("--many-views-peak takes stack or chain and a label count")
        }
        try printPeakAfterSizing(shape, count: count)
        exit(0)
    }
    if let list = option("--many-views") {
        try manyViews(list.split(separator: ",").compactMap { Int($0) })
        exit(0)
    }
    if let n = option("--parallel-rounds").flatMap(Int.init) {
        try parallelRounds(n, rounds: rounds)
        exit(0)
    }
    if let name = option("--profile-shape") {
        try profileShape(name, arguments.last.flatMap(Int.init) ?? 1000)
        exit(0)
    }
    if let kind = option("--profile") {
        let n = arguments.last.flatMap(Int.init) ?? 100
        try profile(kind, n)
        exit(0)
    }
    try run()
} catch {
    fail("\(error)")
}
