/// A maximal stretch of one paragraph with one bidi embedding level and one script.
/// Offsets are UTF-8 bytes from the start of the whole text.
public struct AnalysisRun: Equatable, Sendable {
    public var start: Int32
    public var end: Int32
    /// Bidi embedding level (odd = right to left).
    public var level: UInt8
    /// ISO 15924 script tag as a big-endian UInt32 ('Latn', 'Arab', 'Zyyy' for Common).
    public var script: UInt32

    public init(start: Int32, end: Int32, level: UInt8, script: UInt32) {
        self.start = start
        self.end = end
        self.level = level
        self.script = script
    }

    public var isRightToLeft: Bool { level & 1 == 1 }
}

/// A stretch of a paragraph with one bidi embedding level; it starts where the one before
/// ends (the first at the paragraph's start). `end` is a UTF-8 offset from the start of the text.
public struct LevelRun: Equatable, Sendable {
    public var end: Int32
    public var level: UInt8

    public init(end: Int32, level: UInt8) {
        self.end = end
        self.level = level
    }
}

/// ISO 15924 tags as four-byte values.
public enum ScriptTag {
    public static func make(_ s: StaticString) -> UInt32 {
        s.withUTF8Buffer { b in (UInt32(b[0]) << 24) | (UInt32(b[1]) << 16) | (UInt32(b[2]) << 8) | UInt32(b[3]) }
    }
    public static let latin = make("Latn")
    public static let common = make("Zyyy")
    public static let inherited = make("Zinh")

    public static func name(_ tag: UInt32) -> String {
        String(decoding: [UInt8(tag >> 24), UInt8((tag >> 16) & 0xFF), UInt8((tag >> 8) & 0xFF), UInt8(tag & 0xFF)], as: UTF8.self)
    }
}
