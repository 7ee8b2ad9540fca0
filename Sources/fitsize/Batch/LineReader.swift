import Foundation

/// Reads a file descriptor in large blocks and hands out the complete lines of each block,
/// as soon as a read returns them: a batch fed slowly through a pipe answers each line
/// when it arrives, and a file is read 256 KiB at a time.
struct LineReader {
    /// Lines read in one go: their bytes and where each line (without its `\n` or `\r\n`)
    /// lies in them.
    struct Block {
        var bytes: [UInt8]
        var lines: [Range<Int>]
        /// The 1-based number of the block's first line in the whole input.
        var firstLineNumber: Int
    }

    private let descriptor: Int32
    private let readSize: Int
    /// Bytes of a line whose end has not been read yet.
    private var pending: [UInt8] = []
    private var atEnd = false
    private var linesRead = 0
    /// Bytes consumed so far, for the progress bar.
    private(set) var bytesRead = 0

    init(descriptor: Int32, readSize: Int = 1 << 18) {
        self.descriptor = descriptor
        self.readSize = readSize
    }

    /// The next block of complete lines, or nil at end of input. The last line needs no
    /// final newline.
    mutating func nextBlock() throws -> Block? {
        while !atEnd {
            let start = pending.count
            pending.reserveCapacity(start + readSize)
            let count = try readMore()
            if count == 0 {
                atEnd = true
                break
            }
            bytesRead += count
            // A newline in what was just read completes at least one line.
            guard let lastNewline = pending[start...].lastIndex(of: UInt8(ascii: "\n")) else { continue }
            let rest = Array(pending[(lastNewline + 1)...])
            pending.removeSubrange((lastNewline + 1)...)
            let block = makeBlock(pending, includesUnterminatedLast: false)
            pending = rest
            return block
        }
        guard !pending.isEmpty else { return nil }
        let block = makeBlock(pending, includesUnterminatedLast: true)
        pending = []
        return block
    }

    /// Appends up to `readSize` bytes to `pending`; 0 at end of input.
    private mutating func readMore() throws -> Int {
        let start = pending.count
        pending.append(contentsOf: repeatElement(0, count: readSize))
        while true {
            let count = pending.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Foundation.read(descriptor, base + start, readSize)
            }
            if count < 0 && errno == EINTR { continue }
            pending.removeLast(readSize - max(count, 0))
            if count < 0 { throw ToolError("Cannot read standard input: \(String(cString: strerror(errno)))") }
            return count
        }
    }

    private mutating func makeBlock(_ bytes: [UInt8], includesUnterminatedLast: Bool) -> Block {
        var lines: [Range<Int>] = []
        var lineStart = 0
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") {
                lines.append(Self.trimmingCarriageReturn(lineStart..<index, in: buffer))
                lineStart = index + 1
            }
            if includesUnterminatedLast && lineStart < buffer.count {
                lines.append(Self.trimmingCarriageReturn(lineStart..<buffer.count, in: buffer))
            }
        }
        let block = Block(bytes: bytes, lines: lines, firstLineNumber: linesRead + 1)
        linesRead += lines.count
        return block
    }

    private static func trimmingCarriageReturn(_ range: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        if let last = range.last, buffer[last] == UInt8(ascii: "\r") { return range.lowerBound..<last }
        return range
    }
}
