import CHarfBuzz
import Testing
@testable import Typesetting

/// The itemizer answers the script of ASCII and CJK ideographs itself; it must answer as
/// HarfBuzz does.
@Suite struct ScriptShortcutTests {
    @Test func asciiAndIdeographScriptsAgreeWithHarfBuzz() {
        let unicode = hb_unicode_funcs_get_default()
        let values = Array(UInt32(0)...0x7F) + Array(UInt32(0x3400)...0x4DBF) + Array(UInt32(0x4E00)...0x9FFF)
        let differing = values.filter { Itemizer.script(of: $0, unicode) != hb_unicode_script(unicode, $0) }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
    }
}
