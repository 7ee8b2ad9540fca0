import Foundation

/// The mutable state preparing text needs, one set per thread, grouped by what uses it:
/// HarfBuzz shaping (``ShapingScratch``), ICU's break iterators and bidi (``BreakingScratch``),
/// the memory of which face draws a character (``FaceChoiceMemory``), the text being written
/// into a prepared text (``PreparationScratch``) and the segment cache's lookups
/// (``CacheLookupScratch``). Each function takes the group it uses.
///
/// These are the only mutable shaping state; keeping them per thread (in thread-local
/// storage, released when the thread exits) lets any number of threads prepare text
/// at once without locks, and saves the microseconds ICU takes to open an iterator.
final class ThreadScratch {
    let shaping = ShapingScratch()
    let breaking = BreakingScratch()
    let faceChoices = FaceChoiceMemory()
    let preparation = PreparationScratch()
    let lookup = CacheLookupScratch()

    /// About a 10,000-character text's worth: buffers larger than this are let go of once a
    /// long text is prepared.
    static let keptSegments = 4096

    private init() {}

    /// Lets go of the buffers a long text made large, so that a thread does not hold on to
    /// the memory of the longest text it ever prepared.
    func trimTextBuffers() {
        preparation.trim()
        lookup.trim()
    }

    /// The calling thread's scratch objects, created on first use.
    static var current: ThreadScratch {
        slot.object(orMake: { ThreadScratch() }).takeUnretainedValue()
    }

    private static let slot = ThreadLocalSlot<ThreadScratch>()
}
