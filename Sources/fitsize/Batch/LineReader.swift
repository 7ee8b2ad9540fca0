import Foundation
import Typesetting

/// Reads a file descriptor in large blocks and hands out the complete lines of each block,
/// as soon as a read returns them: a batch fed slowly through a pipe answers each line
/// when it arrives, and a file is read 256 KiB at a time.
///
/// A line longer than ``maximumLineLength`` is not kept: once that many bytes of it have
/// arrived, the rest is read and dropped up to its newline, and the line is handed out
/// empty and marked too long, so that one endless line costs no more memory than the limit.
struct LineReader {
    /// The longest line accepted, in bytes without its line ending: a line is one item, and
    /// no item can hold more text than ``Typesetting/PreparedText/maximumTextLength``.
    static let maximumLineLength = PreparedText.maximumTextLength

    /// Lines read in one go: their bytes and where each line (without its `\n` or `\r\n`)
    /// lies in them.
    struct Block {
        var bytes: [UInt8]
        var lines: [Range<Int>]
        /// The 1-based number of the block's first line in the whole input.
        var firstLineNumber: Int
        /// Indices in `lines` of lines longer than ``maximumLineLength`` (left empty).
        var tooLong: [Int] = []

        /// Whether line `index` of the block was longer than ``maximumLineLength``.
        func isTooLong(_ index: Int) -> Bool { tooLong.contains(index) }
    }

    /// The error for a line longer than ``maximumLineLength``.
    static var lineTooLong: ToolError {
        ToolError("Line is longer than the largest line accepted, \(maximumLineLength) bytes "
            + "(PreparedText.maximumTextLength); its bytes were skipped")
    }

    private let descriptor: Int32
    private let readSize: Int
    /// The longest line kept: ``maximumLineLength``, smaller only where the fuzzer tries
    /// lines around the limit by the thousand.
    private let lineLimit: Int
    /// Bytes of a line whose end has not been read yet.
    private var pending: [UInt8] = []
    private var atEnd = false
    private var linesRead = 0
    /// Bytes consumed so far, for the progress bar.
    private(set) var bytesRead = 0
    /// Whether the bytes arriving belong to a line already found too long.
    private var skipping = false
    /// Whether `pending` may hold complete lines (left after a skipped line's end).
    private var pendingMayHoldLines = false

    /// `readSize` zero bytes: appended as one contiguous copy to make room for a read
    /// (a repeated element is appended byte by byte, which unoptimised builds make slow).
    private let room: [UInt8]

    init(descriptor: Int32, readSize: Int = 1 << 18, lineLimit: Int = Self.maximumLineLength) {
        self.descriptor = descriptor
        self.readSize = readSize
        self.lineLimit = lineLimit
        room = [UInt8](repeating: 0, count: readSize)
    }

    /// The next block of complete lines, or nil at end of input. The last line needs no
    /// final newline.
    mutating func nextBlock() throws -> Block? {
        while !atEnd || pendingMayHoldLines {
            let start: Int
            if pendingMayHoldLines {
                pendingMayHoldLines = false
                start = 0
            } else {
                // (No reserveCapacity: reserving exactly one read more each time copied a
                // long line's bytes at every read; appending grows the array geometrically.)
                start = pending.count
                let count = try readMore()
                if count == 0 {
                    atEnd = true
                    break
                }
                bytesRead += count
            }
            if skipping {
                // The rest of a line found too long: dropped up to its newline.
                guard let newline = Self.newline(in: pending, from: 0, last: false) else {
                    pending.removeAll(keepingCapacity: true)
                    continue
                }
                pending.removeSubrange(...newline)
                skipping = false
                pendingMayHoldLines = true
                return tooLongLine()
            }
            // A newline in what was just read completes at least one line.
            guard let lastNewline = Self.newline(in: pending, from: start, last: true) else {
                // `pending` holds only the unfinished line (and perhaps its `\r`).
                if pending.count > lineLimit + 1 {
                    pending = []
                    skipping = true
                }
                continue
            }
            let rest = Array(pending[(lastNewline + 1)...])
            pending.removeSubrange((lastNewline + 1)...)
            let block = makeBlock(pending, includesUnterminatedLast: false)
            pending = rest
            return block
        }
        if skipping {
            skipping = false
            return tooLongLine()
        }
        guard !pending.isEmpty else { return nil }
        let block = makeBlock(pending, includesUnterminatedLast: true)
        pending = []
        return block
    }

    /// Appends up to `readSize` bytes to `pending`; 0 at end of input.
    private mutating func readMore() throws -> Int {
        let start = pending.count
        pending.append(contentsOf: room)
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
        var tooLong: [Int] = []
        var lineStart = 0
        // A line is checked again here: the read that brings its end may also have taken it
        // past the limit, which the check while it streams (no newline yet) does not see.
        func add(_ line: Range<Int>) {
            if line.count > lineLimit {
                tooLong.append(lines.count)
                lines.append(line.lowerBound..<line.lowerBound)
            } else {
                lines.append(line)
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            // The C library's byte search finds each newline, many bytes at a time.
            while lineStart < buffer.count, let base = buffer.baseAddress,
                  let found = memchr(base + lineStart, Int32(UInt8(ascii: "\n")), buffer.count - lineStart) {
                let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                add(Self.trimmingCarriageReturn(lineStart..<index, in: buffer))
                lineStart = index + 1
            }
            if includesUnterminatedLast && lineStart < buffer.count {
                add(Self.trimmingCarriageReturn(lineStart..<buffer.count, in: buffer))
            }
        }
        let block = Block(bytes: bytes, lines: lines, firstLineNumber: linesRead + 1, tooLong: tooLong)
        linesRead += lines.count
        return block
    }

    /// The offset of the first (or last) newline in `bytes[start...]`. The C library's byte
    /// search says first whether there is one at all: a long line is searched at every
    /// read, and a byte loop is slow in unoptimised builds.
    private static func newline(in bytes: [UInt8], from start: Int, last: Bool) -> Int? {
        bytes.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress, start < buffer.count else { return nil }
            let newline = UInt8(ascii: "\n")
            guard let first = memchr(base + start, Int32(newline), buffer.count - start) else { return nil }
            let firstOffset = UnsafeRawPointer(first) - base
            guard last else { return firstOffset }
            var offset = buffer.count - 1
            while offset > firstOffset && buffer[offset] != newline { offset -= 1 }
            return offset
        }
    }

    /// A block of one line, too long to keep.
    private mutating func tooLongLine() -> Block {
        linesRead += 1
        return Block(bytes: [], lines: [0..<0], firstLineNumber: linesRead, tooLong: [0])
    }

    private static func trimmingCarriageReturn(_ range: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        if let last = range.last, buffer[last] == UInt8(ascii: "\r") { return range.lowerBound..<last }
        return range
    }
}
