// autolayout-timing: runs the five AutoLayout scenarios in a release build and prints the
// median wall time at each size as lines of the harness protocol (TimingRecord, read by
// Benchmarks/compare/run; those of the largest size carry the heap bytes per view of the
// scenario's scene), then the growth from n = 1000 to 2000 as a Markdown table and the heap
// bytes each scene holds per view.
//
//     cd Benchmarks && swift run -c release autolayout-timing [--repetitions N] [--sizes 100,500,1000,2000] [row] [deep] ...
//
// Every sample is one step on a scene of its own, built untimed just before it. The growth
// target compares two sizes, and a step of a few hundred microseconds is easily disturbed on
// a shared machine, so the samples are taken in rounds that visit every size once (a load
// that comes and goes then weighs on all sizes alike, not on whichever size ran during it).
// Each timed step follows an untimed one at the same size: the heap a step starts from holds
// the freed scene before it, which the C allocator tidies (malloc_consolidate) when the step
// first asks for a large block, and that must be a scene of the same size, as when the
// sizes ran one after another, not the other size of the ratio; the heap is then tidied
// (see tidyHeap) so that no step pays for the garbage of the one before.
import AutoLayoutScenarios
import CMallocStatistics
import TimingProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Has the C allocator merge the small blocks freed with earlier scenes now, untimed. glibc
/// leaves them in its fast bins and merges them all (malloc_consolidate) at the next request
/// for a large block, which would otherwise fall inside whichever timed step asks first, at
/// a cost set by what was freed before it rather than by the step.
func tidyHeap() {
    #if canImport(Glibc)
    // Larger than tcache's biggest class (1032 bytes), smaller than the mmap threshold: a
    // large-bin request, which consolidates the fast bins first. The block goes through a
    // global so that the optimiser cannot drop the unused malloc and free.
    tidyHeapBlock = malloc(4096)
    free(tidyHeapBlock)
    #endif
}

nonisolated(unsafe) var tidyHeapBlock: UnsafeMutableRawPointer?

/// Keeps the memory freed with earlier scenes in the process. Tidying the heap merges the
/// freed scene into the top of the heap, and glibc hands a top larger than its trim threshold
/// back to the kernel; blocks above its mmap threshold (the solver's larger arrays) go back
/// to the kernel as soon as they are freed. The timed step then takes page faults to get the
/// pages back, a cost of the tool's freeing and tidying and not of the engine (an app does not
/// free its whole tree between layout passes). Measured on `row` at n = 1000 → 2000 with
/// alternating sizes: 2.6–2.8× growth with glibc's defaults, 2.1–2.2× with these settings or
/// with the sizes run one after another; the instructions grow 2.0×.
func keepFreedMemory() {
    _ = mallopt(M_TRIM_THRESHOLD, Int32.max)
    // The largest threshold glibc accepts (HEAP_MAX_SIZE / 2 on 64-bit systems).
    _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
}

func format(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return String(rounded)
}

keepFreedMemory()
let options = TimingOptions(Array(CommandLine.arguments.dropFirst()), repetitions: 7, sizes: [100, 250, 500, 1000, 2000])
let clock = ContinuousClock()
var table: [(String, [Int: Double])] = []
var records: [TimingRecord] = []

for scenario in LayoutScenario.all where options.includes(scenario.name) {
    var samples: [Int: [Double]] = [:]
    for _ in 0..<options.repetitions {
        for n in options.sizes {
            scenario.prepare(n)()
            let step = scenario.prepare(n)
            tidyHeap()
            samples[n, default: []].append(TimingRecord.nanoseconds(clock.measure(step)) / 1e6)
        }
    }
    var medians: [Int: Double] = [:]
    for n in options.sizes {
        let values = samples[n] ?? []
        medians[n] = TimingRecord.median(values)
        records.append(TimingRecord(
            suite: "layout", scenario: scenario.name, n: n, medianNanoseconds: TimingRecord.median(values) * 1e6,
            samples: values.count, unit: "step", note: scenario.summary))
    }
    table.append((scenario.name, medians))
}

// The scenes' footprints, measured after the timings so that no timed step starts from a heap
// they left, go with the records of the largest size: the memory target reads them there.
let footprints = SceneFootprint.measure(sizes: options.sizes)
for record in records {
    let entry = footprints.first { $0.scenarios.contains(record.scenario) && $0.n == record.n }
    var record = record
    record.heapBytesPerView = entry.map { $0.bytes / $0.views }
    record.emit()
}

print("")
print("| scenario | " + options.sizes.map { "n=\($0) (ms)" }.joined(separator: " | ") + " | 1000→2000 |")
print("|---|" + options.sizes.map { _ in "---:" }.joined(separator: "|") + "|---:|")
for (name, medians) in table {
    let cells = options.sizes.map { medians[$0].map(format) ?? "" }
    var growth = ""
    if let small = medians[1000], let large = medians[2000], small > 0 {
        growth = format(large / small) + "×"
    }
    print("| \(name) | " + cells.joined(separator: " | ") + " | \(growth) |")
}

print("")
print("| scene | n | heap bytes per view |")
print("|---|---:|---:|")
for (name, _, n, views, bytes) in footprints {
    print("| \(name) | \(n) | \(bytes / views) |")
}
