import Foundation

/// A one-line progress bar on standard error, redrawn at most ten times a second:
/// `[#########...........]  45%  123456 lines  98000 lines/s`.
struct ProgressBar {
    /// The input's size in bytes, when known.
    let totalBytes: Int?
    private let started = DispatchTime.now()
    private var lastDrawn: UInt64 = 0

    /// The bar for a batch reading `input`: shown when `forced` is true, or when it is nil,
    /// standard error is a terminal and the input is a regular file of known size.
    static func make(input: Int32, forced: Bool?) -> ProgressBar? {
        var status = stat()
        let size: Int? = fstat(input, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && status.st_size > 0
            ? Int(status.st_size) : nil
        switch forced {
        case false?: return nil
        case true?: return ProgressBar(totalBytes: size)
        case nil: return isatty(StandardStreams.error) != 0 && size != nil ? ProgressBar(totalBytes: size) : nil
        }
    }

    mutating func update(bytes: Int, lines: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDrawn >= 100_000_000 else { return }
        lastDrawn = now
        draw(bytes: bytes, lines: lines, final: false)
    }

    func finish(bytes: Int, lines: Int) {
        draw(bytes: bytes, lines: lines, final: true)
    }

    private func draw(bytes: Int, lines: Int, final: Bool) {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let rate = seconds > 0 ? Int(Double(lines) / seconds) : 0
        var text = "\r\u{1B}[K"
        if let totalBytes {
            let fraction = min(1, Double(bytes) / Double(totalBytes))
            let width = 30
            let filled = Int(fraction * Double(width))
            text += "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            text += String(Int(fraction * 100)).leftPadded(to: 3) + "%  "
        }
        text += "\(lines) lines  \(rate) lines/s"
        if final { text += "\n" }
        StandardStreams.writeError(text)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
