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
    case autoresizing(notation: String)
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
