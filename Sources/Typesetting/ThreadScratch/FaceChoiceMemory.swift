/// A thread's memory of font selection: which face of a cascade draws a character.
final class FaceChoiceMemory {
    /// Direct-mapped (cascade id, scalar) → face. 16-byte entries, 64 KiB: a few hundred
    /// distinct ideographs per paragraph hardly collide. Only the owning thread touches it.
    @exclusivity(unchecked) var entries = [(cascade: Int32, scalar: UInt32, face: Typeface?)](
        repeating: (-1, 0, nil), count: FaceChoiceMemory.size)
    static let size = 4096
}
