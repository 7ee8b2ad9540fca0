import Foundation

/// A run's UIKit attributes as they were given, carried in an `AttributedString` so that
/// reading a control's `NSAttributedString` back gives them again. Typesetting ignores it.
struct StoredAttributes: AttributedStringKey, Hashable, @unchecked Sendable {
    typealias Value = StoredAttributes
    static let name = "FitsizeUIKit.storedAttributes"

    /// The attributes; values are UIKit's (any type, as in UIKit), so equality compares the
    /// hashable ones by value and the others by identity.
    let values: [NSAttributedString.Key: Any]

    init(_ values: [NSAttributedString.Key: Any]) { self.values = values }

    static func == (lhs: StoredAttributes, rhs: StoredAttributes) -> Bool {
        guard lhs.values.count == rhs.values.count else { return false }
        for (key, left) in lhs.values {
            guard let right = rhs.values[key] else { return false }
            if let left = left as? AnyHashable, let right = right as? AnyHashable {
                if left != right { return false }
            } else if (left as AnyObject) !== (right as AnyObject) {
                return false
            }
        }
        return true
    }

    func hash(into hasher: inout Hasher) {
        for key in values.keys.sorted(by: { $0.rawValue < $1.rawValue }) { hasher.combine(key) }
    }
}
