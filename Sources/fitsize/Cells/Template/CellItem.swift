import Foundation

/// One data item for `fitsize cells`: the values a run reads from a line of the data file
/// (a JSON object), by ``FieldSlots`` slot.
struct CellItem: Sendable {
    /// A field's value (not `indirect`: the arrays behind objects and arrays already make it
    /// finite, and a box per value was an allocation per field of every line).
    enum Value: Sendable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        case object(Fields)
        case array([Value])
    }

    /// The value of each field the run reads, by slot; nil where the line lacks it.
    let slots: [Value?]
    /// The item's 1-based line in the data file.
    let line: Int

    /// An item with no fields, used to check a template before any data is read.
    static let empty = CellItem(slots: [], line: 0)

    /// Parses a data line (strict JSON, RFC 8259; a key twice in one object is an error),
    /// keeping the values of `fields`.
    /// - Throws: ``ToolError`` when the line is not a JSON object, naming what is wrong and
    ///   the column where it is.
    init(json bytes: UnsafeBufferPointer<UInt8>, line: Int, fields: FieldSlots) throws(ToolError) {
        // A flat line is read straight into the slots; anything else (and every error) goes
        // through the full parser, which says what is wrong. A line the scanner found all
        // ASCII, the common case, is valid UTF-8 without the check.
        if let scanned = DataLineScanner.slots(of: bytes, fields: fields) {
            if !scanned.isASCII { try Self.checkUTF8(bytes) }
            self.init(slots: scanned.slots, line: line)
            return
        }
        try Self.checkUTF8(bytes)
        let value: Value
        do {
            value = try JSONParser<ValueBuilder>.parse(bytes, file: "")
        } catch {
            throw ToolError("Line is not valid JSON: \(error.message) at column \(error.location?.column ?? 1)")
        }
        guard case .object(let object) = value else { throw ToolError("Line is not a JSON object") }
        self.init(slots: fields.names.map { object[$0] }, line: line)
    }

    /// - Throws: ``ToolError`` naming the offset of the first byte of `bytes` that is not
    ///   UTF-8.
    private static func checkUTF8(_ bytes: UnsafeBufferPointer<UInt8>) throws(ToolError) {
        if let offset = UTF8Validation.firstInvalidByte(in: bytes) {
            throw ToolError("Line is not valid UTF-8: bad byte sequence at byte offset \(offset)")
        }
    }

    /// Builds a data line's values; locations are left behind once parsing is over.
    private enum ValueBuilder: JSONBuilder {
        static var recordsScalarLocations: Bool { false }
        static func string(_ string: String, at _: SourceLocation, scalarLocations _: [SourceLocation]) -> Value {
            .string(string)
        }
        static func number(_ number: Double, at _: SourceLocation) -> Value { .number(number) }
        static func bool(_ bool: Bool, at _: SourceLocation) -> Value { .bool(bool) }
        static func null(at _: SourceLocation) -> Value { .null }
        static func array(_ elements: [Value], at _: SourceLocation) -> Value { .array(elements) }
        static func object(_ members: [JSONMember<Value>], at _: SourceLocation) -> Value {
            .object(Fields(members))
        }
    }

    init(slots: [Value?], line: Int) {
        self.slots = slots
        self.line = line
    }

    /// The value at `path` (resolved to a slot), or nil when a component is missing.
    func value(at path: FieldPath) -> Value? {
        guard let slot = path.slot, slot < slots.count, let first = slots[slot] else { return nil }
        if path.components.count == 1 { return first }
        var current = first
        for component in path.components.dropFirst() {
            guard case .object(let object) = current, let next = object[component] else { return nil }
            current = next
        }
        return current
    }

    /// The value as text for a placeholder; nil for a missing field, an object or an array.
    func text(at path: FieldPath) -> String? {
        switch value(at: path) {
        case .string(let string)?: string
        case .number(let number)?: NumberText.format(number)
        case .bool(let bool)?: bool ? "true" : "false"
        case .null?: ""
        default: nil
        }
    }

    /// The top-level value in `slot` as text, as ``text(at:)`` gives it, read in place.
    func text(inSlot slot: Int) -> String? {
        guard slot < slots.count else { return nil }
        switch slots[slot] {
        case .string(let string)?: return string
        case .number(let number)?: return NumberText.format(number)
        case .bool(let bool)?: return bool ? "true" : "false"
        case .null?: return ""
        case .object?, .array?, nil: return nil
        }
    }

    /// The value as a number; nil unless it is one.
    func number(at path: FieldPath) -> Double? {
        if case .number(let number)? = value(at: path) { return number }
        return nil
    }

    /// JavaScript-like truth: false, null, 0, "" and a missing field are false.
    func truthValue(at path: FieldPath) -> Bool {
        switch value(at: path) {
        case .bool(let bool)?: bool
        case .number(let number)?: number != 0
        case .string(let string)?: !string.isEmpty
        case .object?, .array?: true
        case .null?, nil: false
        }
    }
}
