// Syntax errors: UIKit's message and a caret under the offending character. The first four
// cases are the examples in the "Visual Format Language" appendix, caret positions included.
import Testing

@testable import AutoLayout

@Suite("Visual format syntax errors")
struct VisualFormatSyntaxErrorTests {
    /// The error `Parser.parse(format)` throws, or nil if it parses.
    private func syntaxError(_ format: String) -> VisualFormatError? {
        do {
            _ = try Parser.parse(format)
            return nil
        } catch {
            return error
        }
    }

    /// Checks the message and that the caret sits under `caret` in the description.
    private func expectError(
        _ format: String, _ reason: VisualFormatError.Reason, caretAt caret: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error = syntaxError(format) else {
            Issue.record("\(format) parsed without error", sourceLocation: sourceLocation)
            return
        }
        #expect(error.reason == reason, sourceLocation: sourceLocation)
        #expect(error.offset == caret, sourceLocation: sourceLocation)
        #expect(
            error.description
                == "Unable to parse constraint format:\n\(reason.message)\n\(format)\n"
                + String(repeating: " ", count: caret) + "^",
            sourceLocation: sourceLocation)
    }

    @Test func appendixMissingColonAfterV() {
        let error = syntaxError("V|[backgroundBox]|")
        #expect(
            error?.description == """
                Unable to parse constraint format:
                Expected ':' after 'V' to specify vertical arrangement
                V|[backgroundBox]|
                 ^
                """)
    }

    @Test func appendixUnclosedThicknessPredicate() {
        let error = syntaxError("|[whiteBox1][blackBox4(blackWidth][redBox]|")
        #expect(
            error?.description == """
                Unable to parse constraint format:
                A predicate on a view's thickness must end with ')' and the view must end with ']'
                |[whiteBox1][blackBox4(blackWidth][redBox]|
                                                 ^
                """)
    }

    @Test func appendixUnknownRelation() {
        let error = syntaxError("V:|[blackBox4(>30)]|")
        #expect(
            error?.description == """
                Unable to parse constraint format:
                Unknown relation. Must be ==, >=, or <=
                V:|[blackBox4(>30)]|
                               ^
                """)
    }

    @Test func missingColonAfterH() {
        expectError("H[a]", .expectedColonAfterOrientation(.horizontal), caretAt: 1)
    }

    @Test func orientationLetterAloneIsCutShort() {
        expectError("V", .expectedColonAfterOrientation(.vertical), caretAt: 0)
    }

    @Test func emptyStringIsRejected() {
        let error = syntaxError("")
        #expect(error?.reason == .emptyFormat)
        #expect(error?.message == "It's an empty string.")
    }

    @Test func nonASCIICharacterIsPointedAt() {
        expectError("[a]-[vüe]", .nonASCIICharacter, caretAt: 6)
    }

    @Test func lonelySuperviewBar() {
        expectError("|", .expectedConnectionAfterSuperview, caretAt: 0)
    }

    @Test func superviewBarsWithoutView() {
        expectError("|-|", .expectedView, caretAt: 2)
    }

    @Test func missingView() {
        expectError("H:", .expectedView, caretAt: 1)
        expectError("a]", .expectedView, caretAt: 0)
        expectError("[", .expectedView, caretAt: 0)
    }

    @Test func viewNameMustStartWithLetterOrUnderscore() {
        expectError("[1a]", .expectedViewName, caretAt: 1)
        expectError("[]", .expectedViewName, caretAt: 1)
    }

    @Test func viewMustEndWithBracket() {
        expectError("[a b]", .expectedViewEnd, caretAt: 2)
        expectError("[abc", .expectedViewEnd, caretAt: 3)
    }

    @Test func viewPredicatesCutShort() {
        expectError("[a(", .unexpectedEndInView, caretAt: 2)
    }

    @Test func predicateListMustCloseBeforeBracket() {
        expectError("[a(50)", .expectedBracketAfterThickness, caretAt: 5)
        expectError("[a(50)-[b]", .expectedBracketAfterThickness, caretAt: 6)
        expectError("[a(50]", .expectedThicknessEnd, caretAt: 5)
    }

    @Test func somethingOtherThanViewOrBarAfterConnection() {
        expectError("[a]-[b] ", .expectedViewOrSuperview, caretAt: 7)
        expectError("[a]x", .expectedViewOrSuperview, caretAt: 3)
    }

    @Test func charactersAfterClosingBar() {
        expectError("[a]-||", .expectedEnd, caretAt: 5)
        expectError("|[a]|[b]", .expectedEnd, caretAt: 5)
    }

    @Test func connectionPredicateMustEndWithDash() {
        expectError("[a]-10[b]", .expectedDash, caretAt: 6)
        expectError("[a]-10,20-[b]", .expectedDashBeforeList, caretAt: 6)
    }

    @Test func doubleDashIsAmbiguous() {
        expectError("[a]--5-[b]", .ambiguousMinus, caretAt: 4)
    }

    @Test func unclosedConnectionParenthesis() {
        expectError("[a]-(10-[b]", .expectedClosingParenthesis, caretAt: 7)
    }

    @Test func formatEndingInsideConnection() {
        expectError("[a]-", .expectedMoreInput, caretAt: 3)
        expectError("[a]-(10,", .expectedMoreInput, caretAt: 7)
    }

    @Test func singleCharacterRelations() {
        expectError("[a(<50)]", .unknownRelation, caretAt: 4)
        expectError("[a(=50)]", .unknownRelation, caretAt: 4)
        expectError("[a(>", .unknownRelation, caretAt: 3)
    }

    @Test func operandMustBeNumberOrName() {
        expectError("[a(==)]", .expectedNumberOrMetric, caretAt: 5)
        expectError("[a(@5)]", .expectedNumberOrMetric, caretAt: 3)
        expectError("[a(-x)]", .expectedNumberOrMetric, caretAt: 3)
        expectError("[a(50@)]", .expectedNumberOrMetric, caretAt: 6)
    }

    @Test func numberTooLargeToRepresent() {
        let digits = String(repeating: "9", count: 400)
        expectError("[a(\(digits))]", .numberOutOfRange(digits), caretAt: 3)
    }

    @Test func priorityOutOfRange() {
        expectError("[a(50@0)]", .priorityNotPositive(0), caretAt: 6)
        expectError("[a(50@-1)]", .priorityNotPositive(-1), caretAt: 6)
        expectError("[a(50@1000.5)]", .priorityTooHigh(1000.5), caretAt: 6)
    }

    @Test func priorityMessagesPrintTheValueCompactly() {
        #expect(
            VisualFormatError.Reason.priorityTooHigh(1001).message
                == "Invalid priority specified: 1001. Priority cannot be higher than "
                + "LayoutPriority.required, which is 1000.")
        #expect(
            VisualFormatError.Reason.priorityNotPositive(-0.5).message
                == "Invalid priority specified: -0.5. Priority must be greater than 0")
    }

    @Test func whitespaceIsNotAllowed() {
        expectError("[a] -[b]", .expectedViewOrSuperview, caretAt: 3)
        expectError("[a]-( 10)-[b]", .expectedNumberOrMetric, caretAt: 5)
    }
}
