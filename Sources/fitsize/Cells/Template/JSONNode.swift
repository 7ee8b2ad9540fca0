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
    typealias Member = JSONMember<JSONNode>

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

extension JSONNode {
    /// Builds located nodes, each string with the location of every scalar.
    enum Builder: JSONBuilder {
        static var recordsScalarLocations: Bool { true }

        static func string(_ string: String, at location: SourceLocation, scalarLocations: [SourceLocation]) -> JSONNode {
            JSONNode(value: .string(string), location: location, scalarLocations: scalarLocations)
        }

        static func number(_ number: Double, at location: SourceLocation) -> JSONNode {
            JSONNode(value: .number(number), location: location)
        }

        static func bool(_ bool: Bool, at location: SourceLocation) -> JSONNode {
            JSONNode(value: .bool(bool), location: location)
        }

        static func null(at location: SourceLocation) -> JSONNode { JSONNode(value: .null, location: location) }

        static func array(_ elements: [JSONNode], at location: SourceLocation) -> JSONNode {
            JSONNode(value: .array(elements), location: location)
        }

        static func object(_ members: [Member], at location: SourceLocation) -> JSONNode {
            JSONNode(value: .object(members), location: location)
        }
    }

    /// Parses `text`, a whole JSON document; `file` names it in errors.
    static func parse(_ text: String, file: String) throws(TemplateError) -> JSONNode {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(TemplateError) in try JSONParser<Builder>.parse(bytes, file: file) }
        }.get()
    }
}
