import Foundation
import Typesetting

// UIKit's attribute names over Foundation's `NSAttributedString.Key`, with UIKit's raw
// values so that strings made from archived attribute dictionaries read the same.

extension NSAttributedString.Key {
    /// The run's font (a ``Typesetting/Font``, UIKit's `UIFont`); measured.
    public static let font = NSAttributedString.Key("NSFont")
    /// Points added after each character (a number); measured.
    public static let kern = NSAttributedString.Key("NSKern")
    /// The paragraph's line rules (an ``NSParagraphStyle``); measured.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// Points the run is raised above the baseline (a number); measured.
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// An inline box shown for U+FFFC (an ``NSTextAttachment``); measured.
    public static let attachment = NSAttributedString.Key("NSAttachment")
    /// The text colour (a ``UIColor``); stored only.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The colour behind the text (a ``UIColor``); stored only.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// The underline (an ``NSUnderlineStyle`` or its raw value); stored only.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// The underline's colour (a ``UIColor``); stored only.
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// The strikethrough (an ``NSUnderlineStyle`` or its raw value); stored only.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// The strikethrough's colour (a ``UIColor``); stored only.
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// The outline's colour (a ``UIColor``); stored only.
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// The outline's width in percent of the font size (a number); stored only, as the glyphs'
    /// advances do not change.
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// A link (a `URL` or a string); stored only.
    public static let link = NSAttributedString.Key("NSLink")
}

/// UIKit's `NSUnderlineStyle`, for the stored-only underline and strikethrough keys.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    /// The option bits, UIKit's values.
    public let rawValue: Int
    /// A style from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// One thin line.
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// One thick line.
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two thin lines.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    /// A solid line (the default pattern).
    public static let patternSolid = NSUnderlineStyle([])
    /// A dotted line.
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    /// A dashed line.
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    /// Alternating dashes and dots.
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    /// Dashes then two dots.
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    /// Under words only, not the spaces between them.
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// UIKit's `NSTextAlignment`: ``Typesetting/TextAlignment``, with the same raw values.
public typealias NSTextAlignment = TextAlignment
/// UIKit's `NSLineBreakMode`: ``Typesetting/LineBreakMode``, with the same raw values.
public typealias NSLineBreakMode = LineBreakMode
