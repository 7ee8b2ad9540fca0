// autolayout-timing: runs the five AutoLayout scenarios in a release build and prints the
// median wall time at each size as lines of the harness protocol (TimingRecord, read by
// Benchmarks/compare/run), then the growth from n = 1000 to 2000 as a Markdown table.
//
//     cd Benchmarks && swift run -c release autolayout-timing [--repetitions N] [--sizes 100,500,1000,2000] [row] [deep] ...
import AutoLayoutScenarios
import TimingProtocol

func format(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return String(rounded)
}

let options = TimingOptions(Array(CommandLine.arguments.dropFirst()), repetitions: 7, sizes: [100, 250, 500, 1000, 2000])
let clock = ContinuousClock()
var table: [(String, [Int: Double])] = []

for scenario in LayoutScenario.all where options.includes(scenario.name) {
    var medians: [Int: Double] = [:]
    for n in options.sizes {
        var samples: [Double] = []
        for _ in 0..<options.repetitions {
            let step = scenario.prepare(n)
            samples.append(TimingRecord.nanoseconds(clock.measure(step)) / 1e6)
        }
        medians[n] = TimingRecord.median(samples)
        TimingRecord(
            suite: "layout", scenario: scenario.name, n: n, medianNanoseconds: medians[n]! * 1e6,
            samples: samples.count, unit: "step", note: scenario.summary
        ).emit()
    }
    table.append((scenario.name, medians))
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
