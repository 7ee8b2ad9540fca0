/// A reference to a field of a data item: `author` or `user.name` (dots descend into objects).
struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    var components: [String]
    /// Where the first component's value sits in a ``CellItem`` (``FieldSlots``), once the
    /// path is resolved for a run; an unresolved path finds nothing.
    var slot: Int?

    init(components: [String], slot: Int? = nil) {
        self.components = components
        self.slot = slot
    }

    var description: String { components.joined(separator: ".") }
}
