/// A text with `{field}` placeholders, filled from each data item: `"@{handle} · {time}"`.
/// `{{` and `}}` stand for literal braces.
struct TextTemplate: Sendable {
    enum Part: Sendable {
        case literal(String)
        case field(FieldPath)
    }

    var parts: [Part]
    /// The slot of the one top-level field the text is, once resolved (the usual text,
    /// `"{title}"`), so that filling it copies nothing but the field's string.
    private(set) var soleSlot: Int?

    /// The fields the text uses.
    var fields: [FieldPath] {
        parts.compactMap { if case .field(let path) = $0 { path } else { nil } }
    }

    /// Parses the placeholders of `node`'s string, pointing at a malformed one.
    init(_ string: String, node: JSONNode, file: String) throws(TemplateError) {
        var parts: [Part] = []
        var literal = ""
        let scalars = Array(string.unicodeScalars)
        var index = 0
        func fail(_ message: String, at offset: Int) -> TemplateError {
            TemplateError(file: file, location: node.location(ofScalar: offset), message: message)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "{" && index + 1 < scalars.count && scalars[index + 1] == "{" {
                literal.unicodeScalars.append("{")
                index += 2
            } else if scalar == "}" && index + 1 < scalars.count && scalars[index + 1] == "}" {
                literal.unicodeScalars.append("}")
                index += 2
            } else if scalar == "{" {
                guard let close = scalars[index...].firstIndex(of: "}") else {
                    throw fail("unclosed placeholder: '{' without '}' (write '{{' for a literal brace)", at: index)
                }
                let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                let components = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard !name.isEmpty, components.allSatisfy({ !$0.isEmpty && !$0.contains("{") }) else {
                    throw fail("placeholder '{\(name)}' does not name a field (write {field} or {object.field})", at: index)
                }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                parts.append(.field(FieldPath(components: components)))
                index = close + 1
            } else if scalar == "}" {
                throw fail("'}' without '{' (write '}}' for a literal brace)", at: index)
            } else {
                literal.unicodeScalars.append(scalar)
                index += 1
            }
        }
        if !literal.isEmpty || parts.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// The text with each placeholder's field resolved to its slot in `slots`' items.
    func resolved(with slots: FieldSlots) -> TextTemplate {
        var text = self
        text.parts = parts.map { part in
            if case .field(let path) = part { .field(slots.resolve(path)) } else { part }
        }
        if text.parts.count == 1, case .field(let path) = text.parts[0], path.components.count == 1 { text.soleSlot = path.slot }
        return text
    }

    /// The text with every placeholder replaced by the item's value.
    func filled(from item: CellItem) -> String {
        // A text that is one placeholder, the usual case, is the field's own string.
        if let soleSlot { return item.text(inSlot: soleSlot) ?? "" }
        if parts.count == 1, case .field(let path) = parts[0] { return item.text(at: path) ?? "" }
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text): result += text
            case .field(let path): result += item.text(at: path) ?? ""
            }
        }
        return result
    }
}
