/// A reference to a field of a data item: `author` or `user.name` (dots descend into objects).
struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    var components: [String]

    var description: String { components.joined(separator: ".") }
}
