import YardstickFonts
import YardstickLayout

/// What a result depends on, as one 64-bit hash: the engine's version, the settings that change
/// widths or heights, and the fonts' bytes (not their paths, so a moved font is the same font and
/// an updated one is not). Written into heights files and used to key persistent caches.
package enum Fingerprint {
    /// Changes whenever a change to the engine may change any width or height.
    package static let engineVersion = "yardstick-engine-19"

    /// A hash of `settings` (each a distinct text), the engine's rules (Pango's add nothing, so
    /// the default profile's fingerprints stay as they were) and its font collection.
    package static func of(settings: [String], engine: TextEngine) throws(CommandError) -> UInt64 {
        let fonts = engine.fonts
        var h = hash(Array(engineVersion.utf8), seed: 0x5953_4650_5249_4E54)
        for s in settings { h = hash(Array(s.utf8), seed: h ^ 0x5345_5454) }
        if engine.rules != .pango { h = hash(Array("\(engine.rules)".utf8), seed: h ^ 0x5255_4C45) }
        var seen: [String: UInt64] = [:]
        for face in fonts.faces {
            let file: UInt64
            if let known = seen[face.path] { file = known } else { file = try contents(of: face.path); seen[face.path] = file }
            h = hash(Array("\(face.indexInFile)".utf8), seed: h ^ file)
        }
        return h
    }

    private static func hash(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        bytes.withUnsafeBytes { ByteHash.hash($0.baseAddress, count: $0.count, seed: seed) }
    }

    /// A hash of a file's bytes, read 1 MiB at a time. O(size).
    static func contents(of path: String) throws(CommandError) -> UInt64 {
        let file = try FileDescriptor.open(reading: path)
        defer { file.close() }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var h: UInt64 = 0x464F_4E54
        var total = 0
        while true {
            let n = try buffer.withUnsafeMutableBytes { b in Result { () throws(CommandError) in try file.read(into: b) } }.get()
            if n == 0 { break }
            h = buffer.withUnsafeBytes { ByteHash.bulk($0.baseAddress, count: n, seed: h) }
            total += n
        }
        return h ^ UInt64(total)
    }
}
