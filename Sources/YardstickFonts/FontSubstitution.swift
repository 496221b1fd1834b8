/// A style measured with a face of another weight or slant, because the family asked for has
/// no face for it: the fact a caller reports (the CLI warns once per run), never a silent
/// substitution.
/// - Complexity: O(1) for every operation.
public struct FontSubstitution: Hashable, Sendable, CustomStringConvertible {
    /// The style asked for.
    public let asked: FontStyle
    /// The weight and slant of the face measured with.
    public let used: FontStyle
    /// That face's name ("Noto Sans Regular").
    public let faceName: String
    /// The family that lacks the style.
    public let family: String
    /// False where the collection was not made for the weight asked (`FontCollection.make`'s
    /// `weights`): a variable family could have had it.
    public let madeFor: Bool

    /// "weight 300 (light) measured with 400 (Noto Sans Regular): no face of "Noto Sans" has it".
    public var description: String {
        var parts: [String] = []
        if asked.weight != used.weight { parts.append("weight \(asked.weight) measured with \(used.weight.rawValue)") }
        if asked.isItalic != used.isItalic {
            parts.append(parts.isEmpty ? (asked.isItalic ? "italic measured upright" : "upright measured italic")
                                       : (asked.isItalic ? "upright" : "italic"))
        }
        if let a = asked.opticalSize, let u = used.opticalSize, a != u, asked.weight == used.weight, asked.isItalic == used.isItalic {
            parts.append("optical size \(Variation.number(a)) measured at \(Variation.number(u))")
        }
        let reason = madeFor ? "no face of \"\(family)\" has it"
                             : "the font collection was made without it (give the weight or size when making the collection)"
        return parts.joined(separator: ", ") + " (\(faceName)): " + reason
    }
}
