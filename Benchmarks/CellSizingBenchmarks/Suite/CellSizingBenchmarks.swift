// The cell-sizing suite for package-benchmark: the feed workloads of cellsizing-timing, for
// `swift package benchmark --target CellSizingBenchmarks` (wall clock, allocations).
import Benchmark
import CellSizing
import CellSizingWorkloads
import FeedCell
import Foundation

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2))

    for n in [10, 100, 1000] {
        Benchmark("feed.cold.constraint.\(n)", configuration: .init(scalingFactor: .one)) { benchmark in
            let workload = try FeedWorkload(count: n)
            let sizer = try FeedWorkload.makeSizer()
            try workload.sizeSerially(with: sizer)
            for _ in benchmark.scaledIterations {
                sizer.invalidateAll()
                benchmark.startMeasurement()
                try workload.sizeSerially(with: sizer)
                benchmark.stopMeasurement()
            }
        }
        Benchmark("feed.cold.manual.\(n)") { benchmark in
            let workload = try FeedWorkload(count: n)
            let layout = try ManualFeedLayout()
            try workload.layOutManually(with: layout)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try workload.layOutManually(with: layout)
            }
        }
    }

    Benchmark("feed.cached.lookup.1000") { benchmark in
        let workload = try FeedWorkload(count: 1000)
        let sizer = try FeedWorkload.makeSizer()
        try workload.sizeInParallel(with: sizer)
        try workload.lookUpCachedHeights(in: sizer)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try workload.lookUpCachedHeights(in: sizer)
        }
    }

    Benchmark("feed.parallel.1000") { benchmark in
        let workload = try FeedWorkload(count: 1000)
        let sizer = try FeedWorkload.makeSizer()
        try workload.sizeInParallel(with: sizer)
        for _ in benchmark.scaledIterations {
            sizer.invalidateAll()
            benchmark.startMeasurement()
            try workload.sizeInParallel(with: sizer)
            benchmark.stopMeasurement()
        }
    }
}
