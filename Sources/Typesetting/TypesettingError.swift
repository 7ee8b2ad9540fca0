import Foundation

/// Everything that can go wrong when loading fonts or preparing and laying out text.
///
/// Each case carries what a person needs to fix the input: the path of a font file and
/// why it could not be used, the byte offset of invalid UTF-8, the rejected value.
public enum TypesettingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file exists at the path.
    case fontFileNotFound(path: String)
    /// The file exists but could not be read (permissions, a directory, an I/O error).
    case fontFileUnreadable(path: String, reason: String)
    /// FreeType or HarfBuzz rejected the file's contents.
    case fontFileCorrupt(path: String, reason: String)
    /// A font collection was asked for a face it does not have.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// A font size outside ``Font/pointSizeRange``: negative, NaN, infinite or too large.
    case invalidFontSize(CGFloat)
    /// A cascade with no typefaces.
    case emptyCascade
    /// None of the places searched holds the shipped fonts.
    case shippedFontsNotFound(searched: [String])
    /// Bytes that are not valid UTF-8; `byteOffset` is the first offending byte.
    case invalidUTF8(byteOffset: Int)
    /// A layout width that is negative or NaN.
    case invalidWidth(CGFloat)
    /// A negative `maxLines`.
    case invalidMaxLines(Int)
    /// Line spacing that is negative or not finite.
    case invalidLineSpacing(CGFloat)
    /// Letter spacing that is not finite.
    case invalidLetterSpacing(CGFloat)
    /// A display scale that is not a positive finite number.
    case invalidScale(CGFloat)
    /// A text longer than ``PreparedText/maximumTextLength`` UTF-8 bytes.
    case textTooLong(byteCount: Int, limit: Int)
    /// A text style name that is not one of ``Font/TextStyle``'s.
    case unknownTextStyle(String)
    /// A content size category name that is not one of ``ContentSizeCategory``'s.
    case unknownContentSizeCategory(String)
    /// A maximum point size for ``FontMetrics`` that is negative or not finite.
    case invalidMaximumPointSize(CGFloat)
    /// An attribute of attributed text with a value it cannot take (a NaN or negative line
    /// height, a `lineHeightMultiple` of 0 or less, a non-finite kern), named with the
    /// UTF-16 offset of the run that carries it.
    case invalidAttribute(name: String, value: CGFloat, utf16Offset: Int)
    /// A ``TextAttachment`` whose bounds are not finite or have a negative size.
    case invalidAttachmentBounds(CGRect, utf16Offset: Int)

    /// A sentence describing the problem, naming the offending path or value.
    public var description: String {
        switch self {
        case .fontFileNotFound(let path):
            return "Font file not found: \(path)"
        case .fontFileUnreadable(let path, let reason):
            return "Font file \(path) cannot be read: \(reason)"
        case .fontFileCorrupt(let path, let reason):
            return "Font file \(path) is not a usable font: \(reason)"
        case .faceIndexOutOfRange(let path, let index, let faceCount):
            return "Font file \(path) has \(faceCount) face(s); face index \(index) does not exist"
        case .invalidFontSize(let size):
            return "Font size must be a number of points from 0 to \(Int(Font.maximumPointSize)), got \(size)"
        case .emptyCascade:
            return "A font needs at least one typeface"
        case .shippedFontsNotFound(let searched):
            return "The shipped fonts (NotoSans-Regular.ttf, ...) were not found; searched: "
                + searched.joined(separator: ", ")
                + ". Set FITSIZE_FONTS_DIR to the repository's Fonts/ folder."
        case .invalidUTF8(let byteOffset):
            return "Text is not valid UTF-8: bad byte sequence at byte offset \(byteOffset)"
        case .invalidWidth(let width):
            return "Layout width must be >= 0 (infinity for no limit), got \(width)"
        case .invalidMaxLines(let maxLines):
            return "maxLines must be >= 0 (0 means no limit), got \(maxLines)"
        case .invalidLineSpacing(let spacing):
            return "Line spacing must be a finite number >= 0, got \(spacing)"
        case .invalidLetterSpacing(let spacing):
            return "Letter spacing must be finite, got \(spacing)"
        case .invalidScale(let scale):
            return "Display scale must be a finite number > 0, got \(scale)"
        case .textTooLong(let byteCount, let limit):
            return "Text of \(byteCount) bytes is longer than the largest text accepted, \(limit) bytes of UTF-8"
        case .unknownTextStyle(let name):
            return "Unknown text style \"\(name)\"; the text styles are "
                + Font.TextStyle.allCases.map(\.rawValue).joined(separator: ", ")
        case .unknownContentSizeCategory(let name):
            return "Unknown content size category \"\(name)\"; the categories are "
                + ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")
        case .invalidMaximumPointSize(let size):
            return "Maximum point size must be a finite number >= 0 (0 means no limit), got \(size)"
        case .invalidAttribute(let name, let value, let offset):
            return "Attribute \(name) of the run at UTF-16 offset \(offset) cannot be \(value)"
        case .invalidAttachmentBounds(let bounds, let offset):
            return "Text attachment at UTF-16 offset \(offset) needs finite bounds with a size >= 0, got \(bounds)"
        }
    }
}
