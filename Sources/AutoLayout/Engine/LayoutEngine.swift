import ConstraintSolver
import Foundation

/// The constraint solver of one view tree, fed lazily.
///
/// Activating, deactivating and changing constraints only queues the change here; the queue
/// reaches the solver in one batch at the next layout pass or query (``solve()``), so that
/// activating many constraints at once, or building a whole tree, is a single batch. Constant
/// changes become the solver's in-place `setConstant`, optional priority changes its
/// `setPriority`, and only a change of terms (a flipped layout direction, say) re-adds a row.
final class LayoutEngine {
    /// The root view of the tree; the root owns the engine.
    weak var root: View?

    private(set) lazy var solver = Solver()

    private var pendingAdditions: [LayoutConstraint] = []
    private var pendingRemovals: [Constraint] = []
    private var pendingRefreshes: [LayoutConstraint] = []
    // Views are held weakly: a view holds its engine, and a tree dropped before its next
    // layout pass must still go away.
    private var pendingIntrinsicViews: [WeakView] = []
    /// The views whose intrinsic sizes are being read, in a buffer kept between solves.
    private var intrinsicViewsInProgress: [WeakView] = []
    private var widthDependentViews: [WeakView] = []
    /// The nodes whose variables the solver wrote since the layout pass last looked: the only
    /// items whose frames can have moved, so that a pass after a small change visits a few
    /// views rather than the whole tree.
    private var writtenNodes: [LayoutNode] = []
    var reports: [UnsatisfiableConstraintReport] = []
    /// The constraints in the engine that it broke to resolve a conflict; they stay broken
    /// (at the priority reserved for broken required constraints) until deactivated.
    var brokenConstraints: Set<ObjectIdentifier> = []
    /// The target-size constraints of the last fitting computation, kept until the next layout
    /// pass or query so that fitting the same view again is two constant changes.
    var fitting: (view: WeakView, constraints: [LayoutConstraint])?
    private var nextSequence: UInt64 = 0

    /// How many times one solve re-measures views whose intrinsic height depends on their width.
    static let maximumWidthDependentPasses = 4

    /// Whether a layout pass of the tree is running (frames then mark only what the pass visits).
    var isLayingOut = false

    /// Whether the variables hold the solution of the constraints now in the solver.
    private(set) var variablesAreCurrent = true
    /// How many times the engine has run the solver and read its solution; tests use it to
    /// check that a layout pass with nothing to do does no solver work.
    private(set) var solveCount = 0

    /// Whether anything is queued for the solver or the variables are stale.
    var needsSolve: Bool {
        !variablesAreCurrent || !pendingAdditions.isEmpty || !pendingRemovals.isEmpty
            || !pendingRefreshes.isEmpty || !pendingIntrinsicViews.isEmpty
    }

    // MARK: Queueing changes

    /// Queues a constraint that was just installed.
    func add(_ constraint: LayoutConstraint) {
        constraint.engine = self
        constraint.engineState = .pending
        constraint.isBroken = false
        forgetBroken(constraint)
        nextSequence += 1
        constraint.sequence = nextSequence
        pendingAdditions.append(constraint)
    }

    /// Queues the removal of a constraint that was just uninstalled.
    func remove(_ constraint: LayoutConstraint) {
        guard constraint.engine === self else { return }
        forgetBroken(constraint)
        if constraint.engineState == .inSolver, let solverConstraint = constraint.solverConstraint {
            pendingRemovals.append(solverConstraint)
            solverConstraint.owner = nil
        }
        constraint.engineState = .outside
        constraint.solverConstraint = nil
        constraint.installedForm = nil
        constraint.isQueuedForRefresh = false
        constraint.engine = nil
    }

    /// Most engines never break a constraint; moving a subtree of thousands of constraints
    /// between engines should not hash each of them to find that out.
    private func forgetBroken(_ constraint: LayoutConstraint) {
        if !brokenConstraints.isEmpty { brokenConstraints.remove(ObjectIdentifier(constraint)) }
    }

    /// Queues a constraint whose constant, priority or terms may have changed.
    func refresh(_ constraint: LayoutConstraint) {
        guard constraint.engine === self, constraint.engineState == .inSolver,
            !constraint.isQueuedForRefresh
        else { return }
        constraint.isQueuedForRefresh = true
        pendingRefreshes.append(constraint)
    }

    /// Queues a view whose intrinsic content size must be read again.
    func queueIntrinsicUpdate(of view: View) {
        guard !view.isQueuedForIntrinsicUpdate else { return }
        view.isQueuedForIntrinsicUpdate = true
        pendingIntrinsicViews.append(WeakView(view))
    }

