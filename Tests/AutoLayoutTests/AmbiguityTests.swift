import Foundation
import Testing

@testable import AutoLayout

@Suite struct AmbiguityTests {
    @Test func viewWithOnlyAnXPositionIsAmbiguousUntilItGetsAWidth() {
        let root = makeRoot()
        let view = makeSubview(of: root)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            view.heightAnchor.constraint(equalToConstant: 40),
        ])
        root.layoutIfNeeded()
        #expect(view.hasAmbiguousLayout)
        view.widthAnchor.constraint(equalToConstant: 100).isActive = true
        root.layoutIfNeeded()
        #expect(!view.hasAmbiguousLayout)
        #expect(view.frame == CGRect(x: 20, y: 20, width: 100, height: 40))
    }

    @Test func viewWithoutAnyConstraintIsAmbiguous() {
        let root = makeRoot()
        let view = makeSubview(of: root)
        #expect(view.hasAmbiguousLayout)
    }

    @Test func fullyConstrainedViewsAreNotAmbiguous() {
        let root = makeRoot()
        let framed = View(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        root.addSubview(framed)
        #expect(!root.hasAmbiguousLayout)
        #expect(!framed.hasAmbiguousLayout)
    }

    @Test func exercisingAmbiguityMovesTheViewToAnotherValidFrame() {
        let root = makeRoot()
        let view = makeSubview(of: root)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor, constant: 20),
            view.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -20),
            view.widthAnchor.constraint(equalToConstant: 100),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 40),
        ])
        root.layoutIfNeeded()
        let before = view.frame
        #expect(view.hasAmbiguousLayout)
        view.exerciseAmbiguityInLayout()
        #expect(view.frame != before)
        #expect(view.frame.minX >= 20)
        #expect(view.frame.maxX <= 355)
        #expect(view.frame.size == before.size)
        #expect(view.frame.minY == before.minY)
    }

    @Test func exercisingAnUnambiguousLayoutChangesNothing() {
        let root = makeRoot()
        let view = View(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
        root.addSubview(view)
        root.layoutIfNeeded()
        view.exerciseAmbiguityInLayout()
        #expect(view.frame == CGRect(x: 5, y: 5, width: 50, height: 50))
    }

    @Test func cellWhoseHeightCanGrowFreelyIsAmbiguous() {
        let root = makeRoot()
        let cell = makeSubview(of: root, name: "cell")
        let first = makeSubview(of: cell, name: "first")
        let second = makeSubview(of: cell, name: "second")
        LayoutConstraint.activate([
            cell.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            cell.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            cell.topAnchor.constraint(equalTo: root.topAnchor),
            first.leadingAnchor.constraint(equalTo: cell.leadingAnchor),
            first.trailingAnchor.constraint(equalTo: cell.trailingAnchor),
            first.topAnchor.constraint(equalTo: cell.topAnchor),
            first.heightAnchor.constraint(equalToConstant: 20),
            second.leadingAnchor.constraint(equalTo: cell.leadingAnchor),
            second.trailingAnchor.constraint(equalTo: cell.trailingAnchor),
            second.topAnchor.constraint(greaterThanOrEqualTo: first.bottomAnchor, constant: 4),
            second.heightAnchor.constraint(equalToConstant: 30),
            cell.bottomAnchor.constraint(equalTo: second.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(cell.hasAmbiguousLayout)
        #expect(second.hasAmbiguousLayout)
        #expect(!first.hasAmbiguousLayout)
        let before = second.frame
        second.exerciseAmbiguityInLayout()
        #expect(second.frame.minY != before.minY)
        #expect(second.frame.minY >= 24)
        #expect(second.frame.height == 30)
        #expect(cell.frame.maxY == second.frame.maxY)
        // A fixed gap removes the ambiguity.
        second.topAnchor.constraint(equalTo: first.bottomAnchor, constant: 4).isActive = true
        root.layoutIfNeeded()
        #expect(!cell.hasAmbiguousLayout)
        #expect(!second.hasAmbiguousLayout)
        #expect(second.frame.minY == 24)
    }

    @Test func constraintsAffectingLayoutNameTheConstraintsOfOneAxis() {
        let root = makeRoot()
        let view = makeSubview(of: root)
        let leading = view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        let width = view.widthAnchor.constraint(equalToConstant: 100)
        let top = view.topAnchor.constraint(equalTo: root.topAnchor, constant: 20)
        let height = view.heightAnchor.constraint(equalToConstant: 40)
        LayoutConstraint.activate([leading, width, top, height])
        let horizontal = view.constraintsAffectingLayout(for: .horizontal)
        #expect(horizontal.contains { $0 === leading })
        #expect(horizontal.contains { $0 === width })
        #expect(!horizontal.contains { $0 === top })
        let vertical = view.constraintsAffectingLayout(for: .vertical)
        #expect(vertical.contains { $0 === top })
        #expect(vertical.contains { $0 === height })
        #expect(!vertical.contains { $0 === leading })
    }
}
