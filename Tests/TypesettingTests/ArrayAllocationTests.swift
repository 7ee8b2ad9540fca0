import Testing
@testable import Typesetting

/// The specialised array builders of the preparation path agree with the standard library.
@Suite struct ArrayAllocationTests {
    @Test(arguments: [
        "", "a", "Plain ASCII label 42", "café naïve", "日本語のテキスト", "שלום עולם", "مرحبا بالعالم",
        "नमस्ते", "emoji 👩‍👩‍👧 and 🇫🇷 flags", "e\u{301}\u{0327} combining", "\u{10FFFF}\u{FFFF}\u{800}\u{7FF}\u{80}",
        "line\r\nbreak\u{2028}", String(repeating: "mixed 混合 😀 ", count: 40),
    ])
    func utf16CodeUnitsMatchTheStringsUTF16View(_ text: String) {
        #expect(ArrayAllocation.utf16(text) == Array(text.utf16))
    }

    @Test func utf16OfASubstringBackedStringMatches() {
        let whole = "prefix 😀 middle ü suffix"
        let part = String(whole.dropFirst(7).dropLast(7))
        #expect(ArrayAllocation.utf16(part) == Array(part.utf16))
    }

    @Test func filledArrayHoldsCountCopiesOfTheValue() {
        #expect(ArrayAllocation.filled(UInt8(7), count: 5) == [7, 7, 7, 7, 7])
        #expect(ArrayAllocation.filled(0.5, count: 0).isEmpty)
    }
}
