// LayoutConstraint.constraints(withVisualFormat:options:metrics:views:), UIKit's entry point
// to the Visual Format Language, and its throwing form.

import Foundation

extension LayoutConstraint {
    /// Makes the constraints a visual format string describes, as UIKit does: it does not
    /// throw. A string that does not parse, a name that is neither a metric nor a view, a
    /// metric that is not a number (`NSNumber`, `Int`, `Double`, `Float` or `CGFloat`) or a
    /// value that is neither a ``View`` nor a ``LayoutGuide`` is reported to
    /// ``LayoutDiagnostics/errorHandler``, where UIKit raises, and the result is empty. See
    /// ``checkedConstraints(withVisualFormat:options:metrics:views:)`` for the grammar.
    public static func constraints(
        withVisualFormat format: String, options: FormatOptions = [], metrics: [String: Any]?,
        views: [String: Any]
    ) -> [LayoutConstraint] {
        var numbers: [String: CGFloat] = [:]
        for (name, value) in metrics ?? [:] {
            guard let number = CGFloat(anyNumber: value) else {
                LayoutDiagnostics.report(.invalidVisualFormat(
                    format: format, reason: "the metric \"\(name)\" is a \(type(of: value)), not a number"))
                return []
            }
            numbers[name] = number
        }
        var items: [String: any LayoutItem] = [:]
        for (name, value) in views {
            guard let item: any LayoutItem = (value as? View) ?? (value as? LayoutGuide) else {
                LayoutDiagnostics.report(.invalidVisualFormat(
                    format: format, reason: "\"\(name)\" is a \(type(of: value)), not a view or layout guide"))
                return []
            }
            items[name] = item
        }
        do {
            return try checkedConstraints(withVisualFormat: format, options: options, metrics: numbers, views: items)
        } catch {
            LayoutDiagnostics.report(.invalidVisualFormat(format: format, reason: "\(error)"))
            return []
        }
    }

    /// Makes the constraints a visual format string describes, as UIKit's
    /// ``constraints(withVisualFormat:options:metrics:views:)`` does, throwing what is wrong
    /// instead of reporting it.
    ///
    /// ```swift
    /// let constraints = try LayoutConstraint.checkedConstraints(
    ///     withVisualFormat: "|-[find]-[findNext]-[findField(>=20)]-|",
    ///     options: .alignAllFirstBaseline, metrics: nil,
    ///     views: ["find": find, "findNext": findNext, "findField": findField])
    /// LayoutConstraint.activate(constraints)
    /// ```
    ///
    /// The grammar is the one in Apple's "Visual Format Language" appendix. `-` alone is the
    /// standard spacing: 8 points between siblings, and towards `|` a 0-point constraint to
    /// the superview's layout margins; a number or metric towards `|` relates to the
    /// superview's edge. The constraints come back inactive, in UIKit's order: each
    /// connection, then the size predicates of the view it leads to, then the alignments.
    ///
    /// - Parameters:
    ///   - format: The format string, for example `"V:|-[title]-8-[body(>=44@750)]-|"`.
    ///   - options: Alignment of neighbouring views across the layout's axis, the direction
    ///     of `H:` layouts, and the spacing of `V:` layouts.
    ///   - metrics: Values for the names used as constants or priorities.
    ///   - views: The views the format names. A layout guide may stand among them: `|` next
    ///     to it is the view that owns it, and a baseline alignment or spacing with it is an
    ///     error, as guides have no baselines.
    /// - Throws: ``VisualFormatError`` for a string that does not parse, a name that is
    ///   neither a metric nor a view, a `|` next to a view without a superview, or options
    ///   that do not fit the orientation; nothing is changed in that case.
    public static func checkedConstraints(
        withVisualFormat format: String, options: FormatOptions = [],
        metrics: [String: CGFloat]? = nil, views: [String: any LayoutItem]
    ) throws -> [LayoutConstraint] {
        let syntax = try Parser.parse(format)
        let generator = ConstraintGenerator(
            format: format, syntax: syntax, options: options, metrics: metrics ?? [:],
            views: views)
        return try generator.constraints()
    }
}
