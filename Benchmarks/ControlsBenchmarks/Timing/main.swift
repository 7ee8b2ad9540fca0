// controls-timing: runs the controls scenarios in a release build and prints the median wall
// time of each, as lines of the harness protocol (TimingRecord, read by
// Benchmarks/compare/run) and as a Markdown table.
//
//     cd Benchmarks && swift run -c release controls-timing [--repetitions N] [intrinsic] [screen-wrap] ...
import ControlsScenarios
import Foundation
import TimingProtocol

let options = TimingOptions(Array(CommandLine.arguments.dropFirst()), repetitions: 31)

func format(_ value: Double) -> String { String((value * 1000).rounded() / 1000) }

let clock = ContinuousClock()
var rows: [(ControlsScenario, Double, Double)] = []
for scenario in ControlsScenario.all where options.includes(scenario.name) {
    // One untimed run warms the shared segment width cache and the fonts.
    scenario.prepare()()
    var samples: [Double] = []
    for _ in 0..<options.repetitions {
        let step = scenario.prepare()
        samples.append(TimingRecord.nanoseconds(clock.measure(step)) / 1e6)
    }
    let middle = TimingRecord.median(samples)
    let fastest = samples.min() ?? 0
    TimingRecord(
        suite: "controls", scenario: scenario.name, n: ControlsScenario.labelCount,
        medianNanoseconds: middle * 1e6, samples: samples.count, unit: "screen",
        note: scenario.summary + " (fastest run \(format(fastest)) ms)"
    ).emit()
    rows.append((scenario, middle, fastest))
}

// The work is real: the wrapping column grows taller when the screen gets narrower.
let screen = LabelScreen(texts: LabelScreen.texts(count: ControlsScenario.labelCount), multiLine: true)
let wideHeight = screen.contentHeight
screen.resize(to: 320)
// A line for people, not a protocol record (those are the lines that start with "{").
print("check: wrapping column height \(format(Double(wideHeight))) at 375, \(format(Double(screen.contentHeight))) at 320")

print("")
print("| scenario | what is timed | median (ms) | min (ms) |")
print("|---|---|---:|---:|")
for (scenario, middle, fastest) in rows {
    print("| \(scenario.name) | \(scenario.summary) | \(format(middle)) | \(format(fastest)) |")
}
