import Foundation
import Testing
import Typesetting

@testable import AutoLayout

/// An update of a stack view's arrangement keeps the constraints and spacer guides the new
/// arrangement shares with the old one, and lays the views out exactly as a stack built in
/// the new state does.
@Suite struct StackViewArrangementUpdateTests {
    /// A root with a stack of three labels at (10, 20), 300 points wide, the middle label
    /// hidden when `hidingMiddle`.
    private func makeStack(
        distribution: StackView.Distribution, hidingMiddle: Bool
    ) -> (root: View, stack: StackView, labels: [Label]) {
        let root = makeRoot(400, 600)
        let labels = ["One", "Two two", "Three"].map { Label(text: $0) }
        labels[1].isHidden = hidingMiddle
        let stack = StackView(arrangedSubviews: labels)
        stack.distribution = distribution
        stack.spacing = 6
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            stack.widthAnchor.constraint(equalToConstant: 300),
        ])
        root.layoutIfNeeded()
        return (root, stack, labels)
    }

    private func arrangementConstraints(of stack: StackView) -> [ObjectIdentifier] {
        stack.constraints.filter { $0.identifier?.hasPrefix("SV-") == true }.map(ObjectIdentifier.init)
    }

    @Test(arguments: [StackView.Distribution.fill, .fillEqually, .equalSpacing, .equalCentering])
    func hidingAndShowingAViewLaysOutAsAStackBuiltThatWay(distribution: StackView.Distribution) {
        let toggled = makeStack(distribution: distribution, hidingMiddle: false)
        let before = toggled.labels.map(\.frame)
        toggled.labels[1].isHidden = true
        toggled.root.layoutIfNeeded()
        let built = makeStack(distribution: distribution, hidingMiddle: true)
        #expect(toggled.labels.map(\.frame) == built.labels.map(\.frame))
        #expect(arrangementConstraints(of: toggled.stack).count == arrangementConstraints(of: built.stack).count)
        #expect(toggled.stack.layoutGuides.count == built.stack.layoutGuides.count)

        toggled.labels[1].isHidden = false
        toggled.root.layoutIfNeeded()
        #expect(toggled.labels.map(\.frame) == before)
    }

    @Test func constraintsTheNewArrangementSharesAreKept() throws {
        let stack = makeStack(distribution: .fill, hidingMiddle: false)
        let first = stack.stack.constraints.first {
            $0.identifier == "SV-canvas-connection" && $0.firstItem === stack.labels[0]
        }
        let kept = try #require(first)
        let before = Set(arrangementConstraints(of: stack.stack))
        stack.labels[1].isHidden = true
        stack.root.layoutIfNeeded()
        let after = Set(arrangementConstraints(of: stack.stack))
        // The first view's edge at the canvas is the same constraint; the spacing that led to
        // the hidden view is not.
        #expect(after.contains(ObjectIdentifier(kept)))
        #expect(!before.isSubset(of: after))
        #expect(!after.isSubset(of: before))
        #expect(before.intersection(after).count > after.count / 2)
    }

    @Test func spacerGuidesAreReusedRatherThanMadeAgain() {
        let stack = makeStack(distribution: .equalSpacing, hidingMiddle: false)
        let guides = stack.stack.layoutGuides.map(ObjectIdentifier.init)
        stack.labels[1].isHidden = true
        stack.root.layoutIfNeeded()
        let fewer = stack.stack.layoutGuides.map(ObjectIdentifier.init)
        #expect(Set(fewer).isSubset(of: Set(guides)))
        stack.labels[1].isHidden = false
        stack.root.layoutIfNeeded()
        let again = stack.stack.layoutGuides.map(ObjectIdentifier.init)
        #expect(again.count == guides.count)
        #expect(Set(again).isSuperset(of: Set(fewer)))
    }
}
