import Foundation

/// UIKit's autoresizing as linear constraints.
///
/// Along each axis a frame splits its superview's extent into three parts: the start margin,
/// the size and the end margin. When the superview's extent changes by Δ, the flexible parts
/// share Δ in proportion to their current lengths (equally when those lengths add up to 0);
/// with no flexible part the end margin absorbs it, which is why UIKit writes an empty mask
/// as `h=--&`. Position and size are therefore linear in the superview's extent `E`:
/// `minX = x₀ + s_start·(E − E₀)` and `width = w₀ + s_size·(E − E₀)`.
struct AutoresizingAxis: Equatable {
    var positionMultiplier: CGFloat
    var positionConstant: CGFloat
    var sizeMultiplier: CGFloat
    var sizeConstant: CGFloat
    /// Which of start margin, size and end margin are flexible.
    var flexibility: AutoresizingNotation.Axis

    init(position: CGFloat, size: CGFloat, extent: CGFloat, flexibleStart: Bool, flexibleSize: Bool, flexibleEnd: Bool) {
        let end = extent - position - size
        let anyFlexible = flexibleStart || flexibleSize || flexibleEnd
        let flexible = (start: flexibleStart, size: flexibleSize, end: flexibleEnd || !anyFlexible)
        let total = (flexible.start ? position : 0) + (flexible.size ? size : 0) + (flexible.end ? end : 0)
        let count = CGFloat([flexible.start, flexible.size, flexible.end].filter { $0 }.count)
        func share(_ length: CGFloat, _ isFlexible: Bool) -> CGFloat {
            guard isFlexible else { return 0 }
            return total != 0 ? length / total : 1 / count
        }
        let startShare = share(position, flexible.start)
        let sizeShare = share(size, flexible.size)
        positionMultiplier = startShare
        positionConstant = position - startShare * extent
        sizeMultiplier = sizeShare
        sizeConstant = size - sizeShare * extent
        flexibility = AutoresizingNotation.Axis(start: flexible.start, size: flexible.size, end: flexible.end)
    }
}

