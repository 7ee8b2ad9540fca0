/// Turns data lines into items a template can show, checking up front every value the
/// template's placeholders and bindings will read, so that filling a cell cannot fail.
struct CellDataReader: Sendable {
    let template: CellTemplate
    /// The field echoed back as each result's key.
    let keyField: String
    /// The field whose equal values mean equal heights (`--cache-key`), if any.
    let cacheKey: String?
    /// The fields an item keeps: the template's, the key's and the cache key's.
    let fieldSlots: FieldSlots
    /// The template's field uses, gathered and resolved once rather than for every line.
    private let fieldUses: [(path: FieldPath, view: String, location: SourceLocation, kind: CellTemplate.FieldUse)]
    private let keyPath: FieldPath
    /// The `--cache-key` field's path, if there is one.
    let cacheKeyPath: FieldPath?

    init(template: CellTemplate, keyField: String, cacheKey: String? = nil) {
        self.template = template
        self.keyField = keyField
        self.cacheKey = cacheKey
        let slots = FieldSlots(template: template, extra: [keyField] + (cacheKey.map { [$0] } ?? []))
        fieldSlots = slots
        fieldUses = template.fieldUses.map { (slots.resolve($0.path), $0.view, $0.location, $0.kind) }
        keyPath = slots.path(toField: keyField)
        cacheKeyPath = cacheKey.map { slots.path(toField: $0) }
    }

    /// A data line that cannot be shown: why, and the item's key when the line is a JSON
    /// object (so that the error line can name it).
    struct Rejection: Error {
        var key: ResultKey?
        var error: ToolError
    }

    /// The item on a data line, with its key.
    /// - Throws: ``Rejection`` naming the field that is missing, of the wrong kind or out of
    ///   range (``InputLimits``), and where the template uses it.
    func item(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(Rejection) -> (key: ResultKey, item: CellItem) {
        let item: CellItem
        do {
            item = try CellItem(json: bytes, line: line, fields: fieldSlots)
        } catch {
            throw Rejection(key: nil, error: error)
        }
        let key = key(of: item)
        do {
            try check(item)
        } catch {
            throw Rejection(key: key, error: error)
        }
        return (key, item)
    }

    /// Checks every value the template's placeholders and bindings will read.
    private func check(_ item: CellItem) throws(ToolError) {
        for use in fieldUses {
            // A top-level text, the usual use, is checked in place without copying its value.
            if case .text = use.kind, use.path.components.count == 1, let slot = use.path.slot, slot < item.slots.count {
                switch item.slots[slot] {
                case .string?, .number?, .bool?, .null?: continue
                case .object?, .array?, nil: break
                }
            }
            let value = item.value(at: use.path)
            var place: String { "used by view \"\(use.view)\" at \(template.file):\(use.location)" }
            switch use.kind {
            case .text:
                guard let value else { throw ToolError("No field \"\(use.path)\" (\(place))") }
                if case .object = value { throw ToolError("Field \"\(use.path)\" is an object, not a text (\(place))") }
                if case .array = value { throw ToolError("Field \"\(use.path)\" is an array, not a text (\(place))") }
            case .number:
                guard let value else { break }  // A missing size is 0 (an absent photo).
                guard case .number(let number) = value, InputLimits.sizes.contains(number) else {
                    var got = ""
                    if case .number(let number) = value { got = ", got \(InputLimits.show(number))" }
                    throw ToolError("Field \"\(use.path)\" must be a number of points from 0 to "
                        + "\(InputLimits.show(InputLimits.maximumLength))\(got) (\(place))")
                }
            case .truth:
                break  // A missing field is false.
            }
        }
    }

    /// The key to print for an item: its key field (a string or a number), else its line.
    func key(of item: CellItem) -> ResultKey {
        switch item.value(at: keyPath) {
        case .string(let string)?: .string(string)
        case .number(let number)?: .number(number)
        default: .number(Double(item.line))
        }
    }
}
