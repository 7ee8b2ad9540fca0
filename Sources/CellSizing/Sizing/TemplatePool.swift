import AutoLayout
import Foundation
import Synchronization

/// The template cells of a sizer, built on demand and lent to one measuring thread at a time.
///
/// A parallel batch on `n` threads holds `n` cells at once, so the pool grows to the largest
/// number of threads that measured together and no further; every thread then works on a view
/// tree (and a layout engine) of its own, with nothing shared but the immutable template closure.
final class TemplatePool: Sendable {
    /// The cells no thread is using. A futex-based lock around the list itself, taken twice
    /// per measured cell: cheaper than an `NSLock` (a pthread mutex behind an object). The
    /// cells are not `Sendable`, but the lock makes each reachable from one thread at a time,
    /// which is what moving it between threads needs; hence the unchecked wrapper.
    private let idle = Mutex<[UncheckedSendable<TemplateCell>]>([])
    private let template: @Sendable () -> View

    init(template: @escaping @Sendable () -> View) {
        self.template = template
    }

    func withCell<Result, Failure: Error>(
        width: CGFloat, _ body: (TemplateCell) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let lent = idle.withLock { $0.popLast() }?.value ?? TemplateCell(template(), width: width)
        defer {
            if lent.isReusable {
                let returned = UncheckedSendable(lent)
                idle.withLock { $0.append(returned) }
            }
        }
        if lent.width != width { lent.width = width }
        return try body(lent)
    }

    var cellCount: Int {
        idle.withLock { $0.count }
    }
}
