import AutoLayout
import Foundation

/// A cell built from a sizer's template and made ready for measuring: it sizes itself from its
/// constraints (it translates no frame into constraints) and its width is pinned by a required
/// constraint, UIKit's encapsulated width.
///
/// A template cell is used by one thread at a time; the ``TemplatePool`` hands it out.
///
/// Not generic over the cell's class: the sizer's code is compiled once for every cell class,
/// and a generic class here made each measurement ask the runtime for the metadata of
/// `TemplateCell<Cell>` (and of arrays and optionals of it) from global tables that all the
/// measuring threads share. The sizer knows the class and downcasts ``cell``.
final class TemplateCell {
    let cell: View
    private let widthConstraint: LayoutConstraint
    /// The widths at which this cell has passed the thorough determinacy check.
    private var widthsCheckedThoroughly: Set<CGFloat> = []
    /// The last of those the cell was asked about, compared before hashing into the set: a
    /// sizer measures item after item at one width.
    private var lastWidthCheckedThoroughly: CGFloat?
    /// The thread the cell was last lent to (its `pthread_self()`), which the pool lends it
    /// to again when it can.
    var lastThread: pthread_t?

    init(_ cell: View, conditions: SizingConditions) {
        self.cell = cell
        cell.translatesAutoresizingMaskIntoConstraints = false
        cell.contentSizeCategoryOverride = conditions.contentSizeCategory
        widthConstraint = cell.widthAnchor.constraint(equalToConstant: conditions.width)
        widthConstraint.identifier = "CellSizer-Encapsulated-Width"
        widthConstraint.isActive = true
    }

    /// Set when an item failed on this cell or left it in a state that a new cell would not
    /// be in; the pool then discards the cell instead of lending it again.
    var isInDoubt = false

    /// Whether the cell can size another item as a new cell would: no item left it in doubt,
    /// and its layout engine holds no constraint it broke to resolve a conflict.
    var isReusable: Bool {
        !isInDoubt && !cell.layoutEngineHoldsBrokenConstraints
    }

    /// The width the cell is pinned to. Changing it changes one constant: the fitting's width
    /// target is optional (see ``fittedHeight(target:)``), so the old target does not conflict
    /// with the new width, and the next fitting moves it along.
    var width: CGFloat {
        get { widthConstraint.constant }
        set { widthConstraint.constant = newValue }
    }

    /// The content size category the cell's text is sized for: the cell's
    /// `contentSizeCategoryOverride`, which its subviews inherit, as a table view's traits
    /// reach its cells. Changing it forgets which widths passed the thorough determinacy check,
    /// as the text's sizes changed.
    var contentSizeCategory: ContentSizeCategory {
        get { cell.contentSizeCategoryOverride ?? .default }
        set {
            guard newValue != cell.contentSizeCategoryOverride else { return }
            cell.contentSizeCategoryOverride = newValue
            widthsCheckedThoroughly.removeAll()
            lastWidthCheckedThoroughly = nil
        }
    }

    /// The height the cell's constraints give it at its pinned width when its height aims at
    /// `target`, as UIKit's self-sizing cells find it: fitting with the width required and the
    /// height at ``LayoutPriority/fittingSizeLevel``. With the compressed target (0) this is
    /// the cell's height.
    func fittedHeight(target: CGFloat) -> CGFloat {
        // The required pin holds the width, so the fitting's width target can be the weakest
        // (a required one would give the same layout, but a width change would then have to
        // take it out and put it back: two required equalities cannot move one at a time).
        // Its error is then a constant that moves nothing, wherever it aims (a pin broken in a
        // conflict stays in the engine at `brokenRequired`, far above it). Aimed at 0, below
        // every width, that error never changes sides, so a new width re-solves without the
        // pivots a target at the old width costs: its error swapped sides, then back when the
        // target followed.
        cell.systemLayoutSizeFitting(
            CGSize(width: 0, height: target), withHorizontalFittingPriority: .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel
        ).height
    }

    /// Whether the layout engine finds the cell's height ambiguous without a fitting target:
    /// it could move at no cost. Cheap: one solve without the target, then a look at the
    /// height's row.
    var heightIsAmbiguous: Bool {
        cell.hasAmbiguousLayout
    }

    /// Whether fitting towards the expanded size gives `height`, the compressed fitting's
    /// result, too (or this cell has already shown that at its width). Done once per width:
    /// moving the target up and back costs the solver more pivots than the rest of the
    /// measurement takes work.
    func heightFollowsNoTarget(fittedHeight height: CGFloat) -> Bool {
        let width = self.width
        if width == lastWidthCheckedThoroughly { return true }
        if !widthsCheckedThoroughly.contains(width) {
            guard fittedHeight(target: View.layoutFittingExpandedSize.height) == height else { return false }
            widthsCheckedThoroughly.insert(width)
        }
        lastWidthCheckedThoroughly = width
        return true
    }

    /// The views of a cell whose height is not determined, each named by its path from the
    /// cell: `FeedCell > View[1] > Label[0] 'name'` (type, index among its superview's
    /// subviews, accessibility identifier when it has one). The cell comes first, then the
    /// views whose frames follow its height while it moves up from `fittedHeight` within the
    /// heights its constraints allow, and any other view whose layout is ambiguous. Paths do
    /// not depend on which copy of the template is asked, so every thread reports the same
    /// names. Lays the cell out with its height pinned, then unpins it.
    func viewsWithUndeterminedLayout(fittedHeight height: CGFloat) -> [String] {
        let views = subtree()
        var named = Set([0])
        // Any height between the fitted one and the expanded fitting's is allowed; a small
        // step keeps the layout near the content.
        let otherHeight = min(fittedHeight(target: View.layoutFittingExpandedSize.height), height + 100)
        let pin = cell.heightAnchor.constraint(equalToConstant: height)
        pin.identifier = "CellSizer-Diagnosis-Height"
        pin.isActive = true
        cell.layoutIfNeeded()
        let before = views.map(\.view.frame)
        for index in views.indices.dropFirst() where views[index].view.hasAmbiguousLayout {
            named.insert(index)
        }
        if otherHeight > height {
            pin.constant = otherHeight
            cell.layoutIfNeeded()
            for index in views.indices where views[index].view.frame != before[index] { named.insert(index) }
        }
        pin.isActive = false
        return views.indices.filter(named.contains).map { views[$0].path }
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
