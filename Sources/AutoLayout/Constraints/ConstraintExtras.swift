/// What few constraints carry, kept out of line so that the others do not pay for it in
/// every constraint object: the visual format description of a constraint made from a format
/// string, and the refusal of one made from a combination that means nothing.
final class ConstraintExtras {
    /// See ``LayoutConstraint``'s `formatDescription`.
    var formatDescription: ((LayoutConstraint) -> (format: String, names: String?)?)?
    /// See ``LayoutConstraint``'s `refusal`.
    var refusal: LayoutError?
}
