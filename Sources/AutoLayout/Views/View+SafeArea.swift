import Foundation

extension View {
    /// The safe area insets this view has as the root of a screen, as a window gives them to
    /// its root view (a status bar, a home indicator); `nil` (the default) for none. Values
    /// that are not finite or are negative are refused and reported to
    /// ``LayoutDiagnostics/errorHandler``.
    public var safeAreaInsetsOverride: EdgeInsets? {
        get { rootSafeAreaInsetsStorage }
        set {
            if let newValue, !newValue.isFinite || min(newValue.top, newValue.left, newValue.bottom, newValue.right) < 0 {
                LayoutDiagnostics.report(.invalidGeometry(name: "safeAreaInsetsOverride", view: layoutDescriptionName))
                return
            }
            guard newValue != rootSafeAreaInsetsStorage else { return }
            rootSafeAreaInsetsStorage = newValue
            safeAreaDidChange()
        }
    }

    /// The insets of the safe area from the view's edges, UIKit's `safeAreaInsets`: the
    /// ``safeAreaInsetsOverride`` of a view given one, zero for every other view. UIKit
    /// also gives a subview the part of its window's insets that its frame overlaps; Fitsize
    /// does not pass insets down, so a cell's safe area is its bounds.
    public var safeAreaInsets: EdgeInsets { rootSafeAreaInsetsStorage ?? .zero }

    /// A guide for the view's area inside ``safeAreaInsets``, UIKit's `safeAreaLayoutGuide`.
    public var safeAreaLayoutGuide: LayoutGuide {
        if let guide = safeAreaGuideStorage { return guide }
        let (guide, constraints) = makeInsetGuide(
            identifier: "UIViewSafeAreaLayoutGuide", insets: safeAreaInsets,
            constraintNames: [.leftSafeArea, .rightSafeArea, .topSafeArea, .bottomSafeArea])
        safeAreaGuideStorage = guide
        safeAreaConstraints = constraints
        return guide
    }

    /// Whether the safe area insets are added to the layout margins, UIKit's
    /// `insetsLayoutMarginsFromSafeArea`; default `true`, as in UIKit.
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { insetsMarginsFromSafeAreaStorage }
        set {
            guard newValue != insetsMarginsFromSafeAreaStorage else { return }
            insetsMarginsFromSafeAreaStorage = newValue
            marginsDidChange()
        }
    }

    /// Moves the safe area guide and the margins to the new insets.
    private func safeAreaDidChange() {
        if safeAreaConstraints.count == 4 { moveInsetGuide(safeAreaConstraints[0..<4], to: safeAreaInsets) }
        marginsDidChange()
    }
}
