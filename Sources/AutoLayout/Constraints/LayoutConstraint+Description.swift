import Foundation

extension LayoutConstraint {
    /// The constraint in UIKit's log format, for example
    /// `<LayoutConstraint:0x600002b3c460 'gap' Label:0x7f8b5e40a1c0.leading == View:0x7f8b5e40a000.leadingMargin + 20   (active)>`.
    ///
    /// Views print as `Type:address`, or `Type:identifier` when they have an
    /// ``View/accessibilityIdentifier``; an optional priority prints as `@750`; constraints the
    /// view system made for an autoresizing mask print as `AutoresizingMaskLayoutConstraint`
    /// with UIKit's `h=--& v=--&` notation, and intrinsic-size ones as
    /// `ContentSizeLayoutConstraint` with `Hug:` or `CompressionResistance:` and their priority.
    public var description: String {
        var text = "<" + typeName + ":" + objectAddress(self)
        if let identifier { text += " '\(identifier)'" }
        if case .autoresizing(let notation) = origin { text += " " + notation.description }
        let format = formatDescription?(self)
        text += " " + (format?.format ?? equationDescription)
        text += "   (" + (isActive ? "active" : "inactive")
        if let names = format?.names { text += ", names: " + names + " " }
        return text + ")>"
    }

    private var typeName: String {
        switch origin {
        case .autoresizing: "AutoresizingMaskLayoutConstraint"
        case .contentSize: "ContentSizeLayoutConstraint"
        case .user, .guide, .rootSize, .fittingSize: "LayoutConstraint"
        }
    }

    /// `first.attribute == multiplier*second.attribute + constant @priority`.
    var equationDescription: String {
        var text = Self.describe(firstNode) + "." + attributeName(firstAttribute)
        text += " " + relation.description + " "
        if let secondNode, multiplier != 0 {
            if multiplier != 1 { text += Self.format(multiplier) + "*" }
            text += Self.describe(secondNode) + "." + attributeName(secondAttribute)
            if constantValue != 0 {
                text += (constantValue < 0 ? " - " : " + ") + Self.format(abs(constantValue))
            }
        } else {
            text += Self.format(constantValue)
        }
        switch origin {
        case .contentSize(let hugging):
            text += (hugging ? " Hug:" : " CompressionResistance:") + priorityValue.description
        default:
            if !priorityValue.isRequired { text += " @" + priorityValue.description }
        }
        return text
    }

    /// UIKit names the frame variables of autoresizing constraints `minX` and `minY`.
    private func attributeName(_ attribute: LayoutAttribute) -> String {
        guard case .autoresizing = origin else { return attribute.description }
        switch attribute {
        case .left: return "minX"
        case .top: return "minY"
        default: return attribute.description
        }
    }

    /// A number as UIKit prints it: `20`, `37.5`, `0.333333`.
    static func format(_ value: CGFloat) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        let text = String(format: "%.6g", Double(value))
        return text
    }
}
