import Concurrency
import Dispatch
import Foundation

/// Reads the data lines and parses them into items on a thread of its own, ahead of the
/// sizing: lines are parsed while the cores size the block before them, rather than in a
/// phase of their own between blocks that the cores would wait on.
///
/// Blocks come out in input order as soon as they are read, so a line fed slowly through a
/// pipe is answered when it arrives. Blocks read while the caller is busy are joined (up to
/// ``maximumLines`` lines and ``maximumBytes`` bytes), so that a pipe handing out a few lines
/// a read still gives the sizer large batches; at most ``depth`` blocks wait, so memory does
/// not grow with the input.
final class ItemPrefetcher: Sendable {
    /// Consecutive data lines, parsed: each line's key and item, or why it was refused.
    struct Block: Sendable {
        /// The 1-based number of the block's first line in the whole input.
        var firstLineNumber: Int
        var results: [Result<(key: ResultKey, item: CellItem), CellDataReader.Rejection>]
        /// The bytes of the lines, for the bound on joined blocks.
        var byteCount: Int
    }

    /// The most lines, and line bytes, joined into one waiting block. Each block ends in a
    /// barrier where one core finishes the block's last cells while the other waits, so blocks
    /// are as large as the bound on memory allows (three blocks of feed items, about 2 KB
    /// each parsed, stay near 25 MB).
    static let maximumLines = 4096
    static let maximumBytes = 2 << 20
    /// The most lines parsed and handed on at once.
    static let pieceLines = 512
    /// The most blocks read ahead of the caller: one waits while the next is parsed, so that
    /// at most three blocks' items are in memory (the caller's among them).
    static let depth = 1

    private struct State {
        var blocks: [Block] = []
        /// Whether the input has been read to its end (or to a read error).
        var ended = false
        var failure: (any Error)?
        /// Whether the caller has stopped taking blocks.
        var stopped = false
        /// Blocks the caller is done with, to be freed by the reading thread.
        var spent: [Block] = []
    }

    private let state = Locked(State())
    /// Signalled once for each block queued, and once at the end.
    private let ready = DispatchSemaphore(value: 0)
    /// Counts the blocks that may still be queued. (Made at 0 and signalled up: libdispatch
    /// refuses to free a semaphore left below the value it was made with.)
    private let room = DispatchSemaphore(value: 0)
    /// Signalled when the reading thread has returned.
    private let finished = DispatchSemaphore(value: 0)

    /// Starts reading `descriptor` and parsing its lines with `reader`.
    init(descriptor: Int32, reader: CellDataReader) {
        for _ in 0..<Self.depth { room.signal() }
        let thread = Thread { [self] in
            produce(descriptor: descriptor, reader: reader)
            finished.signal()
        }
        thread.name = "fitsize cells: reading"
        thread.start()
    }

    /// The next block in input order, or nil at the end of the input.
    /// - Throws: the error that stopped reading (after every block read before it).
    func next() throws -> Block? {
        ready.wait()
        let (block, failure) = state.withLock { state -> (Block?, (any Error)?) in
            state.blocks.isEmpty ? (nil, state.failure) : (state.blocks.removeFirst(), nil)
        }
        if let block {
            room.signal()
            return block
        }
        // The end, which stays the end for any later call.
        ready.signal()
        if let failure { throw failure }
        return nil
    }

    /// Takes back a block the caller is done with, so that its items are freed on the reading
    /// thread, whose next lines reuse their memory: the allocator serves a thread fastest from
    /// what that same thread freed.
    func recycle(_ block: Block) {
        state.withLock { state in
            if !state.ended && !state.stopped { state.spent.append(block) }
        }
    }

    /// Stops reading. Once the input was read to its end, waits for the reading thread to
    /// return; before that (the caller failed), the thread stops after the read under way.
    func stop() {
        let ended = state.withLock { state -> Bool in
            state.stopped = true
            return state.ended
        }
        room.signal()
        if ended { finished.wait() }
    }

    private func produce(descriptor: Int32, reader: CellDataReader) {
        var lines = LineReader(descriptor: descriptor)
        while true {
            let read: LineReader.Block?
            do {
                read = try lines.nextBlock()
            } catch {
                finish(failure: error)
                return
            }
            guard let read else {
                finish(failure: nil)
                return
            }
            // A read of short lines holds thousands: parsed and handed on a piece at a time,
            // so that the blocks in memory stay a few thousand items whatever the lines.
            // Freed here (outside the lock), before the lines that reuse their memory are parsed.
            var spent = state.withLock { state in
                defer { state.spent = [] }
                return state.spent
            }
            spent.removeAll()
            var start = 0
            while start < read.lines.count {
                let end = min(start + Self.pieceLines, read.lines.count)
                guard deliver(Self.parse(read, lines: start..<end, with: reader)) else { return }
                start = end
            }
        }
    }

    /// Joins `block` to the last waiting block when that has room, else queues it once there
    /// is room; false when the caller has stopped.
    private func deliver(_ block: Block) -> Bool {
        let joined = state.withLock { state -> Bool? in
            guard !state.stopped else { return nil }
            guard let last = state.blocks.indices.last,
                  state.blocks[last].results.count + block.results.count <= Self.maximumLines,
                  state.blocks[last].byteCount + block.byteCount <= Self.maximumBytes else { return false }
            state.blocks[last].results += block.results
            state.blocks[last].byteCount += block.byteCount
            return true
        }
        guard let joined else { return false }
        if joined { return true }
        room.wait()
        let stopped = state.withLock { state -> Bool in
            if !state.stopped { state.blocks.append(block) }
            return state.stopped
        }
        if stopped { return false }
        ready.signal()
        return true
    }

    private func finish(failure: (any Error)?) {
        state.withLock { state in
            state.ended = true
            state.failure = failure
            state.spent.removeAll()
        }
        ready.signal()
    }

    /// Each of `lines` of `block` as an item, or why it cannot be one.
    private static func parse(_ block: LineReader.Block, lines: Range<Int>, with reader: CellDataReader) -> Block {
        let results = block.bytes.withUnsafeBufferPointer { bytes in
            lines.map { index in
                Result { () throws(CellDataReader.Rejection) in
                    if block.isTooLong(index) { throw CellDataReader.Rejection(key: nil, error: LineReader.lineTooLong) }
                    return try reader.item(UnsafeBufferPointer(rebasing: bytes[block.lines[index]]),
                                           line: block.firstLineNumber + index)
                }
            }
        }
        let byteCount = lines.reduce(0) { $0 + block.lines[$1].count }
        return Block(firstLineNumber: block.firstLineNumber + lines.lowerBound, results: results, byteCount: byteCount)
    }
}
