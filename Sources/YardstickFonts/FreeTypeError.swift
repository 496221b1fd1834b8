import CFreeType

/// FreeType error codes as words (FreeType's messages, which Debian leaves out of the library).
package enum FreeTypeError {
    /// FreeType's message for `error` and its number: "unknown file format (FreeType error 2)".
    package static func describe(freeTypeError error: FT_Error) -> String {
        guard let message = yardstick_ft_error_message(Int32(error)) else { return "FreeType error \(error)" }
        return "\(String(cString: message)) (FreeType error \(error))"
    }
}
