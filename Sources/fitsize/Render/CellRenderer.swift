import AutoLayout
import Foundation
import Typesetting

/// Draws one sized cell so a person can check a template: every view's frame (a colour per
/// kind, its name above it), label, button and text field texts with their glyphs, on white
/// with an 8-point margin. The cell is `width × height` points; the image is that plus the
/// margins, times `scale` pixels.
struct CellRenderer {
    let builder: CellBuilder
    let width: Double
    let scale: Double

    static let margin = 8.0

    /// Builds a cell, shows `item`, lays it out at `height` and writes the PNG.
    func writePNG(item: CellItem, height: Double, to path: String) throws {
        let cell = try builder.build()
        cell.configure(with: item)
        cell.frame = CGRect(x: 0, y: 0, width: width, height: height)
        cell.layoutIfNeeded()
        let rasterizer = GlyphRasterizer()
        let size = try Canvas.pixelSize(width: width + 2 * Self.margin, height: height + 2 * Self.margin, scale: scale)
        var canvas = Canvas(width: size.width, height: size.height)
        let origin = CGPoint(x: Self.margin, y: Self.margin)
        try draw(cell, at: origin, depth: 0, rasterizer: rasterizer, into: &canvas)
        try PNGFile.write(canvas, to: path)
    }

    private func draw(_ view: View, at origin: CGPoint, depth: Int, rasterizer: GlyphRasterizer,
                      into canvas: inout Canvas) throws {
        guard !view.isHidden else { return }
        let frame = CGRect(origin: origin, size: view.bounds.size)
        let color = Self.color(for: view)
        canvas.fill(x: frame.minX * scale, y: frame.minY * scale, width: frame.width * scale,
                    height: frame.height * scale, color: Canvas.Color(red: color.red, green: color.green, blue: color.blue, alpha: 0.08))
        canvas.stroke(x: frame.minX * scale, y: frame.minY * scale, width: frame.width * scale,
                      height: frame.height * scale, color: color)
        if let label = view as? Label, let layout = label.textLayout {
            try drawText(layout, lineFrames: label.lineFrames, in: frame, rasterizer: rasterizer, into: &canvas)
        } else if let button = view as? Button, let title = button.title {
            try drawSingleLine(title, font: button.font, in: frame, centered: true, rasterizer: rasterizer, into: &canvas)
        } else if let field = view as? TextField {
            let text = field.text.flatMap { $0.isEmpty ? nil : $0 } ?? field.placeholder ?? ""
            let inset = field.borderStyle.textInsets
            let inner = CGRect(x: frame.minX + inset.left, y: frame.minY, width: max(0, frame.width - inset.left - inset.right),
                               height: frame.height)
            try drawSingleLine(text, font: field.font, in: inner, centered: false, rasterizer: rasterizer, into: &canvas)
        }
        if let name = view.accessibilityIdentifier, depth > 0 {
            // Leaves are named at their top-left corner; containers, whose first subview
            // often shares that corner, at their bottom-right.
            try drawName(name, in: frame, atBottomRight: !view.subviews.isEmpty, color: color, rasterizer: rasterizer,
                         into: &canvas)
        }
        for subview in view.subviews {
            try draw(subview, at: CGPoint(x: origin.x + subview.frame.minX, y: origin.y + subview.frame.minY),
                     depth: depth + 1, rasterizer: rasterizer, into: &canvas)
        }
    }

    private func drawText(_ layout: TextLayout, lineFrames: [CGRect], in frame: CGRect, rasterizer: GlyphRasterizer,
                          into canvas: inout Canvas) throws {
        for (index, line) in layout.lines.enumerated() where index < lineFrames.count {
            let lineFrame = lineFrames[index]
            let baseline = frame.minY + lineFrame.minY + (line.baseline - line.minY)
            for run in layout.glyphRuns(onLine: index) {
                canvas.drawAttachment(of: run, lineLeft: (frame.minX + lineFrame.minX) * scale, baselineY: baseline * scale,
                                      scale: scale)
                try rasterizer.draw(run, originX: (frame.minX + lineFrame.minX) * scale, baselineY: baseline * scale,
                                    scale: scale, color: .ink, into: &canvas)
            }
        }
    }

    /// A one-line text, vertically centred (and horizontally when `centered`).
    private func drawSingleLine(_ text: String, font: Font, in frame: CGRect, centered: Bool, rasterizer: GlyphRasterizer,
                                into canvas: inout Canvas) throws {
        guard !text.isEmpty else { return }
        let layout = try PreparedText(text, font: font).layout(width: .infinity, maxLines: 1)
        guard let line = layout.lines.first else { return }
        let x = centered ? frame.minX + (frame.width - line.width) / 2 : frame.minX
        let top = frame.minY + (frame.height - line.height) / 2
        for run in layout.glyphRuns(onLine: 0) {
            try rasterizer.draw(run, originX: x * scale, baselineY: (top + line.baseline) * scale, scale: scale,
                                color: .ink, into: &canvas)
        }
    }

    /// The view's template name in small type, inside a corner of its frame.
    private func drawName(_ name: String, in frame: CGRect, atBottomRight: Bool, color: Canvas.Color,
                          rasterizer: GlyphRasterizer, into canvas: inout Canvas) throws {
        let layout = try PreparedText(name, font: Font.default(size: 7, systemFonts: false)).layout(width: .infinity, maxLines: 1)
        guard let line = layout.lines.first else { return }
        let x = atBottomRight ? frame.maxX - line.width - 1 : frame.minX + 1
        let top = atBottomRight ? frame.maxY - line.height - 1 : frame.minY + 1
        for run in layout.glyphRuns(onLine: 0) {
            try rasterizer.draw(run, originX: x * scale, baselineY: (top + line.baseline) * scale, scale: scale,
                                color: color, into: &canvas)
        }
    }

    private static func color(for view: View) -> Canvas.Color {
        switch view {
        case is TemplateCellView: Canvas.Color(red: 15, green: 157, blue: 88, alpha: 1)
        case is Label: Canvas.Color(red: 66, green: 133, blue: 244, alpha: 0.9)
        case is Button: Canvas.Color(red: 171, green: 71, blue: 188, alpha: 0.9)
        case is TextField: Canvas.Color(red: 0, green: 150, blue: 136, alpha: 0.9)
        case is ImageView: Canvas.Color(red: 244, green: 160, blue: 0, alpha: 0.9)
        case is StackView: Canvas.Color(red: 219, green: 68, blue: 55, alpha: 0.8)
        default: Canvas.Color(red: 120, green: 120, blue: 120, alpha: 0.8)
        }
    }
}