extension View {
    /// Whether the view's frame and ``autoresizingMask`` become required constraints
    /// (true by default, as for UIKit views made in code). Turn it off for views positioned
    /// by your own constraints; left on, those constraints conflict with the frame's.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { translatesAutoresizingMaskStorage }
        set {
            guard newValue != translatesAutoresizingMaskStorage else { return }
            translatesAutoresizingMaskStorage = newValue
            updateAutoresizingConstraints()
            if superview == nil { updateRootSizeConstraints() }
            engine.queueIntrinsicUpdate(of: self)
        }
    }

    /// How the view's frame follows its superview's size while
    /// ``translatesAutoresizingMaskIntoConstraints`` is true; empty by default.
    public var autoresizingMask: AutoresizingMask {
        get { autoresizingMaskStorage }
        set {
            autoresizingMaskStorage = newValue
            updateAutoresizingConstraints()
        }
    }

    /// Brings the autoresizing constraints in line with the frame, the mask and the superview's
    /// current size; constant changes when their shape is unchanged.
    func updateAutoresizingConstraints() {
        guard let superview, translatesAutoresizingMaskStorage else {
            removeAutoresizingConstraints()
            return
        }
        let mask = autoresizingMaskStorage
        let extent = superview.frameStorage.size
        let horizontal = AutoresizingAxis(
            position: frameStorage.minX, size: frameStorage.width, extent: extent.width,
            flexibleStart: mask.contains(.flexibleLeftMargin), flexibleSize: mask.contains(.flexibleWidth),
            flexibleEnd: mask.contains(.flexibleRightMargin))
        let vertical = AutoresizingAxis(
            position: frameStorage.minY, size: frameStorage.height, extent: extent.height,
            flexibleStart: mask.contains(.flexibleTopMargin), flexibleSize: mask.contains(.flexibleHeight),
            flexibleEnd: mask.contains(.flexibleBottomMargin))
        let notation = AutoresizingNotation(horizontal: horizontal.flexibility, vertical: vertical.flexibility)
        let values: [(CGFloat, CGFloat)] = [
            (horizontal.positionMultiplier, horizontal.positionConstant),
            (horizontal.sizeMultiplier, horizontal.sizeConstant),
            (vertical.positionMultiplier, vertical.positionConstant),
            (vertical.sizeMultiplier, vertical.sizeConstant),
        ]
        if autoresizingConstraints.count == 4, autoresizingConstraints[0].container === superview,
            autoresizingConstraints[0].origin == .autoresizing(notation: notation)
        {
            for (constraint, (multiplier, constant)) in zip(autoresizingConstraints, values)
            where constraint.multiplier != multiplier || constraint.constantValue != constant {
                constraint.multiplier = multiplier
                constraint.constantValue = constant
                engine.refresh(constraint)
            }
            return
        }
        removeAutoresizingConstraints()
        let attributes: [(LayoutAttribute, LayoutAttribute)] = [
            (.left, .width), (.width, .width), (.top, .height), (.height, .height),
        ]
        for ((attribute, extentAttribute), (multiplier, constant)) in zip(attributes, values) {
            let constraint = LayoutConstraint(
                unchecked: node, attribute, .equal, superview.node, extentAttribute,
                multiplier: multiplier, constant: constant, origin: .autoresizing(notation: notation))
            autoresizingConstraints.append(constraint)
            superview.install(constraint, listed: false)
        }
    }

    func removeAutoresizingConstraints() {
        for constraint in autoresizingConstraints { constraint.container?.uninstall(constraint) }
        autoresizingConstraints.removeAll()
    }

    // MARK: Root size

    /// Holds a root view that translates its autoresizing mask at its frame size while it is
    /// laid out (UIKit's encapsulated layout size). A root with the translation off is sized
    /// by its constraints instead, and the layout pass gives it the solved size.
    func updateRootSizeConstraints() {
        guard superview == nil, translatesAutoresizingMaskStorage else {
            removeRootSizeConstraints()
            return
        }
        let size = [frameStorage.width, frameStorage.height]
        if rootSizeConstraints.count == 2 {
            for (constraint, value) in zip(rootSizeConstraints, size) where constraint.constantValue != value {
                constraint.constantValue = value
                engine.refresh(constraint)
            }
            return
        }
        for (attribute, value, name) in [(LayoutAttribute.width, size[0], EngineIdentifier.rootWidth), (.height, size[1], .rootHeight)] {
            let constraint = LayoutConstraint(
                unchecked: node, attribute, .equal, nil, .notAnAttribute, multiplier: 1,
                constant: value, origin: .rootSize)
            constraint.engineIdentifier = name
            rootSizeConstraints.append(constraint)
            install(constraint, listed: false)
        }
    }

    func removeRootSizeConstraints() {
        for constraint in rootSizeConstraints { constraint.container?.uninstall(constraint) }
        rootSizeConstraints.removeAll()
    }

    /// Calls `body` with every constraint that belongs to the view's subtree on its behalf:
    /// those installed on it and those the view system made for it. They move with the view
    /// between engines.
    func forEachOwnedConstraint(_ body: (LayoutConstraint) -> Void) {
        for case let constraint? in installedConstraints { body(constraint) }
        for constraint in autoresizingConstraints { body(constraint) }
        contentSizeConstraints.forEach(body)
        for constraint in guideConstraints { body(constraint) }
    }

    /// A frame set by the program: a view that translates its mask keeps it by constraint.
    func frameDidChangeFromOutside(sizeChanged: Bool) {
        if superview != nil {
            if translatesAutoresizingMaskStorage { updateAutoresizingConstraints() }
        } else if !rootSizeConstraints.isEmpty {
            updateRootSizeConstraints()
        }
        if sizeChanged { setNeedsLayout() }
        // The distances to the superview's edges, and the subviews' to this view's, decide
        // the margins of views that preserve their superview's.
        if preservesSuperviewMarginsStorage { marginsDidChange() } else if sizeChanged { subviewsMoved() }
    }
}
