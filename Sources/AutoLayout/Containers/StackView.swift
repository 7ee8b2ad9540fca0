import Foundation

/// A view that lines up its arranged subviews in a row or a column, with ordinary Auto
/// Layout constraints, as UIKit's `UIStackView`.
///
/// The stack view installs its constraints on itself, each with an identifier that says
/// what it does (``ConstraintIdentifier``); they show in ``View/constraints`` and in
/// unsatisfiable-constraint reports like any other. It rebuilds them in
/// ``updateConstraints()`` whenever an arranged subview, a property or an arranged view's
/// ``View/isHidden`` changes.
///
/// Along the axis, the first and last visible views touch the edges (or the margins, with
/// ``isLayoutMarginsRelativeArrangement``) and neighbours are ``spacing`` apart (or the
/// custom spacing after a view); ``distribution`` decides the sizes. Across the axis,
/// ``alignment`` decides. Hidden arranged views collapse: they take no space and no
/// spacing. Arranged views that are equally ready to grow or shrink are told apart by their
/// order: an earlier view takes extra space first and gives up space last (see
/// ``ConstraintIdentifier/fillOrder``).
open class StackView: View {
    /// How the views share the length of the axis.
    public enum Distribution: Int, Sendable, CaseIterable {
        /// The views fill the length; the one with the lowest content hugging priority grows,
        /// the one with the lowest compression resistance shrinks (ties: by order).
        case fill
        /// Every view gets the same length.
        case fillEqually
        /// Lengths are proportional to the views' intrinsic lengths.
        case fillProportionally
        /// Views keep their intrinsic lengths; the gaps between them are equal and at least
        /// ``StackView/spacing``.
        case equalSpacing
        /// Views keep their intrinsic lengths; their centres are equally far apart, and the
        /// gaps at least ``StackView/spacing``.
        case equalCentering
    }

    /// Where the views sit across the axis.
    public enum Alignment: Int, Sendable, CaseIterable {
        /// The views fill the stack's breadth.
        case fill
        /// Against the leading edge (a vertical stack) or the top (a horizontal one).
        case leading
        /// Text baselines aligned on the first line (horizontal stacks; a vertical stack
        /// treats it as ``fill``).
        case firstBaseline
        /// Centred.
        case center
        /// Against the trailing edge (a vertical stack) or the bottom (a horizontal one).
        case trailing
        /// Text baselines aligned on the last line (horizontal stacks; a vertical stack
        /// treats it as ``fill``).
        case lastBaseline

        /// The top of a horizontal stack: the same as ``leading``, as in UIKit.
        public static let top = Alignment.leading
        /// The bottom of a horizontal stack: the same as ``trailing``, as in UIKit.
        public static let bottom = Alignment.trailing
    }

    /// The value ``customSpacing(after:)`` returns for a view without custom spacing.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude

