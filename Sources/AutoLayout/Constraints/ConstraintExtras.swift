import Foundation

/// What few constraints carry, kept out of line so that the others do not pay for it in
/// every constraint object: a multiplier other than 1, the baseline coefficients of an
/// installed constraint between baselines, the visual format description of a constraint made
/// from a format string, and the refusal of one made from a combination that means nothing.
final class ConstraintExtras {
    /// See ``LayoutConstraint/multiplier``.
    var multiplier: CGFloat = 1
    /// The installed form's baseline coefficients (see ``LinearForm``), read only where the
    /// installed form's flags say they are set.
    var installedBaselines: (first: Double, second: Double) = (0, 0)
    /// See ``LayoutConstraint``'s `formatDescription`.
    var formatDescription: ((LayoutConstraint) -> (format: String, names: String?)?)?
    /// See ``LayoutConstraint``'s `refusal`.
    var refusal: LayoutError? {
        get { refusalBox?.error }
        set { refusalBox = newValue.map(RefusalBox.init) }
    }

    /// The refusal, boxed: a layout error is the largest of the extras (four strings) and the
    /// rarest, and inline it doubled the extras of every constraint with a multiplier.
    private var refusalBox: RefusalBox?

    private final class RefusalBox {
        let error: LayoutError
        init(_ error: LayoutError) { self.error = error }
    }
}
