import AutoLayout
import Foundation

/// A cell built from a sizer's template and made ready for measuring: it sizes itself from its
/// constraints (it translates no frame into constraints) and its width is pinned by a required
/// constraint, UIKit's encapsulated width.
///
/// A template cell is used by one thread at a time; the ``TemplatePool`` hands it out.
final class TemplateCell<Cell: View> {
    let cell: Cell
    private let widthConstraint: LayoutConstraint

    init(_ cell: Cell, width: CGFloat) {
        self.cell = cell
        cell.translatesAutoresizingMaskIntoConstraints = false
        widthConstraint = cell.widthAnchor.constraint(equalToConstant: width)
        widthConstraint.identifier = "CellSizer-Encapsulated-Width"
        widthConstraint.isActive = true
    }

    /// The width the cell is pinned to.
    var width: CGFloat {
        get { widthConstraint.constant }
        set { widthConstraint.constant = newValue }
    }

    /// The height the cell's constraints give it at its pinned width when its height aims at
    /// `target`, as UIKit's self-sizing cells find it: fitting with the width required and the
    /// height at ``LayoutPriority/fittingSizeLevel``. With the compressed target (0) this is
    /// the cell's height.
    func fittedHeight(target: CGFloat) -> CGFloat {
        cell.systemLayoutSizeFitting(
            CGSize(width: width, height: target), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel
        ).height
    }

    /// The views whose frames follow the cell's height while it moves between `height` and
    /// `otherHeight`, two heights its constraints allow equally well, each named by its path
    /// from the cell: `FeedCell > View[1] > Label[0] 'name'` (type, index among its
    /// superview's subviews, accessibility identifier when it has one). The cell comes first.
    /// Paths do not depend on which copy of the template is asked, so every thread reports the
    /// same names. Lays the cell out twice with its height pinned, then unpins it.
    func viewsFollowingHeight(from height: CGFloat, to otherHeight: CGFloat) -> [String] {
        let pin = cell.heightAnchor.constraint(equalToConstant: height)
        pin.identifier = "CellSizer-Diagnosis-Height"
        pin.isActive = true
        defer { pin.isActive = false }
        cell.layoutIfNeeded()
        let before = subtree().map { ($0.path, $0.view.frame) }
        pin.constant = otherHeight
        cell.layoutIfNeeded()
        let after = subtree().map(\.view.frame)
        var result = [before[0].0]
        for ((path, frame), moved) in zip(before, after).dropFirst() where frame != moved {
            result.append(path)
        }
        return result
    }

    /// Every view of the cell with its path, in depth-first order, the cell first.
    private func subtree() -> [(view: View, path: String)] {
        var result: [(view: View, path: String)] = []
        var stack: [(view: View, path: String)] = [(cell, Self.name(of: cell, index: nil))]
        while let entry = stack.popLast() {
            result.append(entry)
            for (index, subview) in entry.view.subviews.enumerated().reversed() {
                stack.append((subview, entry.path + " > " + Self.name(of: subview, index: index)))
            }
        }
        return result
    }

    private static func name(of view: View, index: Int?) -> String {
        var name = String(describing: type(of: view))
        if let index { name += "[\(index)]" }
        if let identifier = view.accessibilityIdentifier { name += " '\(identifier)'" }
        return name
    }
}
