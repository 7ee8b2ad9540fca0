import Foundation

/// Ceiling to a display's pixel grid.
enum PixelGrid {
    /// The smallest multiple of 1/scale not below `value` (values within a billionth of a
    /// pixel of a grid line count as on it, so float noise does not add a pixel).
    static func ceil(_ value: Double, scale: Double) -> CGFloat {
        let pixels = value * scale
        let rounded = pixels.rounded()
        let snapped = abs(pixels - rounded) < 1e-9 ? rounded : pixels.rounded(.up)
        return CGFloat(snapped / scale)
    }
}
