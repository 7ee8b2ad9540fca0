import ConstraintSolver
import Foundation

/// A linear relation between two attributes of layout items:
/// `firstItem.firstAttribute  relation  multiplier × secondItem.secondAttribute + constant`.
///
/// Constraints are made inactive; activating one (``isActive``, ``activate(_:)``) installs it
/// on the nearest common ancestor of its items, where ``View/constraints`` lists it, and
/// hands it to the layout engine of that view's tree. Changing ``constant`` is cheap: the
/// engine updates the solver's row in place.
public final class LayoutConstraint: CustomStringConvertible {
    /// The standard space between sibling views (UIKit's system spacing): 8 points.
    public static let standardSiblingSpacing: CGFloat = 8
    /// The standard space between a view and its superview's edge: 20 points.
    public static let standardSuperviewSpacing: CGFloat = 20

    // The stored properties are declared in an order that packs them (the small ones
    // together, the indices in 32 bits): a large layout makes several constraints per view,
    // and their objects are a large share of its memory.
    let firstNode: LayoutNode
    let secondNode: LayoutNode?
    var constantValue: CGFloat
    /// While the constraint is in the solver: the constant its form had before the layout
    /// constant was added (see ``LinearForm/constantBeforeLayoutConstant``).
    var installedConstantBeforeLayoutConstant: Double = 0

    var priorityValue: LayoutPriority = .required
    /// The attribute of the first item.
    public let firstAttribute: LayoutAttribute
    /// How the first side compares with the second.
    public let relation: LayoutRelation
    /// The attribute of the second item, or ``LayoutAttribute/notAnAttribute``.
    public let secondAttribute: LayoutAttribute
    let origin: ConstraintOrigin

    var engineState = EngineState.outside
    /// What the changes queued with the refresh may have moved.
    var refreshScope = RefreshScope.everything
    /// `isQueuedForRefresh`, `isBroken` and `isCarriedByHugging`, a bit each: three Bools
    /// took the bytes that keep the object within its malloc block.
    private var stateBits: UInt8 = 0
    /// While the constraint is in the solver: the installed form's flags (see ``LinearForm``).
    var installedFormFlags: UInt8 = 0
    /// The identifier of a constraint the engine made, in a byte; any other identifier is a
    /// string in the extras (see ``identifier``).
    var engineIdentifier: EngineIdentifier?
    /// The raw value of `carriedCompressionResistance`, 0 for none (no priority is 0).
    private var carriedResistanceValue: Float = 0

    /// The constraint's places in its container's list and in its nodes' lists, -1 outside.
    var indexInContainer: Int32 = -1
    var indexInFirstNode: Int32 = -1
    var indexInSecondNode: Int32 = -1

    // Installation: the view the constraint is installed on while active. Not weak, so that
    // views need no side tables (see `View.superview`): the view clears it when it uninstalls
    // the constraint or goes away. Unmanaged, so that its address (`containerAddress`) is
    // read without touching the view.
    private var containerReference: Unmanaged<View>?

    // Engine state, owned by `LayoutEngine`. The engine is the container's, which keeps it
    // alive; the container takes the constraint out of it before going away, so this needs
    // no weak reference (which would give the engine a side table). Stored unmanaged so that
    // the engine's check that it holds the constraint (`isHeld(by:)`), made on every refresh
    // of every content-size constraint, compares two addresses: loading an `unowned(unsafe)`
    // reference retained and released it.
    private var engineReference: Unmanaged<LayoutEngine>?
    var solverConstraint: EngineConstraint?
    var sequence: UInt64 = 0
    /// The fields few constraints use, made when the first of them is set.
    private(set) var extras: ConstraintExtras?

    var isQueuedForRefresh: Bool {
        get { stateBits & Self.queuedBit != 0 }
        set { setStateBit(Self.queuedBit, newValue) }
    }

    var isBroken: Bool {
        get { stateBits & Self.brokenBit != 0 }
        set { setStateBit(Self.brokenBit, newValue) }
    }

    /// On a compression-resistance constraint whose hugging partner carries it: installed on
    /// its view (and active), but with no row of its own and so outside the engine.
    var isCarriedByHugging: Bool {
        get { stateBits & Self.carriedBit != 0 }
        set { setStateBit(Self.carriedBit, newValue) }
    }

    private static let queuedBit: UInt8 = 1
    private static let brokenBit: UInt8 = 2
    private static let carriedBit: UInt8 = 4

