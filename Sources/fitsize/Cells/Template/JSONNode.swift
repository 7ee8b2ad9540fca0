/// A JSON value that remembers where it was written, so that every complaint about a
/// template can point at the offending line and column.
struct JSONNode: Sendable {
    enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// An object member: its key (with the key's location) and value, in file order.
    struct Member: Sendable {
        var key: String
        var keyLocation: SourceLocation
        var value: JSONNode
    }

    var value: Value
    /// Where the value starts (its opening quote, bracket or first character).
    var location: SourceLocation
    /// For a string, the location of each of its scalars in the file (escapes make these
    /// differ from "start + offset"), so an error inside a constraint string points at the
    /// exact character.
    var scalarLocations: [SourceLocation] = []

    /// The location of scalar `offset` of a string value (or the value's start).
    func location(ofScalar offset: Int) -> SourceLocation {
        if scalarLocations.isEmpty { return location }
        return scalarLocations[min(max(offset, 0), scalarLocations.count - 1)]
    }

    /// What kind of value this is, for messages: "a string", "an object", ...
    var kindDescription: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }
}
