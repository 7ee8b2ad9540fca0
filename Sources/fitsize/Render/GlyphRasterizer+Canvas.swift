import Typesetting

extension GlyphRasterizer {
    /// A rasterizer for the largest canvas.
    convenience init() {
        self.init(maximumSide: Canvas.maximumSide)
    }

    /// Draws `run` with its pen origin at (`originX`, `baselineY`) in pixels, `scale` pixels
    /// per point, into `canvas`: outline glyphs in `color`, colour glyphs in their own.
    /// - Throws: ``Typesetting/TypesettingError`` when the run's font file cannot be opened again.
    func draw(_ run: GlyphRun, originX: Double, baselineY: Double, scale: Double, color: Canvas.Color,
              into canvas: inout Canvas) throws {
        try draw(run, originX: originX, baselineY: baselineY, scale: scale) { x, y, paint in
            switch paint {
            case .coverage(let coverage):
                canvas.blend(x: x, y: y, color: color, coverage: coverage)
            case .colour(let red, let green, let blue, let alpha):
                canvas.blend(x: x, y: y, color: Canvas.Color(red: red, green: green, blue: blue, alpha: 1), coverage: alpha)
            }
        }
    }
}