    @inline(__always)
    private func setStateBit(_ bit: UInt8, _ value: Bool) {
        if value { stateBits |= bit } else { stateBits &= ~bit }
    }

    /// A name for the constraint, shown quoted in its description. The engine's own
    /// constraints carry their name as an `EngineIdentifier`; one set here is kept with the
    /// extras, which few constraints have.
    public var identifier: String? {
        get { engineIdentifier?.rawValue ?? extras?.identifier }
        set {
            engineIdentifier = nil
            if newValue == nil && extras == nil { return }
            madeExtras.identifier = newValue
        }
    }

    /// Describes the constraint in visual format instead of as an equation (UIKit prints
    /// `H:|-(20)-[Label:0x…]`): set by the visual format language and called for each
    /// ``description``, so the text follows later changes of the constant and priority.
    /// Returns the format and the names part printed after `active` (`'|':View:0x…`), or
    /// `nil` to print the equation.
    var formatDescription: ((LayoutConstraint) -> (format: String, names: String?)?)? {
        get { extras?.formatDescription }
        set {
            if newValue == nil && extras == nil { return }
            madeExtras.formatDescription = newValue
        }
    }

    /// The view the constraint is installed on while active.
    var container: View? {
        get { containerReference?.takeUnretainedValue() }
        set { containerReference = newValue.map(Unmanaged.passUnretained) }
    }

    /// The address of `container`, set and cleared with it: removing a subtree compares it
    /// for every constraint of the subtree without touching the container.
    var containerAddress: UnsafeMutableRawPointer? { containerReference?.toOpaque() }

    /// The engine the constraint is queued in or installed in, if any.
    var engine: LayoutEngine? {
        get { engineReference?.takeUnretainedValue() }
        set { engineReference = newValue.map(Unmanaged.passUnretained) }
    }

    /// Whether `engine` holds the constraint, decided without retaining either engine.
    @inline(__always)
    func isHeld(by engine: LayoutEngine) -> Bool {
        engineReference?.toOpaque() == Unmanaged.passUnretained(engine).toOpaque()
    }

    /// On a hugging constraint whose axis's compression resistance is optional too, that
    /// priority: the constraint's solver row then holds both, falling short of the intrinsic
    /// size weighed at it (see `View.pairContentSizeConstraints`). Nil otherwise.
    var carriedCompressionResistance: LayoutPriority? {
        get { carriedResistanceValue == 0 ? nil : LayoutPriority(carriedResistanceValue) }
        set { carriedResistanceValue = newValue?.rawValue ?? 0 }
    }

    /// Why the constraint could not be made, for one made by the non-throwing initialiser
    /// from a combination that means nothing: it can never be activated.
    var refusal: LayoutError? {
        get { extras?.refusal }
        set {
            if newValue == nil && extras == nil { return }
            madeExtras.refusal = newValue
        }
    }

    /// The factor applied to the second attribute. Kept with the extras: nearly every
    /// constraint has a factor of 1.
    public internal(set) var multiplier: CGFloat {
        get { extras?.multiplier ?? 1 }
        set {
            if newValue == 1 && extras == nil { return }
            madeExtras.multiplier = newValue
        }
    }

    var madeExtras: ConstraintExtras {
        if let extras { return extras }
        let made = ConstraintExtras()
        extras = made
        return made
    }

    /// Where the constraint stands in its engine. `refused`: installed, but a number of it is
    /// beyond the solver's range, so it takes no part in the layout until a change of its
    /// constant or multiplier brings it back in range.
    enum EngineState { case outside, pending, inSolver, refused }

    deinit {
        // The solver constraint may outlive this one in a solver (a tree whose root went away
        // while a subview is kept); its unowned owner must not.
        solverConstraint?.layoutConstraint = nil
    }

