import AutoLayout
import Foundation
import Testing

/// A view that does not translate its autoresizing mask and that no constraint names gives
/// the engine nothing to place it by: the layout pass leaves the frame it was given, as UIKit
/// does, while its constrained siblings are placed as usual.
@Suite struct UnconstrainedViewFrameTests {
    @Test func aViewNoConstraintNamesKeepsItsFrame() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 375, height: 600))
        let loose = View(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        loose.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(loose)
        let placed = View()
        placed.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(placed)
        LayoutConstraint.activate([
            placed.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5),
            placed.topAnchor.constraint(equalTo: root.topAnchor, constant: 7),
            placed.widthAnchor.constraint(equalToConstant: 50),
            placed.heightAnchor.constraint(equalToConstant: 60),
        ])
        root.layoutIfNeeded()
        #expect(loose.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(placed.frame == CGRect(x: 5, y: 7, width: 50, height: 60))

        // Moved by hand, it stays where it was moved: the engine still has nothing to say.
        loose.frame = CGRect(x: 100, y: 200, width: 10, height: 10)
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(loose.frame == CGRect(x: 100, y: 200, width: 10, height: 10))
    }

    /// Once a constraint names it, the engine places it; when that constraint goes, the view
    /// keeps the last frame the engine gave it.
    @Test func aConstraintTakesOverAndItsRemovalLeavesTheLastFrame() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 375, height: 600))
        let view = View(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        let constraints = [
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 50),
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 60),
            view.widthAnchor.constraint(equalToConstant: 70),
            view.heightAnchor.constraint(equalToConstant: 80),
        ]
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 50, y: 60, width: 70, height: 80))
        LayoutConstraint.deactivate(constraints)
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 50, y: 60, width: 70, height: 80))
    }

    /// A view that translates its autoresizing mask is still placed by the engine from its
    /// mask: a flexible width follows the superview.
    @Test func anAutoresizingViewFollowsItsMask() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let bar = View(frame: CGRect(x: 10, y: 0, width: 280, height: 20))
        bar.autoresizingMask = [.flexibleWidth]
        root.addSubview(bar)
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 100)
        root.layoutIfNeeded()
        #expect(bar.frame == CGRect(x: 10, y: 0, width: 380, height: 20))
    }
}
