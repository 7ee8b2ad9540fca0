/// What a view's content means for the layout direction, as in UIKit.
///
/// ``View/effectiveUserInterfaceLayoutDirection`` follows from it: `.forceRightToLeft` is
/// right-to-left; `.playback`, `.spatial` and `.forceLeftToRight` are left-to-right; and
/// `.unspecified` takes the trait environment's direction (``View/layoutDirectionOverride`` of
/// the view or its nearest ancestor that sets one, else left-to-right), never a superview's
/// forced attribute.
public enum SemanticContentAttribute: Int, Sendable, Hashable, CaseIterable {
    /// No preference: the view follows its trait environment's direction.
    case unspecified = 0
    /// Playback controls, which stay left-to-right in every language.
    case playback = 1
    /// Spatial controls (such as a directional pad), which stay left-to-right.
    case spatial = 2
    /// Always left-to-right.
    case forceLeftToRight = 3
    /// Always right-to-left.
    case forceRightToLeft = 4
}

/// The direction in which leading-to-trailing runs.
public enum UserInterfaceLayoutDirection: Int, Sendable, Hashable, CaseIterable {
    /// Leading is left, trailing is right.
    case leftToRight = 0
    /// Leading is right, trailing is left.
    case rightToLeft = 1
}
