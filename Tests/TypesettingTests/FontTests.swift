import Foundation
import Testing
@testable import Typesetting

@Suite struct FontTests {
    @Test func defaultFontUsesShippedNotoSansMetrics() throws {
        #expect(Font.shippedFontsError == nil)
        let font = Font.default(size: 17)
        #expect(font.primaryTypeface.familyName == "Noto Sans")
        #expect(font.primaryTypeface.path.hasSuffix("Fonts/NotoSans-Regular.ttf"))
        #expect(font.ascender > 0 && font.descender < 0)
        #expect(abs(font.lineHeight - (font.ascender - font.descender + font.leading)) < 1e-9)
        #expect(font.capHeight > font.xHeight && font.xHeight > 0)
    }

    @Test func missingFontFileIsAnErrorNamingThePath() {
        #expect(throws: TypesettingError.fontFileNotFound(path: "/nonexistent/font.ttf")) {
            try Font(path: "/nonexistent/font.ttf", size: 12)
        }
    }
}
