import AutoLayout
import Concurrency
import Foundation

/// The template cells of a sizer, built on demand and lent to one measuring thread at a time.
///
/// A parallel batch on `n` threads holds `n` cells at once, so the pool grows to the largest
/// number of threads that measured together and no further; every thread then works on a view
/// tree (and a layout engine) of its own, with nothing shared but the immutable template closure.
final class TemplatePool: Sendable {
    /// The cells no thread is using, behind the package's lock. The cells are not `Sendable`,
    /// but the lock makes each reachable from one thread at a time, which is what moving it
    /// between threads needs (`Locked` is unchecked for that).
    private let idle = Locked<[TemplateCell]>([])
    private let template: @Sendable () -> View

    init(template: @escaping @Sendable () -> View) {
        self.template = template
    }

    /// Lends a cell pinned to the width of `conditions`, its text sized for their content size
    /// category, to the calling thread for the duration of `body`: the one it was lent last,
    /// if that one is idle.
    ///
    /// A cell's views, constraints, solver rows and prepared texts stay in the cache of the
    /// core that used them last. Each thread of a batch
    /// taking back its own cell, rather than whichever the list ends with, keeps the next
    /// batch from starting with every cell's memory to move from one core's cache to another's.
    ///
    /// A cell whose layout engine broke a constraint while it was lent is not taken back:
    /// the engine keeps that constraint broken, so later items would be sized without it
    /// (and a conflict of theirs would go unreported). Nor is a cell an item failed on
    /// (``TemplateCell/isInDoubt``). The next item
    /// gets a new cell, sized exactly as the first item of a new sizer would be.
    func withCell<Result, Failure: Error>(
        conditions: SizingConditions, _ body: (TemplateCell) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let thread = pthread_self()
        let lent = idle.withLock { idle in
            // The order of idle cells does not matter: the thread's own cell is swapped to the
            // end and taken from there, without shifting the others.
            if let own = idle.lastIndex(where: { $0.lastThread == thread }) { idle.swapAt(own, idle.count - 1) }
            return idle.popLast()
        } ?? TemplateCell(template(), conditions: conditions)
        lent.lastThread = thread
        defer {
            if lent.isReusable { idle.withLock { $0.append(lent) } }
        }
        if lent.width != conditions.width { lent.width = conditions.width }
        lent.contentSizeCategory = conditions.contentSizeCategory
        return try body(lent)
    }

    /// How many cells the pool has built and holds (for tests of the one-tree-per-thread rule).
    var cellCount: Int {
        idle.withLock { $0.count }
    }
}
