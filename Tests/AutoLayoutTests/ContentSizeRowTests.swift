import Foundation
import Testing

@testable import AutoLayout

/// An axis's hugging and compression resistance share one solver row while both are
/// optional (the hugging constraint's row, which also weighs falling short at the compression
/// resistance's priority), and take a row each when either is required; the layout is the
/// one the two inequalities give either way, and both constraints stay active objects.
@Suite struct ContentSizeRowTests {
    @Test func bothOptionalShareTheHuggingRow() throws {
        let (root, first, _) = makeIntrinsicRow(width: 375)
        root.layoutIfNeeded()
        let hugging = try #require(first.contentSizeConstraints.horizontalHugging)
        let resistance = try #require(first.contentSizeConstraints.horizontalCompressionResistance)
        let row = try #require(hugging.solverConstraint)
        #expect(row.relation == .equal)
        #expect(row.priority.rawValue == 250 && row.shortfallPriority?.rawValue == 750)
        #expect(resistance.solverConstraint == nil)
        #expect(resistance.isActive && hugging.isActive)
        #expect(resistance.constant == 100 && hugging.constant == 100)
    }

    @Test func aRequiredSideTakesARowOfItsOwnAndBackAgain() throws {
        // 150 points for two views of 100: one of them must shrink.
        let (root, first, second) = makeIntrinsicRow(width: 150)
        first.setContentCompressionResistancePriority(.defaultHigh, for: .horizontal)
        second.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == 100 && second.frame.width == 50)

        // Required on the second: the first gives way, and the second's sides part rows.
        second.setContentCompressionResistancePriority(.required, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == 50 && second.frame == CGRect(x: 50, y: 0, width: 100, height: 20))
        let hugging = try #require(second.contentSizeConstraints.horizontalHugging)
        let resistance = try #require(second.contentSizeConstraints.horizontalCompressionResistance)
        #expect(hugging.solverConstraint?.relation == .lessThanOrEqual)
        #expect(hugging.solverConstraint?.shortfallPriority == nil)
        #expect(resistance.solverConstraint?.relation == .greaterThanOrEqual)
        #expect(resistance.solverConstraint?.priority == .required)

        // Optional again, below the first's: one row again, and the second gives way.
        second.setContentCompressionResistancePriority(.defaultHigh - 2, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == 100 && second.frame.width == 50)
        #expect(resistance.solverConstraint == nil)
        #expect(hugging.solverConstraint?.shortfallPriority?.rawValue == 748)

