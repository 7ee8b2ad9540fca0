import AutoLayout
import Foundation
import Typesetting

/// The one conversion between UIKit's `NSAttributedString` and the `AttributedString` the
/// controls measure, both ways, from one table of the measured keys.
///
/// A measured key's value becomes its Typesetting attribute; every key of a run, measured
/// or not (colours, links, an app's own keys), is also kept as given in
/// ``StoredAttributes``, so that reading the text back gives the values that were set.
/// On the way back, a measured value the Fitsize side changed since (a label's `font`
/// applied to the whole text, say) wins over the kept one.
enum AttributeBridge {
    /// A measured key: how its value becomes a Typesetting attribute and back.
    struct MeasuredKey: Sendable {
        let key: NSAttributedString.Key
        /// What the key takes, for the message about a value of another type.
        let accepted: String
        /// Sets the Typesetting attribute from a UIKit value; false for a value of the wrong type.
        let measure: @Sendable (Any, inout AttributeContainer) -> Bool
        /// The UIKit value for a run's Typesetting attribute: the kept one when it measures
        /// the same, a new one when it changed, nil when the run has none.
        let restore: @Sendable (AttributedString.Runs.Run, Any?) -> Any?

        init<Key: AttributedStringKey>(
            _ key: NSAttributedString.Key, _ attribute: Key.Type, accepted: String,
            measure: @escaping @Sendable (Any) -> Key.Value?, object: @escaping @Sendable (Key.Value) -> Any
        ) where Key.Value: Hashable & Sendable {
            self.key = key
            self.accepted = accepted
            self.measure = { value, container in
                guard let measured = measure(value) else { return false }
                container[Key.self] = measured
                return true
            }
            self.restore = { run, kept in
                guard let current = run[Key.self] else { return nil }
                if let kept, measure(kept) == current { return kept }
                return object(current)
            }
        }
    }

    /// The keys that change a size.
    static let measuredKeys: [MeasuredKey] = [
        MeasuredKey(.font, AttributeScopes.FitsizeAttributes.FontAttribute.self, accepted: "a UIFont",
                    measure: { $0 as? Font }, object: { $0 }),
        MeasuredKey(.kern, AttributeScopes.FitsizeAttributes.KernAttribute.self, accepted: "a number",
                    measure: number, object: { $0 }),
        MeasuredKey(.baselineOffset, AttributeScopes.FitsizeAttributes.BaselineOffsetAttribute.self,
                    accepted: "a number", measure: number, object: { $0 }),
        MeasuredKey(.paragraphStyle, AttributeScopes.FitsizeAttributes.ParagraphStyleAttribute.self,
                    accepted: "an NSParagraphStyle", measure: { ($0 as? NSParagraphStyle)?.measuredStyle },
                    object: { NSParagraphStyle($0) }),
        MeasuredKey(.attachment, AttributeScopes.FitsizeAttributes.AttachmentAttribute.self,
                    accepted: "an NSTextAttachment", measure: { ($0 as? NSTextAttachment)?.measuredAttachment },
                    object: { attachment in
                        let object = NSTextAttachment()
                        object.bounds = attachment.bounds
                        return object
                    }),
    ]

    /// A UIKit number attribute (`CGFloat`, `Double`, `Float`, `Int` or `NSNumber`) in points.
    static func number(_ value: Any) -> CGFloat? { CGFloat(anyNumber: value) }

    /// A value under a measured key that is not of the key's type.
    struct WrongType: Error {
        let key: NSAttributedString.Key
        /// The value as printed, and its type's name.
        let value: String
        let accepted: String
        let utf16Offset: Int
    }

    /// `string` as the controls measure it.
    static func attributedString(_ string: NSAttributedString) throws(WrongType) -> AttributedString {
        var result = AttributedString()
        var problem: WrongType?
        let text = string.string as NSString
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: []) { attributes, range, stop in
            var container = AttributeContainer()
            for measured in measuredKeys {
                guard let value = attributes[measured.key] else { continue }
                if !measured.measure(value, &container) {
                    problem = WrongType(key: measured.key, value: "\(value) of type \(type(of: value))", accepted: measured.accepted,
                                        utf16Offset: range.location)
                    stop.pointee = true
                    return
                }
            }
            if !attributes.isEmpty { container[StoredAttributes.self] = StoredAttributes(attributes) }
            result.append(AttributedString(text.substring(with: range), attributes: container))
        }
        if let problem { throw problem }
        return result
    }

    /// `string` in UIKit's form: each run's kept attributes, with the measured keys as the
    /// run's Typesetting attributes say.
    static func nsAttributedString(_ string: AttributedString) -> NSAttributedString {
        let result = NSMutableAttributedString(string: "")
        for run in string.runs {
            var attributes = run[StoredAttributes.self]?.values ?? [:]
            for measured in measuredKeys {
                attributes[measured.key] = measured.restore(run, attributes[measured.key])
            }
            result.append(NSAttributedString(string: String(string[run.range].characters), attributes: attributes))
        }
        return result
    }

    /// A control's measured text in UIKit's form.
    static func uikit(_ string: AttributedString?) -> NSAttributedString? {
        string.map(nsAttributedString)
    }

    /// Gives `assign` `string` converted for `view`'s property `name`; a value of the wrong
    /// type is reported to ``AutoLayout/LayoutDiagnostics/errorHandler`` instead, and
    /// `assign` is not called.
    static func set(_ string: NSAttributedString?, as name: String, of view: View, _ assign: (AttributedString?) -> Void) {
        guard let string else { return assign(nil) }
        do {
            assign(try attributedString(string))
        } catch {
            LayoutDiagnostics.report(.invalidValue(
                name: "\(name) (NSAttributedString.Key.\(keyName(error.key)) at UTF-16 offset \(error.utf16Offset))",
                value: error.value, accepted: error.accepted, view: view.layoutDescriptionName))
        }
    }

    /// The Swift name of a key of UIKit's, or its raw value.
    static func keyName(_ key: NSAttributedString.Key) -> String {
        let names: [NSAttributedString.Key: String] = [
            .font: "font", .kern: "kern", .baselineOffset: "baselineOffset", .paragraphStyle: "paragraphStyle",
            .attachment: "attachment",
        ]
        return names[key] ?? key.rawValue
    }
}
