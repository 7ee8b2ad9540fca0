import AutoLayout
import Foundation
import Typesetting

/// The root view of a cell built from a template: it knows its named views and how to fill
/// them from a data item.
final class TemplateCellView: View {
    /// What changes from item to item. (The attributed text's large payload is boxed, so
    /// that taking a binding out to apply it copies a few words.)
    enum Binding {
        case labelText(Label, TextTemplate)
        indirect case labelAttributedText(Label, AttributedTextTemplate, font: Font)
        case buttonTitle(Button, TextTemplate)
        case fieldText(TextField, TextTemplate)
        case fieldPlaceholder(TextField, TextTemplate)
        case imageSize(ImageView, width: NumberBinding, height: NumberBinding)
        case hidden(View, BoolBinding)
    }

    /// The views by template name, and in template order (depth first).
    private(set) var namedViews: [String: View] = [:]
    private(set) var orderedNames: [String] = []
    private var bindings: [Binding] = []

    /// The data line the cell shows, so that a layout problem found while it is measured can
    /// be reported against that line.
    private(set) var currentLine = 0

    func register(_ view: View, name: String) {
        namedViews[name] = view
        orderedNames.append(name)
    }

    func addBinding(_ binding: Binding) {
        bindings.append(binding)
    }

    /// Shows `item`: every placeholder text, bound size and bound visibility.
    ///
    /// Values were checked when the item was read (see ``CellDataReader``), so nothing here
    /// can fail.
    func configure(with item: CellItem) {
        currentLine = item.line
        for index in bindings.indices {
            switch bindings[index] {
            case .labelText(let label, let text): label.text = text.filled(from: item)
            case .labelAttributedText(let label, let text, let font): label.attributedText = text.filled(from: item, font: font)
            case .buttonTitle(let button, let text): button.title = text.filled(from: item)
            case .fieldText(let field, let text): field.text = text.filled(from: item)
            case .fieldPlaceholder(let field, let text): field.placeholder = text.filled(from: item)
            case .imageSize(let imageView, let width, let height):
                imageView.image = try? Image(pixelSize: CGSize(width: width.value(from: item), height: height.value(from: item)))
            case .hidden(let view, let hidden): view.isHidden = hidden.value(from: item)
            }
        }
    }
}
