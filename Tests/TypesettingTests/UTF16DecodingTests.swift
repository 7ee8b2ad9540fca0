import Testing
@testable import Typesetting

/// Decoding a string's UTF-8 storage to UTF-16 agrees with the standard library.
@Suite struct UTF16DecodingTests {
    static func decoded(_ text: String) -> [UInt16] {
        var units = [UInt16](repeating: 0, count: text.utf8.count)
        let count = units.withUnsafeMutableBufferPointer { UTF16Decoding.decode(text, into: $0) }
        return Array(units.prefix(count))
    }

    @Test(arguments: [
        "", "a", "Plain ASCII label 42", "café naïve", "日本語のテキスト", "שלום עולם", "مرحبا بالعالم",
        "नमस्ते", "emoji 👩‍👩‍👧 and 🇫🇷 flags", "e\u{301}\u{0327} combining", "\u{10FFFF}\u{FFFF}\u{800}\u{7FF}\u{80}",
        "line\r\nbreak\u{2028}", String(repeating: "mixed 混合 😀 ", count: 40),
    ])
    func utf16CodeUnitsMatchTheStringsUTF16View(_ text: String) {
        #expect(Self.decoded(text) == Array(text.utf16))
    }

    @Test func utf16OfASubstringBackedStringMatches() {
        let whole = "prefix 😀 middle ü suffix"
        let part = String(whole.dropFirst(7).dropLast(7))
        #expect(Self.decoded(part) == Array(part.utf16))
    }
}
