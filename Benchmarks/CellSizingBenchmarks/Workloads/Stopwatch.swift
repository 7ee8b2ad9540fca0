import Foundation
import TimingProtocol

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

    /// The medians of two measurements taken in alternation, round by round (`first`, then
    /// `second`, then `first` again…), each round after its own set-up: neither runs all its
    /// rounds in the state the other left behind (caches, allocator, clock speed), as running
    /// one's rounds and then the other's would.
    public static func interleavedMedianNanoseconds(
        rounds: Int,
        _ first: (setUp: () throws -> Void, body: () throws -> Void),
        _ second: (setUp: () throws -> Void, body: () throws -> Void)
    ) throws -> (first: Double, second: Double) {
        let samples = try interleavedNanoseconds(rounds: rounds, first, second)
        return (median(samples.first), median(samples.second))
    }

    /// The times of two measurements taken in alternation, as
    /// ``interleavedMedianNanoseconds(rounds:_:_:)`` takes them, round by round: `first[i]`
    /// and `second[i]` ran one after the other, on the machine in the same state.
    public static func interleavedNanoseconds(
        rounds: Int,
        _ first: (setUp: () throws -> Void, body: () throws -> Void),
        _ second: (setUp: () throws -> Void, body: () throws -> Void)
    ) throws -> (first: [Double], second: [Double]) {
        var firstSamples: [Double] = []
        var secondSamples: [Double] = []
        for _ in 0..<max(1, rounds) {
            firstSamples.append(try medianNanoseconds(rounds: 1, setUp: first.setUp, first.body))
            secondSamples.append(try medianNanoseconds(rounds: 1, setUp: second.setUp, second.body))
        }
        return (firstSamples, secondSamples)
    }

    /// The median of `values` (the mean of the middle two for an even count).
    public static func median(_ values: [Double]) -> Double { TimingRecord.median(values) }
}

/// Keeps a value alive so that the optimiser cannot drop the work that made it.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The CPU time of the whole process (all threads, user and system).
public enum CPUClock {
    public static func nanoseconds() -> Double {
        let usage = ResourceUsage.now()
        return (usage.userMilliseconds + usage.systemMilliseconds) * 1e6
    }
}

/// The process's resource usage (all threads) at one moment, for differences between two.
public struct ResourceUsage {
    public var userMilliseconds: Double
    public var systemMilliseconds: Double
    /// Times a thread gave up its processor to wait (for a lock, a futex, input).
    public var voluntarySwitches: Int
    /// Times a thread was preempted.
    public var involuntarySwitches: Int

    public static func now() -> ResourceUsage {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return ResourceUsage(
            userMilliseconds: Double(usage.ru_utime.tv_sec) * 1e3 + Double(usage.ru_utime.tv_usec) / 1e3,
            systemMilliseconds: Double(usage.ru_stime.tv_sec) * 1e3 + Double(usage.ru_stime.tv_usec) / 1e3,
            voluntarySwitches: usage.ru_nvcsw, involuntarySwitches: usage.ru_nivcsw)
    }

    public static func - (after: ResourceUsage, before: ResourceUsage) -> ResourceUsage {
        ResourceUsage(
            userMilliseconds: after.userMilliseconds - before.userMilliseconds,
            systemMilliseconds: after.systemMilliseconds - before.systemMilliseconds,
            voluntarySwitches: after.voluntarySwitches - before.voluntarySwitches,
            involuntarySwitches: after.involuntarySwitches - before.involuntarySwitches)
    }
}
