import CHarfBuzz

/// An OpenType feature setting passed to HarfBuzz ("kern", "liga" = 1; "tnum" = 1; "liga" = 0).
/// HarfBuzz's defaults (kerning, standard and contextual ligatures on) apply to features not set.
/// A plain value, O(1) to copy.
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    /// The four-character OpenType tag.
    public var tag: String
    /// The setting: 0 off, 1 on, larger values an alternate.
    public var value: UInt32

    /// A feature by its tag; nil unless the tag is four printable ASCII characters.
    /// - Parameters:
    ///   - tag: four ASCII characters.
    ///   - value: 0 turns the feature off, 1 on; larger values pick an alternate.
    public init?(_ tag: String, _ value: UInt32 = 1) {
        guard tag.utf8.count == 4, tag.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        self.tag = tag
        self.value = value
    }

    /// Parses "tnum", "-liga", "+kern", "ss01=2" (HarfBuzz's feature syntax).
    public init?(parsing text: String) {
        var feature = hb_feature_t()
        guard hb_feature_from_string(text, Int32(text.utf8.count), &feature) != 0 else { return nil }
        self.init(Self.tagString(feature.tag), feature.value)
    }

    /// A four-byte OpenType tag as text ("wght").
    package static func tagString(_ t: UInt32) -> String {
        String(decoding: [UInt8(t >> 24), UInt8((t >> 16) & 0xFF), UInt8((t >> 8) & 0xFF), UInt8(t & 0xFF)], as: UTF8.self)
    }

    /// A tag's four bytes as one number (spaces pad a shorter tag, as HarfBuzz's `hb_tag_from_string` does).
    package static func tagValue(_ tag: String) -> UInt32 {
        let b = Array(tag.utf8.prefix(4)) + Array(repeating: UInt8(ascii: " "), count: max(0, 4 - tag.utf8.count))
        return (UInt32(b[0]) << 24) | (UInt32(b[1]) << 16) | (UInt32(b[2]) << 8) | UInt32(b[3])
    }

    package var hbFeature: hb_feature_t {
        var f = hb_feature_t()
        f.tag = Self.tagValue(tag)
        f.value = value
        f.start = 0 // HB_FEATURE_GLOBAL_START
        f.end = UInt32.max // HB_FEATURE_GLOBAL_END
        return f
    }

    public var description: String { "\(tag)=\(value)" }
}
