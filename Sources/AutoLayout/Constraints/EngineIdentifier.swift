/// The identifier of a constraint the engine makes itself (a stack view's arrangement, a
/// guide's edges, the fitting and root-size constraints), stored in one byte; its raw value
/// is the name UIKit-style code reads from ``LayoutConstraint/identifier``.
///
/// Most constraints of a large layout are the engine's own, and each carries one of these few
/// names. A constraint keeps the case (``LayoutConstraint/engineIdentifier``) and only an
/// identifier set through ``LayoutConstraint/identifier`` as a string, with its extras, so
/// that its object does not hold a 16-byte string field for a name the engine gave it.
enum EngineIdentifier: String {
    // A stack view's arrangement (``StackView/ConstraintIdentifier`` gives these names
    // out under the same case names).
    case canvasConnection = "SV-canvas-connection"
    case spacing = "SV-spacing"
    case alignment = "SV-alignment"
    case spanningBoundary = "SV-spanning-boundary"
    case spanningFit = "SV-spanning-fit"
    case ambiguitySuppression = "SV-ambiguity-suppression"
    case fillEqually = "SV-fill-equally"
    case fillProportionally = "SV-fill-proportionally"
    case distributing = "SV-distributing"
    case hiding = "SV-hiding"
    case fillOrder = "SV-fill-order"
    case nonNegative = "SV-non-negative"
    case baselineTop = "SV-baseline-top"
    // The size of a view without a superview, from its frame.
    case rootWidth = "View-Encapsulated-Layout-Width"
    case rootHeight = "View-Encapsulated-Layout-Height"
    // The targets of `systemLayoutSizeFitting`.
    case fittingWidth = "View-Fitting-Width"
    case fittingHeight = "View-Fitting-Height"
    // A view's readable content guide, and the four edges of its margins and safe-area guides
    // (left, right, top, bottom, the order of `View.makeInsetGuide`).
    case readableContent = "View-readableContentGuide-constraint"
    case leftMargin = "View-leftMargin-guide-constraint"
    case rightMargin = "View-rightMargin-guide-constraint"
    case topMargin = "View-topMargin-guide-constraint"
    case bottomMargin = "View-bottomMargin-guide-constraint"
    case leftSafeArea = "UIViewSafeAreaLayoutGuide-left"
    case rightSafeArea = "UIViewSafeAreaLayoutGuide-right"
    case topSafeArea = "UIViewSafeAreaLayoutGuide-top"
    case bottomSafeArea = "UIViewSafeAreaLayoutGuide-bottom"
    // A scroll view's content and frame guides.
    case scrollContentLeft = "ScrollView-content-left"
    case scrollContentTop = "ScrollView-content-top"
    case scrollContentWidth = "ScrollView-content-width"
    case scrollContentHeight = "ScrollView-content-height"
    case scrollFrameLeft = "ScrollView-frame-left"
    case scrollFrameTop = "ScrollView-frame-top"
    case scrollFrameWidth = "ScrollView-frame-width"
    case scrollFrameHeight = "ScrollView-frame-height"
}
