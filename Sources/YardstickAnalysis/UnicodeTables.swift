import CICU

/// Per-character property tables for the Basic Multilingual Plane, from ICU: the analysis and
/// fallback loops ask for the grapheme-break class, script, general category and bidi class of
/// nearly every character, and a table load is far cheaper than an ICU call. Each entry is
/// asked of ICU when first read (`BMPPropertyTable`); characters above U+FFFF ask ICU directly.
/// Shared by all threads, never freed.
@usableFromInline enum UnicodeTables {
    /// UGraphemeClusterBreak per BMP scalar.
    @usableFromInline static let graphemeBreak = BMPPropertyTable { yardstick_icu_grapheme_cluster_break($0) }
    /// UScriptCode per BMP scalar (ICU's invalid code, -1, is never kept: it is asked again).
    @usableFromInline static let script = BMPPropertyTable { yardstick_icu_script_of($0) }
    /// UCharCategory per BMP scalar.
    @usableFromInline static let generalCategory = BMPPropertyTable { yardstick_icu_general_category($0) }
    /// UCharDirection (bidi class) per BMP scalar.
    @usableFromInline static let bidiClass = BMPPropertyTable { yardstick_icu_bidi_class($0) }

    @inlinable @inline(__always) static func generalCategory(_ s: UInt32) -> Int32 {
        s < 0x10000 ? generalCategory[s] : yardstick_icu_general_category(s)
    }

    @inlinable @inline(__always) static func graphemeBreakClass(_ s: UInt32) -> Int32 {
        s < 0x10000 ? graphemeBreak[s] : yardstick_icu_grapheme_cluster_break(s)
    }

    @inlinable @inline(__always) static func scriptCode(_ s: UInt32) -> Int32 {
        s < 0x10000 ? script[s] : yardstick_icu_script_of(s)
    }
}
