// Batch input: the lines of `fitsize --batch --input-format jsonl --json` and the data lines
// of `fitsize cells` (with Examples/posts/cell.json), read from a file descriptor by the
// tool's own runners. Whatever the bytes, every input line gets exactly one output line, in
// order, and each is a JSON object (a result, or an error naming the line).
import Foundation
import FuzzSupport
@testable import fitsize

private let examples = keptForTheProcess {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")
}

private let batch = keptForTheProcess {
    BatchRunner(measurer: TextMeasurer(fonts: FontResolver()), settings: MeasureSettings(), inputFormat: .jsonl, json: true, jobs: 1)
}

private let cells: CellsRunner = keptForTheProcess {
    let template = try! TemplateParser.parse(path: examples.appendingPathComponent("posts/cell.json").path)
    return CellsRunner(builder: CellBuilder(template: template), reader: CellDataReader(template: template, keyField: "id"),
                       widths: [320])
}

/// The scratch files the runners read and write.
private let directory = keptForTheProcess {
    FileManager.default.temporaryDirectory.appendingPathComponent("fitsize-fuzz-batch-\(getpid())")
}

/// Runs `body` with standard error sent to /dev/null: the runners report each bad line there.
private func quietly<T>(_ body: () throws -> T) rethrows -> T {
    let saved = dup(2)
    let null = open("/dev/null", O_WRONLY)
    dup2(null, 2)
    close(null)
    defer {
        dup2(saved, 2)
        close(saved)
    }
    return try body()
}

/// The bytes of the file at `path`, read with POSIX calls: LeakSanitizer reports the buffer
/// FileManager.contents(atPath:) reads into as leaked, which would hide a real leak.
private func readAll(_ path: String) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return bytes }
        bytes += buffer[..<count]
    }
}

/// The number of lines the tool reads in `bytes`: each `\n` ends one, and bytes after the
/// last `\n` are one more.
private func lineCount(_ bytes: [UInt8]) -> Int {
    bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } + (bytes.last.map { $0 != UInt8(ascii: "\n") } ?? false ? 1 : 0)
}

private func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    var fuzz = FuzzInput(Array(bytes))
    let sizesCells = fuzz.bool()
    let bytes = fuzz.rest()
    let inputPath = directory.appendingPathComponent("input").path
    let outputPath = directory.appendingPathComponent("output").path
    guard FileManager.default.createFile(atPath: inputPath, contents: Data(bytes)) else {
        return fuzzCheck(false, "cannot write \(inputPath)")
    }
    let input = open(inputPath, O_RDONLY)
    let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    defer {
        close(input)
        close(output)
    }
    do {
        try quietly {
            if sizesCells {
                _ = try cells.run(input: input, output: output)
            } else {
                _ = try batch.run(input: input, output: output, progress: false)
            }
        }
    } catch {
        fuzzCheck(false, "the runner stopped: \(error)")
    }
    let written = readAll(outputPath)
    let lines = written.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
    let what = sizesCells ? "cells" : "batch"
    fuzzCheck(written.last == nil || written.last == UInt8(ascii: "\n"), "\(what) output does not end with a newline")
    fuzzCheck(lines.count == lineCount(bytes), "\(what): \(lines.count) output lines for \(lineCount(bytes)) input lines")
    for (index, line) in lines.enumerated() {
        let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
        fuzzCheck(object != nil, "\(what) output line \(index + 1) is not a JSON object: \(String(decoding: line, as: UTF8.self))")
        if let number = object?["line"] as? Int {
            fuzzCheck(number == index + 1, "\(what) output line \(index + 1) names line \(number)")
        }
        fuzzCheck(object?["error"] != nil || object?["height"] != nil,
                  "\(what) output line \(index + 1) has neither a result nor an error")
    }
}

try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
atexit { try? FileManager.default.removeItem(at: directory) }
LayoutProblems.shared.install()
fuzzMain(fuzzOne)
