import Foundation
import Typesetting

/// A rectangle in a tree of views, positioned and sized by Auto Layout as in UIKit.
///
/// A root view (one without a superview) owns the layout engine of its tree. Constraints
/// activated between views of the tree go to that engine; a layout pass
/// (``layoutIfNeeded()``) solves it and gives each view its ``frame``, rounded to the pixel
/// grid of the root's ``displayScale``.
///
/// Subclasses customise layout by overriding ``intrinsicContentSize``,
/// ``updateConstraints()``, ``layoutSubviews()``, the baseline offsets and the width-dependent
/// sizing hooks (see ``hasWidthDependentIntrinsicContentSize``).
open class View: LayoutItem, CustomStringConvertible {
    /// The value of an intrinsic dimension a view does not have: -1.
    public static let noIntrinsicMetric: CGFloat = -1
    /// The smallest size: the target for the most compact fitting size.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// A very large size: the target for the most expanded fitting size.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)
    /// The width the ``readableContentGuide`` never exceeds, in points: 672, UIKit's readable
    /// width at the default text size.
    public static let readableContentWidth: CGFloat = 672

    // The layout state read and written on every hot path of layout (a cell sized for each
    // row of a list sets its labels' texts, queues them and solves) comes first, so that it
    // shares two cache lines rather than spreading over the object's six: the stored
    // properties of a class are laid out in the order they are declared. After it, fields of
    // a size follow each other, so that no padding lies between them: every view pays for it.
    //
    // The state marked `@exclusivity(unchecked)` has its runtime exclusivity checks off: a
    // tree is used by one thread at a time, and each access is a read or an in-place change
    // that calls no code able to reach the same property of the same view while it runs. The
    // checks were a runtime call in and out of every access.

