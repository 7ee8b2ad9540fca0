import Foundation

/// Ceiling to the pixel grid of a display scale, as DESIGN.md's text policy rounds sizes.
func ceilToPixelGrid(_ value: Double, scale: Double = 1) -> Double {
    (value * scale - 1e-9).rounded(.up) / scale
}

/// The shipped fonts folder and the fonts the tests use.
enum TestFonts {
    static let shipped = FitsizeProcess.repository.appendingPathComponent("Fonts")
    static let notoSans = shipped.appendingPathComponent("NotoSans-Regular.ttf").path
    static let notoSansArabic = shipped.appendingPathComponent("NotoSansArabic-Regular.ttf").path
    /// Fonts from Debian's fonts-noto-core (installed by Scripts/install-deps).
    static let notoSerif = "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf"
    static let notoSansThai = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"
}
