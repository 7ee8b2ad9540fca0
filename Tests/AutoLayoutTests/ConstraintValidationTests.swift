import Foundation
import DiagnosticsRecording
import Testing

@testable import AutoLayout

@Suite struct ConstraintValidationTests {
    private let view: View = {
        let view = View()
        view.accessibilityIdentifier = "box"
        return view
    }()

    private func make(
        _ first: LayoutAttribute, _ second: LayoutAttribute, to other: (any LayoutItem)?,
        multiplier: CGFloat = 1, constant: CGFloat = 0
    ) throws -> LayoutConstraint {
        try LayoutConstraint.checked(
            item: view, attribute: first, relatedBy: .equal, toItem: other, attribute: second,
            multiplier: multiplier, constant: constant)
    }

    @Test func horizontalAttributeRelatedToVerticalOneIsRejectedByName() {
        let other = View()
        #expect {
            try make(.leading, .top, to: other)
        } throws: { error in
            guard case LayoutError.mixedAxes(let first, let second) = error else { return false }
            return first == "View:box.leading" && second.hasSuffix(".top")
        }
    }

    @Test func sizeRelatedToPositionIsRejected() {
        #expect(throws: LayoutError.self) { try make(.width, .left, to: View()) }
    }

    @Test func positionWithoutSecondItemIsRejected() {
        #expect(throws: LayoutError.locationEqualToConstant(first: "View:box.left")) {
            try make(.left, .notAnAttribute, to: nil, constant: 10)
        }
    }

    @Test func positionWithZeroMultiplierIsRejected() {
        #expect(throws: LayoutError.locationEqualToConstant(first: "View:box.centerX")) {
            try make(.centerX, .centerX, to: View(), multiplier: 0)
        }
    }

    @Test func notAnAttributeAsFirstAttributeIsRejected() {
        #expect(throws: LayoutError.firstAttributeMissing(item: "View:box")) {
            try make(.notAnAttribute, .notAnAttribute, to: nil)
        }
    }

    @Test func secondItemWithoutAttributeIsRejected() {
        #expect(throws: LayoutError.self) { try make(.width, .notAnAttribute, to: View()) }
        #expect(throws: LayoutError.self) { try make(.width, .width, to: nil) }
    }

    @Test func nonFiniteNumbersAreRejected() {
        #expect(throws: LayoutError.self) { try make(.width, .notAnAttribute, to: nil, constant: .nan) }
        #expect(throws: LayoutError.self) { try make(.width, .width, to: View(), multiplier: .infinity) }
    }

    @Test func guidesHaveNoMarginOrBaselineAttributes() {
        let guide = LayoutGuide()
        #expect(throws: LayoutError.self) {
            try LayoutConstraint.checked(
                item: guide, attribute: .leadingMargin, relatedBy: .equal, toItem: view,
                attribute: .leading, multiplier: 1, constant: 0)
        }
        #expect(throws: LayoutError.self) {
            try LayoutConstraint.checked(
                item: view, attribute: .firstBaseline, relatedBy: .equal, toItem: guide,
                attribute: .lastBaseline, multiplier: 1, constant: 0)
        }
    }

    @Test func itemsOtherThanViewsAndGuidesAreRejected() {
        final class Stranger: LayoutItem {}
        #expect(throws: LayoutError.unsupportedItem(typeName: "Stranger")) {
            try LayoutConstraint.checked(
                item: Stranger(), attribute: .width, relatedBy: .equal, toItem: nil,
                attribute: .notAnAttribute, multiplier: 1, constant: 10)
        }
    }

    @Test func validCombinationsAreAccepted() throws {
        let other = View()
        let aspect = try make(.width, .height, to: view, multiplier: 2)
        #expect(aspect.multiplier == 2)
        let constantWidth = try make(.width, .notAnAttribute, to: nil, constant: 44)
        #expect(constantWidth.secondItem == nil)
        let leadingToLeft = try make(.leading, .trailing, to: other, constant: 8)
        #expect(leadingToLeft.firstItem === view)
        #expect(leadingToLeft.secondItem === other)
        #expect(!leadingToLeft.isActive)
        #expect(leadingToLeft.priority == .required)
    }

    @Test func nonFiniteConstantIsRefusedAndReported() throws {
        let constraint = view.widthAnchor.constraint(equalToConstant: 10)
        constraint.identifier = "nan-constant-test"
        let recorder = DiagnosticsRecorder.record(errorsContaining: "nan-constant-test") {
            constraint.constant = .nan
        }
        #expect(constraint.constant == 10)
        #expect(recorder.errors.count == 1)
    }

    @Test func changingPriorityBetweenRequiredAndOptionalWhileActiveIsRefused() {
        let root = makeRoot()
        let sub = makeSubview(of: root)
        let width = sub.widthAnchor.constraint(equalToConstant: 10)
        width.identifier = "priority-flip-test"
        width.isActive = true
        let recorder = DiagnosticsRecorder.record(errorsContaining: "priority-flip-test") {
            width.priority = .defaultHigh
        }
        #expect(width.priority == .required)
        #expect(recorder.errors.count == 1)
        guard case .requiredPriorityChangedWhileActive = recorder.errors.first else {
            Issue.record("expected requiredPriorityChangedWhileActive, got \(recorder.errors)")
            return
        }
    }

    @Test func optionalPriorityChangesReweightInPlace() throws {
        let root = makeRoot()
        let sub = makeSubview(of: root)
        let narrow = sub.widthAnchor.constraint(equalToConstant: 100)
        narrow.priority = .defaultLow
        let wide = sub.widthAnchor.constraint(equalToConstant: 200)
        wide.priority = .defaultLow + 1
        LayoutConstraint.activate([
            narrow, wide,
            sub.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            sub.topAnchor.constraint(equalTo: root.topAnchor),
            sub.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(sub.frame.width == 200)
        let solverConstraint = try #require(narrow.solverConstraint)
        narrow.priority = .defaultHigh
        root.layoutIfNeeded()
        #expect(sub.frame.width == 100)
        #expect(narrow.solverConstraint === solverConstraint)
    }

    @Test func priorityOutsideTheValidRangeIsRefused() {
        let constraint = view.widthAnchor.constraint(equalToConstant: 10)
        constraint.identifier = "bad-priority-test"
        let recorder = DiagnosticsRecorder.record(errorsContaining: "bad-priority-test") {
            constraint.priority = 0
            constraint.priority = 1001
        }
        #expect(constraint.priority == .required)
        #expect(recorder.errors.count == 2)
    }

    @Test func invalidFrameIsRefusedAndTheOldOneKept() {
        let view = View(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        view.accessibilityIdentifier = "frame-nan-test"
        let recorder = DiagnosticsRecorder.record(errorsContaining: "frame-nan-test") {
            view.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
            view.frame = CGRect(x: 0, y: 0, width: -1, height: 10)
        }
        #expect(view.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(recorder.errors.count == 2)
    }
}

@Suite struct DirectionalAttributeValidationTests {
    @Test func leadingRelatedToLeftIsRejectedAsInUIKit() {
        let a = View()
        let b = View()
        #expect(throws: LayoutError.self) {
            try LayoutConstraint.checked(
                item: a, attribute: .leading, relatedBy: .equal, toItem: b, attribute: .left,
                multiplier: 1, constant: 0)
        }
        #expect(throws: LayoutError.self) {
            try LayoutConstraint.checked(
                item: a, attribute: .rightMargin, relatedBy: .equal, toItem: b, attribute: .trailing,
                multiplier: 1, constant: 0)
        }
    }

    @Test func anchorsPairingLeadingWithLeftCannotBeActivated() {
        let root = makeRoot()
        root.accessibilityIdentifier = "mixed-direction-test"
        let view = makeSubview(of: root)
        let constraint = view.leadingAnchor.constraint(equalTo: root.leftAnchor)
        let recorder = DiagnosticsRecorder.record(errorsContaining: "mixed-direction-test") {
            constraint.isActive = true
        }
        #expect(!constraint.isActive)
        #expect(recorder.errors.count == 1)
    }
}

