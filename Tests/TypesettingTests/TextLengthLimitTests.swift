import Foundation
import Testing
@testable import Typesetting

/// The largest text accepted, `PreparedText.maximumTextLength` UTF-8 bytes, is enforced by
/// the prepared text itself, before anything the size of the text is allocated.
@Suite struct TextLengthLimitTests {
    /// 128 MiB, written out here: the limit is documented, not whatever the code says.
    static let limit = 134_217_728

    @Test func theDocumentedLimitIs128MebibytesOfUTF8() {
        #expect(PreparedText.maximumTextLength == Self.limit)
    }

    @Test func aTextOneByteOverTheLimitIsATooLongError() {
        let text = String(repeating: "a", count: Self.limit + 1)
        #expect(throws: TypesettingError.textTooLong(byteCount: Self.limit + 1, limit: Self.limit)) {
            _ = try PreparedText(text, font: Measure.font, letterSpacing: 0)
        }
    }

    @Test func theLimitCountsUTF8BytesNotCharacters() {
        // Fewer characters and UTF-16 code units than the limit, but more bytes.
        let count = Self.limit / 3 + 1
        let text = String(repeating: "中", count: count)
        #expect(text.utf16.count < Self.limit)
        #expect(throws: TypesettingError.textTooLong(byteCount: 3 * count, limit: Self.limit)) {
            _ = try PreparedText(text, font: Measure.font, letterSpacing: 2)
        }
    }

    @Test func tooManyUTF8BytesAreRejectedBeforeDecoding() {
        // A collection that is never materialised: the check reads only its count.
        let bytes = repeatElement(UInt8(ascii: "a"), count: Self.limit + 7)
        #expect(throws: TypesettingError.textTooLong(byteCount: Self.limit + 7, limit: Self.limit)) {
            _ = try PreparedText(utf8: bytes, font: Measure.font)
        }
    }

    @Test func theNonThrowingInitialiserPreparesNothingAndItsLayoutThrows() {
        let text = String(repeating: "word ", count: Self.limit / 5 + 1)
        let prepared = PreparedText(text, font: Measure.font)
        #expect(prepared.text == text)
        #expect(prepared.utf16.isEmpty && prepared.segments.isEmpty)
        #expect(throws: TypesettingError.textTooLong(byteCount: text.utf8.count, limit: Self.limit)) {
            _ = try prepared.layout(width: 300)
        }
        #expect(prepared.unconstrainedWidth == 0)
    }

    @Test func theErrorNamesTheSizeAndTheLimit() {
        let error = TypesettingError.textTooLong(byteCount: Self.limit + 1, limit: Self.limit)
        #expect(error.description.contains("\(Self.limit + 1) bytes"))
        #expect(error.description.contains("\(Self.limit) bytes"))
    }

    @Test func aTextAtTheLimitIsAccepted() {
        #expect(PreparedText.lengthError(byteCount: Self.limit) == nil)
        #expect(PreparedText.lengthError(byteCount: Self.limit + 1) != nil)
    }
}
