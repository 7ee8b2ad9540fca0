import Foundation
import Testing
import SeededRandom

@testable import AutoLayout

/// Removing a constraint and adding it back restores every frame: thousands of round trips on
/// random small view trees with anchor constraints (fixed seeds).
///
/// Every view's frame is determined: its leading edge by its superview or the sibling before it,
/// its top by its superview, its width by an optional `width == target` at a priority no other
/// constraint of the tree has, clamped by required bounds, and its height by a constant or an
/// integer multiple of an earlier view's width. Every number is a whole point, so the frames
/// are exact and the comparison can be too.
@Suite struct ConstraintRoundTripTests {
    static let treesPerChunk = 250
    static let roundTripsPerTree = 4

    @Test(arguments: 0..<8)
    func removingAConstraintAndAddingItBackRestoresEveryFrame(chunk: Int) {
        var moved = 0
        var trips = 0
        for seed in chunk * Self.treesPerChunk..<(chunk + 1) * Self.treesPerChunk {
            var random = SeededGenerator(seed: UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1)
            let tree = RandomTree(random: &random)
            tree.root.layoutIfNeeded()
            for _ in 0..<Self.roundTripsPerTree {
                let before = tree.frames
                let constraint = tree.constraints.randomElement(using: &random)!
                LayoutConstraint.deactivate([constraint])
                tree.root.layoutIfNeeded()
                if tree.frames != before { moved += 1 }
                LayoutConstraint.activate([constraint])
                tree.root.layoutIfNeeded()
                trips += 1
                #expect(tree.frames == before, "seed \(seed): removing and re-adding \(constraint) moved a view")
            }
        }
        #expect(trips == Self.treesPerChunk * Self.roundTripsPerTree)
        // Many removals must move something while the constraint is out (about a fifth do:
        // a bound the target lies inside changes nothing), or the round trip proves little.
        #expect(moved * 8 > trips, "only \(moved) of \(trips) removals changed a frame")
    }
}

/// A random tree of two to seven views under a fixed root, with the constraints listed.
private struct RandomTree {
    let root: View
    var views: [View] = []
    var constraints: [LayoutConstraint] = []

    var frames: [CGRect] { views.map(\.frame) }

    init(random: inout SeededGenerator) {
        root = View(frame: CGRect(x: 0, y: 0, width: Int.random(in: 200...600, using: &random), height: Int.random(in: 300...900, using: &random)))
        root.displayScale = 1
        var priorities = Array(1...999).shuffled(using: &random)
        let count = Int.random(in: 2...7, using: &random)
        for index in 0..<count {
            let parent = index == 0 || Bool.random(using: &random) ? root : views.randomElement(using: &random)!
            let view = View()
            view.translatesAutoresizingMaskIntoConstraints = false
            view.accessibilityIdentifier = "v\(index)"
            let sibling = parent.subviews.last
            parent.addSubview(view)
            var own: [LayoutConstraint] = []
            if let sibling, Bool.random(using: &random) {
                own.append(view.leadingAnchor.constraint(equalTo: sibling.trailingAnchor, constant: 8))
            } else {
                own.append(view.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: CGFloat(Int.random(in: 0...40, using: &random))))
            }
            own.append(view.topAnchor.constraint(equalTo: parent.topAnchor, constant: CGFloat(Int.random(in: 0...60, using: &random))))
            let low = Int.random(in: 0...80, using: &random)
            let high = low + Int.random(in: 10...120, using: &random)
            own.append(view.widthAnchor.constraint(greaterThanOrEqualToConstant: CGFloat(low)))
            own.append(view.widthAnchor.constraint(lessThanOrEqualToConstant: CGFloat(high)))
            let target = view.widthAnchor.constraint(equalToConstant: CGFloat(Int.random(in: 0...240, using: &random)))
            target.priority = LayoutPriority(Float(priorities.removeLast()))
            own.append(target)
            if let other = views.randomElement(using: &random), Bool.random(using: &random) {
                let multiplier = CGFloat(Int.random(in: 1...3, using: &random))
                own.append(view.heightAnchor.constraint(equalTo: other.widthAnchor, multiplier: multiplier))
            } else {
                own.append(view.heightAnchor.constraint(equalToConstant: CGFloat(Int.random(in: 0...100, using: &random))))
            }
            LayoutConstraint.activate(own)
            constraints += own
            views.append(view)
        }
    }
}
