import Foundation
import DiagnosticsRecording
import Testing

@testable import AutoLayout

@Suite struct FittingSizeTests {
    /// A cell: a title of intrinsic size 120×20 above a body of 200×60, 10 points of padding.
    private func makeCell() -> (View, IntrinsicSizeView, IntrinsicSizeView) {
        let cell = View(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        let title = IntrinsicSizeView(120, 20)
        let body = IntrinsicSizeView(200, 60)
        cell.addSubview(title)
        cell.addSubview(body)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 10),
            title.topAnchor.constraint(equalTo: cell.topAnchor, constant: 10),
            title.trailingAnchor.constraint(lessThanOrEqualTo: cell.trailingAnchor, constant: -10),
            body.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 10),
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            body.trailingAnchor.constraint(lessThanOrEqualTo: cell.trailingAnchor, constant: -10),
            body.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -10),
        ])
        return (cell, title, body)
    }

    @Test func compressedFittingSizeIsTheSmallestSizeTheContentAllows() {
        let (cell, _, _) = makeCell()
        let size = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(size == CGSize(width: 220, height: 108))
    }

    @Test func fittingDoesNotMoveTheViewOrItsSubviews() {
        let (cell, title, _) = makeCell()
        cell.frame.size = CGSize(width: 320, height: 108)
        cell.layoutIfNeeded()
        let cellFrame = cell.frame
        let titleFrame = title.frame
        _ = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(cell.frame == cellFrame)
        #expect(title.frame == titleFrame)
        cell.layoutIfNeeded()
        #expect(title.frame == titleFrame)
    }

    @Test func requiredWidthAndFittingHeightGiveTheCellHeightAtThatWidth() {
        let (cell, _, body) = makeCell()
        body.setContentCompressionResistancePriority(.defaultHigh, for: .horizontal)
        let size = cell.systemLayoutSizeFitting(
            CGSize(width: 375, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(size == CGSize(width: 375, height: 108))
    }

    @Test func expandedFittingSizeGrowsWhereNothingHolds() {
        let (cell, _, _) = makeCell()
        let size = cell.systemLayoutSizeFitting(
            View.layoutFittingExpandedSize, withHorizontalFittingPriority: .defaultLow - 1,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(size.height == 108)
        #expect(size.width == View.layoutFittingExpandedSize.width)
    }

    @Test func fittingReusesTheTreesEngineWithoutLeavingConstraintsBehind() throws {
        let (cell, _, _) = makeCell()
        cell.layoutIfNeeded()
        let engine = cell.engine
        let solver = engine.solver
        _ = cell.systemLayoutSizeFitting(CGSize(width: 300, height: 0))
        _ = cell.systemLayoutSizeFitting(CGSize(width: 250, height: 0))
        #expect(cell.engine === engine)
        #expect(engine.solver === solver)
        cell.layoutIfNeeded()
        #expect(cell.constraints.count == 7)
        #expect(cell.frame.size == CGSize(width: 320, height: 44))
    }

    @Test func fittingASubviewOfATreeUsesTheSameEngine() {
        let root = makeRoot()
        let (cell, _, _) = makeCell()
        cell.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(cell)
        cell.leadingAnchor.constraint(equalTo: root.leadingAnchor).isActive = true
        cell.topAnchor.constraint(equalTo: root.topAnchor).isActive = true
        let size = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(size == CGSize(width: 220, height: 108))
        #expect(cell.engine === root.engine)
    }

    @Test func invalidTargetSizeIsReportedAndTheCurrentSizeReturned() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 12, height: 34))
        view.accessibilityIdentifier = "fitting-nan-test"
        var size = CGSize.zero
        let recorder = DiagnosticsRecorder.record(errorsContaining: "fitting-nan-test") {
            size = view.systemLayoutSizeFitting(CGSize(width: CGFloat.nan, height: 0))
        }
        #expect(size == CGSize(width: 12, height: 34))
        #expect(recorder.errors.count == 1)
    }

    @Test func sizeToFitUsesSizeThatFits() {
        final class Fixed: View {
            override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 42, height: 17) }
        }
        let view = Fixed(frame: CGRect(x: 3, y: 4, width: 0, height: 0))
        view.sizeToFit()
        #expect(view.frame == CGRect(x: 3, y: 4, width: 42, height: 17))
        #expect(View(frame: CGRect(x: 0, y: 0, width: 5, height: 6)).sizeThatFits(.zero) == CGSize(width: 5, height: 6))
    }
}

