import Foundation
import Typesetting

/// Draws a text measurement so a person can check it: the glyphs, each line's box (light
/// blue), each run's baseline (red, raised or lowered with the run's baseline offset), each
/// attachment's box (orange), and the overall measured box (green), on white with a margin.
///
/// The image is `(width + 2 × margin) × scale` by `(height + 2 × margin) × scale` pixels,
/// where width and height are the measured size (already on the scale's pixel grid). Lines
/// sit where alignment and indents put them.
struct LayoutRenderer {
    let layout: TextLayout
    /// Pixels per point.
    let scale: Double

    /// The margin around the measured box, in points.
    static let margin = 8.0

    static let lineBoxFill = Canvas.Color(red: 66, green: 133, blue: 244, alpha: 0.12)
    static let lineBoxStroke = Canvas.Color(red: 66, green: 133, blue: 244, alpha: 0.7)
    static let baseline = Canvas.Color(red: 219, green: 68, blue: 55, alpha: 0.9)
    static let overallBox = Canvas.Color(red: 15, green: 157, blue: 88, alpha: 1)

    /// Renders into a canvas.
    /// - Throws: ``ToolError`` when the image would be too large, or a ``Typesetting/TypesettingError``
    ///   when a font cannot be opened to draw it.
    func canvas() throws -> Canvas {
        let size = try Canvas.pixelSize(width: Double(layout.size.width) + 2 * Self.margin,
                                        height: Double(layout.size.height) + 2 * Self.margin, scale: scale)
        var canvas = Canvas(width: size.width, height: size.height)
        let origin = Self.margin * scale
        for line in layout.lines {
            let left = origin + Double(line.minX) * scale
            let top = origin + Double(line.minY) * scale
            let height = Double(line.height) * scale
            let width = Double(line.width) * scale
            canvas.fill(x: left, y: top, width: width, height: height, color: Self.lineBoxFill)
            canvas.stroke(x: left, y: top, width: width, height: height, color: Self.lineBoxStroke)
        }
        let rasterizer = GlyphRasterizer()
        for (index, line) in layout.lines.enumerated() {
            let left = origin + Double(line.minX) * scale
            let baselineY = origin + Double(line.baseline) * scale
            for run in layout.glyphRuns(onLine: index) {
                let runBaseline = baselineY - Double(run.baselineOffset) * scale
                let runLeft = left + Double(run.originX) * scale
                canvas.drawAttachment(of: run, lineLeft: left, baselineY: baselineY, scale: scale)
                try rasterizer.draw(run, originX: left, baselineY: baselineY, scale: scale, color: .ink, into: &canvas)
                let runRight = runLeft + Double(run.width) * scale
                if runRight > runLeft {
                    canvas.horizontalLine(y: Canvas.pixel(runBaseline.rounded(.down)), from: Canvas.pixel(runLeft),
                                          to: Canvas.pixel(runRight) - 1, color: Self.baseline)
                }
            }
        }
        canvas.stroke(x: origin, y: origin, width: Double(layout.size.width) * scale,
                      height: Double(layout.size.height) * scale, color: Self.overallBox)
        return canvas
    }

    /// Renders and writes the PNG.
    func writePNG(to path: String) throws {
        try PNGFile.write(try canvas(), to: path)
    }
}