    /// Makes `item.attribute  relation  multiplier × toItem.attribute + constant`, as UIKit's
    /// initialiser does: it does not throw. A combination that means nothing (the cases
    /// ``checked(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`` throws for)
    /// is reported to ``LayoutDiagnostics/errorHandler``, where UIKit raises, and the
    /// constraint that comes back can never be activated: activating it reports the same
    /// error again and changes nothing.
    public convenience init(
        item: Any, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
        toItem: Any?, attribute secondAttribute: LayoutAttribute,
        multiplier: CGFloat, constant: CGFloat
    ) {
        let made = Result { () throws(LayoutError) in
            let first = try Self.node(ofAny: item)
            let second = try toItem.map { item throws(LayoutError) in try Self.node(ofAny: item) }
            if let error = Self.validate(
                first, attribute, second, secondAttribute, multiplier: multiplier, constant: constant)
            {
                throw error
            }
            return (first, second)
        }
        switch made {
        case .success(let (first, second)):
            self.init(
                unchecked: first, attribute, relation, second, secondAttribute,
                multiplier: multiplier, constant: constant)
        case .failure(let error):
            LayoutDiagnostics.report(error)
            // A node that belongs to nothing: the constraint names no item.
            self.init(unchecked: LayoutNode(), .width, .equal, nil, .notAnAttribute, multiplier: 1, constant: 0)
            refusal = error
        }
    }

    /// Makes `item.attribute  relation  multiplier × toItem.attribute + constant`, checking that
    /// the combination means something: the throwing form of UIKit's initialiser.
    ///
    /// - Throws: ``LayoutError`` when the first attribute is `notAnAttribute`; when only one
    ///   of `toItem` and its attribute is given; when a horizontal position is related to a
    ///   vertical one, or a size to a position; when a position has no second item or a
    ///   multiplier of 0; when leading or trailing is related to left or right (as UIKit
    ///   forbids); when a guide is given a margin or baseline attribute; when an item
    ///   is neither a ``View`` nor a ``LayoutGuide``; when `multiplier` or `constant` is not
    ///   finite. The message names the items and attributes.
    public static func checked(
        item: any LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
        toItem: (any LayoutItem)?, attribute secondAttribute: LayoutAttribute,
        multiplier: CGFloat = 1, constant: CGFloat = 0
    ) throws(LayoutError) -> LayoutConstraint {
        let first = try node(of: item)
        let second = try toItem.map { item throws(LayoutError) in try node(of: item) }
        if let error = validate(first, attribute, second, secondAttribute, multiplier: multiplier, constant: constant) {
            throw error
        }
        return LayoutConstraint(
            unchecked: first, attribute, relation, second, secondAttribute,
            multiplier: multiplier, constant: constant)
    }

    init(
        unchecked first: LayoutNode, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
        _ second: LayoutNode?, _ secondAttribute: LayoutAttribute, multiplier: CGFloat,
        constant: CGFloat, priority: LayoutPriority = .required, origin: ConstraintOrigin = .user
    ) {
        firstNode = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        secondNode = second
        self.secondAttribute = secondAttribute
        constantValue = constant
        priorityValue = priority
        self.origin = origin
        self.multiplier = multiplier
    }

    /// The first item (a ``View`` or ``LayoutGuide``), or `nil` once it has been deallocated.
    public var firstItem: (any LayoutItem)? { firstNode.item }

    /// The second item, or `nil` for a constant size.
    public var secondItem: (any LayoutItem)? { secondNode?.item }

    /// The number added to the second side. Setting it on an active constraint only updates
    /// the constant of the solver's row. A value that is not finite is refused and reported to
    /// ``LayoutDiagnostics/errorHandler``.
    public var constant: CGFloat {
        get { constantValue }
        set {
            guard newValue.isFinite else {
                LayoutDiagnostics.report(.nonFiniteValue(name: "constant", constraint: description))
                return
            }
            guard newValue != constantValue else { return }
            constantValue = newValue
            // Set from outside on one of a view's intrinsic-size pair: it leaves their shared row.
            if isCarriedByHugging || carriedCompressionResistance != nil {
                firstNode.view?.separateContentSizeRow(of: self)
            }
            engine?.refresh(self, scope: .constantOrPriority)
        }
    }

    /// How much the constraint matters: ``LayoutPriority/required`` (the default) or an
    /// optional level. An active constraint may move between optional levels (the engine
    /// re-weights it in place) but not between required and optional; such a change, or a
    /// value outside 1...1000, is refused and reported to ``LayoutDiagnostics/errorHandler``.
    public var priority: LayoutPriority {
        get { priorityValue }
        set {
            guard newValue.isValid else {
                LayoutDiagnostics.report(.invalidPriority(newValue.rawValue, constraint: description))
                return
            }
            if isActive && newValue.isRequired != priorityValue.isRequired {
                LayoutDiagnostics.report(
                    .requiredPriorityChangedWhileActive(
                        constraint: description, from: priorityValue, to: newValue))
                return
            }
            guard newValue != priorityValue else { return }
            priorityValue = newValue
            // A carried compression resistance's priority is part of its partner's row.
            if isCarriedByHugging { firstNode.view?.separateContentSizeRow(of: self) }
            engine?.refresh(self, scope: .constantOrPriority)
        }
    }