    /// The identifiers of the constraints a stack view makes.
    public enum ConstraintIdentifier {
        /// The first and last visible views to the edges along the axis, and the views to
        /// both edges across it with ``Alignment/fill`` (or to one edge with leading or
        /// trailing alignment).
        public static let canvasConnection = EngineIdentifier.canvasConnection.rawValue
        /// The space between neighbours.
        public static let spacing = EngineIdentifier.spacing.rawValue
        /// Views aligned on their centres or baselines.
        public static let alignment = EngineIdentifier.alignment.rawValue
        /// A view kept inside the stack's breadth when it is not pinned to both edges.
        public static let spanningBoundary = EngineIdentifier.spanningBoundary.rawValue
        /// The stack's breadth hugs the breadth its views span (the tallest view, or the
        /// widest; with baseline alignment, from the highest top to the lowest bottom) when
        /// the views do not fill it, at priority 51 as UIKit's: above
        /// ``LayoutPriority/fittingSizeLevel``, so that the stack's breadth is determined in
        /// a self-sizing cell, whose fitting target is at that level.
        public static let spanningFit = EngineIdentifier.spanningFit.rawValue
        /// Each view's breadth is 0 at priority 25 when the views do not fill the stack, as
        /// in UIKit, so that a view without an intrinsic breadth collapses instead of being
        /// ambiguous.
        public static let ambiguitySuppression = EngineIdentifier.ambiguitySuppression.rawValue
        /// Equal lengths (``Distribution/fillEqually``) or equal gaps (equal spacing and
        /// centring).
        public static let fillEqually = EngineIdentifier.fillEqually.rawValue
        /// A length proportional to the intrinsic length, at priority 999 − index, as UIKit.
        public static let fillProportionally = EngineIdentifier.fillProportionally.rawValue
        /// The edges of the spacer guides of equal spacing and equal centring.
        public static let distributing = EngineIdentifier.distributing.rawValue
        /// A hidden view's zero length and position.
        public static let hiding = EngineIdentifier.hiding.rawValue
        /// The order rule for views equally ready to grow or shrink: each view's length costs
        /// in proportion to its place in the stack (`length <= (1 - w) × length`, that is
        /// `w × length <= 0`, with w = 1 + (index + 1) / the number of visible views), all at one
        /// priority half a level below the lowest hugging priority of the stack's visible views.
        /// The earlier view's length costs less, so extra length goes to it first and a
        /// shortage is taken from the last view first. Every view's length costs something,
        /// so in a stack that is free to hug its views, views without an intrinsic length
        /// (spacers) get none.
        public static let fillOrder = EngineIdentifier.fillOrder.rawValue
        /// `length >= 0` for each view the order rule applies to: the rule favours short
        /// neighbours, and a view without an intrinsic length must not become negative.
        public static let nonNegative = EngineIdentifier.nonNegative.rawValue
        /// With baseline alignment, the views keep as close to the top as the baselines allow
        /// (priority 24), so a stack taller than its views is not ambiguous.
        public static let baselineTop = EngineIdentifier.baselineTop.rawValue
    }

    /// The views the stack arranges, in order; each is also a subview.
    public private(set) var arrangedSubviews: [View] = []

