import Typesetting

extension Canvas {
    static let attachmentFill = Color(red: 244, green: 160, blue: 0, alpha: 0.25)
    static let attachmentStroke = Color(red: 244, green: 160, blue: 0, alpha: 1)

    /// Draws the box of an attachment `run` (filled light orange, outlined orange), on a line
    /// whose left end is at `lineLeft` and baseline at `baselineY`, in pixels. The run's baseline
    /// offset raises it; `NSTextAttachment.bounds` puts the box's bottom `origin.y` above that.
    mutating func drawAttachment(of run: GlyphRun, lineLeft: Double, baselineY: Double, scale: Double) {
        guard let bounds = run.attachment?.bounds else { return }
        let left = lineLeft + Double(run.originX + bounds.origin.x) * scale
        let top = baselineY - Double(run.baselineOffset + bounds.origin.y + bounds.size.height) * scale
        let width = Double(bounds.size.width) * scale, height = Double(bounds.size.height) * scale
        fill(x: left, y: top, width: width, height: height, color: Self.attachmentFill)
        stroke(x: left, y: top, width: width, height: height, color: Self.attachmentStroke)
    }
}
