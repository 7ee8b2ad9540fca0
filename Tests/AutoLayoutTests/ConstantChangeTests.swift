import Foundation
import Testing
import Typesetting

@testable import AutoLayout

/// A constant changed on an active constraint moves the solver's row in place, from the form
/// the constraint was installed with: the layout must be the one a tree built with the new
/// constant from the start gets, also when something else the form depends on (the layout
/// direction, a label's baseline) changed before the same solve.
@Suite struct ConstantChangeTests {
    /// Two views in a row: `first` `gap` points from the root's leading edge, `second` `gap`
    /// after it, in `direction`.
    private func makeRow(
        gap: CGFloat, direction: SemanticContentAttribute
    ) -> (root: View, first: View, second: View, leading: LayoutConstraint) {
        let root = makeRoot()
        root.semanticContentAttribute = direction
        let first = makeSubview(of: root)
        let second = makeSubview(of: root)
        let leading = first.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: gap)
        LayoutConstraint.activate([
            leading,
            first.widthAnchor.constraint(equalToConstant: 100),
            second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: gap),
            second.widthAnchor.constraint(equalToConstant: 50),
            first.topAnchor.constraint(equalTo: root.topAnchor),
            second.topAnchor.constraint(equalTo: root.topAnchor),
            first.heightAnchor.constraint(equalToConstant: 10),
            second.heightAnchor.constraint(equalToConstant: 10),
        ])
        return (root, first, second, leading)
    }

    @Test(arguments: [SemanticContentAttribute.unspecified, .forceRightToLeft])
    func aNewConstantLaysOutAsATreeBuiltWithIt(direction: SemanticContentAttribute) {
        let changed = makeRow(gap: 10, direction: direction)
        changed.root.layoutIfNeeded()
        changed.leading.constant = 40
        changed.root.layoutIfNeeded()
        let built = makeRow(gap: 10, direction: direction)
        built.leading.constant = 40
        built.root.layoutIfNeeded()
        #expect(changed.first.frame == built.first.frame)
        #expect(changed.second.frame == built.second.frame)
        // The constant moved the view towards the trailing side, whichever side that is.
        let expectedX: CGFloat = direction == .forceRightToLeft ? 375 - 40 - 100 : 40
        #expect(changed.first.frame.minX == expectedX)
    }

    @Test func aConstantChangedWithTheDirectionInOneSolveTakesBoth() {
        let row = makeRow(gap: 10, direction: .unspecified)
        row.root.layoutIfNeeded()
        row.leading.constant = 40
        row.root.semanticContentAttribute = .forceRightToLeft
        row.root.layoutIfNeeded()
        #expect(row.first.frame == CGRect(x: 375 - 40 - 100, y: 0, width: 100, height: 10))
        // And back, the constant changed again after the direction this time.
        row.root.semanticContentAttribute = .unspecified
        row.leading.constant = 25
        row.root.layoutIfNeeded()
        #expect(row.first.frame == CGRect(x: 25, y: 0, width: 100, height: 10))
    }

    /// A label aligned by its first baseline to another whose font grows: the baseline (part of
    /// the constraint's form) and the constraint's constant change before one layout pass.
    @Test func aBaselineConstraintTakesANewConstantAndANewBaselineTogether() throws {
        func make() -> (root: View, big: Label, small: Label, baseline: LayoutConstraint) {
            let root = makeRoot()
            let big = makeLabel("Big", in: root)
            let small = makeLabel("small", in: root, font: Font.default(size: 12))
            let baseline = small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor, constant: 3)
            LayoutConstraint.activate([
                big.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                big.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
                small.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 200),
                baseline,
            ])
            return (root, big, small, baseline)
        }
        let changed = make()
        changed.root.layoutIfNeeded()
        changed.baseline.constant = 7
        changed.big.font = Font.default(size: 30)
        changed.root.layoutIfNeeded()

        let bigText = try PreparedText("Big", font: Font.default(size: 30)).layout(width: .infinity, maxLines: 1)
        let smallText = try PreparedText("small", font: Font.default(size: 12)).layout(width: .infinity, maxLines: 1)
        let expectedTop = 20 + bigText.firstBaseline + 7 - smallText.firstBaseline
        #expect(changed.small.frame.minY == Expected.rounded(expectedTop))

        let built = make()
        built.baseline.constant = 7
        built.big.font = Font.default(size: 30)
        built.root.layoutIfNeeded()
        #expect(changed.small.frame == built.small.frame)
        #expect(changed.big.frame == built.big.frame)
    }

    /// The engine queues a changed constraint without retaining it: one deactivated and let go
    /// by its owner before the next solve must be skipped there, go away after it, and leave
    /// the layout the one without it.
    @Test func aConstraintChangedThenDeactivatedAndReleasedBeforeTheSolveIsSkipped() {
        let row = makeRow(gap: 10, direction: .unspecified)
        weak var released: LayoutConstraint?
        do {
            let extra = row.second.widthAnchor.constraint(equalToConstant: 70)
            extra.priority = .defaultHigh
            extra.isActive = true
            row.root.layoutIfNeeded()
            #expect(row.second.frame.width == 50)  // the required width wins
            released = extra
            extra.constant = 80  // queued for a refresh
            row.leading.constant = 30
            extra.isActive = false
        }
        row.root.layoutIfNeeded()
        #expect(released == nil)
        #expect(row.first.frame == CGRect(x: 30, y: 0, width: 100, height: 10))
        #expect(row.second.frame == CGRect(x: 140, y: 0, width: 50, height: 10))
    }
}