    /// Moves a subtree, with all the constraints installed in it and made for it, from the
    /// engine it had into this one.
    func adopt(subtreeOf view: View) {
        adopt(view.subtreeViews())
    }

    func adopt(_ views: [View]) {
        for view in views where view.engine !== self { view.engine.removeFittingConstraints() }
        // Content measured for another pixel grid must be measured again.
        let oldScale = views.first?.engine.root?.displayScaleStorage
        let scaleChanged = oldScale != nil && oldScale != root?.displayScaleStorage
        // Parents before children and each view's constraints in installation order: the
        // order they entered the old solver, which its chains of definitions unwind fastest
        // (measured ten times faster than newest-first on the removal benchmark).
        for view in views {
            view.removeRootSizeConstraints()
            let old = view.engine
            view.engine = self
            view.forEachOwnedConstraint { constraint in
                old.remove(constraint)
                add(constraint)
            }
            if view.isQueuedForIntrinsicUpdate || scaleChanged {
                view.isQueuedForIntrinsicUpdate = false
                queueIntrinsicUpdate(of: view)
            }
            if view.isWidthDependentInEngine {
                widthDependentViews.append(WeakView(view))
            }
        }
        variablesAreCurrent = false
    }

    // MARK: Solving

    /// Brings the solver up to date and copies its solution into the variables, then gives
    /// views with width-dependent intrinsic sizes their second pass. Returns whether any
    /// solver work was done.
    @discardableResult
    func solve() -> Bool {
        guard needsSolve else { return false }
        flush()
        updateVariables()
        variablesAreCurrent = true
        solveCount += 1
        // A new height can move a neighbour and so change another view's width; repeat until
        // the widths are stable, but a bounded number of times: widths that oscillate (two
        // labels that trade space) must not hang the layout pass.
        var passes = 0
        while passes < Self.maximumWidthDependentPasses, runWidthDependentPass() {
            flush()
            updateVariables()
            variablesAreCurrent = true
            passes += 1
        }
        deliverReports()
        return true
    }

    /// Copies the solution into the variables and lists the nodes whose variables it wrote.
    func updateVariables() {
        solver.updateVariables { variable in
            guard let node = variable.owner as? LayoutNode, !node.isListedAsWritten else { return }
            node.isListedAsWritten = true
            writtenNodes.append(node)
        }
    }

    /// The nodes whose variables were written since the last call, each once.
    func takeWrittenNodes() -> [LayoutNode] {
        guard !writtenNodes.isEmpty else { return [] }
        let nodes = writtenNodes
        writtenNodes = []
        for node in nodes { node.isListedAsWritten = false }
        return nodes
    }

    /// The multi-line-text step: each view whose intrinsic size depends on its width gets the
    /// width it was just given; if any of them invalidates its intrinsic size, the engine
    /// updates the size constraints' constants and solves once more.
    private func runWidthDependentPass() -> Bool {
        guard !widthDependentViews.isEmpty else { return false }
        widthDependentViews.removeAll { $0.view?.engine !== self || $0.view?.isWidthDependentInEngine != true }
        for entry in widthDependentViews {
            guard let view = entry.view else { continue }
            view.prepareIntrinsicContentSize(forLayoutWidth: CGFloat(view.node.width.value))
        }
        return needsSolve
    }

    /// Hands every queued change to the solver in one batch. Building a row can create a
    /// view's margins guide, whose constraints join the queue; the loop takes them too.
    func flush() {
        solver.batch {
            for _ in 0..<Self.maximumFlushRounds {
                updateIntrinsicContentSizes()
                guard !pendingRemovals.isEmpty || !pendingRefreshes.isEmpty || !pendingAdditions.isEmpty else {
                    break
                }
                let removals = pendingRemovals
                let refreshes = pendingRefreshes
                let additions = pendingAdditions
                pendingRemovals = []
                pendingRefreshes = []
                pendingAdditions = []
                variablesAreCurrent = false
                for solverConstraint in removals {
                    try? solver.removeConstraint(solverConstraint)
                }
                for constraint in refreshes {
                    constraint.isQueuedForRefresh = false
                    apply(refreshOf: constraint)
                }
                for constraint in additions where constraint.engine === self && constraint.engineState == .pending {
                    insert(constraint)
                }
            }
        }
    }

