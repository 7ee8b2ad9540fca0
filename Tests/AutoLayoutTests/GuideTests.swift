import Foundation
import Testing

@testable import AutoLayout

@Suite struct GuideTests {
    @Test func defaultLayoutMarginsAreEightOnEverySide() {
        let view = View()
        #expect(view.layoutMargins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(view.directionalLayoutMargins == DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
    }

    @Test func layoutMarginsGuideFrameIsTheInsetBounds() {
        let root = makeRoot(300, 200)
        root.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        root.layoutIfNeeded()
        #expect(root.layoutMarginsGuide.layoutFrame == CGRect(x: 2, y: 1, width: 294, height: 196))
        #expect(root.layoutGuides.contains { $0 === root.layoutMarginsGuide })
        #expect(root.layoutMarginsGuide.owningView === root)
    }

    @Test func readableContentGuideIsTheMarginsOnANarrowView() {
        let root = makeRoot(375, 667)
        let text = makeSubview(of: root)
        LayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: root.readableContentGuide.leadingAnchor),
            text.trailingAnchor.constraint(equalTo: root.readableContentGuide.trailingAnchor),
            text.topAnchor.constraint(equalTo: root.readableContentGuide.topAnchor),
            text.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(text.frame == CGRect(x: 8, y: 8, width: 359, height: 10))
    }

    @Test func readableContentGuideIsCentredAndCappedOnAWideView() {
        let root = makeRoot(1024, 768)
        let text = makeSubview(of: root)
        LayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: root.readableContentGuide.leadingAnchor),
            text.trailingAnchor.constraint(equalTo: root.readableContentGuide.trailingAnchor),
            text.topAnchor.constraint(equalTo: root.readableContentGuide.topAnchor),
            text.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(text.frame == CGRect(x: 176, y: 8, width: View.readableContentWidth, height: 10))
        #expect(root.readableContentGuide.layoutFrame.width == 672)
    }

    @Test func userGuideCanSpaceViewsEvenly() {
        let root = makeRoot(300, 100)
        let a = makeSubview(of: root)
        let b = makeSubview(of: root)
        let gap1 = LayoutGuide()
        let gap2 = LayoutGuide()
        root.addLayoutGuide(gap1)
        root.addLayoutGuide(gap2)
        LayoutConstraint.activate([
            gap1.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            a.leadingAnchor.constraint(equalTo: gap1.trailingAnchor),
            gap2.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            b.leadingAnchor.constraint(equalTo: gap2.trailingAnchor),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -50),
            gap1.widthAnchor.constraint(equalTo: gap2.widthAnchor),
            a.widthAnchor.constraint(equalToConstant: 50),
            b.widthAnchor.constraint(equalToConstant: 50),
            a.topAnchor.constraint(equalTo: root.topAnchor),
            b.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 10),
            b.heightAnchor.constraint(equalToConstant: 10),
            gap1.topAnchor.constraint(equalTo: root.topAnchor),
            gap2.topAnchor.constraint(equalTo: root.topAnchor),
            gap1.heightAnchor.constraint(equalToConstant: 1),
            gap2.heightAnchor.constraint(equalToConstant: 1),
        ])
        root.layoutIfNeeded()
        // 300 - 50 trailing - 100 of views leaves 150 for two equal gaps.
        #expect(a.frame.minX == 75)
        #expect(b.frame.minX == 200)
    }

    @Test func removingAGuideDeactivatesItsConstraints() {
        let root = makeRoot()
        let guide = LayoutGuide()
        root.addLayoutGuide(guide)
        let width = guide.widthAnchor.constraint(equalToConstant: 10)
        width.isActive = true
        root.removeLayoutGuide(guide)
        #expect(!width.isActive)
        #expect(guide.owningView == nil)
        #expect(guide.layoutFrame == .zero)
    }
}
