// autolayout-timing: runs the five AutoLayout scenarios in a release build and prints the
// median wall time at each size as lines of the harness protocol (TimingRecord, read by
// Benchmarks/compare/run), then the growth from n = 1000 to 2000 as a Markdown table.
//
//     cd Benchmarks && swift run -c release autolayout-timing [--repetitions N] [--sizes 100,500,1000,2000] [row] [deep] ...
import AutoLayoutScenarios
import TimingProtocol

struct Options {
    var repetitions = 7
    var sizes = [100, 250, 500, 1000, 2000]
    var names: Set<String> = []

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--repetitions":
                repetitions = iterator.next().flatMap(Int.init) ?? repetitions
            case "--sizes":
                sizes = iterator.next()?.split(separator: ",").compactMap { Int($0) } ?? sizes
            default:
                names.insert(argument)
            }
        }
    }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func format(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return String(rounded)
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let clock = ContinuousClock()
var table: [(String, [Int: Double])] = []

for scenario in LayoutScenario.all where options.names.isEmpty || options.names.contains(scenario.name) {
    var medians: [Int: Double] = [:]
    for n in options.sizes {
        var samples: [Double] = []
        for _ in 0..<options.repetitions {
            let step = scenario.prepare(n)
            samples.append(milliseconds(clock.measure(step)))
        }
        medians[n] = median(samples)
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
