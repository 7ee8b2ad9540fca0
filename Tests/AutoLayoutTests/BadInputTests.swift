import Foundation
import DiagnosticsRecording
import Testing

@testable import AutoLayout

/// Input a program can get wrong must be reported, never crash, and leave the state as it was.
@Suite struct BadInputTests {
    @Test func constraintWhoseItemWasDeallocatedCannotBeActivated() {
        let root = makeRoot()
        root.accessibilityIdentifier = "dealloc-item-test"
        var constraint: LayoutConstraint?
        do {
            let temporary = View()
            constraint = root.widthAnchor.constraint(equalTo: temporary.widthAnchor)
        }
        let recorder = DiagnosticsRecorder.record(errorsContaining: "dealloc-item-test") {
            constraint?.isActive = true
        }
        #expect(constraint?.isActive == false)
        #expect(recorder.errors.count == 1)
        #expect(constraint?.secondItem == nil)
    }

    @Test func nonFiniteIntrinsicSizesAreIgnored() {
        final class Broken: View {
            override var intrinsicContentSize: CGSize { CGSize(width: CGFloat.nan, height: .infinity) }
        }
        let root = makeRoot()
        let view = Broken()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.widthAnchor.constraint(equalToConstant: 10),
            view.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
        var contentSizeConstraintCount = 0
        view.contentSizeConstraints.forEach { _ in contentSizeConstraintCount += 1 }
        #expect(contentSizeConstraintCount == 0)
    }

    @Test func invalidScaleMarginsAndPrioritiesAreRefused() {
        let view = View()
        view.accessibilityIdentifier = "refusals-test"
        let recorder = DiagnosticsRecorder.record(errorsContaining: "refusals-test") {
            view.displayScale = 0
            view.layoutMargins = EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
            view.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: .infinity, bottom: 0, trailing: 0)
            view.setContentHuggingPriority(LayoutPriority(-3), for: .horizontal)
            view.setContentCompressionResistancePriority(LayoutPriority(.nan), for: .vertical)
            view.center = CGPoint(x: CGFloat.nan, y: 0)
            view.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
        }
        #expect(recorder.errors.count == 7)
        #expect(view.displayScale == 1)
        #expect(view.layoutMargins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(view.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(view.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
        #expect(view.frame == .zero)
    }

    @Test func operationsOnEmptyOrDetachedViewsAreHarmless() {
        let view = View()
        view.removeFromSuperview()
        view.layoutIfNeeded()
        view.exerciseAmbiguityInLayout()
        // A root that translates its mask is held at its frame size while laid out.
        #expect(view.constraintsAffectingLayout(for: .horizontal).map(\.identifier) == ["View-Encapsulated-Layout-Width"])
        #expect(view.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == .zero)
        LayoutConstraint.activate([])
        LayoutConstraint.deactivate([view.widthAnchor.constraint(equalToConstant: 3)])
        view.removeConstraint(view.widthAnchor.constraint(equalToConstant: 3))
        #expect(view.constraints.isEmpty)
    }

    @Test func unsatisfiableSetsNeverStopLayout() {
        let root = makeRoot()
        let view = makeSubview(of: root)
        let constraints = (0..<10).map { view.widthAnchor.constraint(equalToConstant: CGFloat(10 + $0)) }
        let recorder = DiagnosticsRecorder.record(reportsInvolving: constraints) {
            LayoutConstraint.activate(constraints + [
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                view.topAnchor.constraint(equalTo: root.topAnchor),
                view.heightAnchor.constraint(equalToConstant: 5),
            ])
            root.layoutIfNeeded()
        }
        #expect(recorder.reports.count == 9)
        #expect(view.frame.width == 10)
    }
}
