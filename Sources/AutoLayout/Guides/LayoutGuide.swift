import Foundation
import Typesetting

/// A rectangle that takes part in layout like a view but draws nothing: a spacer, a margin
/// area, or the readable column of a view.
///
/// Add a guide to a view with ``View/addLayoutGuide(_:)`` before using it in an active
/// constraint. Its ``layoutFrame`` is in the owning view's coordinates.
public final class LayoutGuide: LayoutItem, CustomStringConvertible {
    /// The view that owns the guide, or `nil` before ``View/addLayoutGuide(_:)``.
    ///
    /// Not weak, so that views need no side tables (see ``View/superview``): the owning view
    /// clears it when the guide is removed or the view goes away.
    public internal(set) unowned(unsafe) var owningView: View?

    /// A name shown in constraint descriptions, such as `ViewLayoutMarginsGuide`.
    public var identifier: String

    /// The solver variables of the guide.
    let node = LayoutNode()

    /// Makes a guide that is not yet owned by a view.
    public convenience init() {
        self.init(identifier: "")
    }

    init(identifier: String) {
        self.identifier = identifier
        node.belong(to: self)
    }

    deinit {
        // The node may outlive the guide in the constraints that name it.
        node.itemWillGoAway()
    }

    /// The guide's frame in its owning view's coordinates, as of the last layout pass.
    public var layoutFrame: CGRect {
        guard let owningView else { return .zero }
        owningView.prepareEngineForQueries()
        return PixelGrid(scale: owningView.rootDisplayScale).rect(node.solvedFrame)
    }

    /// The guide's type and address (or identifier), as in UIKit's constraint descriptions:
    /// `LayoutGuide:0x600000c8a0e0'ViewLayoutMarginsGuide'`.
    public var description: String {
        let base = "LayoutGuide:" + objectAddress(self)
        return identifier.isEmpty ? base : base + "'\(identifier)'"
    }
}

/// An object's address as UIKit prints it: `0x` and hexadecimal digits (`0x600002b3c460`).
func objectAddress(_ object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16)
}
