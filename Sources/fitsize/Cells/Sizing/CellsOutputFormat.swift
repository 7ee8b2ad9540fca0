import ArgumentParser

/// `fitsize cells --output`: the shape of the result lines.
enum CellsOutputFormat: String, CaseIterable, ExpressibleByArgument {
    /// `{"key":…,"height":…}` lines (the default), `{"key":…,"line":N,"error":…}` for an item
    /// that could not be sized.
    case json
    /// Tab-separated lines that a batch engine splits without a JSON parser: four fields,
    /// `key width height fingerprint` (the fingerprint empty without `--fingerprint`), for a
    /// sized item; three, `key line error`, for an item that could not be sized (the key empty
    /// when it has none). Fields are ``TSVField``s.
    case tsv
}
