/// A problem with a constraint, a layout guide or a view operation, with a message that names
/// the items and attributes involved.
///
/// Throwing APIs (``LayoutConstraint/checked(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)``)
/// throw it; UIKit's signatures, which do not throw, report it. Operations that cannot throw because UIKit made them properties or plain methods
/// (``LayoutConstraint/isActive``, ``LayoutConstraint/activate(_:)``,
/// ``LayoutConstraint/priority``, ``LayoutConstraint/constant``, ``View/frame``) refuse the
/// change, keep the state they had before the call, and pass the error to
/// ``LayoutDiagnostics/errorHandler``.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `notAnAttribute` was given as the first attribute.
    case firstAttributeMissing(item: String)
    /// An item was given without an attribute, or an attribute without an item.
    case secondItemAndAttributeMismatch(item: String, attribute: LayoutAttribute)
    /// A horizontal attribute was related to a vertical one.
    case mixedAxes(first: String, second: String)
    /// A leading or trailing attribute was related to a left or right one.
    case mixedDirectionalAttributes(first: String, second: String)
    /// A size was related to a position, or a position to a size.
    case dimensionRelatedToLocation(first: String, second: String)
    /// A position was given a constant value (no second item, or a multiplier of 0).
    case locationEqualToConstant(first: String)
    /// The multiplier or constant is not a finite number.
    case nonFiniteValue(name: String, constraint: String)
    /// A priority outside 1...1000.
    case invalidPriority(Float, constraint: String)
    /// An item that is neither a ``View`` nor a ``LayoutGuide``.
    case unsupportedItem(typeName: String)
    /// A layout guide was given a margin or baseline attribute, which guides do not have.
    case attributeNotAvailableOnGuide(guide: String, attribute: LayoutAttribute)
    /// The items of a constraint are not in the same view tree.
    case noCommonAncestor(constraint: String)
    /// A layout guide that has not been added to a view was used in an active constraint.
    case guideWithoutOwningView(guide: String)
    /// An item of the constraint has been deallocated.
    case itemDeallocated(constraint: String)
    /// The priority of an active constraint was changed between required and optional.
    case requiredPriorityChangedWhileActive(constraint: String, from: LayoutPriority, to: LayoutPriority)
    /// `addConstraint` was called on a view that does not contain both items.
    case viewDoesNotContainItems(view: String, constraint: String)
    /// A geometry value (frame, bounds, centre, margins, scale) was not finite, or a size negative.
    case invalidGeometry(name: String, view: String)
    /// A view was added as a subview of itself or of one of its own descendants.
    case hierarchyCycle(view: String, superview: String)
    /// A control property was given a value outside the range it accepts (a negative number
    /// of lines, an index past the end of a list).
    case invalidValue(name: String, value: String, accepted: String, view: String)
    /// Layout did not settle: after ``View/maximumLayoutPasses`` passes of one
    /// ``View/layoutIfNeeded()``, `layoutSubviews` overrides still invalidated layout.
    /// `view` names the views still waiting.
    case layoutFeedbackLoop(view: String, passes: Int)
    /// The solver refused a number of the constraint as beyond its range (see
    /// `Solver.maximumValue` and `Solver.coefficientMagnitudes`); `detail` is its message.
    case outsideSolverRange(constraint: String, detail: String)
    /// A visual format that could not be made into constraints (the non-throwing entry
    /// point reports what ``VisualFormatError`` or its arguments said).
    case invalidVisualFormat(format: String, reason: String)
    /// A resource asked for by name (an image, a font) that is neither registered nor found;
    /// `searched` says where it was looked for.
    case resourceNotFound(kind: String, name: String, searched: String)
    /// A view was asked to load itself from a nib or storyboard (`init?(coder:)`), which
    /// Fitsize cannot read; `typeName` is the class asked.
    case archiveNotSupported(typeName: String)

    /// A message for the person who wrote the layout.
    public var description: String {
        switch self {
        case .firstAttributeMissing(let item):
            "The first attribute of a constraint on \(item) is notAnAttribute; only the second "
                + "attribute may be notAnAttribute (for a constant size)."
        case .secondItemAndAttributeMismatch(let item, let attribute):
            "A constraint's second item and second attribute must be given together "
                + "(got item \(item) with attribute \(attribute))."
        case .mixedAxes(let first, let second):
            "Cannot relate \(first) to \(second): one is horizontal and the other vertical."
        case .mixedDirectionalAttributes(let first, let second):
            "Cannot relate \(first) to \(second): leading and trailing follow the layout "
                + "direction, left and right do not. Use leading/trailing for both or neither."
        case .dimensionRelatedToLocation(let first, let second):
            "Cannot relate \(first) to \(second): a size can only be related to a size, "
                + "and a position to a position."
        case .locationEqualToConstant(let first):
            "Cannot constrain \(first) to a constant: a position needs a second item and a "
                + "non-zero multiplier."
        case .nonFiniteValue(let name, let constraint):
            "The \(name) of \(constraint) is not a finite number."
        case .invalidPriority(let value, let constraint):
            "The priority \(value) of \(constraint) is outside 1...1000."
        case .unsupportedItem(let typeName):
            "A constraint item must be a View or a LayoutGuide, not \(typeName)."
        case .attributeNotAvailableOnGuide(let guide, let attribute):
            "The layout guide \(guide) has no \(attribute) attribute."
        case .noCommonAncestor(let constraint):
            "Cannot activate \(constraint): its items have no common ancestor. "
                + "Add both to the same view tree first."
        case .guideWithoutOwningView(let guide):
            "The layout guide \(guide) must be added to a view (addLayoutGuide) before it is "
                + "used in an active constraint."
        case .itemDeallocated(let constraint):
            "An item of \(constraint) no longer exists."
        case .requiredPriorityChangedWhileActive(let constraint, let from, let to):
            "Cannot change the priority of active \(constraint) from \(from) to \(to): a "
                + "priority may not change between required and optional while the constraint "
                + "is active. Deactivate it first."
        case .viewDoesNotContainItems(let view, let constraint):
            "Cannot install \(constraint) on \(view): the view must be a common ancestor of the "
                + "constraint's items."
        case .invalidGeometry(let name, let view):
            "The \(name) given to \(view) is not finite (or is a negative size or scale)."
        case .hierarchyCycle(let view, let superview):
            "Cannot add \(view) to \(superview): a view cannot be a subview of itself or of "
                + "one of its descendants."
        case .invalidValue(let name, let value, let accepted, let view):
            "The \(name) \(value) given to \(view) is not accepted: it must be \(accepted)."
        case .layoutFeedbackLoop(let view, let passes):
            "Layout did not settle after \(passes) passes: layoutSubviews keeps invalidating "
                + "the layout of \(view). Layout stopped with the frames of the last pass."
        case .outsideSolverRange(let constraint, let detail):
            "Cannot use \(constraint): \(detail)"
        case .resourceNotFound(let kind, let name, let searched):
            "No \(kind) named \"\(name)\": it is not registered and was not found in \(searched)."
        case .invalidVisualFormat(let format, let reason):
            "Unable to parse constraint format \"\(format)\": \(reason)"
        case .archiveNotSupported(let typeName):
            "\(typeName) cannot be initialized from an archive: init?(coder:) returns nil, as Fitsize reads no "
                + "nib or storyboard. Make the view in code (init(frame:) or the cell's initialiser)."
        }
    }
}
