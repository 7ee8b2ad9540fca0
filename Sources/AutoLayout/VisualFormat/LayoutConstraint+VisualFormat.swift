// LayoutConstraint.constraints(withVisualFormat:options:metrics:views:), UIKit's entry point
// to the Visual Format Language.

import Foundation

extension LayoutConstraint {
    /// Makes the constraints a visual format string describes, as UIKit does.
    ///
    /// ```swift
    /// let constraints = try LayoutConstraint.constraints(
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
    ///   - views: The views the format names.
    /// - Throws: ``VisualFormatError`` for a string that does not parse, a name that is
    ///   neither a metric nor a view, a `|` next to a view without a superview, or options
    ///   that do not fit the orientation; nothing is changed in that case.
    public static func constraints(
        withVisualFormat format: String, options: FormatOptions = [],
        metrics: [String: CGFloat]? = nil, views: [String: View]
    ) throws -> [LayoutConstraint] {
        let syntax = try Parser.parse(format)
        let generator = ConstraintGenerator(
            format: format, syntax: syntax, options: options, metrics: metrics ?? [:],
            views: views)
        return try generator.constraints()
    }
}
