/// Turns data lines into items a template can show, checking up front every value the
/// template's placeholders and bindings will read, so that filling a cell cannot fail.
struct CellDataReader: Sendable {
    let template: CellTemplate
    /// The field echoed back as each result's key.
    let keyField: String

    /// The item on a data line.
    /// - Throws: ``ToolError`` naming the field that is missing or of the wrong kind, and
    ///   where the template uses it.
    func item(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws -> CellItem {
        let item = try CellItem(json: bytes, line: line)
        for use in template.fieldUses {
            let value = item.value(at: use.path)
            let place = "used by view \"\(use.view)\" at \(template.file):\(use.location)"
            switch use.kind {
            case .text:
                guard let value else { throw ToolError("No field \"\(use.path)\" (\(place))") }
                if case .object = value { throw ToolError("Field \"\(use.path)\" is an object, not a text (\(place))") }
                if case .array = value { throw ToolError("Field \"\(use.path)\" is an array, not a text (\(place))") }
            case .number:
                guard let value else { break }  // A missing size is 0 (an absent photo).
                guard case .number(let number) = value, number.isFinite, number >= 0 else {
                    throw ToolError("Field \"\(use.path)\" must be a number of points >= 0 (\(place))")
                }
            case .truth:
                break  // A missing field is false.
            }
        }
        return item
    }

    /// The key to print for an item: its key field (a string or a number), else its line.
    func key(of item: CellItem) -> ResultKey {
        switch item.fields[keyField] {
        case .string(let string)?: .string(string)
        case .number(let number)?: .number(number)
        default: .number(Double(item.line))
        }
    }
}
