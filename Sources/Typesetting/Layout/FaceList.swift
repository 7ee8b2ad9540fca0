/// The typefaces a prepared text uses, in first-use order, as ``FaceHandle``s, and the
/// ellipsis face last when no run uses it.
///
/// Line face masks and runs index into it. The handles live in the prepared text's storage,
/// so the list is a plain pointer: copying it retains nothing, and a text that uses one face
/// allocates nothing for it (a shared array, as before, was retained and released by every
/// text on every thread, a reference count bouncing between the cores).
struct FaceList {
    let handles: UnsafeBufferPointer<FaceHandle>

    var count: Int { handles.count }

    /// Face `index`, for `index` in `0..<count`.
    subscript(index: Int) -> FaceHandle { handles[index] }

    /// The position of `face`, or nil when the text does not use it.
    func index(of face: FaceHandle) -> Int? { handles.firstIndex(of: face) }

    /// The faces selected by a mask (bit i for face i; bit 63 for faces 63 and on).
    func selected(by mask: UInt64) -> [Typeface] {
        (0..<count).filter { mask & (1 << UInt64(min($0, 63))) != 0 }.map { self[$0].typeface }
    }
}
