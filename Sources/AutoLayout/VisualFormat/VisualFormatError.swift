// Errors thrown for a visual format string that cannot be turned into constraints.
//
// The messages are UIKit's own wording wherever UIKit has one, so that a message searched for
// on the web finds the same explanations; where UIKit is silent (or would crash instead) the
// wording is Fitsize's. Each error points at one character of the format string.

import Foundation

/// A visual format string that cannot be parsed or resolved, with the position of the problem.
///
/// Its ``description`` reads like UIKit's exception reason:
///
/// ```
/// Unable to parse constraint format:
/// Unable to find view with name blackBox
/// |[whiteBox2][blackBox]
///                      ^
/// ```
public struct VisualFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, one case per message.
    public enum Reason: Equatable, Sendable {
        /// The format string has no characters.
        case emptyFormat
        /// The format string contains a character outside ASCII (view and metric names are ASCII).
        case nonASCIICharacter
        /// `H` or `V` at the start is not followed by `:`.
        case expectedColonAfterOrientation(LayoutAxis)
        /// A leading `|` is the whole rest of the string.
        case expectedConnectionAfterSuperview
        /// A `[` was expected.
        case expectedView
        /// `[` is not followed by a valid view name.
        case expectedViewName
        /// A view name is not followed by `(` or `]`.
        case expectedViewEnd
        /// The format ends right after `[name(`.
        case unexpectedEndInView
        /// A view's predicate list is not closed by `)`.
        case expectedThicknessEnd
        /// A view's predicate list is closed by `)` but the view is not closed by `]`.
        case expectedBracketAfterThickness
        /// After a connection, neither `[` nor `|` follows.
        case expectedViewOrSuperview
        /// Characters follow the closing `|`.
        case expectedEnd
        /// A connection's predicate is not followed by `-`.
        case expectedDash
        /// A connection's predicate is followed by `,` outside parentheses.
        case expectedDashBeforeList
        /// A connection starts with `--`.
        case ambiguousMinus
        /// A parenthesised predicate list is not closed by `)`.
        case expectedClosingParenthesis
        /// The format ends where a predicate was expected.
        case expectedMoreInput
        /// `<`, `=` or `>` is not followed by `=`.
        case unknownRelation
        /// Neither a number nor a name stands where one was expected.
        case expectedNumberOrMetric
        /// A number too large to represent.
        case numberOutOfRange(String)
        /// A priority of zero or less.
        case priorityNotPositive(Double)
        /// A priority above 1000.
        case priorityTooHigh(Double)
        /// A `[name]` that is not a key of the views dictionary.
        case unknownView(String)
        /// A name that is neither a metric nor a view.
        case unknownMetric(String)
        /// A metric whose value is NaN or infinite.
        case metricNotFinite(String)
        /// A view name used as a spacing (`-(==view)-`).
        case viewAsSpacing(String)
        /// A view name used as a priority (`@view`).
        case viewAsPriority(String)
        /// A `|` next to a view that has no superview.
        case missingSuperview
        /// An alignment option along the layout's own axis (`.alignAllLeft` with `H:`).
        case alignmentAlongLayoutAxis(LayoutAxis)
        /// `.spacingBaselineToBaseline` with a horizontal layout.
        case baselineSpacingInHorizontalLayout
        /// Both `.directionLeftToRight` and `.directionRightToLeft`.
        case conflictingDirections
        /// Option bits that no `FormatOptions` constant defines.
        case unknownOptions(UInt)

        /// The message UIKit prints for this problem (or Fitsize's, where UIKit has none).
        public var message: String {
            switch self {
            case .emptyFormat:
                "It's an empty string."
            case .nonASCIICharacter:
                "It contains non-ASCII characters."
            case .expectedColonAfterOrientation(.horizontal):
                "Expected ':' after 'H' to specify horizontal arrangement"
            case .expectedColonAfterOrientation(.vertical):
                "Expected ':' after 'V' to specify vertical arrangement"
            case .expectedConnectionAfterSuperview:
                "Expected a connection after the '|' character"
            case .expectedView:
                "Expected a view"
            case .expectedViewName:
                "Expected a view. View names must start with a letter or an underscore, "
                    + "then contain letters, numbers, and underscores."
            case .expectedViewEnd:
                "Expected a ']' here. That is how you give the end of a view."
            case .unexpectedEndInView:
                "Unexpectedly ran out of character fodder in the middle of parsing a view"
            case .expectedThicknessEnd:
                "A predicate on a view's thickness must end with ')' and the view must end with ']'"
            case .expectedBracketAfterThickness:
                "Expected ']' after specifying thickness."
            case .expectedViewOrSuperview:
                "Expected a view or '|'"
            case .expectedEnd:
                "Expected the end of the format string"
            case .expectedDash:
                "Expected a '-' here"
            case .expectedDashBeforeList:
                "Expected a '-' here. To specify a list of constraints, "
                    + "you must use parentheses around the list of constraints"
            case .ambiguousMinus:
                "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. "
                    + "Use parentheses around negative numbers."
            case .expectedClosingParenthesis:
                "Expected a ')' at the end of a constraint modifier, "
                    + "or a ',' before another constraint modifier"
            case .expectedMoreInput:
                "Expected more input"
            case .unknownRelation:
                "Unknown relation. Must be ==, >=, or <="
            case .expectedNumberOrMetric:
                "Expected a number or a key from the metrics dictionary, but encountered something else"
            case .numberOutOfRange(let text):
                "The number \(text) is too large"
            case .priorityNotPositive(let value):
                "Invalid priority specified: \(LayoutConstraint.format(value)). Priority must be greater than 0"
            case .priorityTooHigh(let value):
                "Invalid priority specified: \(LayoutConstraint.format(value)). "
                    + "Priority cannot be higher than LayoutPriority.required, which is 1000."
            case .unknownView(let name):
                "Unable to find view with name \(name)"
            case .unknownMetric(let name):
                "Encountered metric with name \"\(name)\", "
                    + "but value was not specified in metrics or views dictionaries"
            case .metricNotFinite(let name):
                "The metric \"\(name)\" is not a finite number"
            case .viewAsSpacing:
                "It's not possible to set a space equal to the width or height of a view.  "
                    + "Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]"
            case .viewAsPriority(let name):
                "A priority must be a number or a key from the metrics dictionary, but \(name) is a view"
            case .missingSuperview:
                "Unable to interpret '|' character, because the related view doesn't have a superview"
            case .alignmentAlongLayoutAxis(.horizontal):
                "Options mask required views to be aligned on a vertical edge, "
                    + "which is not allowed for layout that is also horizontal."
            case .alignmentAlongLayoutAxis(.vertical):
                "Options mask required views to be aligned on a horizontal edge, "
                    + "which is not allowed for layout that is also vertical."
            case .baselineSpacingInHorizontalLayout:
                "BaselineToBaseline format option not valid for horizontal layout"
            case .conflictingDirections:
                "Options mask gives both left-to-right and right-to-left direction"
            case .unknownOptions(let bits):
                "Options mask contains undefined bits 0x\(String(bits, radix: 16))"
            }
        }
    }

    /// What is wrong.
    public let reason: Reason
    /// The format string as given.
    public let format: String
    /// The offending character's offset in the format's UTF-8 bytes, which for the ASCII
    /// strings the language allows is its character offset. Always inside the string unless
    /// the string is empty.
    public let offset: Int

    /// Makes an error pointing at `offset`; an offset at or past the end (input that stops
    /// too early) points at the last character, where the missing part should have followed.
    init(_ reason: Reason, format: String, offset: Int) {
        self.reason = reason
        self.format = format
        self.offset = max(0, min(offset, format.utf8.count - 1))
    }

    /// The message alone, without the format string and caret.
    public var message: String { reason.message }

    /// UIKit's layout: the heading, the message, the format string and a caret under the
    /// offending character.
    public var description: String {
        "Unable to parse constraint format:\n\(message)\n\(pointer)"
    }

    /// The format string and, on the line below, a caret under the offending character, as
    /// ``description`` ends: for tools that print the message in their own words.
    public var pointer: String {
        Self.pointer(at: offset, in: format)
    }

    /// `text` and, on the line below, a caret under the character that starts at `utf8Offset`
    /// (columns count characters, so the caret stays under it in a terminal).
    public static func pointer(at utf8Offset: Int, in text: String) -> String {
        let column = String(decoding: text.utf8.prefix(utf8Offset), as: UTF8.self).count
        return text + "\n" + String(repeating: " ", count: column) + "^"
    }
}
