import CFreeType

/// FreeType's own words for its error codes, so that a font that fails to load is explained
/// ("locations (loca) table missing") rather than numbered (0x90).
public enum FreeTypeErrorMessage {
    /// FreeType's message for `code` from its error list (fterrdef.h), followed by the code in
    /// hexadecimal as FreeType's documentation lists it: `invalid argument (FreeType error 0x06)`.
    /// A code the list does not have is given by number alone.
    public static func text(for code: Int32) -> String {
        let hex = "0x" + (code < 16 && code >= 0 ? "0" : "") + String(code, radix: 16)
        guard let message = fitsize_FT_Error_Message(FT_Error(code)) else { return "FreeType error \(hex)" }
        return "\(String(cString: message)) (FreeType error \(hex))"
    }
}
