import AutoLayout
import Foundation
import Typesetting

/// Builds a ``TemplateCellView`` from a ``CellTemplate``: creates the views, sets their
/// properties, adds them to the tree and activates the constraints. Building is
/// deterministic, so a template that builds once builds the same way on every thread.
struct CellBuilder: Sendable {
    let template: CellTemplate
    /// The display scale whose pixel grid sizes are rounded to (1, 2 or 3 on iOS devices).
    var scale: Double = 1
    /// The content size category the cell's text is sized for (`--content-size-category`):
    /// the controls with a `"textStyle"` follow it.
    var contentSizeCategory: ContentSizeCategory = .large
    /// Where the cell's bindings find their fields in an item: the template's fields come
    /// first in every run's ``FieldSlots``, so these slots hold whatever else a reader adds.
    let fieldSlots: FieldSlots

    init(template: CellTemplate, scale: Double = 1, contentSizeCategory: ContentSizeCategory = .large) {
        self.template = template
        self.scale = scale
        self.contentSizeCategory = contentSizeCategory
        fieldSlots = FieldSlots(template: template)
    }

    /// The file's name as shown in constraint identifiers: `feed.json:12:7`.
    private var fileName: String { URL(fileURLWithPath: template.file).lastPathComponent }

    /// A fresh cell.
    /// - Throws: ``TemplateError`` for a constraint that names an unknown view, relates
    ///   attributes that cannot be related, or is not valid Visual Format Language; and
    ///   for a problem the layout engine reports while the constraints are activated.
    func build() throws -> TemplateCellView {
        let cell = TemplateCellView()
        cell.accessibilityIdentifier = "cell"
        cell.displayScale = CGFloat(scale)
        cell.contentSizeCategoryOverride = contentSizeCategory
        if let margins = template.layoutMargins { cell.layoutMargins = margins }
        for spec in template.views { cell.addSubview(makeView(spec, in: cell)) }
        var constraints: [LayoutConstraint] = []
        for spec in template.constraints {
            constraints += try makeConstraints(spec, in: cell)
        }
        let errors = LayoutProblems.shared.collectErrors {
            LayoutConstraint.activate(constraints)
        }
        if let first = errors.first {
            throw TemplateError(file: template.file, location: nil, message: "the constraints cannot be installed: \(first)")
        }
        return cell
    }

    // MARK: Views

    private func makeView(_ spec: ViewSpec, in cell: TemplateCellView) -> View {
        let view: View
        switch spec.kind {
        case .label(let properties):
            let label = Label()
            label.adjustsFontForContentSizeCategory = properties.font.dynamicType != nil
            label.font = properties.font
            label.numberOfLines = properties.lines
            label.lineBreakMode = properties.lineBreak
            label.lineSpacing = CGFloat(properties.lineSpacing)
            label.textAlignment = properties.alignment
            label.preferredMaxLayoutWidth = CGFloat(properties.preferredMaxLayoutWidth)
            bindText(properties.text, set: { label.text = $0 }, binding: { .labelText(label, $0) }, in: cell)
            if let attributed = properties.attributedText {
                // The label sizes each run's font for the cell's category, as it does its own.
                label.adjustsFontForContentSizeCategory = properties.font.dynamicType != nil
                    || attributed.runs.contains { $0.font?.dynamicType != nil }
                if attributed.fields.isEmpty {
                    label.attributedText = attributed.filled(from: .empty, font: properties.font)
                } else {
                    cell.addBinding(.labelAttributedText(label, attributed.resolved(with: fieldSlots), font: properties.font))
                }
            }
            view = label
        case .button(let properties):
            let button = Button()
            button.adjustsFontForContentSizeCategory = properties.font.dynamicType != nil
            button.font = properties.font
            button.contentEdgeInsets = properties.contentInsets
            bindText(properties.title, set: { button.title = $0 }, binding: { .buttonTitle(button, $0) }, in: cell)
            view = button
        case .textField(let properties):
            let field = TextField()
            field.adjustsFontForContentSizeCategory = properties.font.dynamicType != nil
            field.font = properties.font
            field.borderStyle = properties.borderStyle
            bindText(properties.text, set: { field.text = $0 }, binding: { .fieldText(field, $0) }, in: cell)
            bindText(properties.placeholder, set: { field.placeholder = $0 }, binding: { .fieldPlaceholder(field, $0) }, in: cell)
            view = field
        case .image(let properties):
            let imageView = ImageView(image: nil)
            if case .constant(let width) = properties.width.binding, case .constant(let height) = properties.height.binding {
                imageView.image = try? Image(pixelSize: CGSize(width: width, height: height))
            } else {
                cell.addBinding(.imageSize(imageView, width: properties.width.binding.resolved(with: fieldSlots),
                                           height: properties.height.binding.resolved(with: fieldSlots)))
            }
            view = imageView
        case .stack(let properties):
            let stack = StackView()
            stack.axis = properties.axis
            stack.distribution = properties.distribution
            stack.alignment = properties.alignment
            stack.spacing = CGFloat(properties.spacing)
            stack.isBaselineRelativeArrangement = properties.isBaselineRelative
            stack.isLayoutMarginsRelativeArrangement = properties.isLayoutMarginsRelative
            view = stack
        case .view:
            view = View()
        }
        view.translatesAutoresizingMaskIntoConstraints = false
        view.accessibilityIdentifier = spec.name
        apply(spec.common, to: view, in: cell)
        cell.register(view, name: spec.name)
        for child in spec.children {
            let subview = makeView(child, in: cell)
            if let stack = view as? StackView {
                stack.addArrangedSubview(subview)
            } else {
                view.addSubview(subview)
            }
        }
        return view
    }

