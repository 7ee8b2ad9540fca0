// typesetting-timing: release-build medians of the Typesetting workloads, printed as a
// table, as JSON with --json for Benchmarks/compare/text_compare.py, or as lines of the
// harness protocol with --jsonl for Benchmarks/compare/run. --corpus prints the texts the
// workloads measure (as JSON) so that peers in Python measure exactly the same strings.
//
//   swift run -c release typesetting-timing [--json | --jsonl | --corpus] [--quick] [--rounds N] [--only PREFIX[$]]
import Foundation
import TimingProtocol
import Typesetting
import TypesettingWorkloads

let arguments = CommandLine.arguments
let asJSON = arguments.contains("--json")
let asJSONLines = arguments.contains("--jsonl")
let quick = arguments.contains("--quick")
let rounds = arguments.firstIndex(of: "--rounds").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil }
    ?? (quick ? 5 : 21)

let font = Font.default(size: 17)
guard let shaper = HarfBuzzShaper(fontFile: font.primaryTypeface.path) else {
    FileHandle.standardError.write("cannot open \(font.primaryTypeface.path)\n".data(using: .utf8)!)
    exit(1)
}
/// `--only PREFIX` runs only the workloads whose names start with PREFIX (for profiling); a
/// PREFIX ending in `$` names one workload exactly.
let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
// Short labels are timed in small batches and many of them: the median then skips batches in
// which the thread was descheduled, which matters on a machine shared with compilers.
let labelsPerRound = 20
let labelRounds = rounds * 25

// The paragraph streams: warm-up paragraphs, then two per timed batch, every one distinct.
let streamWarmUp = 200
let streamLength = streamWarmUp + rounds * 10 * 2
let streamSeed: UInt64 = 7
let attributedSeed: UInt64 = 77
// Three-run labels, cycled through as the cached plain labels are.
let attributedLabelCount = 500

