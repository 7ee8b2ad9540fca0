import AutoLayout
import Foundation
import Typesetting

/// One view of a template.
struct ViewSpec: Sendable {
    var name: String
    var location: SourceLocation
    var kind: Kind
    var common: CommonProperties
    /// Subviews (a plain view) or arranged subviews (a stack).
    var children: [ViewSpec]

    enum Kind: Sendable {
        case label(LabelProperties)
        case button(ButtonProperties)
        case textField(TextFieldProperties)
        case image(ImageProperties)
        case stack(StackProperties)
        case view
    }

    /// Where the view's placeholders and bindings take data from.
    var bindings: [(path: FieldPath, location: SourceLocation, use: CellTemplate.FieldUse)] {
        var result: [(FieldPath, SourceLocation, CellTemplate.FieldUse)] = []
        func add(_ text: TextTemplate?, _ location: SourceLocation?) {
            guard let text, let location else { return }
            for path in text.fields { result.append((path, location, .text)) }
        }
        if case .field(let path, _) = common.hidden?.binding { result.append((path, common.hidden?.location ?? location, .truth)) }
        switch kind {
        case .label(let label):
            add(label.text, label.textLocation)
            for field in label.attributedText?.fields ?? [] { result.append((field.path, field.location, .text)) }
        case .button(let button): add(button.title, button.titleLocation)
        case .textField(let field):
            add(field.text, field.textLocation)
            add(field.placeholder, field.placeholderLocation)
        case .image(let image):
            if case .field(let path) = image.width.binding { result.append((path, image.width.location, .number)) }
            if case .field(let path) = image.height.binding { result.append((path, image.height.location, .number)) }
        case .stack, .view: break
        }
        return result
    }
}

struct CommonProperties: Sendable {
    var hidden: Located<BoolBinding>?
    var huggingHorizontal: Float?
    var huggingVertical: Float?
    var compressionResistanceHorizontal: Float?
    var compressionResistanceVertical: Float?
    var layoutMargins: EdgeInsets?
}

struct LabelProperties: Sendable {
    var text: TextTemplate?
    var textLocation: SourceLocation?
    /// `"attributedText"` (with `"paragraphStyle"`), or `"text"` with a `"paragraphStyle"`;
    /// nil for plain text.
    var attributedText: AttributedTextTemplate?
    var font: Font
    var lines = 1
    var lineBreak: LineBreakMode = .byTruncatingTail
    var lineSpacing: Double = 0
    var alignment: TextAlignment = .natural
    var preferredMaxLayoutWidth: Double = 0
}

struct ButtonProperties: Sendable {
    var title: TextTemplate?
    var titleLocation: SourceLocation?
    var font: Font
    var contentInsets: EdgeInsets = .zero
}

struct TextFieldProperties: Sendable {
    var text: TextTemplate?
    var textLocation: SourceLocation?
    var placeholder: TextTemplate?
    var placeholderLocation: SourceLocation?
    var font: Font
    var borderStyle: TextField.BorderStyle = .none
}

struct ImageProperties: Sendable {
    var width: Located<NumberBinding>
    var height: Located<NumberBinding>
}

struct StackProperties: Sendable {
    var axis: LayoutAxis = .horizontal
    var distribution: StackView.Distribution = .fill
    var alignment: StackView.Alignment = .fill
    var spacing: Double = 0
    var isBaselineRelative = false
    var isLayoutMarginsRelative = false
}
