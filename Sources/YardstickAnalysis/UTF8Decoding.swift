/// Scalar decoding over validated UTF-8 (Swift strings are always valid UTF-8).
public enum UTF8Decoding {
    /// The scalar starting at `i` and its length in bytes. Malformed bytes decode as U+FFFD of length 1.
    @inlinable @inline(__always)
    package static func decode(_ b: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> (UInt32, Int) {
        let b0 = UInt32(b[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0, i + 1 < end { return (((b0 & 0x1F) << 6) | (UInt32(b[i + 1]) & 0x3F), 2) }
        if b0 < 0xF0, i + 2 < end {
            return (((b0 & 0x0F) << 12) | ((UInt32(b[i + 1]) & 0x3F) << 6) | (UInt32(b[i + 2]) & 0x3F), 3)
        }
        if i + 3 < end {
            return (((b0 & 0x07) << 18) | ((UInt32(b[i + 1]) & 0x3F) << 12) | ((UInt32(b[i + 2]) & 0x3F) << 6) | (UInt32(b[i + 3]) & 0x3F), 4)
        }
        return (0xFFFD, 1)
    }

    /// True for scalars that are, or may make text, right to left: Hebrew, Arabic, Syriac,
    /// Thaana, NKo…, their presentation forms, RTL historic scripts, and explicit bidi controls.
    @inlinable @inline(__always)
    public static func mayBeRightToLeft(_ s: UInt32) -> Bool {
        (s >= 0x0590 && s <= 0x08FF) || (s >= 0xFB1D && s <= 0xFDFF) || (s >= 0xFE70 && s <= 0xFEFF)
            || (s >= 0x10800 && s <= 0x10FFF) || (s >= 0x1E800 && s <= 0x1EFFF)
            || s == 0x200F || s == 0x061C || (s >= 0x202A && s <= 0x202E) || (s >= 0x2066 && s <= 0x2069)
    }
}

import CICU

/// Character properties the later stages ask about.
public enum CharacterProperties {
    /// Emoji_Presentation=Yes: shown as a color emoji without a variation selector.
    @inline(__always) public static func isEmojiPresentation(_ s: UInt32) -> Bool {
        // Emoji_Presentation characters live in these ranges only (Unicode 15).
        guard (s >= 0x231A && s <= 0x2B55) || s == 0x3030 || s == 0x303D || s == 0x3297 || s == 0x3299 || (s >= 0x1F000 && s <= 0x1FAFF)
        else { return false }
        return yardstick_icu_is_emoji_presentation(s) != 0
    }

    /// ICU's UScriptCode for a scalar (0 Common, 1 Inherited, 17 Han, 18 Hangul, 20 Hiragana, 22 Katakana, 25 Latin…).
    @inlinable @inline(__always) public static func icuScriptCode(_ s: UInt32) -> Int32 { UnicodeTables.scriptCode(s) }

    /// Grapheme_Cluster_Break = Extend or SpacingMark or ZWJ: the character continues a cluster.
    @inlinable @inline(__always) public static func continuesGraphemeCluster(_ s: UInt32) -> Bool {
        let gcb = UnicodeTables.graphemeBreakClass(s)
        return gcb == 3 || gcb == 10 || gcb == 17
    }

    /// General category L (Lu Ll Lt Lm Lo), from ICU's tables.
    @inlinable @inline(__always) public static func isLetter(_ s: UInt32) -> Bool {
        if s < 0x80 { let l = s | 0x20; return l >= 0x61 && l <= 0x7A }
        let c = UnicodeTables.generalCategory(s)
        return c >= 1 && c <= 5
    }

    /// General category M (Mn Me Mc).
    @inlinable @inline(__always) public static func isMark(_ s: UInt32) -> Bool {
        guard s >= 0x300 else { return false }
        let c = UnicodeTables.generalCategory(s)
        return c >= 6 && c <= 8
    }

    /// Letters, marks and decimal digits: what a word is made of.
    @inlinable @inline(__always) public static func isWordCharacter(_ s: UInt32) -> Bool {
        if s < 0x80 { let l = s | 0x20; return (l >= 0x61 && l <= 0x7A) || (s >= 0x30 && s <= 0x39) }
        let c = UnicodeTables.generalCategory(s)
        return c >= 1 && c <= 9
    }

    /// Whitespace that hangs past the line end instead of counting toward the width
    /// (spaces and tabs and the other breaking spaces; not the no-break spaces).
    @inlinable @inline(__always) public static func isHangingWhitespace(_ s: UInt32) -> Bool {
        s == 0x20 || s == 0x09 || s == 0x1680 || (s >= 0x2000 && s <= 0x200A && s != 0x2007) || s == 0x205F || s == 0x3000
    }

    /// The characters HarfBuzz hides when a font has no glyph for them (its
    /// `is_default_ignorable` list: joiners, variation selectors, bidi controls, tags, U+061C,
    /// U+1D173–U+1D17A, U+FFF0–U+FFF8): fallback does not ask fonts to cover them, and they are
    /// never missing glyphs. (U+180F is not on it: HarfBuzz 6 draws it as .notdef.)
    @inlinable @inline(__always) public static func isDefaultIgnorable(_ s: UInt32) -> Bool {
        if s < 0xAD { return false }
        return (s >= 0x200B && s <= 0x200F) || (s >= 0x202A && s <= 0x202E) || (s >= 0x2060 && s <= 0x206F)
            || (s >= 0xFE00 && s <= 0xFE0F) || s == 0xFEFF || s == 0x00AD || s == 0x034F || s == 0x061C
            || (s >= 0x17B4 && s <= 0x17B5) || (s >= 0x180B && s <= 0x180E) || (s >= 0xFFF0 && s <= 0xFFF8)
            || (s >= 0x1D173 && s <= 0x1D17A) || (s >= 0xE0000 && s <= 0xE0FFF)
    }
}