if arguments.contains("--corpus") {
    let corpus: [String: Any] = [
        "cold_labels": (0..<labelRounds).map { Corpus.uniqueLabels(count: labelsPerRound, seed: UInt64($0) + 2000) },
        "cached_labels": Corpus.labels(count: labelsPerRound, seed: 42),
        "paragraphs": Dictionary(uniqueKeysWithValues: Corpus.paragraphs.map { ($0.name, $0.text) }),
        "paragraph_streams": Dictionary(uniqueKeysWithValues: Corpus.paragraphs.map {
            ($0.name, Corpus.paragraphStream($0.name, count: streamLength, seed: streamSeed))
        }),
        "stream_warm_up": streamWarmUp,
        "attributed_labels": Corpus.attributedLabels(count: attributedLabelCount, seed: attributedSeed)
            .map { $0.map(\.json) },
        "attributed_paragraph_stream": Corpus.attributedParagraphStream(count: streamLength, seed: streamSeed)
            .map { $0.map(\.json) },
        "run_styles": Dictionary(uniqueKeysWithValues: RunStyle.allCases.map {
            ($0.rawValue, ["size": Double($0.size), "bold": $0 == .bold ? 1 : 0, "kern": Double($0.kern)])
        }),
        "widths": Corpus.widths,
        "font_size": 17,
        "font_files": font.cascade.typefaces.map(\.path),
    ]
    let data = try JSONSerialization.data(withJSONObject: corpus, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
    exit(0)
}

var results: [(name: String, nanoseconds: Double)] = []
/// Per paragraph stream, the share of segment lookups the cache answered while timing it.
var streamHitRates: [String: Double] = [:]
@MainActor func record(_ name: String, _ measure: @autoclosure () -> Double) {
    if let only, only.hasSuffix("$") ? name != only.dropLast() : !name.hasPrefix(only) { return }
    results.append((name, measure()))
}

// MARK: Short labels, cold: every label is made of words never seen before.
let runsCold = only.map { "label.cold".hasPrefix($0) || $0.hasPrefix("label.cold") } ?? true
let coldLabels = runsCold ? (0..<labelRounds).map { Corpus.uniqueLabels(count: labelsPerRound, seed: UInt64($0) + 1) } : []
let coldLabelsForShaping = runsCold
    ? (0..<labelRounds).map { Corpus.uniqueLabels(count: labelsPerRound, seed: UInt64($0) + 1000) } : []
record("label.cold.harfbuzz_shape", Timer.medianNanoseconds(rounds: labelRounds, operationsPerBatch: labelsPerRound) { round in
    for label in coldLabelsForShaping[round] { keep(shaper.advance(label)) }
})
record("label.cold.measure", Timer.medianNanoseconds(rounds: labelRounds, operationsPerBatch: labelsPerRound) { round in
    for label in coldLabels[round] {
        keep(try? PreparedText(label, font: font).layout(width: .infinity).size)
    }
})

// MARK: Short labels whose words are all cached.
let cachedLabels = Corpus.labels(count: 500, seed: 42)
for _ in 0..<2 {  // the second sighting admits the words to the cache
    for label in cachedLabels { keep(try? PreparedText(label, font: font).layout(width: .infinity)) }
}
func cachedLabel(_ round: Int, _ index: Int) -> String {
    cachedLabels[(round * labelsPerRound + index) % cachedLabels.count]
}
record("label.cached.harfbuzz_shape", Timer.medianNanoseconds(rounds: labelRounds, operationsPerBatch: labelsPerRound) { round in
    for index in 0..<labelsPerRound { keep(shaper.advance(cachedLabel(round, index))) }
})
record("label.cached.measure", Timer.medianNanoseconds(rounds: labelRounds, operationsPerBatch: labelsPerRound) { round in
    for index in 0..<labelsPerRound {
        keep(try? PreparedText(cachedLabel(round, index), font: font).layout(width: .infinity).size)
    }
})

// MARK: Labels of known words and one new token (issue #18): the words were seen twice, so the
// cache holds them; every timed label's token is new, so it is shaped.
let newTokenSeed: UInt64 = 4242
let runsNewToken = only.map { "label.new_token".hasPrefix($0) || $0.hasPrefix("label.new_token") } ?? true
for _ in 0..<2 where runsNewToken {
    for label in Corpus.labelsWithNewToken(count: labelsPerRound, seed: newTokenSeed, serial: 0) {
        keep(try? PreparedText(label, font: font).layout(width: .infinity))
    }
}
let newTokenLabels = runsNewToken
    ? (0..<labelRounds).map {
        Corpus.labelsWithNewToken(count: labelsPerRound, seed: newTokenSeed, serial: 1_000_000 + $0 * labelsPerRound)
    } : []
let newTokenLabelsForShaping = runsNewToken
    ? (0..<labelRounds).map {
        Corpus.labelsWithNewToken(count: labelsPerRound, seed: newTokenSeed, serial: 5_000_000 + $0 * labelsPerRound)
    } : []
record("label.new_token.harfbuzz_shape", Timer.medianNanoseconds(rounds: labelRounds, operationsPerBatch: labelsPerRound) { round in
    for label in newTokenLabelsForShaping[round] { keep(shaper.advance(label)) }
})
record("label.new_token.measure", Timer.medianNanoseconds(rounds: labelRounds, operationsPerBatch: labelsPerRound) { round in
    for label in newTokenLabels[round] {
        keep(try? PreparedText(label, font: font).layout(width: .infinity).size)
    }
})

// MARK: Paragraphs: build + layout, and layout alone at new widths.
// `build_layout` is the scenario: a stream of distinct paragraphs from one corpus, as a
// feed shows them, after a warm-up on the stream's first paragraphs so that every cache is in
// its steady state; each timed paragraph is new. `build_layout_repeat` builds one paragraph
// again and again (whole-paragraph caches answer); `build_layout_cold` empties the segment
// cache before each build.
for paragraph in Corpus.paragraphs {
    let iterations = 2
    let paragraphRounds = rounds * 10
    let runsStream = only.map { "paragraph.\(paragraph.name).build_layout$".hasPrefix($0) } ?? true
    let stream = runsStream ? Corpus.paragraphStream(paragraph.name, count: streamLength, seed: streamSeed) : []
    for text in stream.prefix(streamWarmUp) { keep(try? PreparedText(text, font: font).layout(width: Corpus.widths[0])) }
    // The stream's hit rate in the segment cache, for the report.
    let before = SegmentCache.statistics
    record("paragraph.\(paragraph.name).build_layout", Timer.medianNanoseconds(rounds: paragraphRounds, operationsPerBatch: iterations) { round in
        for index in 0..<iterations {
            let prepared = PreparedText(stream[streamWarmUp + round * iterations + index], font: font)
            keep(try? prepared.layout(width: Corpus.widths[index % Corpus.widths.count]))
        }
    })
    let after = SegmentCache.statistics
    if after.hits + after.misses > before.hits + before.misses {
        let hits = after.hits - before.hits
        streamHitRates[paragraph.name] = Double(hits) / Double(hits + after.misses - before.misses)
    }
    for _ in 0..<2 { keep(PreparedText(paragraph.text, font: font)) }
    record("paragraph.\(paragraph.name).build_layout_repeat", Timer.medianNanoseconds(rounds: paragraphRounds, operationsPerBatch: iterations) { _ in
        for index in 0..<iterations {
            let prepared = PreparedText(paragraph.text, font: font)
            keep(try? prepared.layout(width: Corpus.widths[index % Corpus.widths.count]))
        }
    })
    record("paragraph.\(paragraph.name).build_layout_cold", Timer.medianNanoseconds(rounds: paragraphRounds, operationsPerBatch: 2) { _ in
        for index in 0..<2 {
            SegmentCache.removeAll()
            let prepared = PreparedText(paragraph.text, font: font)
            keep(try? prepared.layout(width: Corpus.widths[index % Corpus.widths.count]))
        }
    })
    let prepared = PreparedText(paragraph.text, font: font)
    let layouts = 200
    record("paragraph.\(paragraph.name).relayout", Timer.medianNanoseconds(rounds: rounds * 50, operationsPerBatch: layouts) { _ in
        for index in 0..<layouts {
            keep(try? prepared.layout(width: Corpus.widths[index & 7]))
        }
    })
}

// MARK: Attributed text: three-run labels and ten-run paragraphs, built from their runs and laid
// out. `build_layout` builds a StyledText run by run, as SkParagraph's builder takes runs;
// `build_layout_attributed_string` builds Foundation's AttributedString instead, as an app that
// holds one does; `prepare_layout` starts from a built AttributedString, to show what reading
// Foundation's string costs; `relayout` lays a prepared paragraph out at new widths.
let runsAttributed = only.map { $0.hasPrefix("attributed") || "attributed".hasPrefix($0) } ?? true
if runsAttributed {
    let labels = Corpus.attributedLabels(count: attributedLabelCount, seed: attributedSeed)
    for _ in 0..<2 {  // the second sighting admits the words to the cache, as for the plain labels
        for runs in labels { keep(try? PreparedText(attributed: Corpus.attributedString(runs)).layout(width: .infinity)) }
    }
    record("attributed.label.build_layout", Timer.medianNanoseconds(rounds: labelRounds, operationsPerBatch: labelsPerRound) { round in
        for index in 0..<labelsPerRound {
            let runs = labels[(round * labelsPerRound + index) % labels.count]
            keep(try? PreparedText(styled: Corpus.styledText(runs)).layout(width: .infinity).size)
        }
    })
    record("attributed.label.build_layout_attributed_string",
           Timer.medianNanoseconds(rounds: labelRounds, operationsPerBatch: labelsPerRound) { round in
        for index in 0..<labelsPerRound {
            let runs = labels[(round * labelsPerRound + index) % labels.count]
            keep(try? PreparedText(attributed: Corpus.attributedString(runs)).layout(width: .infinity).size)
        }
    })
    let stream = Corpus.attributedParagraphStream(count: streamLength, seed: streamSeed)
    for runs in stream.prefix(streamWarmUp) {
        keep(try? PreparedText(attributed: Corpus.attributedString(runs)).layout(width: Corpus.widths[0]))
    }
    let paragraphRounds = rounds * 10
    let before = SegmentCache.statistics
    record("attributed.paragraph.build_layout", Timer.medianNanoseconds(rounds: paragraphRounds, operationsPerBatch: 2) { round in
        for index in 0..<2 {
            let prepared = try? PreparedText(styled: Corpus.styledText(stream[streamWarmUp + round * 2 + index]))
            keep(try? prepared?.layout(width: Corpus.widths[index % Corpus.widths.count]))
        }
    })
    let after = SegmentCache.statistics
    if after.hits + after.misses > before.hits + before.misses {
        let hits = after.hits - before.hits
        // The attributed stream's note: its words are met in five styles, each cached apart.
        streamHitRates["paragraph"] = Double(hits) / Double(hits + after.misses - before.misses)
    }
    record("attributed.paragraph.build_layout_attributed_string",
           Timer.medianNanoseconds(rounds: paragraphRounds, operationsPerBatch: 2) { round in
        for index in 0..<2 {
            let prepared = try? PreparedText(attributed: Corpus.attributedString(stream[streamWarmUp + round * 2 + index]))
            keep(try? prepared?.layout(width: Corpus.widths[index % Corpus.widths.count]))
        }
    })
    let built = stream.prefix(streamWarmUp).map(Corpus.attributedString)
    record("attributed.paragraph.prepare_layout", Timer.medianNanoseconds(rounds: paragraphRounds, operationsPerBatch: 2) { round in
        for index in 0..<2 {
            let prepared = try? PreparedText(attributed: built[(round * 2 + index) % built.count])
            keep(try? prepared?.layout(width: Corpus.widths[index % Corpus.widths.count]))
        }
    })
    if let prepared = try? PreparedText(attributed: Corpus.attributedString(stream[0])) {
        let layouts = 200
        record("attributed.paragraph.relayout", Timer.medianNanoseconds(rounds: rounds * 50, operationsPerBatch: layouts) { _ in
            for index in 0..<layouts { keep(try? prepared.layout(width: Corpus.widths[index & 7])) }
        })
    }
}

/// For a paragraph stream's record: its length and how often the segment cache answered.
@MainActor func streamNote(_ name: String) -> String? {
    guard name.hasSuffix(".build_layout"), let paragraph = name.split(separator: ".").dropFirst().first,
          let rate = streamHitRates[String(paragraph)] else { return nil }
    return "\(streamLength - streamWarmUp) distinct paragraphs after \(streamWarmUp) for warm-up; "
        + String(format: "%.0f%% of segment lookups hit the cache", rate * 100)
}

let characters = Dictionary(uniqueKeysWithValues: Corpus.paragraphs.map { ($0.name, $0.text.count) })
if asJSONLines {
    // `label.cold.harfbuzz_shape` is scenario `label.cold` shaped by HarfBuzz alone; every other
    // workload is Fitsize's own.
    for (name, nanoseconds) in results {
        let shapedAlone = name.hasSuffix(".harfbuzz_shape")
        let scenario = shapedAlone ? String(name.dropLast(".harfbuzz_shape".count))
            : name.hasSuffix(".measure") ? String(name.dropLast(".measure".count)) : name
        TimingRecord(
            suite: "text", scenario: scenario, implementation: shapedAlone ? "harfbuzz" : "fitsize",
            medianNanoseconds: nanoseconds, samples: name.contains("label") ? labelRounds : rounds,
            unit: name.contains("label") ? "label" : name.hasSuffix("relayout") ? "layout" : "paragraph",
            note: streamNote(name)
        ).emit()
    }
} else if asJSON {
    var object: [String: Any] = [:]
    for (name, nanoseconds) in results { object[name] = nanoseconds }
    object["paragraph_characters"] = characters
    object["paragraphs"] = Dictionary(uniqueKeysWithValues: Corpus.paragraphs.map { ($0.name, $0.text) })
    object["paragraph_streams"] = Dictionary(uniqueKeysWithValues: Corpus.paragraphs.map {
        ($0.name, Corpus.paragraphStream($0.name, count: streamLength, seed: streamSeed))
    })
    object["stream_warm_up"] = streamWarmUp
    object["widths"] = Corpus.widths
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
    print(String(decoding: data, as: UTF8.self))
} else {
    print("median ns/op over many small batches (--rounds \(rounds))")
    for (name, nanoseconds) in results {
        print(name.padding(toLength: 44, withPad: " ", startingAt: 0), String(format: "%12.1f", nanoseconds),
              streamNote(name).map { "  (\($0))" } ?? "")
    }
    func value(_ name: String) -> Double { results.first { $0.name == name }?.nanoseconds ?? .nan }
    print(String(format: "cold label / HarfBuzz shaping:        %.2fx (target <= 1.3)",
                 value("label.cold.measure") / value("label.cold.harfbuzz_shape")))
    print(String(format: "known words + new token / HarfBuzz:   %.2fx (target <= 1.0)",
                 value("label.new_token.measure") / value("label.new_token.harfbuzz_shape")))
    print(String(format: "HarfBuzz shaping / cached label:      %.2fx (target >= 5)",
                 value("label.cached.harfbuzz_shape") / value("label.cached.measure")))
    for paragraph in Corpus.paragraphs {
        print("\(paragraph.name) (\(paragraph.text.count) chars) relayout: "
              + String(format: "%.1f ns (target <= 1000)", value("paragraph.\(paragraph.name).relayout")))
    }
}
