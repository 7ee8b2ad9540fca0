// The Typesetting suite: short labels (cold and cached, against HarfBuzz alone) and
// paragraphs in English, Chinese and mixed text (build and lay out; re-layout at new widths),
// on the corpus the typesetting-timing tool and the SkParagraph comparison use.
//
//     cd Benchmarks && swift package benchmark --target TypesettingBenchmarks
import Benchmark
import Typesetting
import TypesettingWorkloads

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        maxDuration: .seconds(2),
        maxIterations: 200)
    let labelsPerIteration = 100

    // Every iteration measures labels made of words never seen before, so nothing is cached.
    Benchmark("label cold: measure x100") { benchmark in
        let font = Font.default(size: 17)
        for iteration in benchmark.scaledIterations {
            let labels = Corpus.uniqueLabels(count: labelsPerIteration, seed: UInt64(iteration) + 10_000)
            benchmark.startMeasurement()
            for label in labels {
                TypesettingWorkloads.blackHole(try? PreparedText(label, font: font).layout(width: .infinity).size)
            }
            benchmark.stopMeasurement()
        }
    }
    Benchmark("label cold: HarfBuzz alone x100") { benchmark in
        guard let shaper = HarfBuzzShaper(fontFile: Font.default(size: 17).primaryTypeface.path) else {
            benchmark.error("HarfBuzz cannot open the default font")
            return
        }
        for iteration in benchmark.scaledIterations {
            let labels = Corpus.uniqueLabels(count: labelsPerIteration, seed: UInt64(iteration) + 20_000)
            benchmark.startMeasurement()
            for label in labels { TypesettingWorkloads.blackHole(shaper.advance(label)) }
            benchmark.stopMeasurement()
        }
    }

    // The same labels every iteration: after the first, every word comes from the cache.
    Benchmark("label cached: measure x100") { benchmark in
        let font = Font.default(size: 17)
        let labels = Corpus.labels(count: labelsPerIteration, seed: 42)
        for label in labels { TypesettingWorkloads.blackHole(try? PreparedText(label, font: font).layout(width: .infinity)) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for label in labels {
                TypesettingWorkloads.blackHole(try? PreparedText(label, font: font).layout(width: .infinity).size)
            }
        }
    }

    for paragraph in Corpus.paragraphs {
        Benchmark("paragraph \(paragraph.name): build and lay out") { benchmark in
            let font = Font.default(size: 17)
            for iteration in benchmark.scaledIterations {
                let prepared = PreparedText(paragraph.text, font: font)
                TypesettingWorkloads.blackHole(try? prepared.layout(width: Corpus.widths[iteration % Corpus.widths.count]))
            }
        }
        Benchmark("paragraph \(paragraph.name): re-layout at a new width x1000") { benchmark in
            let prepared = PreparedText(paragraph.text, font: Font.default(size: 17))
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for index in 0..<1000 {
                    TypesettingWorkloads.blackHole(try? prepared.layout(width: Corpus.widths[index & 7]))
                }
            }
        }
    }
}
