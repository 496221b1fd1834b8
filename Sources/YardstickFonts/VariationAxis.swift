import CHarfBuzz

/// One axis of a variable face's design space (`fvar`): its tag and its range.
/// - Complexity: O(1) for every operation.
public struct VariationAxis: Hashable, Sendable {
    /// The axis tag: "wght", "wdth", "slnt", "ital", "opsz", ….
    public let tag: String
    public let minimum: Double
    public let defaultValue: Double
    public let maximum: Double

    /// A value clamped to the axis's range.
    public func clamp(_ value: Double) -> Double { min(max(value, minimum), maximum) }

    /// The axes of a HarfBuzz face (`hb_face_t`), in `fvar`'s order; empty for a static face.
    package static func axes(of hbFace: OpaquePointer) -> [VariationAxis] {
        let count = Int(hb_ot_var_get_axis_count(hbFace))
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: count)
        var n = UInt32(count)
        _ = hb_ot_var_get_axis_infos(hbFace, 0, &n, &infos)
        return infos.prefix(Int(n)).map {
            VariationAxis(tag: FontFeature.tagString($0.tag), minimum: Double($0.min_value),
                          defaultValue: Double($0.default_value), maximum: Double($0.max_value))
        }
    }
}

/// A value set on one axis of a variable face.
/// - Complexity: O(1) for every operation.
public struct Variation: Hashable, Sendable, CustomStringConvertible {
    public let tag: String
    public let value: Double

    public init(tag: String, value: Double) {
        self.tag = tag
        self.value = value
    }

    /// "wght=350".
    public var description: String { "\(tag)=\(Self.number(value))" }

    /// An axis value as written: "350", "12.5".
    package static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// HarfBuzz's form of the value.
    package var hbVariation: hb_variation_t { hb_variation_t(tag: FontFeature.tagValue(tag), value: Float(value)) }
}
