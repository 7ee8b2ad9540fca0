import AutoLayout
import Foundation
import Typesetting

/// A cell described in a template file: a tree of views with properties, the constraints
/// between them, and named metrics. Parsing checks everything that can be checked without
/// data, so a template that parses builds the same cell every time.
struct CellTemplate: Sendable {
    /// The template file's path, for messages.
    var file: String
    /// The cell's own layout margins, when set.
    var layoutMargins: EdgeInsets?
    /// The cell's direct subviews.
    var views: [ViewSpec]
    var constraints: [ConstraintSpec]
    var metrics: [String: Double]

    /// The cascades of every text the template's views draw, each once, in view order.
    var fontCascades: [FontCascade] {
        var cascades: [FontCascade] = []
        func visit(_ view: ViewSpec) {
            let font: Font? = switch view.kind {
            case .label(let label): label.font
            case .button(let button): button.font
            case .textField(let field): field.font
            case .image, .stack, .view: nil
            }
            if let font, !cascades.contains(font.cascade) { cascades.append(font.cascade) }
            view.children.forEach(visit)
        }
        views.forEach(visit)
        return cascades
    }

    /// Every field that placeholders and bindings use, with where it is used (for the
    /// message about an item that lacks one).
    var fieldUses: [(path: FieldPath, view: String, location: SourceLocation, kind: FieldUse)] {
        var uses: [(FieldPath, String, SourceLocation, FieldUse)] = []
        func visit(_ view: ViewSpec) {
            for binding in view.bindings { uses.append((binding.path, view.name, binding.location, binding.use)) }
            view.children.forEach(visit)
        }
        views.forEach(visit)
        return uses
    }

    /// What a field is used as, which decides the values it accepts.
    enum FieldUse: Sendable {
        case text, number, truth
    }
}
