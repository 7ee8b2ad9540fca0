import Foundation

/// Wall-clock timing with medians over rounds.
public enum Stopwatch {
    /// Runs `setUp` (untimed) then `body` (timed) `rounds` times and returns the median time
    /// of `body` in nanoseconds.
    public static func medianNanoseconds(
        rounds: Int, setUp: () throws -> Void = {}, _ body: () throws -> Void
    ) rethrows -> Double {
        var samples: [Double] = []
        samples.reserveCapacity(rounds)
        for _ in 0..<max(1, rounds) {
            try setUp()
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        return median(samples)
    }

    /// The median of `values` (the mean of the middle two for an even count).
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Keeps a value alive so that the optimiser cannot drop the work that made it.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
