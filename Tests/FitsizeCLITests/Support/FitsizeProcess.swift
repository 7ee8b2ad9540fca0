import Foundation
import Testing

/// Runs the built `fitsize` executable, as a person would from a shell.
///
/// The binary is found beside the test bundle (SwiftPM puts every product of a build in
/// the same folder, and the test target depends on `fitsize`, so `swift build
/// --build-tests` builds it). Standard input and output go through temporary files, so a
/// large batch cannot deadlock on a full pipe.
enum FitsizeProcess {
    /// What one run produced.
    struct Output {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String

        /// Standard output as text.
        var text: String { String(decoding: stdout, as: UTF8.self) }
        /// Standard output's lines (without the final newline's empty line).
        var lines: [String] {
            var lines = text.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            return lines
        }
    }

    /// The repository's root, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `fitsize` binary of the build the tests belong to.
    static func executable() throws -> URL {
        var candidates: [URL] = []
        // The test process is the bundle's executable in the build's products folder.
        if let testBinary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var folder = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
            // Inside a bundle folder (Foo.xctest/...) the products folder is higher up.
            while folder.path != "/" && folder.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
                folder.deleteLastPathComponent()
            }
            candidates.append(folder.appendingPathComponent("fitsize"))
        }
        if let bundle = Bundle.main.executableURL {
            candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("fitsize"))
        }
        candidates.append(repository.appendingPathComponent(".build/debug/fitsize"))
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "fitsize was not built; looked in \(candidates.map(\.path)). Run `swift build --build-tests` first.")
    }

    /// Runs `fitsize` with `arguments` and `stdin` (nothing, like `< /dev/null`, when nil).
    static func run(_ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String]? = nil) throws -> Output {
        try run(executable: executable(), arguments: arguments, stdin: stdin, environment: environment)
    }

    /// Runs a shell command line in which `$FITSIZE` is the binary: for arguments a Swift
    /// string cannot carry, such as invalid UTF-8. `environment` adds variables.
    static func shell(_ script: String, stdin: [UInt8]? = nil, environment extra: [String: String] = [:]) throws -> Output {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment["FITSIZE"] = try executable().path
        return try run(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script], stdin: stdin,
                       environment: environment)
    }

    private static func run(executable: URL, arguments: [String], stdin: [UInt8]?,
                            environment: [String: String]?) throws -> Output {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("fitsize-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputURL = folder.appendingPathComponent("stdin")
        let outputURL = folder.appendingPathComponent("stdout")
        let errorURL = folder.appendingPathComponent("stderr")
        try Data(stdin ?? []).write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let input = try FileHandle(forReadingFrom: inputURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        defer { try? input.close(); try? output.close(); try? error.close() }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: Array(try Data(contentsOf: outputURL)),
                      stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("fitsize-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
