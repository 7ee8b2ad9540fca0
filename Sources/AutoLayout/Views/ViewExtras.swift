import Foundation

/// What few views set, kept out of line so that the others do not carry it in every view
/// object: margins away from UIKit's default, a root's safe area and size constraints, the
/// safe area and readable content guides, a layout direction override, preserving the
/// superview's margins. Made when the first of them is set to something else than its
/// default; until then ``View`` reads each as its default.
final class ViewExtras {
    /// UIKit's default layout margins: 8 points on every side.
    static let defaultMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// The same margins with leading and trailing sides.
    static let defaultDirectionalMargins = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)

    var margins = ViewExtras.defaultMargins
    var directionalMargins = ViewExtras.defaultDirectionalMargins
    var marginsAreDirectional = false
    var rootSafeAreaInsets: EdgeInsets?
    var safeAreaGuide: LayoutGuide?
    var safeAreaConstraints: [LayoutConstraint] = []
    var insetsMarginsFromSafeArea = true
    var preservesSuperviewMargins = false
    var readableGuide: LayoutGuide?
    var rootSizeConstraints: [LayoutConstraint] = []
    var layoutDirectionOverride: UserInterfaceLayoutDirection?
}

extension View {
    /// `extras`, made if the view has none yet.
    private var madeExtras: ViewExtras {
        if let extras { return extras }
        let made = ViewExtras()
        extras = made
        return made
    }

    /// Stores `value` through `keyPath`, unless the view has no extras and `value` is the
    /// default they would start with (`isDefault`): reading the default back needs no object.
    private func store<Value>(_ value: Value, _ keyPath: ReferenceWritableKeyPath<ViewExtras, Value>, isDefault: Bool) {
        if let extras {
            extras[keyPath: keyPath] = value
        } else if !isDefault {
            madeExtras[keyPath: keyPath] = value
        }
    }

    var marginsStorage: EdgeInsets {
        get { extras?.margins ?? ViewExtras.defaultMargins }
        set { store(newValue, \.margins, isDefault: newValue == ViewExtras.defaultMargins) }
    }
    var directionalMarginsStorage: DirectionalEdgeInsets {
        get { extras?.directionalMargins ?? ViewExtras.defaultDirectionalMargins }
        set { store(newValue, \.directionalMargins, isDefault: newValue == ViewExtras.defaultDirectionalMargins) }
    }
    var marginsAreDirectional: Bool {
        get { extras?.marginsAreDirectional ?? false }
        set { store(newValue, \.marginsAreDirectional, isDefault: !newValue) }
    }
    /// The safe area insets this view gives its subtree as a root (a window's), or `nil`.
    var rootSafeAreaInsetsStorage: EdgeInsets? {
        get { extras?.rootSafeAreaInsets }
        set { store(newValue, \.rootSafeAreaInsets, isDefault: newValue == nil) }
    }
    var safeAreaGuideStorage: LayoutGuide? {
        get { extras?.safeAreaGuide }
        set { store(newValue, \.safeAreaGuide, isDefault: newValue == nil) }
    }
    var safeAreaConstraints: [LayoutConstraint] {
        get { extras?.safeAreaConstraints ?? [] }
        set { store(newValue, \.safeAreaConstraints, isDefault: newValue.isEmpty) }
    }
    var insetsMarginsFromSafeAreaStorage: Bool {
        get { extras?.insetsMarginsFromSafeArea ?? true }
        set { store(newValue, \.insetsMarginsFromSafeArea, isDefault: newValue) }
    }
    var preservesSuperviewMarginsStorage: Bool {
        get { extras?.preservesSuperviewMargins ?? false }
        set { store(newValue, \.preservesSuperviewMargins, isDefault: !newValue) }
    }
    var readableGuideStorage: LayoutGuide? {
        get { extras?.readableGuide }
        set { store(newValue, \.readableGuide, isDefault: newValue == nil) }
    }
    var rootSizeConstraints: [LayoutConstraint] {
        get { extras?.rootSizeConstraints ?? [] }
        set { store(newValue, \.rootSizeConstraints, isDefault: newValue.isEmpty) }
    }
    /// The layout direction this view sets for its trait environment, if it sets one.
    var layoutDirectionOverrideStorage: UserInterfaceLayoutDirection? {
        get { extras?.layoutDirectionOverride }
        set { store(newValue, \.layoutDirectionOverride, isDefault: newValue == nil) }
    }
}
