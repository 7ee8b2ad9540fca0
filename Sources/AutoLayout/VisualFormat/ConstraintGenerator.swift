// Turns a parsed visual format into constraints, the way UIKit does.
//
// UIKit's rules, which this file follows:
// - A connection says `later.start == earlier.end + spacing` (so `[a]-8-[b]` reads
//   `b.leading == a.trailing + 8`); with `|` the superview stands in, its start edge before
//   the first view and its end edge after the last.
// - The standard spacing (`-` alone) is 8 between siblings. Towards `|` it relates to the
//   superview's layout margins guide with a constant of 0 (UIKit since iOS 11); an explicit
//   spacing or a flush connection relates to the superview's edge itself.
// - Order: each connection's constraints, then the size constraints of the view it leads
//   to, and all alignment constraints last.
// - `.directionLeftToRight` and `.directionRightToLeft` use left/right instead of
//   leading/trailing, the second also making the earlier view the first item.
// - `.spacingBaselineToBaseline` spaces vertical neighbours from the last baseline of the
//   upper one to the first baseline of the lower one.
//
// Generation runs in two steps so that a failure changes nothing: planning resolves every
// name, superview and option and throws on the first problem, left to right; only then are
// the constraints made (which may create a superview's margins guide). A name that is not
// found is reported just after it, where UIKit (and Apple's appendix) put the caret.

import Foundation

/// Builds the constraints a ``FormatSyntax`` describes, given the metrics and views.
struct ConstraintGenerator {
    private let format: String
    private let syntax: FormatSyntax
    private let options: LayoutConstraint.FormatOptions
    private let metrics: [String: CGFloat]
    private let views: [String: any LayoutItem]

    init(
        format: String, syntax: FormatSyntax, options: LayoutConstraint.FormatOptions,
        metrics: [String: CGFloat], views: [String: any LayoutItem]
    ) {
        self.format = format
        self.syntax = syntax
        self.options = options
        self.metrics = metrics
        self.views = views
    }

    /// The constraints, in UIKit's order, none of them active.
    func constraints() throws -> [LayoutConstraint] {
        try plan().map { try $0.make() }
    }

    // MARK: Planning

    private func plan() throws(VisualFormatError) -> [PlannedConstraint] {
        let layout = try validatedLayout()
        var planned: [PlannedConstraint] = []
        var alignments: [PlannedConstraint] = []

        var previous: (any LayoutItem)?
        for (index, viewSyntax) in syntax.views.enumerated() {
            let incoming = index == 0 ? syntax.leadingEdge?.connection : syntax.connections[index - 1]
            let spacing = try incoming.map(resolveSpacing)
            let view = try resolveView(viewSyntax)
            if let previous, let spacing {
                planned += connect(.view(previous), to: .view(view), spacing, in: layout)
                alignments += align(previous, view, in: layout)
            } else if let edge = syntax.leadingEdge, let spacing {
                let superview = try container(of: view, bar: edge.bar)
                planned += connect(.superview(superview), to: .view(view), spacing, in: layout)
            }
            planned += try sizeConstraints(of: view, viewSyntax, in: layout)
            previous = view
        }
        if let edge = syntax.trailingEdge, let last = previous {
            let spacing = try resolveSpacing(edge.connection)
            let superview = try container(of: last, bar: edge.bar)
            planned += connect(.view(last), to: .superview(superview), spacing, in: layout)
        }
        return planned + alignments
    }

    /// The attributes this format's orientation and options call for.
    private struct Layout {
        var axis: LayoutAxis
        /// The edge things start at along the axis (`leading`, `left` or `top`).
        var start: LayoutAttribute
        /// The edge things end at along the axis (`trailing`, `right` or `bottom`).
        var end: LayoutAttribute
        /// Of two spaced views, the attribute of the one placed after the other (its start
        /// edge, or its first baseline when spacing baselines) and of the one before (its end
        /// edge or last baseline).
        var afterAttribute: LayoutAttribute
        var beforeAttribute: LayoutAttribute
        /// Whether views are placed right to left, the earlier one after the later.
        var isReversed: Bool
        var size: LayoutAttribute
        var alignments: [LayoutAttribute]
    }

