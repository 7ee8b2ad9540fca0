// The syntax tree of one visual format string, before any name is looked up.
//
// Parsing and resolving are separate steps: whether a name in a predicate is a metric or a
// view depends on the dictionaries passed in, so the tree keeps names as written, each with
// its position, and the generator resolves them (and reports unknown ones at that position).

/// A visual format string parsed into its parts. Positions are character offsets into the
/// format string (the format is ASCII, so characters and bytes coincide).
struct FormatSyntax: Equatable, Sendable {
    /// A `==`, `<=` or `>=` in a predicate (`==` when the predicate has none).
    enum Relation: Equatable, Sendable {
        case equal
        case lessThanOrEqual
        case greaterThanOrEqual
    }

    /// A number or a name, as written, with the range of characters it occupies.
    enum Operand: Equatable, Sendable {
        case number(Double, range: Range<Int>)
        case name(String, range: Range<Int>)

        /// The characters the operand occupies.
        var range: Range<Int> {
            switch self {
            case .number(_, let range), .name(_, let range): range
            }
        }
    }

    /// One `relation? object (@priority)?` term, for example `>=70`, `100@20` or `==button2`.
    struct Predicate: Equatable, Sendable {
        var relation: Relation
        var object: Operand
        var priority: Operand?
        /// From the first character of the relation (or object) to the end of the priority.
        var range: Range<Int>
    }

    /// What stands between two neighbours (views or the superview's edge).
    enum Connection: Equatable, Sendable {
        /// No `-` at all (`[a][b]`): the neighbours touch.
        case flush(at: Int)
        /// A lone `-` (`[a]-[b]`): the standard spacing. `at` is the `-`.
        case standard(at: Int)
        /// `-n-`, `-metric-` or `-(predicates)-`: one constraint per predicate.
        case predicates([Predicate], range: Range<Int>)
    }

    /// A bracketed view, `[name]` or `[name(predicates)]`.
    struct View: Equatable, Sendable {
        var name: String
        /// The characters of the name alone.
        var nameRange: Range<Int>
        /// The view's size predicates (width for `H:`, height for `V:`).
        var predicates: [Predicate]
        /// From `[` to `]`, both included.
        var range: Range<Int>
    }

    /// A `|` and the connection between it and the nearest view.
    struct SuperviewEdge: Equatable, Sendable {
        /// The position of the `|`.
        var bar: Int
        var connection: Connection
    }

    /// The axis the string lays views out along (`H:` or `V:`; horizontal when omitted).
    var orientation: LayoutAxis
    /// `|` before the first view, with its connection to it.
    var leadingEdge: SuperviewEdge?
    /// The views in the order written; never empty.
    var views: [View]
    /// `connections[i]` joins `views[i]` and `views[i + 1]`.
    var connections: [Connection]
    /// `|` after the last view, with its connection from it.
    var trailingEdge: SuperviewEdge?
}