    var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    /// The constraints and guides of the current arrangement.
    var arrangementConstraints: [LayoutConstraint] = []
    var arrangementGuides: [LayoutGuide] = []
    /// The intrinsic lengths behind the current proportional constraints.
    var proportionalLengths: [CGFloat] = []

    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Makes an empty horizontal stack.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Makes a stack of `views`, in order.
    public convenience init(arrangedSubviews views: [View]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    // MARK: Properties

    /// The direction views are lined up in; default horizontal.
    public var axis: LayoutAxis = .horizontal {
        didSet { if axis != oldValue { arrangementDidChange() } }
    }

    /// How the views share the axis; default ``Distribution/fill``.
    public var distribution: Distribution = .fill {
        didSet { if distribution != oldValue { arrangementDidChange() } }
    }

    /// Where the views sit across the axis; default ``Alignment/fill``.
    public var alignment: Alignment = .fill {
        didSet { if alignment != oldValue { arrangementDidChange() } }
    }

    /// The space between neighbours (the least space with equal spacing and equal centring);
    /// default 0. A value that is not finite is refused and reported to
    /// ``LayoutDiagnostics/errorHandler``.
    public var spacing: CGFloat = 0 {
        didSet {
            guard spacing.isFinite else {
                LayoutDiagnostics.report(.invalidGeometry(name: "spacing", view: layoutDescriptionName))
                spacing = oldValue
                return
            }
            if spacing != oldValue { arrangementDidChange() }
        }
    }

    /// Whether a vertical stack measures spacing from the last baseline of a view to the
    /// first baseline of the next; default `false`. As UIKit documents, the top view's first
    /// baseline and the bottom view's last baseline are then also ``spacing`` from the
    /// stack's top and bottom edges. Horizontal stacks ignore it.
    public var isBaselineRelativeArrangement = false {
        didSet { if isBaselineRelativeArrangement != oldValue { arrangementDidChange() } }
    }

    /// Whether the views are laid out within the layout margins rather than the bounds;
    /// default `false`.
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { arrangementDidChange() } }
    }

    /// Sets the space after `arrangedSubview`, replacing ``spacing`` there. A view that is
    /// not arranged, or a value that is not finite, is refused and reported to
    /// ``LayoutDiagnostics/errorHandler``; ``spacingUseDefault`` goes back to ``spacing``.
    public func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: View) {
        guard arrangedSubviews.contains(where: { $0 === arrangedSubview }) else {
            LayoutDiagnostics.report(
                .invalidValue(
                    name: "view", value: arrangedSubview.layoutDescriptionName,
                    accepted: "one of the stack view's arranged subviews", view: layoutDescriptionName))
            return
        }
        let key = ObjectIdentifier(arrangedSubview)
        if spacing == StackView.spacingUseDefault {
            if customSpacings.removeValue(forKey: key) != nil { arrangementDidChange() }
            return
        }
        guard spacing.isFinite else {
            LayoutDiagnostics.report(.invalidGeometry(name: "custom spacing", view: layoutDescriptionName))
            return
        }
        guard customSpacings[key] != spacing else { return }
        customSpacings[key] = spacing
        arrangementDidChange()
    }

    /// The custom space after `arrangedSubview`, or ``spacingUseDefault`` when it has none.
    public func customSpacing(after arrangedSubview: View) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? StackView.spacingUseDefault
    }

    // MARK: Arranged subviews

    /// Adds a view at the end of the arrangement, and as a subview if it is not one. The
    /// view stops translating its autoresizing mask into constraints, as in UIKit.
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view into the arrangement at `index` (moving it if it is already arranged).
    /// An index outside `0...arrangedSubviews.count`, or the stack itself or one of its
    /// ancestors, is refused and reported to ``LayoutDiagnostics/errorHandler``.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        // Arranged views are subviews: a view that is not one needs no search of the arrangement.
        let existing = view.superview === self ? arrangedSubviews.firstIndex { $0 === view } : nil
        let count = arrangedSubviews.count - (existing == nil ? 0 : 1)
        guard index >= 0, index <= count else {
            LayoutDiagnostics.report(
                .invalidValue(
                    name: "arranged subview index", value: String(index), accepted: "from 0 to \(count)",
                    view: layoutDescriptionName))
            return
        }
        guard view !== self, !isDescendant(of: view) else {
            LayoutDiagnostics.report(.hierarchyCycle(view: view.layoutDescriptionName, superview: layoutDescriptionName))
            return
        }
        if let existing { arrangedSubviews.remove(at: existing) }
        arrangedSubviews.insert(view, at: index)
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementDidChange()
    }

    /// Takes a view out of the arrangement; it stays a subview, as in UIKit.
    public func removeArrangedSubview(_ view: View) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
        arrangedSubviews.remove(at: index)
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementDidChange()
    }

    /// A subview that leaves the stack leaves the arrangement too.
    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    override func subviewDidChangeHiddenState(_ subview: View) {
        if arrangedSubviews.contains(where: { $0 === subview }) { arrangementDidChange() }
    }

    func arrangementDidChange() {
        setNeedsUpdateConstraints()
        setNeedsLayout()
    }

    // MARK: Layout

    /// Rebuilds the arrangement's constraints.
    open override func updateConstraints() {
        rebuildArrangement()
        super.updateConstraints()
    }

    /// With ``Distribution/fillProportionally``, an arranged view whose intrinsic length
    /// changed sends the stack through another constraint update.
    override func subviewDidInvalidateIntrinsicContentSize(_ subview: View) {
        guard distribution == .fillProportionally, !subview.isHidden,
            arrangedSubviews.contains(where: { $0 === subview }),
            proportionalLengths != currentProportionalLengths()
        else { return }
        arrangementDidChange()
    }
}
