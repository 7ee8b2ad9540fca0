import Foundation

// UIKit's component getter takes pointers to write through, so this one method of UIColor
// writes raw memory.

extension UIColor {
    /// UIKit's `getRed(_:green:blue:alpha:)`: writes the components; always succeeds.
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = self.red
        green?.pointee = self.green
        blue?.pointee = self.blue
        alpha?.pointee = self.alpha
        return true
    }
}
