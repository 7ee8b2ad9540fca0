/// The top-level fields of a data line that a run reads (the template's placeholders and
/// bindings, then the key and cache-key fields), each with a slot: an item keeps only these
/// values, by slot, so that filling a cell looks nothing up by name.
///
/// The template's fields come first and in the same order whatever else is added, so a cell
/// built with ``init(template:)`` reads the items of a reader made with more fields.
struct FieldSlots: Sendable {
    /// The field names, by slot.
    let names: [String]
    /// The names' UTF-8 bytes, one after another, and where each name's lie: for matching
    /// keys where they lie in a line.
    let nameBytes: [UInt8]
    let nameRanges: [Range<Int>]
    /// Whether every name is ASCII: only then does a key equal a name exactly when its bytes
    /// do (String equality is canonical equivalence), which ``DataLineScanner`` relies on.
    let allASCII: Bool

    /// The fields `template` reads, then those of `extra` it does not.
    init(template: CellTemplate, extra: [String] = []) {
        var names: [String] = []
        for use in template.fieldUses {
            if let first = use.path.components.first, !names.contains(first) { names.append(first) }
        }
        for name in extra where !names.contains(name) { names.append(name) }
        self.names = names
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for name in names {
            let start = bytes.count
            bytes += name.utf8
            ranges.append(start..<bytes.count)
        }
        nameBytes = bytes
        nameRanges = ranges
        allASCII = bytes.allSatisfy { $0 < 0x80 }
    }

    /// The slot of top-level field `name`, if the run reads it.
    func slot(of name: String) -> Int? {
        names.firstIndex(of: name)
    }

    /// `path` with its slot.
    func resolve(_ path: FieldPath) -> FieldPath {
        FieldPath(components: path.components, slot: path.components.first.flatMap(slot(of:)))
    }

    /// A path to top-level field `name` (a key or cache-key field, whose dots are part of
    /// the name).
    func path(toField name: String) -> FieldPath {
        FieldPath(components: [name], slot: slot(of: name))
    }
}
