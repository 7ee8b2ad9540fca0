import Foundation

/// Unbuffered access to the process's standard streams by file descriptor: batch output
/// is written in large blocks, and errors must not interleave with a half-written line.
enum StandardStreams {
    static let input: Int32 = 0
    static let output: Int32 = 1
    static let error: Int32 = 2

    /// Writes all of `bytes`, retrying short writes and interruptions.
    static func write(_ bytes: [UInt8], to descriptor: Int32) throws {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw ToolError("Cannot write output: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }

    /// Writes a message to standard error, ignoring failures (there is nowhere to report them).
    static func writeError(_ message: String) {
        try? write(Array(message.utf8), to: error)
    }

    /// Reads until end of file, or returns nil as soon as more than `limit` bytes have
    /// arrived (an endless stream is never read into memory).
    static func readAll(_ descriptor: Int32, limit: Int) throws -> [UInt8]? {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return result }
            if count < 0 {
                if errno == EINTR { continue }
                throw ToolError("Cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if result.count + count > limit { return nil }
            result.append(contentsOf: chunk[0..<count])
        }
    }
}
