import Foundation

extension CGFloat {
    /// A number as UIKit's `Any`-typed parameters take one (VFL metrics, attribute values):
    /// `CGFloat`, `Double`, `Float`, `Int` or `NSNumber`; nil for anything else.
    package init?(anyNumber value: Any) {
        switch value {
        case let value as CGFloat: self = value
        case let value as Double: self = CGFloat(value)
        case let value as Float: self = CGFloat(value)
        case let value as Int: self = CGFloat(value)
        case let value as NSNumber: self = CGFloat(value.doubleValue)
        default: return nil
        }
    }
}
