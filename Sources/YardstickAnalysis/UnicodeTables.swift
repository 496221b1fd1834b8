import CICU

/// Per-character property tables for the Basic Multilingual Plane, filled once from ICU: the
/// analysis and fallback loops ask for the grapheme-break class and script of every character,
/// and a table load is far cheaper than an ICU call. Characters above U+FFFF ask ICU directly.
/// 320 KB, built on first use (about a millisecond each), shared by all threads, never freed.
@usableFromInline enum UnicodeTables {
    /// UGraphemeClusterBreak per BMP scalar.
    @usableFromInline static let graphemeBreak: UnsafePointer<UInt8> = bmpTable { yardstick_icu_grapheme_cluster_break($0) }
    /// UScriptCode per BMP scalar (as Int16; -1 for ICU's invalid code).
    @usableFromInline static let script: UnsafePointer<Int16> = bmpTable { yardstick_icu_script_of($0) }
    /// UCharCategory per BMP scalar.
    @usableFromInline static let generalCategory: UnsafePointer<UInt8> = bmpTable { yardstick_icu_general_category($0) }
    /// UCharDirection (bidi class) per BMP scalar.
    @usableFromInline static let bidiClass: UnsafePointer<UInt8> = bmpTable { yardstick_icu_bidi_class($0) }

    /// `property` of every BMP scalar, in a table allocated once and never freed.
    private static func bmpTable<T: FixedWidthInteger>(_ property: (UInt32) -> Int32) -> UnsafePointer<T> {
        let table = UnsafeMutablePointer<T>.allocate(capacity: 0x10000)
        for s in 0..<0x10000 { table[s] = T(truncatingIfNeeded: property(UInt32(s))) }
        return UnsafePointer(table)
    }

    @inlinable @inline(__always) static func generalCategory(_ s: UInt32) -> Int32 {
        s < 0x10000 ? Int32(generalCategory[Int(s)]) : yardstick_icu_general_category(s)
    }

    @inlinable @inline(__always) static func graphemeBreakClass(_ s: UInt32) -> Int32 {
        s < 0x10000 ? Int32(graphemeBreak[Int(s)]) : yardstick_icu_grapheme_cluster_break(s)
    }

    @inlinable @inline(__always) static func scriptCode(_ s: UInt32) -> Int32 {
        s < 0x10000 ? Int32(script[Int(s)]) : yardstick_icu_script_of(s)
    }
}
