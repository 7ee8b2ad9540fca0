import Foundation

/// Reads an image file's size in pixels from its header, for PNG and baseline or
/// progressive JPEG files.
enum ImageFileSize {
    /// The size in pixels, or `nil` when the data is neither a PNG nor a JPEG with a frame
    /// header in it.
    static func pixelSize(of data: Data) -> CGSize? {
        let bytes = [UInt8](data)
        return png(bytes) ?? jpeg(bytes)
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, count: Int) -> Int {
        (0..<count).reduce(0) { ($0 << 8) | Int(bytes[offset + $1]) }
    }

    /// A PNG's width and height are the first fields of its IHDR chunk, which must come first.
    private static func png(_ bytes: [UInt8]) -> CGSize? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        return CGSize(width: bigEndian(bytes, 16, count: 4), height: bigEndian(bytes, 20, count: 4))
    }

    /// A JPEG's size is in its start-of-frame segment; the segments before it are skipped by
    /// their lengths.
    private static func jpeg(_ bytes: [UInt8]) -> CGSize? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 9 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            let length = bigEndian(bytes, offset + 2, count: 2)
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                return CGSize(width: bigEndian(bytes, offset + 7, count: 2), height: bigEndian(bytes, offset + 5, count: 2))
            }
            guard length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
    }
}
