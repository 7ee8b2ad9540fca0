import Foundation

/// A view that shows a region of content larger than itself, as UIKit's `UIScrollView`.
///
/// Two guides connect the content to Auto Layout:
/// - ``contentLayoutGuide`` is the content area: its origin is the content's origin, and its
///   size is ``contentSize``. Pin subviews' edges to it (and give them a size) and the
///   constraints decide the content size: a vertical stack pinned to its four edges makes
///   the content exactly as tall as the stack.
/// - ``frameLayoutGuide`` is the scroll view's own frame, wherever the content is scrolled:
///   pin a subview's width to its width to stop horizontal scrolling.
///
/// Without the guides, as UIKit has it: constraints between the scroll view's own edges or
/// centres and its descendants relate to the content area, and its width, height and
/// constraints to views outside it relate to its frame; so a content view pinned to the four
/// edges with its width equal to the scroll view's scrolls vertically.
///
/// Subviews' frames are in content coordinates, as in UIKit. When no constraint decides the
/// content guide's size, it falls back, at the lowest priority (1), to the size last given
/// to ``contentSize`` (zero at first), so that it is never ambiguous.
open class ScrollView: View {
    /// The content area; its size is ``contentSize``.
    public let contentLayoutGuide = LayoutGuide(identifier: "ScrollViewContentLayoutGuide")
    /// The scroll view's frame, in content coordinates.
    public let frameLayoutGuide = LayoutGuide(identifier: "ScrollViewFrameLayoutGuide")

    /// The fallback size, and the constraints that tie the guides to the view.
    private var fallbackContentSize = CGSize.zero
    private var contentFallbackConstraints: [LayoutConstraint] = []
    private var framePositionConstraints: [LayoutConstraint] = []

    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Makes a scroll view with empty content.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        // The margins guide's constraints lead the list of guide constraints (margin changes
        // update them by position), so it is made before the scroll view's own are added.
        _ = layoutMarginsGuide
        addLayoutGuide(contentLayoutGuide)
        addLayoutGuide(frameLayoutGuide)
        let content = contentLayoutGuide.node
        let frameGuide = frameLayoutGuide.node
        makeGuideConstraint(content, .left, node, .left, .scrollContentLeft)
        makeGuideConstraint(content, .top, node, .top, .scrollContentTop)
        contentFallbackConstraints = [
            makeGuideConstraint(content, .width, nil, .notAnAttribute, .scrollContentWidth, priority: 1),
            makeGuideConstraint(content, .height, nil, .notAnAttribute, .scrollContentHeight, priority: 1),
        ]
        framePositionConstraints = [
            makeGuideConstraint(frameGuide, .left, node, .left, .scrollFrameLeft),
            makeGuideConstraint(frameGuide, .top, node, .top, .scrollFrameTop),
        ]
        makeGuideConstraint(frameGuide, .width, node, .width, .scrollFrameWidth)
        makeGuideConstraint(frameGuide, .height, node, .height, .scrollFrameHeight)
    }

    @discardableResult
    private func makeGuideConstraint(
        _ first: LayoutNode, _ attribute: LayoutAttribute, _ second: LayoutNode?, _ secondAttribute: LayoutAttribute,
        _ name: EngineIdentifier, priority: LayoutPriority = .required
    ) -> LayoutConstraint {
        let constraint = LayoutConstraint(
            unchecked: first, attribute, .equal, second, secondAttribute, multiplier: 1, constant: 0,
            priority: priority, origin: .guide)
        constraint.engineIdentifier = name
        guideConstraints.append(constraint)
        install(constraint, listed: false)
        return constraint
    }

    /// The content area: the scroll view's edges, in a constraint with one of its descendants,
    /// are its ``contentLayoutGuide``'s.
    override var contentAreaGuide: LayoutGuide? { contentLayoutGuide }

    /// The size of the content: the content layout guide's size as of the last layout pass.
    /// Setting it sets the size used when no constraint decides the guide's size; a size
    /// that is negative or not finite is refused and reported to
    /// ``LayoutDiagnostics/errorHandler``.
    open var contentSize: CGSize {
        get { contentLayoutGuide.layoutFrame.size }
        set {
            guard newValue.width.isFinite, newValue.height.isFinite, newValue.width >= 0, newValue.height >= 0 else {
                LayoutDiagnostics.report(.invalidGeometry(name: "contentSize", view: layoutDescriptionName))
                return
            }
            guard newValue != fallbackContentSize else { return }
            fallbackContentSize = newValue
            contentFallbackConstraints[0].constant = newValue.width
            contentFallbackConstraints[1].constant = newValue.height
            setNeedsLayout()
        }
    }

    /// How far the content is scrolled: the origin of the bounds. Layout does not move the
    /// content; it moves the ``frameLayoutGuide`` (and what is pinned to it). A point that is
    /// not finite is refused and reported to ``LayoutDiagnostics/errorHandler``.
    public var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else {
                LayoutDiagnostics.report(.invalidGeometry(name: "contentOffset", view: layoutDescriptionName))
                return
            }
            guard newValue != bounds.origin else { return }
            boundsOrigin = newValue
            framePositionConstraints[0].constant = newValue.x
            framePositionConstraints[1].constant = newValue.y
            setNeedsLayout()
        }
    }
}
