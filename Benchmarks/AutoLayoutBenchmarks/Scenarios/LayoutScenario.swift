// The five Auto Layout scenarios of the iOS 12 engine work (WWDC 2018, "High Performance Auto
// Layout"), shared by the package-benchmark suite and the `autolayout-timing` tool.
import AutoLayout
import Foundation

/// A layout workload measured at a size `n`: `prepare(n)` builds whatever must exist before
/// the measured step (untimed) and returns the step.
public struct LayoutScenario: Sendable {
    /// A short identifier, used in benchmark names (`row`, `deep`, …).
    public let name: String
    /// What the measured step does.
    public let summary: String
    /// Builds the untimed part and returns the timed step.
    public let prepare: @Sendable (Int) -> () -> Void

    /// The five scenarios, in the order of the table in BENCHMARKS.md.
    public static let all: [LayoutScenario] = [
        longRowOfSiblings, deepHierarchy, collectionGrid, subtreeMove, subtreeRemoval,
    ]

    /// n siblings in a row, each 8 points after the previous one: build, activate, lay out.
    public static let longRowOfSiblings = LayoutScenario(
        name: "row",
        summary: "n siblings in a chained row: create, activate, first layout pass"
    ) { n in
        let kept = Kept()
        return { kept.value = RowOfSiblings(count: n).root }
    }

    /// n views nested in each other, each inset by one point: build, activate, lay out.
    public static let deepHierarchy = LayoutScenario(
        name: "deep",
        summary: "n views nested n deep, each inset 1 pt: create, activate, first layout pass"
    ) { n in
        let kept = Kept()
        return { kept.value = DeepHierarchy(depth: n).root }
    }

    /// n cells in a 10-column grid, each with a title of intrinsic size: build, activate,
    /// lay out.
    public static let collectionGrid = LayoutScenario(
        name: "grid",
        summary: "n cells (with an intrinsic-size title each) in a 10-column grid: create, activate, first layout pass"
    ) { n in
        let kept = Kept()
        return { kept.value = CollectionGrid(cells: n).root }
    }

    /// A laid-out card holding a row of n views moves to another parent in the same tree.
    public static let subtreeMove = LayoutScenario(
        name: "move",
        summary: "a card with a row of n views moves to another container: re-parent, re-constrain, layout pass"
    ) { n in
        let scene = CardScene(rowCount: n)
        return { scene.moveCardToSecondContainer() }
    }

    /// A laid-out card holding a row of n views is removed from the tree.
    public static let subtreeRemoval = LayoutScenario(
        name: "remove",
        summary: "a card with a row of n views is removed from a laid-out tree: removal, layout pass"
    ) { n in
        let scene = CardScene(rowCount: n)
        return { scene.removeCard() }
    }
}

/// Holds what a step built until the step itself is released, so that tearing the tree
/// down is not part of the measured time.
final class Kept {
    var value: AnyObject?
}

/// A view that uses constraints.
func constrainedView(in superview: View) -> View {
    let view = View()
    view.translatesAutoresizingMaskIntoConstraints = false
    superview.addSubview(view)
    return view
}

/// A fixed intrinsic size, standing in for a short label.
final class FixedIntrinsicView: View {
    /// Fitsize reads no archives.
    required init?(coder: NSCoder) {
        return nil
    }

    let size: CGSize

    init(_ size: CGSize) {
        self.size = size
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    override var intrinsicContentSize: CGSize { size }
}

struct RowOfSiblings {
    let root = View(frame: CGRect(x: 0, y: 0, width: 375, height: 667))

    init(count: Int) {
        var constraints: [LayoutConstraint] = []
        constraints.reserveCapacity(count * 4)
        var previous: View?
        for _ in 0..<count {
            let view = constrainedView(in: root)
            constraints.append(
                view.leadingAnchor.constraint(equalTo: previous?.trailingAnchor ?? root.leadingAnchor, constant: 8))
            constraints.append(view.topAnchor.constraint(equalTo: root.topAnchor, constant: 20))
            constraints.append(view.widthAnchor.constraint(equalToConstant: 20))
            constraints.append(view.heightAnchor.constraint(equalToConstant: 20))
            previous = view
        }
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
    }
}

struct DeepHierarchy {
    let root = View(frame: CGRect(x: 0, y: 0, width: 5000, height: 5000))