    /// Whether the constraint is installed and taking part in layout. Setting it to `true`
    /// installs it on the nearest common ancestor of its items; a constraint that cannot be
    /// activated (no common ancestor, a non-finite number) stays inactive and the error goes
    /// to ``LayoutDiagnostics/errorHandler``.
    public var isActive: Bool {
        get { container != nil }
        set {
            if newValue {
                Self.activate([self])
            } else {
                Self.deactivate([self])
            }
        }
    }

    /// The node of an item given as UIKit gives it (`Any`), or an error for anything but a
    /// view or a layout guide.
    static func node(ofAny item: Any) throws(LayoutError) -> LayoutNode {
        guard let item = item as? any LayoutItem else {
            throw .unsupportedItem(typeName: String(describing: type(of: item)))
        }
        return try node(of: item)
    }

    /// The node of a public item, or an error for a type that cannot take part in layout.
    static func node(of item: any LayoutItem) throws(LayoutError) -> LayoutNode {
        if let view = item as? View { return view.node }
        if let guide = item as? LayoutGuide { return guide.node }
        throw .unsupportedItem(typeName: String(describing: type(of: item)))
    }

    /// The reason a combination of items, attributes and numbers is invalid, or `nil`.
    /// Names are built only for an error: activation checks every constraint.
    static func validate(
        _ first: LayoutNode, _ firstAttribute: LayoutAttribute, _ second: LayoutNode?,
        _ secondAttribute: LayoutAttribute, multiplier: CGFloat, constant: CGFloat
    ) -> LayoutError? {
        func firstName() -> String { describe(first) + "." + firstAttribute.description }
        func secondName() -> String {
            (second.map(describe) ?? "nil") + "." + secondAttribute.description
        }
        guard firstAttribute != .notAnAttribute else {
            return .firstAttributeMissing(item: describe(first))
        }
        if (second == nil) != (secondAttribute == .notAnAttribute) {
            return .secondItemAndAttributeMismatch(
                item: second.map(describe) ?? "nil", attribute: secondAttribute)
        }
        if let guide = first.guide, firstAttribute.isMargin || firstAttribute.isBaseline {
            return .attributeNotAvailableOnGuide(guide: guide.description, attribute: firstAttribute)
        }
        if let guide = second?.guide, secondAttribute.isMargin || secondAttribute.isBaseline {
            return .attributeNotAvailableOnGuide(guide: guide.description, attribute: secondAttribute)
        }
        guard multiplier.isFinite else {
            return .nonFiniteValue(name: "multiplier", constraint: "the constraint on \(firstName())")
        }
        guard constant.isFinite else {
            return .nonFiniteValue(name: "constant", constraint: "the constraint on \(firstName())")
        }
        if second != nil {
            if firstAttribute.isDimension != secondAttribute.isDimension {
                return .dimensionRelatedToLocation(first: firstName(), second: secondName())
            }
            if !firstAttribute.isDimension && firstAttribute.axis != secondAttribute.axis {
                return .mixedAxes(first: firstName(), second: secondName())
            }
            if (firstAttribute.isDirectional && secondAttribute.isAbsoluteHorizontalEdge)
                || (firstAttribute.isAbsoluteHorizontalEdge && secondAttribute.isDirectional)
            {
                return .mixedDirectionalAttributes(first: firstName(), second: secondName())
            }
            if !firstAttribute.isDimension && multiplier == 0 {
                return .locationEqualToConstant(first: firstName())
            }
        } else if !firstAttribute.isDimension {
            return .locationEqualToConstant(first: firstName())
        }
        return nil
    }

    /// An item as UIKit prints it in constraint descriptions: `Label:0x…` (or
    /// `Label:avatar` when the view has an ``View/accessibilityIdentifier``), or the guide's
    /// description.
    static func describe(_ node: LayoutNode) -> String {
        if let view = node.view { return view.layoutDescriptionName }
        if let guide = node.guide { return guide.description }
        return "(deallocated)"
    }
}
