import Foundation
import Typesetting

extension PixelGrid {
    /// A solved frame on the grid: the origin and the far edge each go to the nearest line,
    /// and the size is the whole number of pixels between them, divided by the scale as a
    /// ceiled text size is, so that a frame holding a label is exactly the label's size.
    func rect(_ values: CGRectValues) -> CGRect {
        let minX = pixels(values.x)
        let minY = pixels(values.y)
        let maxX = pixels(values.x + values.width)
        let maxY = pixels(values.y + values.height)
        return CGRect(
            x: points(minX), y: points(minY), width: points(max(0, maxX - minX)), height: points(max(0, maxY - minY)))
    }
}
