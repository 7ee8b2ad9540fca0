import Dispatch
import Foundation
import Synchronization
import Typesetting

/// `fitsize --batch`: measures every line of the input, on `jobs` threads, and writes one
/// result per line in input order, a block at a time, so output streams while input is
/// still arriving.
struct BatchRunner {
    let measurer: TextMeasurer
    let settings: MeasureSettings
    let inputFormat: BatchInputFormat
    let json: Bool
    let jobs: Int

    /// How many lines were read and how many of them could not be measured.
    struct Summary {
        var lines = 0
        var failed = 0
    }

    /// Lines handed to a worker at a time: large enough that taking work is rare, small
    /// enough that the threads finish a block together.
    private static let linesPerTask = 64

    /// Reads `input` to its end, writing results to `output` and bad-line reports to
    /// standard error. `progress` forces the progress bar on or off; nil shows it when
    /// standard error is a terminal and the input a file of known size.
    func run(input: Int32, output: Int32, progress: Bool?) throws -> Summary {
        var reader = LineReader(descriptor: input)
        var bar = ProgressBar.make(input: input, forced: progress)
        var summary = Summary()
        while let block = try reader.nextBlock() {
            let result = measure(block)
            try StandardStreams.write(result.output, to: output)
            if !result.errors.isEmpty { StandardStreams.writeError(result.errors) }
            summary.lines += block.lines.count
            summary.failed += result.failed
            bar?.update(bytes: reader.bytesRead, lines: summary.lines)
        }
        bar?.finish(bytes: reader.bytesRead, lines: summary.lines)
        return summary
    }

    /// The output and error text of one block, in line order.
    private func measure(_ block: LineReader.Block) -> (output: [UInt8], errors: String, failed: Int) {
        let taskCount = (block.lines.count + Self.linesPerTask - 1) / Self.linesPerTask
        let results = TaskResults(count: taskCount)
        let nextTask = Atomic<Int>(0)
        // Each worker takes the next unclaimed task until none is left, so a slow line (a
        // long paragraph) does not hold up the other threads.
        DispatchQueue.concurrentPerform(iterations: min(jobs, taskCount)) { _ in
            while true {
                let task = nextTask.wrappingAdd(1, ordering: .relaxed).oldValue
                guard task < taskCount else { return }
                let first = task * Self.linesPerTask
                let last = min(first + Self.linesPerTask, block.lines.count)
                var result = TaskResults.Result()
                result.output.reserveCapacity((last - first) * (json ? 512 : 16))
                block.bytes.withUnsafeBufferPointer { bytes in
                    for index in first..<last {
                        let line = UnsafeBufferPointer(rebasing: bytes[block.lines[index]])
                        let number = block.firstLineNumber + index
                        if let message = measureLine(line, number: number, into: &result.output) {
                            result.errors += "fitsize: line \(number): \(message)\n"
                            result.failed += 1
                        }
                        result.output.append(UInt8(ascii: "\n"))
                    }
                }
                results.store(result, at: task)
            }
        }
        return results.joined()
    }

    /// Writes one line's result (without the newline); returns the error message instead
    /// when the line cannot be measured, after writing its placeholder.
    private func measureLine(_ line: UnsafeBufferPointer<UInt8>, number: Int, into out: inout [UInt8]) -> String? {
        do {
            let request = inputFormat == .jsonl
                ? try BatchRequest.json(line, defaults: settings)
                : try BatchRequest.text(line, settings: settings)
            let layout = try measurer.layout(request.text, settings: request.settings)
            if json {
                var writer = JSONWriter(into: out)
                LayoutReport.appendJSON(layout, to: &writer) { writer in
                    writer.member("line", number)
                    if let key = request.key {
                        writer.key("key")
                        key.write(to: &writer)
                    }
                }
                out = writer.bytes
            } else {
                LayoutReport.appendPlain(layout, to: &out)
            }
            return nil
        } catch {
            let message = "\(error)"
            if json {
                var writer = JSONWriter(into: out)
                writer.beginObject()
                writer.member("line", number)
                writer.member("error", message)
                writer.endObject()
                out = writer.bytes
            } else {
                out.append(contentsOf: "error: line \(number): \(message)".utf8)
            }
            return message
        }
    }
}

/// The results of a block's tasks, one slot per task.
///
/// Unchecked `Sendable`: every task writes only its own slot, exactly once, and the slots
/// are read only after `concurrentPerform` has returned (which orders those writes before
/// the reads).
private final class TaskResults: @unchecked Sendable {
    struct Result {
        var output: [UInt8] = []
        var errors = ""
        var failed = 0
    }

    private let slots: UnsafeMutableBufferPointer<Result>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: Result())
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ result: Result, at index: Int) {
        slots[index] = result
    }

    /// All output and errors in task order, and the number of failed lines.
    func joined() -> (output: [UInt8], errors: String, failed: Int) {
        var output: [UInt8] = []
        output.reserveCapacity(slots.reduce(0) { $0 + $1.output.count })
        var errors = ""
        var failed = 0
        for slot in slots {
            output.append(contentsOf: slot.output)
            errors += slot.errors
            failed += slot.failed
        }
        return (output, errors, failed)
    }
}