    private func validatedLayout() throws(VisualFormatError) -> Layout {
        let direction = options.intersection(.directionMask)
        if direction == .directionMask { throw failure(.conflictingDirections, at: 0) }
        let known = Self.alignmentOptions.reduce(into: [.directionMask, .spacingMask]) {
            (known: inout LayoutConstraint.FormatOptions, alignment) in known.formUnion(alignment.option)
        }
        if !known.isSuperset(of: options) {
            throw failure(.unknownOptions(options.subtracting(known).rawValue), at: 0)
        }
        let alignments = Self.alignmentOptions.filter { options.contains($0.option) }
        if syntax.views.count > 1, alignments.contains(where: { $0.attribute.axis == syntax.orientation }) {
            // UIKit checks when it aligns the first pair of views; point at the second one.
            throw failure(
                .alignmentAlongLayoutAxis(syntax.orientation), at: syntax.views[1].range.lowerBound)
        }
        let baselineSpacing = options.contains(.spacingBaselineToBaseline)
        switch syntax.orientation {
        case .horizontal:
            if baselineSpacing { throw failure(.baselineSpacingInHorizontalLayout, at: 0) }
            let absolute = !direction.isEmpty
            let (start, end): (LayoutAttribute, LayoutAttribute) =
                absolute ? (.left, .right) : (.leading, .trailing)
            return Layout(
                axis: .horizontal, start: start, end: end, afterAttribute: start,
                beforeAttribute: end, isReversed: direction == .directionRightToLeft,
                size: .width, alignments: alignments.map(\.attribute))
        case .vertical:
            return Layout(
                axis: .vertical, start: .top, end: .bottom,
                afterAttribute: baselineSpacing ? .firstBaseline : .top,
                beforeAttribute: baselineSpacing ? .lastBaseline : .bottom,
                isReversed: false, size: .height, alignments: alignments.map(\.attribute))
        }
    }

    /// Each alignment option and the attribute it aligns, in UIKit's order.
    private static let alignmentOptions: [(option: LayoutConstraint.FormatOptions, attribute: LayoutAttribute)] = [
        (.alignAllLeft, .left),
        (.alignAllRight, .right),
        (.alignAllTop, .top),
        (.alignAllBottom, .bottom),
        (.alignAllLeading, .leading),
        (.alignAllTrailing, .trailing),
        (.alignAllCenterX, .centerX),
        (.alignAllCenterY, .centerY),
        (.alignAllLastBaseline, .lastBaseline),
        (.alignAllFirstBaseline, .firstBaseline),
    ]

    // MARK: Constraints

    /// One end of a connection.
    private enum Neighbour {
        case view(any LayoutItem)
        case superview(View)
    }

    /// A connection with its names resolved.
    private enum Spacing {
        case flush
        case standard
        case predicates([Term])
    }

    /// A predicate with its names resolved.
    private struct Term {
        var relation: LayoutRelation
        var constant: CGFloat
        /// The view or guide whose size the predicate equals, for `(==otherView)`.
        var view: (any LayoutItem)?
        var priority: LayoutPriority

        /// `== constant` at the required priority, what flush and standard connections mean.
        static func required(_ constant: CGFloat) -> Term {
            Term(relation: .equal, constant: constant, view: nil, priority: .required)
        }
    }

    private func connect(
        _ earlier: Neighbour, to later: Neighbour, _ spacing: Spacing, in layout: Layout
    ) -> [PlannedConstraint] {
        let terms: [Term]
        var towardsMargins = false
        switch spacing {
        case .flush:
            terms = [.required(0)]
        case .standard:
            if case .view = earlier, case .view = later {
                terms = [.required(LayoutConstraint.standardSiblingSpacing)]
            } else {
                terms = [.required(0)]
                towardsMargins = true
            }
        case .predicates(let predicates):
            terms = predicates
        }
        // The first item is the one placed after the other along the layout's direction.
        let (after, before) = layout.isReversed ? (earlier, later) : (later, earlier)
        let first: PlannedConstraint.Anchor
        let second: PlannedConstraint.Anchor
        let form: PlannedConstraint.Form
        switch (after, before) {
        case (.view(let afterView), .view(let beforeView)):
            first = .init(item: .view(afterView), attribute: layout.afterAttribute)
            second = .init(item: .view(beforeView), attribute: layout.beforeAttribute)
            // UIKit's bracket form shows edges only; baseline spacing prints as an equation.
            form = layout.afterAttribute == layout.start ? .spacing(layout.axis) : .equation
        case (.view(let afterView), .superview(let superview)):
            first = .init(item: .view(afterView), attribute: layout.afterAttribute)
            second = .init(
                item: towardsMargins ? .margins(of: superview) : .view(superview),
                attribute: layout.start)
            form = layout.afterAttribute == layout.start ? .fromSuperview(layout.axis) : .equation
        case (.superview(let superview), .view(let beforeView)):
            first = .init(
                item: towardsMargins ? .margins(of: superview) : .view(superview),
                attribute: layout.end)
            second = .init(item: .view(beforeView), attribute: layout.beforeAttribute)
            form = layout.beforeAttribute == layout.end ? .toSuperview(layout.axis) : .equation
        case (.superview, .superview):
            // The grammar puts a view between any two bars.
            return []
        }
        return terms.map { term in
            PlannedConstraint(
                first: first, relation: term.relation, second: second, constant: term.constant,
                priority: term.priority, form: form)
        }
    }