@Suite struct RepeatedFittingTests {
    @Test func fittingTheSameViewAgainChangesOnlyTheTargetConstants() throws {
        let cell = View()
        cell.translatesAutoresizingMaskIntoConstraints = false
        let body = IntrinsicSizeView(200, 40)
        cell.addSubview(body)
        LayoutConstraint.activate([
            body.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 10),
            body.topAnchor.constraint(equalTo: cell.topAnchor, constant: 10),
            body.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -10),
            body.trailingAnchor.constraint(lessThanOrEqualTo: cell.trailingAnchor, constant: -10),
        ])
        let first = cell.systemLayoutSizeFitting(
            CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(first == CGSize(width: 300, height: 60))
        let widthTarget = try #require(cell.fittingConstraintsForTesting.first)
        let solverConstraint = try #require(widthTarget.solverConstraint)
        body.contentSize = CGSize(width: 200, height: 90)
        let second = cell.systemLayoutSizeFitting(
            CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(second == CGSize(width: 320, height: 110))
        #expect(widthTarget.solverConstraint === solverConstraint)
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == CGSize(width: 220, height: 110))
    }

    @Test func aTargetMovedPastTheSizeComesInAnewAndGivesTheSizesOfANewView() throws {
        let cell = View()
        cell.translatesAutoresizingMaskIntoConstraints = false
        let title = IntrinsicSizeView(200, 40)
        let spacer = View()
        spacer.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(title)
        cell.addSubview(spacer)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: cell.leadingAnchor),
            title.topAnchor.constraint(equalTo: cell.topAnchor),
            spacer.leadingAnchor.constraint(equalTo: cell.leadingAnchor),
            spacer.topAnchor.constraint(equalTo: title.bottomAnchor),
            spacer.bottomAnchor.constraint(equalTo: cell.bottomAnchor),
            spacer.heightAnchor.constraint(greaterThanOrEqualToConstant: 10),
            spacer.heightAnchor.constraint(lessThanOrEqualToConstant: 100),
        ])
        func fit(_ height: CGFloat) -> CGFloat {
            cell.systemLayoutSizeFitting(
                CGSize(width: 300, height: height), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel
            ).height
        }
        #expect(fit(0) == 50)
        let heightTarget = try #require(cell.fittingConstraintsForTesting.last)
        let compressed = try #require(heightTarget.solverConstraint)
        #expect(fit(View.layoutFittingExpandedSize.height) == 140)
        let expanded = try #require(heightTarget.solverConstraint)
        #expect(expanded !== compressed)
        // Moved within the sizes on the same side, the target keeps its place in the solver.
        #expect(fit(10_000) == 140)
        #expect(heightTarget.solverConstraint === expanded)
        #expect(fit(0) == 50)
        #expect(heightTarget.solverConstraint !== expanded)
        #expect(fit(120) == 120)
    }

    @Test func layoutAfterFittingIgnoresTheTargets() {
        let root = makeRoot(200, 100)
        let view = IntrinsicSizeView(50, 20)
        root.addSubview(view)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        _ = view.systemLayoutSizeFitting(
            CGSize(width: 120, height: 70), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .required)
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 0, y: 0, width: 50, height: 20))
        #expect(!view.hasAmbiguousLayout)
        #expect(view.constraintsAffectingLayout(for: .horizontal).allSatisfy { $0.identifier?.hasPrefix("View-Fitting") != true })
    }
}

extension View {
    /// The constraints the view system installed on the view for a fitting computation.
    var fittingConstraintsForTesting: [LayoutConstraint] {
        engine.fittingConstraints(for: self)
    }
}
