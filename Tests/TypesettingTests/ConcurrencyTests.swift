import Concurrency
import Dispatch
import Foundation

import Testing
@testable import Typesetting

/// Preparing and laying out from many threads gives the serial results.
@Suite struct ConcurrencyTests {
    struct Result: Equatable {
        var breaks: [Int]
        var widths: [CGFloat]
        var size: CGSize
    }

    static func measure(_ text: String, width: Double, prepared: PreparedText? = nil) -> Result {
        let prepared = prepared ?? PreparedText(text, font: .default(size: 15))
        guard let layout = try? prepared.layout(width: width) else { return Result(breaks: [], widths: [], size: .zero) }
        return Result(breaks: layout.lines.map(\.utf16Range.upperBound), widths: layout.lines.map(\.width), size: layout.size)
    }

    @Test func concurrentMeasurementEqualsSerial() {
        let texts = TestCorpus.all.map(\.1) + ["Short label", "Another label 123", "שלום עולם", "नमस्ते दुनिया"]
        let widths = [80.0, 150, 220]
        let jobs = texts.flatMap { text in widths.map { (text, $0) } }
        let serial = jobs.map { Self.measure($0.0, width: $0.1) }
        let shared = texts.map { PreparedText($0, font: .default(size: 15)) }
        let results = Locked<[Int: Result]>([:])
        let sharedResults = Locked<[Int: Result]>([:])
        DispatchQueue.concurrentPerform(iterations: jobs.count * 8) { iteration in
            let job = iteration % jobs.count
            // Fresh preparation on this thread (shared cache and typefaces) ...
            let fresh = Self.measure(jobs[job].0, width: jobs[job].1)
            // ... and layouts of prepared texts shared between threads.
            let reused = Self.measure(jobs[job].0, width: jobs[job].1, prepared: shared[job / widths.count])
            results.withLock { $0[iteration] = fresh }
            sharedResults.withLock { $0[iteration] = reused }
        }
        for iteration in 0..<(jobs.count * 8) {
            #expect(results.withLock { $0[iteration] } == serial[iteration % jobs.count])
            #expect(sharedResults.withLock { $0[iteration] } == serial[iteration % jobs.count])
        }
    }

    @Test func concurrentCacheChurnKeepsResultsExact() {
        let cache = SegmentWidthCache(capacityInBytes: 3_000)
        let words = (0..<64).map { "w\($0)x" }
        let expected = words.map { Measure.width($0) }
        DispatchQueue.concurrentPerform(iterations: 512) { iteration in
            let index = (iteration * 7) % words.count
            let width = try? PreparedText(validated: words[index], font: Measure.font, letterSpacing: 0, cache: cache)
                .layout(width: .infinity).lines[0].width
            #expect(width.map(Double.init) == expected[index])
        }
        #expect(cache.byteCount <= 3_000)
    }
}
