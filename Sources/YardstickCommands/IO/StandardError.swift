#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import YardstickFonts
import YardstickFormats

/// Warnings and notes for the user, on standard error (where they never mix with the data).
package enum StandardError {
    /// Prints one line. A failure to write a warning is ignored (there is nowhere left to say it).
    /// Control characters from the input (a newline in a rule, an escape sequence) are shown
    /// as `\u{…}`, so a message stays one line and cannot drive the terminal.
    package static func print(_ message: String) {
        write(escapingControls(message) + "\n")
    }

    /// Prints lines of the program's own (a summary), each escaped as `print` does.
    package static func printLines(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { print(String(line)) }
    }

    package static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Writes text as it is (a progress bar redrawn in place).
    package static func write(_ text: String) {
        try? FileDescriptor(raw: STDERR_FILENO, name: "standard error").write(Array(text.utf8))
    }

    /// The one warning for clusters no face covers (nothing when there are none).
    package static func warnMissing(_ missing: MissingGlyphs, fonts: TextOptions) {
        var diagnostics = Diagnostics()
        diagnostics.warnMissing(missing, systemFallback: fonts.systemFallback)
        print(diagnostics)
    }

    /// Prints a job's warnings and notes, in order.
    package static func print(_ diagnostics: Diagnostics) {
        for line in diagnostics.lines { print(line) }
    }

    package static var isTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}