        // Only the carried priority changes: the row is made again with it.
        second.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == 50 && second.frame.width == 100)
        #expect(hugging.solverConstraint?.shortfallPriority?.rawValue == 751)
    }

    @Test func aRequiredHuggingTakesARowOfItsOwn() throws {
        // 375 points for two views of 100: one of them must grow.
        let (root, first, second) = makeIntrinsicRow(width: 375)
        first.setContentHuggingPriority(.required, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == 100 && second.frame.width == 275)
        let hugging = try #require(first.contentSizeConstraints.horizontalHugging)
        #expect(hugging.solverConstraint?.relation == .lessThanOrEqual)
        #expect(first.contentSizeConstraints.horizontalCompressionResistance?.solverConstraint != nil)
        first.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == 275 && second.frame.width == 100)
        #expect(hugging.solverConstraint?.relation == .equal)
    }

    @Test func anIntrinsicSizeAcrossTheSlotSwapsTheViolatedSide() {
        // The first view's room is fixed at 150: its content wider then narrower than that.
        let root = makeRoot(375, 100)
        let view = IntrinsicSizeView(100, 20)
        root.addSubview(view)
        let other = IntrinsicSizeView(50, 20)
        root.addSubview(other)
        other.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.widthAnchor.constraint(lessThanOrEqualToConstant: 150),
            other.leadingAnchor.constraint(equalTo: view.trailingAnchor),
            other.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            other.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        for width: CGFloat in [100, 220, 149, 151, 40, 150, 400] {
            view.contentSize = CGSize(width: width, height: 20)
            root.layoutIfNeeded()
            // Hugging (250) beats the other view's (249): the view is its content's width, up
            // to the required 150 that compression resistance cannot pass.
            #expect(view.frame.width == min(width, 150), "content \(width)")
            #expect(other.frame.minX == view.frame.maxX && other.frame.maxX == 375)
        }
    }

    @Test func constraintsAffectingLayoutNameTheCarriedResistance() throws {
        let (root, first, _) = makeIntrinsicRow(width: 375)
        root.layoutIfNeeded()
        let affecting = first.constraintsAffectingLayout(for: .horizontal)
        let hugging = try #require(first.contentSizeConstraints.horizontalHugging)
        let resistance = try #require(first.contentSizeConstraints.horizontalCompressionResistance)
        #expect(affecting.contains { $0 === hugging })
        #expect(affecting.contains { $0 === resistance })
    }

    @Test func aPairMovedToAnotherTreeKeepsOneRow() throws {
        let (root, first, second) = makeIntrinsicRow(width: 150)
        second.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        root.layoutIfNeeded()
        let other = makeRoot(300, 100)
        other.addSubview(first)
        LayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: other.leadingAnchor),
            first.trailingAnchor.constraint(equalTo: other.trailingAnchor),
            first.topAnchor.constraint(equalTo: other.topAnchor),
        ])
        other.layoutIfNeeded()
        root.layoutIfNeeded()
        #expect(first.frame.width == 300)
        // The constraint to the moved view relates views of two trees and does nothing: the
        // second view keeps its trailing edge and its intrinsic width.
        #expect(second.frame == CGRect(x: 50, y: 0, width: 100, height: 20))
        let resistance = try #require(first.contentSizeConstraints.horizontalCompressionResistance)
        #expect(resistance.solverConstraint == nil && resistance.isActive)
        #expect(first.contentSizeConstraints.horizontalHugging?.solverConstraint?.shortfallPriority?.rawValue == 750)
        // Narrower than the content: compression resistance (750) loses to the required edges.
        other.frame.size.width = 60
        other.layoutIfNeeded()
        #expect(first.frame.width == 60)
    }

    @Test func aDeactivatedCarriedResistanceStopsActing() throws {
        // 150 points for two views of 100: the second resists less and gives way.
        let (root, first, second) = makeIntrinsicRow(width: 150)
        second.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == 100 && second.frame.width == 50)
        // The first's resistance, reached as UIKit code reaches it, is deactivated: the first
        // no longer resists and gives way instead.
        let resistance = try #require(
            first.constraintsAffectingLayout(for: .horizontal).first { $0 === first.contentSizeConstraints.horizontalCompressionResistance })
        resistance.isActive = false
        root.layoutIfNeeded()
        #expect(first.frame.width == 50 && second.frame.width == 100)
        // An intrinsic size update leaves it out (at 140 it would beat the second's 749), and
        // the hugging keeps a row of its own.
        first.contentSize = CGSize(width: 140, height: 20)
        root.layoutIfNeeded()
        #expect(!resistance.isActive && resistance.solverConstraint == nil)
        #expect(first.contentSizeConstraints.horizontalHugging?.solverConstraint?.relation == .lessThanOrEqual)
        #expect(first.frame.width == 50 && second.frame.width == 100)
    }

    @Test func aDeactivatedCarryingHuggingLeavesTheResistanceInForce() throws {
        // 375 points: the second hugs less and stretches.
        let (root, first, second) = makeIntrinsicRow(width: 375)
        first.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        second.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == 100 && second.frame.width == 275)
        let hugging = try #require(first.contentSizeConstraints.horizontalHugging)
        hugging.isActive = false
        root.layoutIfNeeded()
        // Nothing holds the first to its width now: it takes the extra room.
        #expect(first.frame.width == 275 && second.frame.width == 100)
        // Its compression resistance still holds in a row too narrow for both.
        root.frame.size.width = 150
        root.layoutIfNeeded()
        #expect(first.frame.width == 100 && second.frame.width == 50)
        let resistance = try #require(first.contentSizeConstraints.horizontalCompressionResistance)
        #expect(resistance.solverConstraint?.relation == .greaterThanOrEqual)
    }

    @Test func aConstantSetOnACarriedResistanceTakesEffect() throws {
        let (root, first, second) = makeIntrinsicRow(width: 150)
        first.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == 100 && second.frame.width == 50)
        let resistance = try #require(first.contentSizeConstraints.horizontalCompressionResistance)
        resistance.constant = 120
        root.layoutIfNeeded()
        #expect(first.frame.width == 120 && second.frame.width == 30)
        #expect(resistance.solverConstraint?.relation == .greaterThanOrEqual)
        // The view's next intrinsic size puts the pair back in one row at its own values.
        first.contentSize = CGSize(width: 90, height: 20)
        root.layoutIfNeeded()
        #expect(resistance.constant == 90 && resistance.solverConstraint == nil)
        #expect(first.frame.width == 90 && second.frame.width == 60)
    }
}
