import CPNG
import Foundation
import Testing

/// A PNG decoded with libpng's simplified API into 8-bit RGBA.
struct DecodedPNG {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    init(path: String) throws {
        var image = png_image()
        image.version = png_uint_32(CPNG_IMAGE_VERSION)
        try #require(png_image_begin_read_from_file(&image, path) != 0, "libpng cannot read \(path)")
        image.format = png_uint_32(CPNG_FORMAT_RGBA)
        let width = Int(image.width)
        let height = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, png_int_32(width * 4), nil)
        }
        self.width = width
        self.height = height
        png_image_free(&image)
        try #require(finished != 0, "libpng failed to decode \(path)")
        self.pixels = pixels
    }

    /// The (red, green, blue, alpha) of the pixel at (x, y).
    func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let index = (y * width + x) * 4
        return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
    }
}
