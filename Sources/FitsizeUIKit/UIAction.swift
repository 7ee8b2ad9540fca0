import AutoLayout
import Foundation

/// What a ``UIAction`` runs, with the action itself.
public typealias UIActionHandler = (UIAction) -> Void

/// UIKit's `UIAction`: a closure a control runs for its events (`addAction(_:for:)`), the
/// form of target–action that works without the Objective-C runtime.
public final class UIAction {
    /// UIKit's `UIAction.Identifier`.
    public struct Identifier: Hashable, Sendable, RawRepresentable {
        /// The identifier's string.
        public let rawValue: String
        /// An identifier from its string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier from its string.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The title a menu would show; stored only.
    public var title: String
    /// The image a menu would show; stored only.
    public var image: UIImage?
    /// The identifier, unique per action unless given.
    public let identifier: Identifier
    /// The control that sent the action while its handler runs, else `nil`.
    public internal(set) weak var sender: View?
    let handler: UIActionHandler

    /// An action that runs `handler`.
    public init(
        title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
        handler: @escaping UIActionHandler
    ) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.handler = handler
    }
}
