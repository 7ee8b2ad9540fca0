import Foundation
import Testing

@testable import AutoLayout

@Suite struct LayoutDirectionTests {
    private func makeRow(_ root: View) -> (View, View) {
        let first = makeSubview(of: root)
        let second = makeSubview(of: root)
        LayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            first.widthAnchor.constraint(equalToConstant: 100),
            second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: 20),
            second.widthAnchor.constraint(equalToConstant: 50),
            first.topAnchor.constraint(equalTo: root.topAnchor),
            second.topAnchor.constraint(equalTo: root.topAnchor),
            first.heightAnchor.constraint(equalToConstant: 10),
            second.heightAnchor.constraint(equalToConstant: 10),
        ])
        return (first, second)
    }

    @Test func leadingAndTrailingRunLeftToRightByDefault() {
        let root = makeRoot()
        let (first, second) = makeRow(root)
        root.layoutIfNeeded()
        #expect(root.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(first.frame.minX == 10)
        #expect(second.frame.minX == 130)
    }

    @Test func rightToLeftFlipsLeadingAndTrailing() {
        let root = makeRoot()
        let (first, second) = makeRow(root)
        root.layoutIfNeeded()
        root.layoutDirectionOverride = .rightToLeft
        root.layoutIfNeeded()
        #expect(first.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(first.frame == CGRect(x: 265, y: 0, width: 100, height: 10))
        #expect(second.frame == CGRect(x: 195, y: 0, width: 50, height: 10))
        root.layoutDirectionOverride = nil
        root.layoutIfNeeded()
        #expect(first.frame.minX == 10)
    }

    /// A forced direction arranges the view's immediate content (its constraints run from the
    /// right) but is not inherited: a subview left `.unspecified` keeps the environment's
    /// direction for its own content, as Apple documents `effectiveUserInterfaceLayoutDirection`.
    @Test func aForcedDirectionArrangesTheViewsOwnContentOnly() {
        let root = makeRoot()
        let (first, second) = makeRow(root)
        let badge = makeSubview(of: first)
        LayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: first.leadingAnchor, constant: 5),
            badge.widthAnchor.constraint(equalToConstant: 20),
            badge.topAnchor.constraint(equalTo: first.topAnchor),
            badge.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.semanticContentAttribute = .forceRightToLeft
        root.layoutIfNeeded()
        #expect(root.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(first.effectiveUserInterfaceLayoutDirection == .leftToRight)
        // The row, root's content, runs from the right edge of the 375-point root...
        #expect(first.frame == CGRect(x: 265, y: 0, width: 100, height: 10))
        #expect(second.frame == CGRect(x: 195, y: 0, width: 50, height: 10))
        // ...while first's content keeps the environment's left-to-right direction.
        #expect(badge.frame == CGRect(x: 5, y: 0, width: 20, height: 10))
        // In a right-to-left environment the unspecified views follow it.
        root.semanticContentAttribute = .unspecified
        root.layoutDirectionOverride = .rightToLeft
        root.layoutIfNeeded()
        #expect(first.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(first.frame.minX == 265)
        #expect(badge.frame == CGRect(x: 75, y: 0, width: 20, height: 10))
    }

    @Test func explicitLeftToRightSubviewStaysLeftToRightInsideARightToLeftTree() {
        let root = makeRoot()
        root.layoutDirectionOverride = .rightToLeft
        let playback = makeSubview(of: root)
        playback.semanticContentAttribute = .playback
        let child = makeSubview(of: playback)
        #expect(playback.effectiveUserInterfaceLayoutDirection == .leftToRight)
        // The child's environment is still right-to-left: .playback is playback's own.
        #expect(child.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        let inherited = makeSubview(of: root)
        #expect(inherited.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        // An override deeper down wins for its subtree.
        let island = makeSubview(of: root)
        island.layoutDirectionOverride = .leftToRight
        let islander = makeSubview(of: island)
        #expect(island.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(islander.effectiveUserInterfaceLayoutDirection == .leftToRight)
        root.layoutDirectionOverride = nil
        #expect(inherited.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(child.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    @Test func directionalMarginsSwapInRightToLeft() {
        let root = makeRoot()
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 5)
        let view = makeSubview(of: root)
        LayoutConstraint.activate([
            view.leftAnchor.constraint(equalTo: root.layoutMarginsGuide.leftAnchor),
            view.rightAnchor.constraint(equalTo: root.layoutMarginsGuide.rightAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(view.frame.minX == 30)
        #expect(root.layoutMargins.left == 30)
        root.semanticContentAttribute = .forceRightToLeft
        root.layoutIfNeeded()
        #expect(view.frame.minX == 5)
        #expect(view.frame.width == 340)
        #expect(root.layoutMargins.right == 30)
    }

    @Test func leftAndRightMarginsStayPutInRightToLeft() {
        let root = makeRoot()
        root.layoutMargins = EdgeInsets(top: 0, left: 30, bottom: 0, right: 5)
        root.semanticContentAttribute = .forceRightToLeft
        #expect(root.layoutMargins.left == 30)
        #expect(root.directionalLayoutMargins.leading == 5)
    }

    @Test func movingAViewIntoARightToLeftTreeFlipsItsConstraints() {
        let rtl = makeRoot()
        rtl.layoutDirectionOverride = .rightToLeft
        let card = View(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        let badge = makeSubview(of: card)
        LayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            badge.widthAnchor.constraint(equalToConstant: 20),
            badge.topAnchor.constraint(equalTo: card.topAnchor),
            badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        card.layoutIfNeeded()
        #expect(badge.frame.minX == 10)
        rtl.addSubview(card)
        rtl.layoutIfNeeded()
        #expect(badge.frame.minX == 170)
        card.removeFromSuperview()
        card.layoutIfNeeded()
        #expect(badge.frame.minX == 10)
    }
}
