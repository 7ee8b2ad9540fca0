/// Who made a constraint: the person writing the layout, or the view system on their behalf.
///
/// System constraints are not listed in ``View/constraints``; they are described with
/// UIKit's names for them, and the rule for breaking an unsatisfiable set prefers to break
/// constraints made by people (see ``UnsatisfiableConstraintReport``).
enum ConstraintOrigin: Equatable {
    /// Made with an initialiser, an anchor or the visual format language.
    case user
    /// The size a view's intrinsic content gives it, at its hugging or compression resistance.
    case contentSize(hugging: Bool)
    /// Ties the layout margins guide or the readable content guide to its view.
    case guide
    /// Reproduces a view's frame and autoresizing mask (`h=--& v=--&`).
    case autoresizing(notation: AutoresizingNotation)
    /// Holds a root view at its frame size during a layout pass.
    case rootSize
    /// The target size of a fitting computation, in the engine only during the computation.
    case fittingSize

    /// Which constraints the engine breaks first when required constraints conflict: lower first.
    /// Whether the constraint relates alignment rectangles (``View/alignmentRectInsets``):
    /// the app's constraints and intrinsic sizes do; the frame's own constraints (autoresizing,
    /// a root's size, fitting targets, margins guides) do not.
    var usesAlignmentRects: Bool {
        switch self {
        case .user, .contentSize: true
        case .guide, .autoresizing, .rootSize, .fittingSize: false
        }
    }

    var breakingRank: Int {
        switch self {
        case .user: 0
        case .contentSize: 1
        case .guide: 2
        case .autoresizing: 3
        case .rootSize, .fittingSize: 4
        }
    }
}

/// Which parts of a view's frame its autoresizing mask lets stretch, as UIKit prints them in
/// an autoresizing constraint's description (`h=--& v=&-&`): per axis, `&` for a flexible
/// start margin, size or end margin and `-` for a fixed one. Six bits rather than the text,
/// so that the origin of every constraint stays a couple of bytes.
struct AutoresizingNotation: Equatable, CustomStringConvertible {
    /// One axis's three parts, as three bits: start margin, size, end margin.
    struct Axis: Equatable {
        let bits: UInt8

        init(start: Bool, size: Bool, end: Bool) {
            bits = (start ? 1 : 0) | (size ? 2 : 0) | (end ? 4 : 0)
        }

        /// `-` fixed and `&` flexible: start margin, size, end margin.
        var notation: String {
            [UInt8(1), 2, 4].map { bits & $0 != 0 ? "&" : "-" }.joined()
        }
    }

    let horizontal: Axis
    let vertical: Axis

    var description: String { "h=" + horizontal.notation + " v=" + vertical.notation }
}