    /// Each round can only queue constraints of guides made in the round before, so a few
    /// rounds always suffice; the bound keeps a misbehaving override from looping forever.
    private static let maximumFlushRounds = 8

    private func updateIntrinsicContentSizes() {
        while !pendingIntrinsicViews.isEmpty {
            // The two lists trade buffers and keep their capacity: a list sizing its cells
            // queues every label of every cell, and a new array each time would grow again.
            swap(&intrinsicViewsInProgress, &pendingIntrinsicViews)
            defer { intrinsicViewsInProgress.removeAll(keepingCapacity: true) }
            for entry in intrinsicViewsInProgress {
                guard let view = entry.view, view.isQueuedForIntrinsicUpdate else { continue }
                view.isQueuedForIntrinsicUpdate = false
                guard view.engine === self else { continue }
                let wasWidthDependent = view.isWidthDependentInEngine
                view.updateContentSizeConstraints()
                if view.isWidthDependentInEngine && !wasWidthDependent {
                    widthDependentViews.append(WeakView(view))
                }
            }
        }
    }

    // MARK: Talking to the solver

    func insert(_ constraint: LayoutConstraint) {
        guard let form = constraint.linearForm() else {
            // An item is gone; the constraint can do nothing until it is activated again.
            constraint.engineState = .outside
            return
        }
        let solverConstraint = Constraint(
            form.expression, constraint.solverRelation, priority: solverPriority(of: constraint))
        constraint.installedForm = form
        constraint.solverConstraint = solverConstraint
        constraint.engineState = .inSolver
        solverConstraint.owner = constraint
        add(solverConstraint, for: constraint)
    }

    private func solverPriority(of constraint: LayoutConstraint) -> Priority {
        if constraint.isBroken { return .brokenRequired }
        return Priority(constraint.priorityValue.rawValue)
    }

    /// Applies a queued change of constant, priority or terms to a constraint in the solver.
    private func apply(refreshOf constraint: LayoutConstraint) {
        guard constraint.engine === self, constraint.engineState == .inSolver,
            let old = constraint.solverConstraint, let oldForm = constraint.installedForm
        else { return }
        guard let form = constraint.linearForm() else { return }
        let priority = solverPriority(of: constraint)
        if form.hasSameTerms(as: oldForm) && old.relation == constraint.solverRelation
            && old.priority.isRequired == priority.isRequired
        {
            if old.priority != priority { try? solver.setPriority(priority, of: old) }
            if form.constant != oldForm.constant {
                do {
                    try solver.setConstant(form.constant, of: old)
                    constraint.installedForm = form
                } catch SolverError.unsatisfiableConstraint {
                    // The new constant conflicts: take the row out and add it anew, which
                    // breaks one constraint of the set like any other conflict.
                    try? solver.removeConstraint(old)
                    old.owner = nil
                    constraint.engineState = .pending
                    insert(constraint)
                } catch {
                    constraint.installedForm = oldForm
                }
            }
            return
        }
        try? solver.removeConstraint(old)
        old.owner = nil
        constraint.engineState = .pending
        insert(constraint)
    }

    private func deliverReports() {
        guard !reports.isEmpty else { return }
        let delivered = reports
        reports = []
        for report in delivered { LayoutDiagnostics.report(report) }
    }

    /// The layout constraints behind solver constraints, skipping those the engine does not own.
    func layoutConstraints(for solverConstraints: [Constraint]) -> [LayoutConstraint] {
        solverConstraints.compactMap(layoutConstraint(behind:))
    }

    /// The layout constraint a solver constraint of this engine stands for. The solver
    /// constraint leads back to it (`Constraint.owner`) rather than through a dictionary
    /// of every constraint, which cost a hash and a cache miss per constraint added or
    /// removed, and about 100 bytes per view.
    func layoutConstraint(behind solverConstraint: Constraint) -> LayoutConstraint? {
        guard let constraint = solverConstraint.owner as? LayoutConstraint, constraint.engine === self,
            constraint.solverConstraint === solverConstraint
        else { return nil }
        return constraint
    }
}

/// A weak reference to a view, for the engine's lists of views.
struct WeakView {
    weak var view: View?

    init(_ view: View) { self.view = view }
}

extension LayoutEngine {
    /// Whether a frame variable could move without making the solution worse. The solver
    /// calls a variable it has never seen unambiguous; for a view that means no constraint
    /// mentions it, so here it is ambiguous, as in UIKit.
    func isAmbiguous(_ variable: Variable) -> Bool {
        !solver.isKnown(variable) || solver.isAmbiguous(variable)
    }
}
