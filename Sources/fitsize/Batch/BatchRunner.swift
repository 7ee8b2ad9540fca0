import Concurrency
import Foundation
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

    /// Lines handed to a thread at a time: large enough that taking work is rare, small
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
        let chunks = ParallelChunks.map(count: block.lines.count, chunkSize: Self.linesPerTask, threads: jobs) { lines in
            var output: [UInt8] = []
            output.reserveCapacity(lines.count * (json ? 512 : 16))
            var errors = ""
            var failed = 0
            block.bytes.withUnsafeBufferPointer { bytes in
                for index in lines {
                    let line = UnsafeBufferPointer(rebasing: bytes[block.lines[index]])
                    let number = block.firstLineNumber + index
                    if let report = measureLine(line, number: number, tooLong: block.isTooLong(index), into: &output) {
                        errors += "fitsize: \(report)\n"
                        failed += 1
                    }
                    output.append(UInt8(ascii: "\n"))
                }
            }
            return (output: output, errors: errors, failed: failed)
        }
        var output: [UInt8] = []
        output.reserveCapacity(chunks.reduce(0) { $0 + $1.output.count })
        for chunk in chunks { output.append(contentsOf: chunk.output) }
        return (output, chunks.map(\.errors).joined(), chunks.reduce(0) { $0 + $1.failed })
    }

    /// Writes one line's result (without the newline); when the line cannot be measured (or
    /// was too long to read), writes its placeholder instead and returns the report for
    /// standard error (`line 7 (key "a"): message`).
    private func measureLine(
        _ line: UnsafeBufferPointer<UInt8>, number: Int, tooLong: Bool, into out: inout [UInt8]
    ) -> String? {
        var key: ResultKey?
        do {
            if tooLong { throw LineReader.lineTooLong }
            let request = inputFormat == .jsonl
                ? try BatchRequest.json(line, defaults: settings)
                : try BatchRequest.text(line, settings: settings)
            key = request.key
            if json {
                let layout = try measurer.layout(request.text, settings: request.settings)
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
                LayoutReport.appendPlain(try measurer.size(request.text, settings: request.settings), to: &out)
            }
            return nil
        } catch {
            // A line refused before its request was read may still have a readable "key".
            if key == nil, inputFormat == .jsonl { key = BatchRequest.key(in: line) }
            let message = "\(error)"
            if json {
                var writer = JSONWriter(into: out)
                writer.failure(key: key, line: number, message: message)
                out = writer.bytes
            } else {
                out.append(contentsOf: "error: line \(number)\(ResultKey.note(key)): \(message)".utf8)
            }
            return "line \(number)\(ResultKey.note(key)): \(message)"
        }
    }
}
