import Foundation
import Testing
@testable import Typesetting

/// Bad attribute values are reported by name and offset before anything is shaped, so the
/// segment cache is left as it was.
@Suite struct AttributedInputValidationTests {
    static let cases: [(ParagraphStyle, String, CGFloat)] = [
        (ParagraphStyle(minimumLineHeight: .nan), "minimumLineHeight", .nan),
        (ParagraphStyle(maximumLineHeight: -1), "maximumLineHeight", -1),
        (ParagraphStyle(lineHeightMultiple: 0), "lineHeightMultiple", 0),
        (ParagraphStyle(lineHeightMultiple: -2), "lineHeightMultiple", -2),
        (ParagraphStyle(lineSpacing: -3), "lineSpacing", -3),
        (ParagraphStyle(paragraphSpacing: .infinity), "paragraphSpacing", .infinity),
        (ParagraphStyle(headIndent: .nan), "headIndent", .nan),
        (ParagraphStyle(firstLineHeadIndent: -4), "firstLineHeadIndent", -4),
        (ParagraphStyle(tailIndent: -.infinity), "tailIndent", -.infinity),
    ]

    static func rejection(_ string: AttributedString) throws -> (TypesettingError?, Int) {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 16)
        do {
            _ = try PreparedText(attributed: string, defaultFont: .default(size: 17), cache: cache)
            return (nil, cache.count)
        } catch let error as TypesettingError {
            return (error, cache.count)
        }
    }

    @Test(arguments: 0..<cases.count)
    func aBadParagraphStyleFieldIsNamed(_ index: Int) throws {
        let (style, name, value) = Self.cases[index]
        var string = AttributedString("fine words ")
        var styled = AttributedString("styled words")
        styled.paragraphStyle = style
        string += styled
        let (error, cached) = try Self.rejection(string)
        guard case .invalidAttribute(let reported, let reportedValue, let offset) = error else {
            Issue.record("expected invalidAttribute, got \(String(describing: error))")
            return
        }
        #expect(reported == name)
        #expect(reportedValue == value || (reportedValue.isNaN && value.isNaN))
        #expect(offset == 11)
        #expect(error?.description.contains(name) == true)
        #expect(cached == 0)
    }

    @Test func nonFiniteKernAndBaselineOffsetAreNamed() throws {
        var kerned = AttributedString("x")
        kerned.kern = .nan
        if case .invalidAttribute(let name, _, _) = try Self.rejection(kerned).0 {
            #expect(name == "kern")
        } else {
            Issue.record("a NaN kern was accepted")
        }
        var raised = AttributedString("x")
        raised.baselineOffset = -.infinity
        if case .invalidAttribute(let name, _, _) = try Self.rejection(raised).0 {
            #expect(name == "baselineOffset")
        } else {
            Issue.record("a non-finite baseline offset was accepted")
        }
    }

    @Test(arguments: [
        CGRect(x: 0, y: CGFloat.nan, width: 10, height: 10),
        CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10),
        CGRect(x: 0, y: 0, width: 10, height: -1),
    ])
    func anAttachmentWithBadBoundsIsRejected(_ bounds: CGRect) throws {
        var string = AttributedString("ab")
        string += TextAttachment(bounds: bounds).attributedString
        let (error, cached) = try Self.rejection(string)
        guard case .invalidAttachmentBounds(_, let offset) = error else {
            Issue.record("expected invalidAttachmentBounds, got \(String(describing: error))")
            return
        }
        #expect(offset == 2)
        #expect(cached == 0)
    }

    /// The same text with valid attributes is prepared, and fills the private cache, so the
    /// checks above could have seen a cache written to.
    @Test func aValidTextFillsTheCache() throws {
        var string = AttributedString("fine words ")
        string.paragraphStyle = ParagraphStyle(lineHeightMultiple: 1.2)
        let cache = SegmentWidthCache(capacityInBytes: 1 << 16)
        for _ in 0..<3 { _ = try PreparedText(attributed: string, defaultFont: .default(size: 17), cache: cache) }
        #expect(cache.count > 0)
    }
}