    private func sizeConstraints(
        of view: any LayoutItem, _ viewSyntax: FormatSyntax.View, in layout: Layout
    ) throws(VisualFormatError) -> [PlannedConstraint] {
        var planned: [PlannedConstraint] = []
        for predicate in viewSyntax.predicates {
            let term = try resolve(predicate, allowingView: true)
            planned.append(
                PlannedConstraint(
                    first: .init(item: .view(view), attribute: layout.size), relation: term.relation,
                    second: term.view.map { .init(item: .view($0), attribute: layout.size) },
                    constant: term.constant, priority: term.priority, form: .size(layout.axis)))
        }
        return planned
    }

    private func align(_ earlier: any LayoutItem, _ later: any LayoutItem, in layout: Layout) -> [PlannedConstraint] {
        // UIKit makes the earlier view the first item, except that right-to-left swaps them.
        let (first, second) = layout.isReversed ? (later, earlier) : (earlier, later)
        return layout.alignments.map { attribute in
            PlannedConstraint(
                first: .init(item: .view(first), attribute: attribute), relation: .equal,
                second: .init(item: .view(second), attribute: attribute), constant: 0,
                priority: .required, form: .equation)
        }
    }

    // MARK: Names

    private func resolveView(_ viewSyntax: FormatSyntax.View) throws(VisualFormatError) -> any LayoutItem {
        guard let view = views[viewSyntax.name] else {
            throw failure(.unknownView(viewSyntax.name), at: viewSyntax.nameRange.upperBound)
        }
        return view
    }

    /// The view a `|` next to `item` stands for: a view's superview, or the view that owns a
    /// layout guide.
    private func container(of item: any LayoutItem, bar: Int) throws(VisualFormatError) -> View {
        let container = (item as? View)?.superview ?? (item as? LayoutGuide)?.owningView
        guard let container else { throw failure(.missingSuperview, at: bar) }
        return container
    }

    private func resolveSpacing(_ connection: FormatSyntax.Connection) throws(VisualFormatError) -> Spacing {
        switch connection {
        case .flush: return .flush
        case .standard: return .standard
        case .predicates(let predicates, _):
            var terms: [Term] = []
            for predicate in predicates {
                terms.append(try resolve(predicate, allowingView: false))
            }
            return .predicates(terms)
        }
    }

    private func resolve(
        _ predicate: FormatSyntax.Predicate, allowingView: Bool
    ) throws(VisualFormatError) -> Term {
        var term = Term.required(0)
        term.relation = relation(predicate.relation)
        switch predicate.object {
        case .number(let value, _):
            term.constant = CGFloat(value)
        case .name(let name, let range):
            if let value = try metric(name, range) {
                term.constant = value
            } else if let view = views[name] {
                guard allowingView else { throw failure(.viewAsSpacing(name), at: range.upperBound) }
                term.view = view
            } else {
                throw failure(.unknownMetric(name), at: range.upperBound)
            }
        }
        switch predicate.priority {
        case nil:
            break
        case .number(let value, _):
            // The parser has already checked the range of a literal priority.
            term.priority = LayoutPriority(Float(value))
        case .name(let name, let range):
            guard let value = try metric(name, range) else {
                if views[name] != nil { throw failure(.viewAsPriority(name), at: range.upperBound) }
                throw failure(.unknownMetric(name), at: range.upperBound)
            }
            if value <= 0 { throw failure(.priorityNotPositive(Double(value)), at: range.upperBound) }
            if value > 1000 { throw failure(.priorityTooHigh(Double(value)), at: range.upperBound) }
            term.priority = LayoutPriority(Float(value))
        }
        return term
    }

    /// The metric's value, nil if there is no metric of that name.
    private func metric(_ name: String, _ range: Range<Int>) throws(VisualFormatError) -> CGFloat? {
        guard let value = metrics[name] else { return nil }
        guard value.isFinite else { throw failure(.metricNotFinite(name), at: range.upperBound) }
        return value
    }

    private func relation(_ relation: FormatSyntax.Relation) -> LayoutRelation {
        switch relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }

    private func failure(_ reason: VisualFormatError.Reason, at offset: Int) -> VisualFormatError {
        VisualFormatError(reason, format: format, offset: offset)
    }
}
