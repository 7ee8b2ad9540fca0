import Foundation
import Typesetting

/// UIKit's `UIConfigurationTextAttributesTransformer`: a function from the attributes a
/// configuration gives its title (or subtitle) to the ones shown, the usual way to set a
/// configured button's font. The font it returns is the one measured.
public struct UIConfigurationTextAttributesTransformer {
    private let transform: (AttributeContainer) -> AttributeContainer

    /// A transformer running `transform`.
    public init(_ transform: @escaping (AttributeContainer) -> AttributeContainer) {
        self.transform = transform
    }

    /// The attributes `transform` makes of `incoming`.
    public func callAsFunction(_ incoming: AttributeContainer) -> AttributeContainer {
        transform(incoming)
    }
}
