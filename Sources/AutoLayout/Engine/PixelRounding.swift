import Foundation

/// The pixel grid of a display scale, and the one rounding rule for frames.
///
/// Frames are rounded edge by edge: the origin and the far edge each go to the nearest pixel
/// boundary (halves round up, towards +∞), and the size is their difference. Neighbouring
/// views that share an edge in the solution therefore share it on screen too.
struct PixelGrid {
    var scale: CGFloat

    func round(_ value: Double) -> CGFloat {
        CGFloat((value * Double(scale) + 0.5).rounded(.down) / Double(scale))
    }

    /// Rounds up to the grid, ignoring floating-point noise just above a boundary: used for
    /// fitting sizes, which must not cut content off.
    func ceil(_ value: Double) -> CGFloat {
        CGFloat((value * Double(scale) - 1e-6).rounded(.up) / Double(scale))
    }

    func rect(_ values: CGRectValues) -> CGRect {
        let minX = round(values.x)
        let minY = round(values.y)
        let maxX = round(values.x + values.width)
        let maxY = round(values.y + values.height)
        return CGRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }
}
