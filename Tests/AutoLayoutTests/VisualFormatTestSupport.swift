// Helpers for the visual format tests: constraints summarised with the names of their items.
import Foundation
import Testing

@testable import AutoLayout

/// A constraint's equation with its items replaced by names, so that expectations read like
/// the equations UIKit documents.
struct EquationSummary: Equatable, CustomStringConvertible {
    var first: String
    var firstAttribute: LayoutAttribute
    var relation: LayoutRelation
    var second: String?
    var secondAttribute: LayoutAttribute
    var multiplier: CGFloat
    var constant: CGFloat
    var priority: LayoutPriority

    /// `first.attribute relation second.attribute + constant` at a priority (multiplier 1).
    init(
        _ first: String, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
        _ second: String?, _ secondAttribute: LayoutAttribute, _ constant: CGFloat = 0,
        priority: LayoutPriority = .required, multiplier: CGFloat = 1
    ) {
        self.first = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.second = second
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }

    /// `first.attribute relation constant` at a priority.
    init(
        _ first: String, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
        _ constant: CGFloat, priority: LayoutPriority = .required
    ) {
        self.init(first, firstAttribute, relation, nil, .notAnAttribute, constant, priority: priority)
    }

    var description: String {
        let secondSide = second.map { "\($0).\(secondAttribute) + " } ?? ""
        return "\(first).\(firstAttribute) \(relation) \(secondSide)\(constant) @\(priority)"
    }
}

/// Summarises constraints, naming each item by its key in `names`; a superview's margins
/// guide is named `"<superview name>.margins"`.
func summarize(_ constraints: [LayoutConstraint], names: [String: View]) -> [EquationSummary] {
    func name(of item: (any LayoutItem)?) -> String? {
        guard let item else { return nil }
        for (key, view) in names {
            if view === item { return key }
            if let guide = item as? LayoutGuide, guide === view.marginsGuideStorage { return key + ".margins" }
        }
        return "unnamed"
    }
    return constraints.map { constraint in
        EquationSummary(
            name(of: constraint.firstItem) ?? "nil", constraint.firstAttribute, constraint.relation,
            name(of: constraint.secondItem), constraint.secondAttribute, constraint.constant,
            priority: constraint.priority, multiplier: constraint.multiplier)
    }
}

/// A root view with named subviews that use constraints, for visual format tests.
struct FormatFixture {
    let root: View
    let views: [String: View]

    /// Makes a 375 × 667 root (margins 8) and, for each name, a subview with the given
    /// intrinsic size, or none when the size is nil.
    init(_ subviews: KeyValuePairs<String, CGSize?>, width: CGFloat = 375, height: CGFloat = 667) {
        root = makeRoot(width, height)
        var views: [String: View] = [:]
        for (name, size) in subviews {
            let view = size.map { IntrinsicSizeView($0.width, $0.height) } ?? View()
            view.translatesAutoresizingMaskIntoConstraints = false
            view.accessibilityIdentifier = name
            root.addSubview(view)
            views[name] = view
        }
        self.views = views
    }

    /// The views and the root (named "super"), for ``summarize(_:names:)``.
    var names: [String: View] { views.merging(["super": root]) { first, _ in first } }

    /// The constraints of `format`, summarised.
    func equations(
        _ format: String, options: LayoutConstraint.FormatOptions = [],
        metrics: [String: CGFloat]? = nil
    ) throws -> [EquationSummary] {
        summarize(
            try LayoutConstraint.checkedConstraints(
                withVisualFormat: format, options: options, metrics: metrics, views: views),
            names: names)
    }

    /// Activates the constraints of `format`.
    func activate(
        _ format: String, options: LayoutConstraint.FormatOptions = [],
        metrics: [String: CGFloat]? = nil
    ) throws {
        LayoutConstraint.activate(
            try LayoutConstraint.checkedConstraints(
                withVisualFormat: format, options: options, metrics: metrics, views: views))
    }

    /// Activates the constraints of each format, lays out, and returns the frames by name.
    func frames(_ formats: String...) throws -> [String: CGRect] {
        for format in formats { try activate(format) }
        return layout()
    }

    /// Lays out and returns the frames by name.
    func layout() -> [String: CGRect] {
        root.layoutIfNeeded()
        return views.mapValues(\.frame)
    }
}
