/// Which face of a family a run asks for. The collection keeps one fallback chain per style.
public enum FontStyle: Int, CaseIterable, Hashable, Sendable {
    /// Upright, regular weight: the default, and UIKit's text styles except headline.
    case regular = 0
    /// Upright, bold weight: the headline style, a grid's column titles.
    case bold = 1
    /// Italic (or oblique), regular weight.
    case italic = 2
    /// Italic, bold weight.
    case boldItalic = 3

    /// True for `bold` and `boldItalic`.
    public var isBold: Bool { self == .bold || self == .boldItalic }
    /// True for `italic` and `boldItalic`.
    public var isItalic: Bool { self == .italic || self == .boldItalic }

    /// The style of a weight (bold or regular) and a slant (italic or upright).
    public init(bold: Bool, italic: Bool) {
        switch (bold, italic) {
        case (false, false): self = .regular
        case (true, false): self = .bold
        case (false, true): self = .italic
        case (true, true): self = .boldItalic
        }
    }
}
