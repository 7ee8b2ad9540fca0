// The Typesetting suite for package-benchmark: `swift package benchmark --target
// TypesettingBenchmarks` from Benchmarks/. The same workloads, with medians printed for
// the comparison script, are in the `typesetting-timing` tool.
import Benchmark
import Synchronization
import Typesetting
import TypesettingWorkloads

/// A new seed per batch, so "cold" labels are never seen twice.
let coldSeeds = Atomic<UInt64>(1)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        maxDuration: .seconds(3))
    let font = Font.default(size: 17)
    let shaper = HarfBuzzShaper(fontFile: font.primaryTypeface.path)

    Benchmark("Label (20 chars) cold: HarfBuzz shaping alone") { benchmark in
        let labels = Corpus.uniqueLabels(
            count: benchmark.scaledIterations.count, seed: coldSeeds.add(1, ordering: .relaxed).newValue << 32)
        benchmark.startMeasurement()
        for label in labels { blackHole(shaper?.advance(label)) }
    }

    Benchmark("Label (20 chars) cold: PreparedText + layout") { benchmark in
        let labels = Corpus.uniqueLabels(
            count: benchmark.scaledIterations.count, seed: coldSeeds.add(1, ordering: .relaxed).newValue << 32)
        benchmark.startMeasurement()
        for label in labels { blackHole(try? PreparedText(label, font: font).layout(width: .infinity).size) }
    }

    let cachedLabels = Corpus.labels(count: 500, seed: 42)
    for _ in 0..<2 {
        for label in cachedLabels { blackHole(PreparedText(label, font: font)) }
    }

    Benchmark("Label (20 chars) cached words: HarfBuzz shaping alone") { benchmark in
        for index in benchmark.scaledIterations { blackHole(shaper?.advance(cachedLabels[index % cachedLabels.count])) }
    }

    Benchmark("Label (20 chars) cached words: PreparedText + layout") { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(try? PreparedText(cachedLabels[index % cachedLabels.count], font: font).layout(width: .infinity).size)
        }
    }

    for paragraph in Corpus.paragraphs {
        // The scenario (as in typesetting-timing): distinct paragraphs from one
        // corpus, after a warm-up on 200 of them; every batch builds paragraphs never seen.
        for text in Corpus.paragraphStream(paragraph.name, count: 200, seed: 7) {
            blackHole(try? PreparedText(text, font: font).layout(width: Corpus.widths[0]))
        }
        Benchmark("Paragraph \(paragraph.name) stream of distinct paragraphs: PreparedText + layout") { benchmark in
            let stream = Corpus.paragraphStream(
                paragraph.name, count: benchmark.scaledIterations.count,
                seed: coldSeeds.add(1, ordering: .relaxed).newValue << 32)
            benchmark.startMeasurement()
            for (index, text) in stream.enumerated() {
                blackHole(try? PreparedText(text, font: font).layout(width: Corpus.widths[index % Corpus.widths.count]))
            }
        }
        Benchmark("Paragraph \(paragraph.name): PreparedText + layout") { benchmark in
            for index in benchmark.scaledIterations {
                let prepared = PreparedText(paragraph.text, font: font)
                blackHole(try? prepared.layout(width: Corpus.widths[index % Corpus.widths.count]))
            }
        }
        let prepared = PreparedText(paragraph.text, font: font)
        Benchmark(
            "Paragraph \(paragraph.name): layout at a new width",
            configuration: .init(scalingFactor: .kilo)
        ) { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(try? prepared.layout(width: Corpus.widths[index & 7]))
            }
        }
    }
}