    init(depth: Int) {
        var constraints: [LayoutConstraint] = []
        constraints.reserveCapacity(depth * 4)
        var parent = root
        for _ in 0..<depth {
            let view = constrainedView(in: parent)
            constraints.append(view.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 1))
            constraints.append(view.topAnchor.constraint(equalTo: parent.topAnchor, constant: 1))
            constraints.append(view.trailingAnchor.constraint(equalTo: parent.trailingAnchor, constant: -1))
            constraints.append(view.bottomAnchor.constraint(equalTo: parent.bottomAnchor, constant: -1))
            parent = view
        }
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
    }
}

struct CollectionGrid {
    static let columns = 10
    let root = View(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))

    init(cells: Int) {
        var constraints: [LayoutConstraint] = []
        constraints.reserveCapacity(cells * 8)
        var cellViews: [View] = []
        cellViews.reserveCapacity(cells)
        for index in 0..<cells {
            let cell = constrainedView(in: root)
            let title = FixedIntrinsicView(CGSize(width: 60, height: 17))
            cell.addSubview(title)
            let column = index % Self.columns
            let left = column == 0 ? root.leadingAnchor : cellViews[index - 1].trailingAnchor
            let top = index < Self.columns ? root.topAnchor : cellViews[index - Self.columns].bottomAnchor
            constraints.append(cell.leadingAnchor.constraint(equalTo: left, constant: 8))
            constraints.append(cell.topAnchor.constraint(equalTo: top, constant: 8))
            constraints.append(cell.widthAnchor.constraint(equalToConstant: 92))
            constraints.append(title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 4))
            constraints.append(title.trailingAnchor.constraint(lessThanOrEqualTo: cell.trailingAnchor, constant: -4))
            constraints.append(title.topAnchor.constraint(equalTo: cell.topAnchor, constant: 4))
            constraints.append(title.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -4))
            cellViews.append(cell)
        }
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
    }
}

/// A root with two containers; the first holds a card with a row of n views.
final class CardScene {
    let root = View(frame: CGRect(x: 0, y: 0, width: 768, height: 1024))
    let first: View
    let second: View
    let card: View

    init(rowCount: Int) {
        first = constrainedView(in: root)
        second = constrainedView(in: root)
        card = View()
        card.translatesAutoresizingMaskIntoConstraints = false
        var constraints = [
            first.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            first.topAnchor.constraint(equalTo: root.topAnchor),
            first.widthAnchor.constraint(equalTo: root.widthAnchor),
            first.heightAnchor.constraint(equalToConstant: 400),
            second.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            second.topAnchor.constraint(equalTo: first.bottomAnchor),
            second.widthAnchor.constraint(equalTo: root.widthAnchor),
            second.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ]
        var previous: View?
        for _ in 0..<rowCount {
            let view = constrainedView(in: card)
            constraints.append(
                view.leadingAnchor.constraint(equalTo: previous?.trailingAnchor ?? card.leadingAnchor, constant: 2))
            constraints.append(view.topAnchor.constraint(equalTo: card.topAnchor, constant: 2))
            constraints.append(view.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -2))
            constraints.append(view.widthAnchor.constraint(equalToConstant: 4))
            previous = view
        }
        if let previous {
            constraints.append(previous.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -2))
        }
        first.addSubview(card)
        constraints += Self.pin(card, in: first)
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
    }

    static func pin(_ card: View, in container: View) -> [LayoutConstraint] {
        [
            card.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            card.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
            card.heightAnchor.constraint(equalToConstant: 50),
        ]
    }

    func moveCardToSecondContainer() {
        second.addSubview(card)
        LayoutConstraint.activate(Self.pin(card, in: second))
        root.layoutIfNeeded()
    }

    func removeCard() {
        card.removeFromSuperview()
        root.layoutIfNeeded()
    }
}
