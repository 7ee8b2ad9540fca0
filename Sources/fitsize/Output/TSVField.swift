/// One field of a tab-separated line (`fitsize cells --output tsv`): its text as UTF-8, with
/// the five bytes that would break the line or be misread percent-encoded, as in a URL's
/// query: `%` as `%25`, `+` as `%2B`, tab as `%09`, line feed as `%0A`, carriage return as
/// `%0D`. A URL decoder (Spark's `url_decode`, Python's `urllib.parse.unquote_plus`)
/// restores the text in one pass, and a field without `%` is its text unchanged.
enum TSVField {
    /// Appends `text`, encoded, to `bytes`.
    static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        // Keys and messages almost never need encoding: their bytes are copied at once.
        let plain = text.withUTF8 { utf8 in
            guard !utf8.contains(where: needsEncoding) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain { return }
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if needsEncoding(byte) {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                bytes.append(byte)
            }
        }
    }

    private static func needsEncoding(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): true
        default: false
        }
    }
}
