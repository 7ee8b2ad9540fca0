/// The identifier of a constraint the engine makes itself (a stack view's arrangement, a
/// guide's edges, the fitting and root-size constraints), stored in one byte.
///
/// Most constraints of a large layout are the engine's own, and each carries one of these few
/// names. A constraint keeps the case (``LayoutConstraint/engineIdentifier``) and only an
/// identifier set through ``LayoutConstraint/identifier`` as a string, with its extras, so
/// that its object does not hold a 16-byte string field for a name the engine gave it.
enum EngineIdentifier: UInt8, CaseIterable {
    // A stack view's arrangement (see ``StackView/ConstraintIdentifier``).
    case canvasConnection, spacing, alignment, spanningBoundary, spanningFit, ambiguitySuppression
    case fillEqually, fillProportionally, distributing, hiding, fillOrder, nonNegative, baselineTop
    // The size of a view without a superview, from its frame.
    case rootWidth, rootHeight
    // The targets of `systemLayoutSizeFitting`.
    case fittingWidth, fittingHeight
    // A view's readable content guide, and the four edges of its margins and safe-area guides
    // (left, right, top, bottom, the order of `View.makeInsetGuide`).
    case readableContent
    case leftMargin, rightMargin, topMargin, bottomMargin
    case leftSafeArea, rightSafeArea, topSafeArea, bottomSafeArea
    // A scroll view's content and frame guides.
    case scrollContentLeft, scrollContentTop, scrollContentWidth, scrollContentHeight
    case scrollFrameLeft, scrollFrameTop, scrollFrameWidth, scrollFrameHeight

    /// The identifier as UIKit-style code reads it from ``LayoutConstraint/identifier``.
    var name: String {
        switch self {
        case .canvasConnection: StackView.ConstraintIdentifier.canvasConnection
        case .spacing: StackView.ConstraintIdentifier.spacing
        case .alignment: StackView.ConstraintIdentifier.alignment
        case .spanningBoundary: StackView.ConstraintIdentifier.spanningBoundary
        case .spanningFit: StackView.ConstraintIdentifier.spanningFit
        case .ambiguitySuppression: StackView.ConstraintIdentifier.ambiguitySuppression
        case .fillEqually: StackView.ConstraintIdentifier.fillEqually
        case .fillProportionally: StackView.ConstraintIdentifier.fillProportionally
        case .distributing: StackView.ConstraintIdentifier.distributing
        case .hiding: StackView.ConstraintIdentifier.hiding
        case .fillOrder: StackView.ConstraintIdentifier.fillOrder
        case .nonNegative: StackView.ConstraintIdentifier.nonNegative
        case .baselineTop: StackView.ConstraintIdentifier.baselineTop
        case .rootWidth: "View-Encapsulated-Layout-Width"
        case .rootHeight: "View-Encapsulated-Layout-Height"
        case .fittingWidth: "View-Fitting-Width"
        case .fittingHeight: "View-Fitting-Height"
        case .readableContent: "View-readableContentGuide-constraint"
        case .leftMargin: "View-leftMargin-guide-constraint"
        case .rightMargin: "View-rightMargin-guide-constraint"
        case .topMargin: "View-topMargin-guide-constraint"
        case .bottomMargin: "View-bottomMargin-guide-constraint"
        case .leftSafeArea: "UIViewSafeAreaLayoutGuide-left"
        case .rightSafeArea: "UIViewSafeAreaLayoutGuide-right"
        case .topSafeArea: "UIViewSafeAreaLayoutGuide-top"
        case .bottomSafeArea: "UIViewSafeAreaLayoutGuide-bottom"
        case .scrollContentLeft: "ScrollView-content-left"
        case .scrollContentTop: "ScrollView-content-top"
        case .scrollContentWidth: "ScrollView-content-width"
        case .scrollContentHeight: "ScrollView-content-height"
        case .scrollFrameLeft: "ScrollView-frame-left"
        case .scrollFrameTop: "ScrollView-frame-top"
        case .scrollFrameWidth: "ScrollView-frame-width"
        case .scrollFrameHeight: "ScrollView-frame-height"
        }
    }
}
