import ConstraintSolver
import Foundation

/// The constraint solver of one view tree, fed lazily.
///
/// Activating, deactivating and changing constraints only queues the change here; the queue
/// reaches the solver in one batch at the next layout pass or query (``solve()``), so that
/// activating many constraints at once, or building a whole tree, is a single batch. Constant
/// changes become the solver's in-place `setConstant`, optional priority changes its
/// `setPriority`, and only a change of terms (a flipped layout direction, say) re-adds a row.
///
/// Runtime exclusivity checks are off for the engine's queues and flags
/// (`@exclusivity(unchecked)`): an engine belongs to one tree, used by one thread at a time,
/// and every access is a read or an in-place change made by the engine's own code, which
/// calls no view code while it changes one of them (views' hooks run between accesses, on
/// copies or on buffers the engine owns for the duration). The checks would be a runtime
/// call on every access of the engine's hot path.
final class LayoutEngine {
    /// The root view of the tree; the root owns the engine.
    var root: View? {
        get { rootReference?.takeUnretainedValue() }
        set { rootReference = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// The root, unretained. Not weak: a weak reference would give the view a side table (see
    /// ``ViewReference``); the root clears it when it goes away.
    @exclusivity(unchecked) private var rootReference: Unmanaged<View>?

    /// The root's display scale, read without retaining the root; `nil` without a root.
    var rootDisplayScale: CGFloat? {
        rootReference?._withUnsafeGuaranteedRef { $0.displayScaleStorage }
    }

    private(set) lazy var solver = Solver()

    @exclusivity(unchecked) private var pendingAdditions: [LayoutConstraint] = []
    @exclusivity(unchecked) private var pendingRemovals: [Constraint] = []
    /// The constraints queued for a refresh, unretained: a queued constraint is installed, so
    /// its container holds it, and one taken out meanwhile is kept in ``keptWhileQueued``.
    /// Every cell a list sizes refreshes a few content-size constraints, and a queue of strong
    /// references retained and released each of them three times more.
    @exclusivity(unchecked) private var pendingRefreshes: [Unmanaged<LayoutConstraint>] = []
    /// An empty buffer with the capacity of an earlier batch of refreshes, which becomes the
    /// queue while a batch is applied: every cell a list sizes queues a few constant changes,
    /// and a new queue would allocate and grow again for each.
    @exclusivity(unchecked) private var spareRefreshes: [Unmanaged<LayoutConstraint>] = []
    /// The constraints removed while queued for a refresh, held until the batch that lists
    /// them has been applied (it skips them): their containers may have let them go.
    @exclusivity(unchecked) private var keptWhileQueued: [LayoutConstraint] = []
    /// The constant changes of a batch of refreshes, handed to the solver together (see
    /// ``applyConstantChanges()``). The layout constraint behind each is found through its
    /// solver constraint when the solver refuses one, rather than listed beside it: a second
    /// list cost every cell a list sizes an append and an emptying per change.
    @exclusivity(unchecked) private var constantChanges: [(constraint: Constraint, constant: Double)] = []
    // Views are not held strongly: a view holds its engine, and a tree dropped before its next
    // layout pass must still go away. Each view knows its place in these lists and leaves
    // them when it moves to another engine or goes away.
    @exclusivity(unchecked) private var pendingIntrinsicViews: [ViewReference] = []
    /// A buffer kept between solves for the views whose intrinsic sizes are being read, each
    /// retained while that runs.
    @exclusivity(unchecked) private var intrinsicViewsInProgress: [Unmanaged<View>] = []
    @exclusivity(unchecked) private var widthDependentViews: [ViewReference] = []
    /// The nodes whose variables the solver wrote since the layout pass last looked: the only
    /// items whose frames can have moved, so that a pass after a small change visits a few
    /// views rather than the whole tree.
    @exclusivity(unchecked) private var writtenNodes: [LayoutNode] = []
    @exclusivity(unchecked) var reports: [UnsatisfiableConstraintReport] = []
    /// The constraints in the engine that it broke to resolve a conflict; they stay broken
    /// (at the priority reserved for broken required constraints) until deactivated.
    @exclusivity(unchecked) var brokenConstraints: Set<ObjectIdentifier> = []
    /// The installed constraints the solver refused as beyond its range, with their
    /// descriptions at the refusal; each is out of the layout until its numbers come back.
    @exclusivity(unchecked) var refusedConstraints: [ObjectIdentifier: String] = [:]
    /// The target-size constraints of the last fitting computation, kept until the next layout
    /// pass or query so that fitting the same view again is two constant changes.
    @exclusivity(unchecked) var fitting: (view: ViewReference, constraints: [LayoutConstraint])?
    @exclusivity(unchecked) private var nextSequence: UInt64 = 0

    /// How many times one solve re-measures views whose intrinsic height depends on their width.
    static let maximumWidthDependentPasses = 4

    /// Whether a layout pass of the tree is running (frames then mark only what the pass visits).
    @exclusivity(unchecked) var isLayingOut = false

    /// Whether the variables hold the solution of the constraints now in the solver.
    @exclusivity(unchecked) private(set) var variablesAreCurrent = true
    /// How many times the engine has run the solver and read its solution; tests use it to
    /// check that a layout pass with nothing to do does no solver work.
    @exclusivity(unchecked) private(set) var solveCount = 0

    /// How many views wait for their intrinsic sizes to be read; tests use it to check that a
    /// view that goes away or moves leaves the queue.
    var queuedIntrinsicUpdateCount: Int { pendingIntrinsicViews.count }

    /// How many views are listed for the second, width-dependent pass; tests use it as above.
    var widthDependentViewCount: Int { widthDependentViews.count }

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
        forgetRefused(constraint)
        nextSequence += 1
        constraint.sequence = nextSequence
        pendingAdditions.append(constraint)
    }

    /// Queues the removal of a constraint that was just uninstalled.
    func remove(_ constraint: LayoutConstraint) {
        guard constraint.isHeld(by: self) else { return }
        forgetBroken(constraint)
        forgetRefused(constraint)
        if constraint.engineState == .inSolver, let solverConstraint = constraint.solverConstraint {
            pendingRemovals.append(solverConstraint)
            solverConstraint.layoutConstraint = nil
        }
        constraint.engineState = .outside
        constraint.solverConstraint = nil
        if constraint.isQueuedForRefresh { keptWhileQueued.append(constraint) }
        constraint.isQueuedForRefresh = false
        constraint.engine = nil
    }

    /// Most engines never break a constraint; moving a subtree of thousands of constraints
    /// between engines should not hash each of them to find that out.
    private func forgetBroken(_ constraint: LayoutConstraint) {
        if !brokenConstraints.isEmpty { brokenConstraints.remove(ObjectIdentifier(constraint)) }
    }

    /// Same as ``forgetBroken(_:)``, for the rarer refusals.
    private func forgetRefused(_ constraint: LayoutConstraint) {
        if !refusedConstraints.isEmpty { refusedConstraints[ObjectIdentifier(constraint)] = nil }
    }

    /// Takes a constraint whose numbers the solver refused out of the layout, and reports it.
    /// Leaving it out, rather than keeping an earlier constant in force, makes the layout
    /// depend on the constraint's present state alone, as if it were not installed.
    func refuse(_ constraint: LayoutConstraint, because error: any Error) {
        LayoutDiagnostics.report(.outsideSolverRange(constraint: constraint.description, detail: "\(error)"))
        constraint.solverConstraint?.layoutConstraint = nil
        constraint.solverConstraint = nil
        constraint.engineState = .refused
        refusedConstraints[ObjectIdentifier(constraint)] = constraint.description
    }

    /// Queues a constraint whose constant, priority or terms may have changed. A refused
    /// constraint is queued to be added again: the change may bring it back into range.
    /// `scope` says what the caller may have changed, so that a refresh of the constant alone,
    /// or of the items' baselines, does not build the constraint's form again; refreshes queued
    /// before the next solve merge into the widest scope among them.
    func refresh(_ constraint: LayoutConstraint, scope: RefreshScope = .everything) {
        guard constraint.isHeld(by: self) else { return }
        if constraint.engineState == .refused {
            forgetRefused(constraint)
            constraint.engineState = .pending
            pendingAdditions.append(constraint)
            return
        }
        guard constraint.engineState == .inSolver else { return }
        guard !constraint.isQueuedForRefresh else {
            if scope > constraint.refreshScope { constraint.refreshScope = scope }
            return
        }
        constraint.isQueuedForRefresh = true
        constraint.refreshScope = scope
        pendingRefreshes.append(Unmanaged.passUnretained(constraint))
    }

    /// Queues a view whose intrinsic content size must be read again.
    func queueIntrinsicUpdate(of view: View) {
        guard !view.isQueuedForIntrinsicUpdate else { return }
        view.isQueuedForIntrinsicUpdate = true
        view.intrinsicQueueIndex = Int32(pendingIntrinsicViews.count)
        pendingIntrinsicViews.append(ViewReference(view))
    }

    /// Takes a view off the queue of intrinsic size updates, for a view that moves to another
    /// engine or goes away. O(1): the last entry takes its place.
    func dequeueIntrinsicUpdate(of view: View) {
        let index = Int(view.intrinsicQueueIndex)
        view.isQueuedForIntrinsicUpdate = false
        view.intrinsicQueueIndex = -1
        Self.remove(view, at: index, from: &pendingIntrinsicViews)?.intrinsicQueueIndex = Int32(index)
    }

    /// Lists a view whose intrinsic height depends on its width, for the second pass.
    private func listWidthDependent(_ view: View) {
        guard view.widthDependentIndex < 0 else { return }
        view.widthDependentIndex = Int32(widthDependentViews.count)
        widthDependentViews.append(ViewReference(view))
    }

    /// Takes a view off the list of width-dependent views. O(1), as for the queue above.
    func unlistWidthDependent(_ view: View) {
        let index = Int(view.widthDependentIndex)
        view.widthDependentIndex = -1
        Self.remove(view, at: index, from: &widthDependentViews)?.widthDependentIndex = Int32(index)
    }

    /// Removes `view` from `list`, where it stands at `index` if it is listed, by moving the
    /// last entry into its place. Returns the moved view, whose recorded place the caller
    /// sets to `index`, or `nil` when nothing moved.
    private static func remove(_ view: View, at index: Int, from list: inout [ViewReference]) -> View? {
        guard index >= 0, index < list.count, list[index].view === view else { return nil }
        let last = list.removeLast()
        guard index < list.count else { return nil }
        list[index] = last
        return last.view
    }

    /// Forgets a view that is going away: its places in the engine's lists, the fitting
    /// constraints made for it, and the root if it is the root. Called from `View.deinit`,
    /// which is what lets those lists and ``root`` do without weak references.
    func viewWillGoAway(_ view: View) {
        if view.isQueuedForIntrinsicUpdate { dequeueIntrinsicUpdate(of: view) }
        unlistWidthDependent(view)
        if let fitting, fitting.view.view === view { removeFittingConstraints() }
        if root === view { root = nil }
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
        // order they entered the old solver, which its chains of definitions unwind fastest.
        for view in views {
            view.removeRootSizeConstraints()
            let old = view.engine
            view.engine = self
            view.forEachOwnedConstraint { constraint in
                // A carried compression resistance moves with the hugging row that holds it.
                guard !constraint.isCarriedByHugging else { return }
                old.remove(constraint)
                add(constraint)
            }
            if view.isQueuedForIntrinsicUpdate || scaleChanged {
                old.dequeueIntrinsicUpdate(of: view)
                queueIntrinsicUpdate(of: view)
            }
            old.unlistWidthDependent(view)
            if view.isWidthDependentInEngine { listWidthDependent(view) }
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
            // The node is used in place, and retained only when the list takes it.
            (variable as? NodeVariable)?.node?._withUnsafeGuaranteedRef { node in
                guard !node.isListedAsWritten else { return }
                node.isListedAsWritten = true
                writtenNodes.append(node)
            }
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
        var index = 0
        while index < widthDependentViews.count {
            // Each view is held while its hook runs. The hook is the view's own code: if it
            // changes the tree, views may leave the list and another take a visited place, so
            // one may be visited twice (harmless: it measures the width it has) or wait for
            // the next pass.
            let view = widthDependentViews[index].view
            guard view.engine === self, view.isWidthDependentInEngine else {
                unlistWidthDependent(view)
                continue
            }
            index += 1
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
                var refreshes: [Unmanaged<LayoutConstraint>] = []
                swap(&refreshes, &spareRefreshes)
                swap(&refreshes, &pendingRefreshes)
                // Those of the batch removed since they were queued; any removed from now on
                // are kept for the next round.
                var kept: [LayoutConstraint] = []
                if !keptWhileQueued.isEmpty { swap(&kept, &keptWhileQueued) }
                let additions = pendingAdditions
                pendingRemovals = []
                pendingAdditions = []
                variablesAreCurrent = false
                for solverConstraint in removals {
                    try? solver.removeConstraint(solverConstraint)
                }
                for reference in refreshes {
                    reference._withUnsafeGuaranteedRef { constraint in
                        constraint.isQueuedForRefresh = false
                        apply(refreshOf: constraint)
                    }
                }
                applyConstantChanges()
                withExtendedLifetime(kept) {}
                // Not `removeEachKeepingStorage()`: unmanaged references have nothing to
                // destroy, so the general path empties them at once, where popping them one
                // by one cost more.
                refreshes.removeAll(keepingCapacity: true)
                if spareRefreshes.capacity < refreshes.capacity { swap(&refreshes, &spareRefreshes) }
                insert(additions)
            }
        }
    }

    /// Each round can only queue constraints of guides made in the round before, so a few
    /// rounds always suffice; the bound keeps a misbehaving override from looping forever.
    private static let maximumFlushRounds = 8

    private func updateIntrinsicContentSizes() {
        while !pendingIntrinsicViews.isEmpty {
            // The queued views are retained while their sizes are read (that runs their own
            // code), once each, and used through that retain: reading them from an array of
            // references retained and released each twice more, on every label of every cell a
            // list sizes. Their buffer keeps its capacity between solves (a new array would grow
            // again each time) and is taken out while in use, so that a nested solve (a view
            // laying its tree out while its size is read) fills one of its own. Views queued
            // meanwhile wait for the next round.
            var views: [Unmanaged<View>] = []
            swap(&views, &intrinsicViewsInProgress)
            // The retains guard against a view's own code dropping the last reference to itself
            // or to another queued view. When every queued view is of one of the library's own
            // classes, no such code runs, and the 18 atomic operations a cell of nine labels
            // spent on them are skipped.
            var retains = false
            for entry in pendingIntrinsicViews {
                entry.reference._withUnsafeGuaranteedRef { view in
                    view.intrinsicQueueIndex = -1
                    if !view.intrinsicContentSizeReadsOnlyOwnState { retains = true }
                }
                views.append(entry.reference)
            }
            pendingIntrinsicViews.removeAll(keepingCapacity: true)
            if retains { for view in views { _ = view.retain() } }
            for reference in views {
                reference._withUnsafeGuaranteedRef { view in
                    guard view.isQueuedForIntrinsicUpdate else { return }
                    view.isQueuedForIntrinsicUpdate = false
                    guard view.engine === self else { return }
                    view.updateContentSizeConstraints()
                    if view.isWidthDependentInEngine { listWidthDependent(view) }
                }
                if retains { reference.release() }
            }
            views.removeAll(keepingCapacity: true)
            if intrinsicViewsInProgress.capacity < views.capacity { swap(&views, &intrinsicViewsInProgress) }
        }
    }

    // MARK: Talking to the solver

    /// Hands one constraint to the solver (a refresh that changed its terms, a conflict
    /// resolved anew).
    func insert(_ constraint: LayoutConstraint) {
        guard let solverConstraint = solverForm(of: constraint) else { return }
        add(solverConstraint, for: constraint)
    }

    /// Inserts the queued constraints still pending in this engine. Their solver forms are
    /// made first, so that the solver can size its storage for all of them at once: a tree
    /// of thousands of views activated together then holds little unused room.
    private func insert(_ additions: [LayoutConstraint]) {
        guard !additions.isEmpty else { return }
        var solverConstraints: [EngineConstraint] = []
        var constraints: [LayoutConstraint] = []
        solverConstraints.reserveCapacity(additions.count)
        constraints.reserveCapacity(additions.count)
        for constraint in additions where constraint.isHeld(by: self) && constraint.engineState == .pending {
            guard let solverConstraint = solverForm(of: constraint) else { continue }
            solverConstraints.append(solverConstraint)
            constraints.append(constraint)
        }
        if solverConstraints.count > 1 { solver.reserveCapacity(forAdding: solverConstraints) }
        for (solverConstraint, constraint) in zip(solverConstraints, constraints) { add(solverConstraint, for: constraint) }
    }

    /// Makes the solver constraint that stands for `constraint` and puts it behind it, ready
    /// to be added; nil, with the constraint outside the solver, when an item is gone.
    private func solverForm(of constraint: LayoutConstraint) -> EngineConstraint? {
        guard let form = constraint.linearForm() else {
            // An item is gone; the constraint can do nothing until it is activated again.
            constraint.engineState = .outside
            return nil
        }
        let priority = solverPriority(of: constraint)
        let solverConstraint =
            if let shortfall = solverShortfallPriority(of: constraint) {
                EngineConstraint(form.expression, equalWithExcessAt: priority, shortfallAt: shortfall)
            } else {
                EngineConstraint(form.expression, constraint.solverRelation, priority: priority)
            }
        constraint.solverConstraint = solverConstraint
        constraint.keepInstalled(form)
        constraint.engineState = .inSolver
        solverConstraint.layoutConstraint = constraint
        return solverConstraint
    }

    private func solverPriority(of constraint: LayoutConstraint) -> Priority {
        if constraint.isBroken { return .brokenRequired }
        return Priority(constraint.priorityValue.rawValue)
    }

    /// The priority of falling short that the constraint's row carries: its axis's compression
    /// resistance, on a hugging constraint that carries it; nil for every other constraint.
    private func solverShortfallPriority(of constraint: LayoutConstraint) -> Priority? {
        constraint.carriedCompressionResistance.map { Priority($0.rawValue) }
    }

    /// Applies a queued change of constant, priority or terms to a constraint in the solver.
    private func apply(refreshOf constraint: LayoutConstraint) {
        guard constraint.isHeld(by: self), constraint.engineState == .inSolver,
            let old = constraint.solverConstraint
        else { return }
        // The solver keeps the expression's constant current, as the queued changes reach it.
        let installedConstant = old.expression.constant
        let priority = solverPriority(of: constraint)
        // A row keeps its kind when it stays required or optional and keeps the shortfall
        // priority it was made with (which the solver cannot change in place).
        let keepsKind = old.priority.isRequired == priority.isRequired
            && old.shortfallPriority == solverShortfallPriority(of: constraint)
        if constraint.refreshScope == .constantOrPriority && keepsKind,
            let constant = constraint.installedFormConstantAfterConstantChange
        {
            // Only the constant or the priority moved: the installed form's terms stand.
            move(old, to: priority, constant: constant, from: installedConstant)
            return
        }
        if constraint.refreshScope == .baselines && keepsKind,
            let moved = constraint.installedFormAfterBaselineChange
        {
            // An item's text moved its baseline, which every cell a list sizes does to its
            // baseline constraints: the constant is summed again, the terms stand.
            move(old, to: priority, constant: moved.constant, from: installedConstant)
            constraint.installedConstantBeforeLayoutConstant = moved.constantBeforeLayoutConstant
            return
        }
        guard let form = constraint.linearForm() else { return }
        if form.hasSameTerms(as: old.expression.terms) && old.relation == constraint.solverRelation && keepsKind {
            move(old, to: priority, constant: form.constant, from: installedConstant)
            // Kept even when the constant is the same: what it was summed from may not be.
            constraint.keepInstalled(form)
            return
        }
        applyConstantChanges()
        try? solver.removeConstraint(old)
        old.layoutConstraint = nil
        constraint.engineState = .pending
        insert(constraint)
    }

    /// Gives a constraint in the solver a new priority and queues its new constant (see
    /// ``applyConstantChanges()``); a constant the solver refuses is handled by `recover` when
    /// the queue is handed over. Takes the caller's reference to the solver constraint, which
    /// the queue then keeps: the caller has no use for it after, and handing it on spares a
    /// retain and a release per change.
    private func move(
        _ old: consuming EngineConstraint, to priority: Priority, constant: Double, from oldConstant: Double
    ) {
        if old.priority != priority {
            // The solver sees every change in the order the refreshes came.
            applyConstantChanges()
            try? solver.setPriority(priority, of: old)
        }
        guard constant != oldConstant else { return }
        constantChanges.append((old, constant))
    }

    /// Hands the queued constant changes to the solver in one call, which re-solves the
    /// changes of optional constraints together and judges a required one alone, in order.
    private func applyConstantChanges() {
        guard !constantChanges.isEmpty else { return }
        solver.setConstants(constantChanges) { index, error in
            let refused = constantChanges[index].constraint
            // A queued change's constraint stays in the solver, and behind its layout
            // constraint, until the batch is handed over, so the way back always leads there.
            guard let constraint = layoutConstraint(behind: refused) else {
                try? solver.removeConstraint(refused)
                return
            }
            recover(constraint, refused, from: error)
        }
        constantChanges.removeEachKeepingStorage()
    }

    /// After the solver refused a constraint's new constant: a constant that conflicts takes
    /// the row out and adds it anew (which breaks one constraint of the set like any other
    /// conflict), and one beyond the solver's range refuses the constraint.
    private func recover(_ constraint: LayoutConstraint, _ old: Constraint, from error: any Error) {
        try? solver.removeConstraint(old)
        if case SolverError.unsatisfiableConstraint = error {
            (old as? EngineConstraint)?.layoutConstraint = nil
            constraint.engineState = .pending
            insert(constraint)
        } else {
            refuse(constraint, because: error)
        }
    }

    private func deliverReports() {
        guard !reports.isEmpty else { return }
        let delivered = reports
        reports = []
        for report in delivered { LayoutDiagnostics.report(report) }
    }

    /// The layout constraints behind solver constraints, skipping those the engine does not
    /// own; a hugging constraint's row stands for the compression resistance it carries too,
    /// which follows it.
    func layoutConstraints(for solverConstraints: [Constraint]) -> [LayoutConstraint] {
        var result: [LayoutConstraint] = []
        for solverConstraint in solverConstraints {
            guard let constraint = layoutConstraint(behind: solverConstraint) else { continue }
            result.append(constraint)
            if constraint.carriedCompressionResistance != nil,
                let resistance = constraint.firstNode.view?.carriedCompressionResistance(of: constraint)
            {
                result.append(resistance)
            }
        }
        return result
    }

    /// The layout constraint a solver constraint of this engine stands for. The solver
    /// constraint leads back to it (``EngineConstraint/layoutConstraint``) rather than through
    /// a dictionary of every constraint, which would cost a lookup per constraint added or removed.
    func layoutConstraint(behind solverConstraint: Constraint) -> LayoutConstraint? {
        guard let constraint = (solverConstraint as? EngineConstraint)?.layoutConstraint, constraint.isHeld(by: self),
            constraint.solverConstraint === solverConstraint
        else { return nil }
        return constraint
    }
}

/// A view in one of the engine's lists, not kept alive by it.
///
/// Not a weak reference: the first weak reference to an object gives it a side table, and
/// from then on every retain and release of the object goes through that table, a second
/// cache line and a slower path; views are retained and released on every hot path of
/// layout. Instead each list entry is removed before its view goes away (`View.deinit`
/// calls ``LayoutEngine/viewWillGoAway(_:)``) or moves to another engine
/// (``LayoutEngine/adopt(_:)``), so the reference never outlives the view.
struct ViewReference {
    /// The view, unretained.
    let reference: Unmanaged<View>

    init(_ view: View) { reference = Unmanaged.passUnretained(view) }

    /// The view; valid while it is listed.
    var view: View { reference.takeUnretainedValue() }
}

extension LayoutEngine {
    /// Whether a frame variable could move without making the solution worse. The solver
    /// calls a variable it has never seen unambiguous; for a view that means no constraint
    /// mentions it, so here it is ambiguous, as in UIKit.
    func isAmbiguous(_ variable: Variable) -> Bool {
        !solver.isKnown(variable) || solver.isAmbiguous(variable)
    }
}
