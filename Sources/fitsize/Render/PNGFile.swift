import CPNG
import Foundation

/// Writes a canvas as an 8-bit RGBA PNG with libpng's simplified API.
enum PNGFile {
    /// - Throws: ``ToolError`` naming the path and libpng's reason.
    static func write(_ canvas: Canvas, to path: String) throws {
        var image = png_image()
        image.version = png_uint_32(CPNG_IMAGE_VERSION)
        image.width = png_uint_32(canvas.width)
        image.height = png_uint_32(canvas.height)
        image.format = png_uint_32(CPNG_FORMAT_RGBA)
        let ok = canvas.pixels.withUnsafeBytes { pixels in
            png_image_write_to_file(&image, path, 0, pixels.baseAddress, png_int_32(canvas.width * 4), nil)
        }
        defer { png_image_free(&image) }
        guard ok != 0 else {
            let reason = withUnsafeBytes(of: image.message) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            let errnoReason = errno != 0 ? String(cString: strerror(errno)) : ""
            throw ToolError.unwritableFile(path, what: "PNG file",
                                           reason: reason.isEmpty ? errnoReason : reason)
        }
    }
}
