import YardstickTemplates
import YardstickFonts

/// What a run has to tell besides its output: warnings and notes, one line each, in the order
/// found. Jobs add to it and return it (an `inout` argument keeps what was found before an
/// error); the front end shows it, the command line on standard error.
///
/// - Complexity: O(1) amortized per line.
package struct Diagnostics: Sendable, Equatable {
    /// The lines, each whole (`yardstick: warning: …`, `yardstick: note: …`).
    package private(set) var lines: [String] = []

    package init() {}

    /// Adds a whole line (as `RaggedRows.note` makes them).
    package mutating func add(_ line: String) { lines.append(line) }

    /// Adds another job's lines after these.
    package mutating func append(_ other: Diagnostics) { lines += other.lines }

    package mutating func warn(_ text: String) { lines.append("yardstick: warning: " + text) }

    package mutating func note(_ text: String) { lines.append("yardstick: note: " + text) }

    /// One warning per constraint cell whose rules leave views free (UIKit's ambiguous layout).
    package mutating func warnAmbiguous(_ layouts: [AmbiguousLayout]) {
        for layout in layouts { warn(layout.description) }
    }

    /// The one warning for clusters no face covers (nothing when there are none).
    package mutating func warnMissing(_ missing: MissingGlyphs, systemFallback: Bool) {
        guard !missing.isEmpty else { return }
        let remedy = systemFallback ? "add a font that covers them with --font" : "add a font that covers them with --font, or try --system-fallback"
        warn("\(missing) measured as missing glyphs (.notdef): no font has all of their characters; \(remedy)")
    }
}
