/// Why a text is not valid JSON, and where: `column` is the 1-based byte offset in the input of
/// the first byte that could not be accepted (for a single line, its column counted in bytes).
package struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, for example "expected ':' after an object key".
    package var message: String
    /// 1-based byte offset of the offending byte (one past the end for a truncated input).
    package var column: Int

    package init(message: String, column: Int) {
        self.message = message
        self.column = column
    }

    package var description: String { "\(message) at column \(column)" }
}
