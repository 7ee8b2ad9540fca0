/// The typefaces a prepared text uses, in first-use order, as ``FaceHandle``s.
///
/// Line face masks index into it. Almost every text uses only its cascade's
/// primary face, so the first face is stored inline and the others, when there are any,
/// in an array: a text that uses one face allocates nothing and retains nothing. (A shared
/// `[primary]` array, as before, was retained and released by every text on every
/// thread, a shared reference count bouncing between the cores.)
struct FaceList {
    /// Face 0.
    let first: FaceHandle
    /// Faces 1 and on; nil rather than empty, so that copying a list of one face retains
    /// nothing (not even the empty array's shared storage).
    private let others: [FaceHandle]?

    /// A list of one face.
    init(_ first: FaceHandle) {
        self.first = first
        others = nil
    }

    /// The distinct faces of `runs` in order, then `ellipsis` if no run uses it.
    init(runs: UnsafeBufferPointer<TextRun>, ellipsis: FaceHandle) {
        let first = runs.first?.face ?? ellipsis
        self.first = first
        var others: [FaceHandle] = []
        for run in runs where run.face != first && !others.contains(run.face) { others.append(run.face) }
        if ellipsis != first && !others.contains(ellipsis) { others.append(ellipsis) }
        self.others = others.isEmpty ? nil : others
    }

    var count: Int { (others?.count ?? 0) + 1 }

    /// Face `index`, for `index` in `0..<count`.
    subscript(index: Int) -> FaceHandle {
        guard index > 0, let others else { return first }
        return others[index - 1]
    }

    /// The position of `face`, or nil when the text does not use it.
    func index(of face: FaceHandle) -> Int? {
        if face == first { return 0 }
        return others?.firstIndex(of: face).map { $0 + 1 }
    }

    /// The faces selected by a mask (bit i for face i; bit 63 for faces 63 and on).
    func selected(by mask: UInt64) -> [Typeface] {
        (0..<count).filter { mask & (1 << UInt64(min($0, 63))) != 0 }.map { self[$0].typeface }
    }
}