    /// Sets a text that has no placeholders once; binds one that has.
    private func bindText(_ text: TextTemplate?, set: (String) -> Void,
                          binding: (TextTemplate) -> TemplateCellView.Binding, in cell: TemplateCellView) {
        guard let text else { return }
        if text.fields.isEmpty {
            set(text.filled(from: .empty))
        } else {
            cell.addBinding(binding(text.resolved(with: fieldSlots)))
        }
    }

    private func apply(_ common: CommonProperties, to view: View, in cell: TemplateCellView) {
        if let hidden = common.hidden {
            switch hidden.binding {
            case .constant(let value): view.isHidden = value
            case .field: cell.addBinding(.hidden(view, hidden.binding.resolved(with: fieldSlots)))
            }
        }
        if let value = common.huggingHorizontal { view.setContentHuggingPriority(LayoutPriority(value), for: .horizontal) }
        if let value = common.huggingVertical { view.setContentHuggingPriority(LayoutPriority(value), for: .vertical) }
        if let value = common.compressionResistanceHorizontal {
            view.setContentCompressionResistancePriority(LayoutPriority(value), for: .horizontal)
        }
        if let value = common.compressionResistanceVertical {
            view.setContentCompressionResistancePriority(LayoutPriority(value), for: .vertical)
        }
        if let margins = common.layoutMargins { view.layoutMargins = margins }
    }

    // MARK: Constraints

    private func makeConstraints(_ spec: ConstraintSpec, in cell: TemplateCellView) throws -> [LayoutConstraint] {
        let node = spec.node
        let identifier = "\(fileName):\(node.location)"
        switch spec {
        case .visualFormat(let format, let options, _):
            let constraints: [LayoutConstraint]
            do {
                constraints = try LayoutConstraint.checkedConstraints(
                    withVisualFormat: format, options: options,
                    metrics: template.metrics.mapValues { CGFloat($0) }, views: cell.namedViews)
            } catch let error as VisualFormatError {
                // The error's offset counts UTF-8 bytes; the node's locations count scalars.
                let scalarOffset = String(decoding: format.utf8.prefix(error.offset), as: UTF8.self).unicodeScalars.count
                throw TemplateError(
                    file: template.file, location: node.location(ofScalar: scalarOffset),
                    message: TemplateError.message("in constraint \"\(format)\": \(error.message)", pointingAt: scalarOffset, in: format))
            }
            for constraint in constraints {
                constraint.identifier = identifier
                try checkRange(of: constraint, node: node)
            }
            return constraints
        case .equation(let equation, _):
            let firstItem = try item(equation.first, other: equation.second, in: cell, node: node)
            let secondItem = try equation.second.map { try item($0, other: equation.first, in: cell, node: node) }
            let constraint: LayoutConstraint
            do {
                constraint = try LayoutConstraint.checked(
                    item: firstItem, attribute: equation.first.attribute, relatedBy: equation.relation,
                    toItem: secondItem, attribute: equation.second?.attribute ?? .notAnAttribute,
                    multiplier: CGFloat(equation.multiplier), constant: CGFloat(equation.constant))
            } catch {
                throw TemplateError(file: template.file, location: node.location, message: "in constraint \"\(Self.text(node))\": \(error)")
            }
            constraint.priority = LayoutPriority(equation.priority)
            constraint.identifier = identifier
            try checkRange(of: constraint, node: node)
            return [constraint]
        }
    }

    /// Refuses a constraint whose constant or multiplier is outside ``InputLimits``: checked
    /// on the constraint made, so literal numbers, metrics and sums of them in both
    /// notations meet the same ranges.
    private func checkRange(of constraint: LayoutConstraint, node: JSONNode) throws(TemplateError) {
        let constant = Double(constraint.constant)
        let multiplier = Double(constraint.multiplier)
        let most = InputLimits.show(InputLimits.maximumLength)
        if !InputLimits.lengths.contains(constant) {
            throw TemplateError(file: template.file, location: node.location,
                                message: "in constraint \"\(Self.text(node))\": the constant \(InputLimits.show(constant)) is outside -\(most)...\(most) points")
        }
        if !(multiplier.isFinite && abs(multiplier) <= InputLimits.maximumMultiplier) {
            let most = InputLimits.show(InputLimits.maximumMultiplier)
            throw TemplateError(file: template.file, location: node.location,
                                message: "in constraint \"\(Self.text(node))\": the multiplier \(InputLimits.show(multiplier)) is outside -\(most)...\(most)")
        }
    }

    /// The view an operand names: a template view, `cell`, or `superview` (the superview of
    /// the equation's other view).
    private func item(_ operand: ConstraintEquation.Operand, other: ConstraintEquation.Operand?,
                      in cell: TemplateCellView, node: JSONNode) throws -> View {
        let location = node.location(ofScalar: operand.offset)
        switch operand.item {
        case "cell":
            return cell
        case "superview":
            guard let other, other.item != "superview", other.item != "cell",
                  let superview = cell.namedViews[other.item]?.superview else {
                throw TemplateError(file: template.file, location: location,
                                    message: "in constraint \"\(Self.text(node))\": 'superview' means the superview of the other view of the equation, and there is none; use 'cell' for the cell")
            }
            return superview
        default:
            guard let view = cell.namedViews[operand.item] else {
                throw TemplateError(file: template.file, location: location,
                                    message: "in constraint \"\(Self.text(node))\": unknown view \"\(operand.item)\"; the views are "
                                        + (["cell"] + cell.orderedNames).joined(separator: ", "))
            }
            return view
        }
    }

    private static func text(_ node: JSONNode) -> String {
        if case .string(let string) = node.value { return string }
        return ""
    }
}
