import Foundation

/// Median timing: runs `body` in batches and reports the median nanoseconds per operation.
public enum Timer {
    /// The median over `rounds` of (time for one batch) / `operationsPerBatch`.
    public static func medianNanoseconds(rounds: Int, operationsPerBatch: Int, _ body: (Int) -> Void) -> Double {
        var samples: [Double] = []
        samples.reserveCapacity(rounds)
        for round in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            body(round)
            let end = DispatchTime.now().uptimeNanoseconds
            samples.append(Double(end - start) / Double(operationsPerBatch))
        }
        samples.sort()
        return samples[samples.count / 2]
    }
}

/// Keeps the optimiser from deleting measured work.
@inline(never)
public func keep<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
