import Foundation

/// What few constraints carry, kept out of line so that the others do not pay for it in
/// every constraint object: a multiplier other than 1, the baseline coefficients of an
/// installed constraint between baselines, the visual format description of a constraint made
/// from a format string, an identifier set by the constraint's maker, and the refusal of one
/// made from a combination that means nothing.
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
        get { rare?.refusal }
        set {
            if newValue == nil && rare == nil { return }
            madeRare.refusal = newValue
        }
    }
    /// See ``LayoutConstraint/identifier``: an identifier other than the engine's own.
    var identifier: String? {
        get { rare?.identifier }
        set {
            if newValue == nil && rare == nil { return }
            madeRare.identifier = newValue
        }
    }

    /// The refusal and the identifier, boxed: a layout error is the largest of the extras
    /// (four strings) and with the identifier the rarest, and inline they doubled the extras
    /// of every constraint with a multiplier.
    private var rare: Rare?

    private var madeRare: Rare {
        if let rare { return rare }
        let made = Rare()
        rare = made
        return made
    }

    private final class Rare {
        var refusal: LayoutError?
        var identifier: String?
    }
}
