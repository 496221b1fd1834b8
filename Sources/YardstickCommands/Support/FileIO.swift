import Foundation
import YardstickShaping

/// Reading inputs and writing outputs for the commands: a path, or standard input/output.
package enum FileIO {
    /// All bytes of a file, or of standard input when `path` is nil or "-".
    package static func read(_ path: String?) throws -> [UInt8] {
        if path == nil || path == "-" {
            return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        guard let data = FileManager.default.contents(atPath: path!) else {
            throw CommandError(FileManager.default.fileExists(atPath: path!) ? "cannot read \(path!)" : "no such file: \(path!)")
        }
        return [UInt8](data)
    }

    /// Writes the whole output at once (to a file, or standard output when `path` is nil or "-"),
    /// so an error found while working never leaves a half-written result behind.
    package static func write(_ text: String, to path: String?) throws {
        let data = Data(text.utf8)
        if path == nil || path == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        do { try data.write(to: URL(fileURLWithPath: path!), options: .atomic) } catch {
            throw CommandError("cannot write \(path!): \(error.localizedDescription)")
        }
    }

    /// Splits bytes into lines at LF (a CR before it is dropped); a final line without LF counts.
    package static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            var end = i
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            lines.append(bytes[start..<end])
            start = i + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// Prints to standard error.
    /// The one warning for clusters no face covers (nothing when there are none).
    package static func warnMissing(_ missing: MissingGlyphs, fonts: TextOptions) {
        guard !missing.isEmpty else { return }
        let remedy = fonts.systemFallback ? "add a font that covers them with --font" : "add a font that covers them with --font, or try --system-fallback"
        warn("yardstick: warning: \(missing) measured as missing glyphs (.notdef): no font has all of their characters; \(remedy)")
    }

    package static func warn(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    package static var standardErrorIsTerminal: Bool { isatty(2) != 0 }
}
