/// The bundled family first in every fallback chain: the face of Latin, Greek and Cyrillic text
/// and the one whose metrics an empty line takes.
/// - Complexity: O(1) for every operation.
public enum UIFamily: String, CaseIterable, Sendable {
    /// Noto Sans, nine static weights, upright and italic: the default, as Pango on the same
    /// files picks it.
    case notoSans
    /// Inter below 20 pt and Inter Display from 20 pt, variable weights 100–900, upright and
    /// italic; Noto Sans after it. The iOS profile's stand-in for Apple's system font, which
    /// switched from SF Pro Text to SF Pro Display at 20 pt.
    case inter
}