    /// The tree's layout engine; every view of a tree points at the same one.
    @exclusivity(unchecked) var engine: LayoutEngine
    /// The solver variables of this view's frame.
    let node = LayoutNode()
    /// The superview, unretained. Not a strong reference, since the superview holds this view,
    /// and not a weak one: a weak reference would give the superview a side table, through
    /// which every retain and release of it would then go. A superview that goes away first
    /// clears it (`deinit`). Hot paths walk up the tree through it without retaining.
    @exclusivity(unchecked) var superviewReference: Unmanaged<View>?
    /// Hugging and compression resistance, horizontal then vertical; none until needed, as
    /// most views have no intrinsic size.
    @exclusivity(unchecked) var contentSizeConstraints = ContentSizeConstraints()
    /// The view's place in its engine's queue of intrinsic size updates, or -1.
    @exclusivity(unchecked) var intrinsicQueueIndex: Int32 = -1
    /// The view's place in its engine's list of width-dependent views, or -1.
    @exclusivity(unchecked) var widthDependentIndex: Int32 = -1
    // Layout pass flags; the `subtree` flags say that some descendant has the flag set.
    @exclusivity(unchecked) var needsLayoutFlag = true
    @exclusivity(unchecked) var subtreeNeedsLayout = false
    @exclusivity(unchecked) var needsUpdateConstraintsFlag = true
    @exclusivity(unchecked) var subtreeNeedsUpdateConstraints = false
    @exclusivity(unchecked) var isQueuedForIntrinsicUpdate = false
    @exclusivity(unchecked) var isWidthDependentInEngine = false
    @exclusivity(unchecked) var lastWidthDependence = false
    var translatesAutoresizingMaskStorage = true
    var contentHugging: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultLow, .defaultLow)
    var compressionResistance: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultHigh, .defaultHigh)
    var displayScaleStorage: CGFloat = 1

    // Geometry. The frame is in the superview's coordinates; the bounds share its size.
    var frameStorage: CGRect
    var boundsOrigin: CGPoint = .zero

    // Hierarchy.
    /// The view this one is a subview of, or `nil` for a root view.
    public internal(set) var superview: View? {
        get { superviewReference?.takeUnretainedValue() }
        set { superviewReference = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// The subviews, back to front.
    public internal(set) var subviews: [View] = []
    /// The layout guides this view owns, in the order they were added.
    public internal(set) var layoutGuides: [LayoutGuide] = []

    /// A name for the view, used instead of its address in constraint descriptions and
    /// unsatisfiable-constraint reports (`Label:avatar.leading`).
    public var accessibilityIdentifier: String?

    // Auto Layout state.
    var autoresizingMaskStorage: AutoresizingMask = []

    /// Constraints installed on this view by activation: what ``constraints`` lists.
    var installedConstraints: [LayoutConstraint?] = []
    var installedHoles = 0
    /// Constraints the view system made for this view: autoresizing, content size, guides.
    var autoresizingConstraints: [LayoutConstraint] = []
    var guideConstraints: [LayoutConstraint] = []
    var marginsGuideStorage: LayoutGuide?
    /// Drawing and interaction state that changes no size (UIKit's `backgroundColor`,
    /// `alpha`, ...), kept by key for the modules that spell it; empty for most views.
    package var storedOnlyValues: [String: Any] = [:]
    /// What few views set (margins, a root's safe area and size, some guides); see
    /// ``ViewExtras``.
    var extras: ViewExtras?
    /// ``alignmentRectInsets`` as first read, when it is not zero; read once, as UIKit's
    /// engine reads it when it adds a view's constraints.
    @exclusivity(unchecked) var alignmentInsetsStorage: EdgeInsets??

    // One-byte state last: after the 34 bytes of the insets above, six bytes end the object
    // on a word, with no padding between its fields.
    /// The content size category this view sets for its subtree, or `nil` to inherit it.
    var contentSizeCategoryStorage: ContentSizeCategory?
    /// The category of ``traitCollection`` as last resolved from the overrides above.
    var resolvedContentSizeCategory = ContentSizeCategory.default
    /// Whether the view is hidden. Hidden views still take part in layout, as in UIKit
    /// (a stack view collapses its hidden arranged subviews).
    public var isHidden = false {
        didSet { if isHidden != oldValue { superview?.subviewDidChangeHiddenState(self) } }
    }
    var semanticContentAttributeStorage = SemanticContentAttribute.unspecified
    var resolvedLayoutDirection = UserInterfaceLayoutDirection.leftToRight
    /// The trait environment's layout direction here, as last resolved.
    var resolvedEnvironmentDirection = UserInterfaceLayoutDirection.leftToRight

    /// Makes a view with the given frame; it translates its autoresizing mask into
    /// constraints until told otherwise, like a UIKit view made in code.
    public init(frame: CGRect) {
        frameStorage = frame.isFiniteRect ? frame : .zero
        engine = LayoutEngine()
        node.belong(to: self)
        engine.root = self
        engine.queueIntrinsicUpdate(of: self)
    }

    /// UIKit's archive initialiser, for nibs and storyboards: Fitsize reads no archives, so it
    /// reports ``LayoutError/archiveNotSupported(typeName:)`` to
    /// ``LayoutDiagnostics/errorHandler`` and returns `nil`. Required, as in UIKit, so that a
    /// subclass's `required init?(coder:)` and `super.init(coder:)` compile unchanged.
    public required init?(coder: NSCoder) {
        View.refuseArchive(Self.self)
        return nil
    }

    /// Reports that `type` was asked to load from an archive; the one message every
    /// `init?(coder:)` gives.
    package static func refuseArchive(_ type: AnyClass) {
        LayoutDiagnostics.report(.archiveNotSupported(typeName: String(describing: type)))
    }

    /// Makes a view with a zero frame.
    public convenience init() {
        self.init(frame: .zero)
    }

    deinit {
        // Nothing refers to a view weakly (see `superview`), so a view that goes away clears
        // every reference to it that can outlive it: its subviews' `superview`, its guides'
        // owning view, its node's view, the container (and engine) of each constraint
        // installed on it, and its places in the engine.
        engine.viewWillGoAway(self)
        let release = { (constraint: LayoutConstraint) in
            guard constraint.container === self else { return }
            constraint.indexInContainer = -1
            constraint.container = nil
            constraint.engine?.remove(constraint)
        }
        // A subview's autoresizing constraints are installed here, and the subview may outlive us.
        for subview in subviews where subview.superview === self {
            subview.autoresizingConstraints.forEach(release)
            subview.superview = nil
        }
        removeRootSizeConstraints()
        forEachOwnedConstraint(release)
        // An active constraint and the nodes of its items refer to each other; a view that
        // goes away clears the lists of its own nodes so that those pairs can go too.
        node.itemWillGoAway()
        for guide in layoutGuides {
            guide.node.constraints.removeAll()
            guide.owningView = nil
        }
    }

    /// The view's rectangle in its superview's coordinates. A frame that is not finite, or has
    /// a negative size, is refused and reported to ``LayoutDiagnostics/errorHandler``.
    /// With ``translatesAutoresizingMaskIntoConstraints`` the frame is what the layout engine
    /// keeps; otherwise the next layout pass replaces it.
    public var frame: CGRect {
        get { frameStorage }
        set {
            guard newValue.isFiniteRect, newValue.size.width >= 0, newValue.size.height >= 0 else {
                LayoutDiagnostics.report(.invalidGeometry(name: "frame", view: layoutDescriptionName))
                return
            }
            let sizeChanged = newValue.size != frameStorage.size
            frameStorage = newValue
            frameDidChangeFromOutside(sizeChanged: sizeChanged)
        }
    }

    /// The view's rectangle in its own coordinates: an origin (the scroll position, which
    /// layout ignores) and the frame's size. Setting the size keeps the centre.
    public var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: frameStorage.size) }
        set {
            guard newValue.isFiniteRect, newValue.size.width >= 0, newValue.size.height >= 0 else {
                LayoutDiagnostics.report(.invalidGeometry(name: "bounds", view: layoutDescriptionName))
                return
            }
            boundsOrigin = newValue.origin
            let center = self.center
            frame = CGRect(
                x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
                width: newValue.width, height: newValue.height)
        }
    }

    /// The centre of the frame, in the superview's coordinates.
    public var center: CGPoint {
        get { CGPoint(x: frameStorage.midX, y: frameStorage.midY) }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else {
                LayoutDiagnostics.report(.invalidGeometry(name: "center", view: layoutDescriptionName))
                return
            }
            frame.origin = CGPoint(
                x: newValue.x - frameStorage.width / 2, y: newValue.y - frameStorage.height / 2)
        }
    }

    /// The scale of the screen the tree is shown on (pixels per point). The root view's value
    /// sets the pixel grid that frames are rounded to, and that views which measure content
    /// round their intrinsic sizes to; default 1. Changing it re-reads the intrinsic sizes of
    /// the tree. A value that is not finite and positive is refused and reported to
    /// ``LayoutDiagnostics/errorHandler``.
    public var displayScale: CGFloat {
        get { displayScaleStorage }
        set {
            guard newValue.isFinite, newValue > 0 else {
                LayoutDiagnostics.report(.invalidGeometry(name: "displayScale", view: layoutDescriptionName))
                return
            }
            guard newValue != displayScaleStorage else { return }
            displayScaleStorage = newValue
            // Intrinsic sizes are ceiled to the pixel grid of the root's scale, and every frame
            // is rounded to it: each superview lays its subviews out again, as a solve only
            // reports the views whose variables moved.
            if superview == nil {
                for view in subtreeViews() {
                    view.invalidateIntrinsicContentSize()
                    if !view.subviews.isEmpty { view.setNeedsLayout() }
                }
            }
            rootView.setNeedsLayout()
        }
    }

    /// The display scale that governs this view's tree: its root's ``displayScale``.
    var rootDisplayScale: CGFloat {
        withEngine { $0.rootDisplayScale } ?? rootView.displayScaleStorage
    }

    /// Calls `body` with the tree's engine, not retained: the view holds the engine while
    /// `body` runs, so `body` must not move the view to another tree. Hot paths (a label's text
    /// set for each cell a list sizes) call the engine this way.
    @inline(__always)
    func withEngine<Result>(_ body: (LayoutEngine) -> Result) -> Result {
        Unmanaged.passUnretained(engine)._withUnsafeGuaranteedRef(body)
    }

    // MARK: Overridable hooks (extensions cannot hold overridable members)

    /// The size the view's content needs, or ``View/noIntrinsicMetric`` on an axis where it
    /// has none (the default for both). For each axis with a value the layout engine keeps
    /// `size <= intrinsic` at the content hugging priority and `size >= intrinsic` at the
    /// compression resistance priority. Call ``invalidateIntrinsicContentSize()`` when it changes.
    open var intrinsicContentSize: CGSize {
        CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// Whether ``intrinsicContentSize`` and the baseline offsets read only the view's own
    /// stored state and call no code that could add, remove or release views. The engine then
    /// updates a batch of such views without retaining each one. `true` for a plain `View`
    /// (its size is a constant), a `Label` and an `ImageView`, and `false` for any subclass
    /// that does not declare it: a subclass may override those members with code that changes
    /// the view tree.
    open var intrinsicContentSizeReadsOnlyOwnState: Bool { type(of: self) == View.self }

    /// The distance from the top edge to the first baseline of the view's text, or `nil` for a
    /// view without text, whose baselines are its bottom edge (the default). Text views
    /// override it; call ``invalidateIntrinsicContentSize()`` when it changes.
    open var firstBaselineOffsetFromTop: CGFloat? { nil }

    /// The distance from the last baseline of the view's text up to the bottom edge; 0 (the
    /// bottom edge) for a view without text. Call ``invalidateIntrinsicContentSize()`` when it
    /// changes.
    open var lastBaselineOffsetFromBottom: CGFloat { 0 }

    /// The height of the content a view centres vertically, for a view that draws its text in
    /// a box of this height centred in its bounds (a label, a button, a text field), or `nil`
    /// (the default) for a view whose text keeps to its edges whatever its height. The two
    /// baseline offsets are then measured within that box, and the baselines move with it:
    /// a view `d` points taller than the box has its baselines `d / 2` lower than its offsets
    /// alone place them. The engine keeps this linear in the view's top and height:
    /// `firstBaseline = top + 0.5 × height + (firstBaselineOffsetFromTop − 0.5 × box)` and
    /// `lastBaseline = top + 0.5 × height + (0.5 × box − lastBaselineOffsetFromBottom)`.
    /// Call ``invalidateIntrinsicContentSize()`` when it changes.
    open var verticallyCenteredContentHeight: CGFloat? { nil }

    /// Whether the intrinsic height depends on the width the view is given, as for a label
    /// with several lines and no preferred maximum width. The engine then lays the view out in
    /// two passes: it solves, calls ``prepareIntrinsicContentSize(forLayoutWidth:)`` with the
    /// width the view received, and if the view called ``invalidateIntrinsicContentSize()``
    /// there, updates the size constraints (a constant change) and solves again. Read each time
    /// the intrinsic size is invalidated. Default `false`.
    open var hasWidthDependentIntrinsicContentSize: Bool { false }

    /// The second-pass hook for views with ``hasWidthDependentIntrinsicContentSize``: measure
    /// the content at `width` and call ``invalidateIntrinsicContentSize()`` if the intrinsic
    /// size changes. Called after every solve, so do nothing when the width is the one already
    /// measured. The default does nothing.
    open func prepareIntrinsicContentSize(forLayoutWidth width: CGFloat) {}

    /// Updates the view's own constraints; called by the layout pass, from subviews up, for
    /// views marked with ``setNeedsUpdateConstraints()``. Override it to change constraints
    /// in one place; the default does nothing.
    open func updateConstraints() {}

    /// Whether the view needs constraint-based layout, UIKit's class property for views that
    /// make their constraints in ``updateConstraints()``; default `false`. Fitsize always
    /// calls ``updateConstraints()`` on a view's first layout pass, so the answer changes
    /// nothing; it is here so that a subclass overriding it compiles.
    open class var requiresConstraintBasedLayout: Bool { false }

    /// The insets from the view's frame to the rectangle its constraints align, UIKit's
    /// `alignmentRectInsets`; default zero. Override it for content that draws beyond the part
    /// other views should line up with (a shadow, a badge): the view's own constraints, its
    /// intrinsic content size and the constraints other views make with its edges, centres and
    /// size then refer to the alignment rectangle, and the frame is that rectangle outset by
    /// these insets. The frame still positions the view: autoresizing, the layout margins and
    /// ``systemLayoutSizeFitting(_:)`` results are the frame's. Read once, when the view's
    /// first constraint is added; insets that are not finite count as zero.
    open var alignmentRectInsets: EdgeInsets { .zero }

    /// The alignment rectangle for `frame`: `frame` inset by ``alignmentRectInsets``.
    open func alignmentRect(forFrame frame: CGRect) -> CGRect {
        let insets = alignmentRectInsets
        return CGRect(
            x: frame.minX + insets.left, y: frame.minY + insets.top,
            width: frame.width - insets.left - insets.right, height: frame.height - insets.top - insets.bottom)
    }

    /// The frame for `alignmentRect`: the rectangle outset by ``alignmentRectInsets``.
    open func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect {
        let insets = alignmentRectInsets
        return CGRect(
            x: alignmentRect.minX - insets.left, y: alignmentRect.minY - insets.top,
            width: alignmentRect.width + insets.left + insets.right,
            height: alignmentRect.height + insets.top + insets.bottom)
    }

    /// ``alignmentRectInsets`` as the engine uses them, or `nil` when they are zero.
    var engineAlignmentInsets: EdgeInsets? {
        if let stored = alignmentInsetsStorage { return stored }
        let insets = alignmentRectInsets
        let used: EdgeInsets? = insets == .zero || !insets.isFinite ? nil : insets
        alignmentInsetsStorage = .some(used)
        return used
    }

    /// Positions the subviews; called by the layout pass, from superviews down, for views
    /// marked with ``setNeedsLayout()`` or whose subviews' solved frames changed. The default
    /// gives each subview the frame the layout engine computed; call `super` when overriding.
    open func layoutSubviews() {
        applyEngineFramesToSubviews()
    }

    /// The size the view would like within `size`. The default returns the current size;
    /// controls override it. ``sizeToFit()`` uses it.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        frameStorage.size
    }

    /// Called after a subview's ``isHidden`` changed; a stack view re-arranges. Internal: a
    /// hook for the containers of this module, not a UIKit API.
    func subviewDidChangeHiddenState(_ subview: View) {}

    /// Called after a subview invalidated its intrinsic content size; a stack view that
    /// divides its length by intrinsic lengths re-arranges. Internal, like the hook above.
    func subviewDidInvalidateIntrinsicContentSize(_ subview: View) {}

    /// Called after the view's ``traitCollection`` changed (its own or an ancestor's
    /// ``contentSizeCategoryOverride`` was set, or the view moved to a tree with other
    /// traits), with the traits it had before; the text controls that adjust for the content
    /// size category have resized their fonts by then. The default does nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection) {}

    /// The guide that stands for this view's edges in constraints with its descendants, when
    /// that is not the view's frame: a scroll view's content area.
    var contentAreaGuide: LayoutGuide? { nil }

    /// Called before the view moves to a new superview (`nil` when it is removed).
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called after the view moved to a new superview, or was removed from one.
    open func didMoveToSuperview() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: View) {}
    /// Called before a subview is removed or moved elsewhere.
    open func willRemoveSubview(_ subview: View) {}

    /// The view as `Type:0x…`, or `Type:identifier` when it has an ``accessibilityIdentifier``,
    /// followed by its frame.
    open var description: String {
        "<\(layoutDescriptionName); frame = (\(frameStorage.origin.x) \(frameStorage.origin.y); "
            + "\(frameStorage.width) \(frameStorage.height))>"
    }

    /// The name constraint descriptions use for this view.
    package var layoutDescriptionName: String {
        String(describing: type(of: self)) + ":" + (accessibilityIdentifier ?? objectAddress(self))
    }
}

extension CGRect {
    var isFiniteRect: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}
