import Foundation

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