/// UIKit's initialiser does not throw: a combination that means nothing goes to the error
/// handler, as UIKit raises, and the constraint it returns can never be activated.
@Suite struct NonThrowingInitialiserTests {
    @Test func aValidCombinationIsMadeAndActivated() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        LayoutConstraint.activate([
            LayoutConstraint(item: box, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .leading,
                             multiplier: 1, constant: 12),
            LayoutConstraint(item: box, attribute: .top, relatedBy: .equal, toItem: root, attribute: .top,
                             multiplier: 1, constant: 4),
            LayoutConstraint(item: box, attribute: .width, relatedBy: .equal, toItem: nil,
                             attribute: .notAnAttribute, multiplier: 1, constant: 30),
            LayoutConstraint(item: box, attribute: .height, relatedBy: .equal, toItem: box, attribute: .width,
                             multiplier: 0.5, constant: 0),
        ])
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 12, y: 4, width: 30, height: 15))
    }

    @Test func aMeaninglessCombinationIsReportedAndNeverActivated() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let box = View(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        root.addSubview(box)
        let marker = "nonThrowingInitialiserBox"
        box.accessibilityIdentifier = marker
        let recorder = DiagnosticsRecorder.record(errorsContaining: marker) {
            let mixed = LayoutConstraint(item: box, attribute: .leading, relatedBy: .equal, toItem: root,
                                         attribute: .top, multiplier: 1, constant: 0)
            #expect(!mixed.isActive)
            mixed.isActive = true
            #expect(!mixed.isActive)
            #expect(root.constraints.isEmpty)
            root.layoutIfNeeded()
        }
        // Once when made, once when its activation was refused.
        #expect(recorder.errors.count == 2)
        #expect(recorder.errors.allSatisfy { if case .mixedAxes = $0 { true } else { false } })
        #expect(box.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func anItemThatIsNeitherViewNorGuideIsReportedByType() {
        let recorder = DiagnosticsRecorder.record(errorsContaining: "NSNumberLike") {
            struct NSNumberLike {}
            let constraint = LayoutConstraint(item: NSNumberLike(), attribute: .width, relatedBy: .equal,
                                              toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 1)
            constraint.isActive = true
            #expect(!constraint.isActive)
        }
        #expect(recorder.errors.count == 2)
    }
}
