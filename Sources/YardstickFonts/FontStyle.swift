/// Which face of a family a run asks for: a weight and whether it is italic. A collection keeps
/// one fallback chain per distinct set of faces its styles resolve to (`FontCollection`).
/// - Complexity: O(1) for every operation.
public struct FontStyle: Hashable, Sendable, CustomStringConvertible {
    /// The weight asked for.
    public var weight: FontWeight
    /// Italic (or, where the family has no italic, oblique).
    public var isItalic: Bool
    /// The point size a face with an `opsz` axis is set to (Core Text's and CSS's automatic
    /// optical sizing); nil: the font's default. `TextAttributes.fontStyle` sets it to the size.
    public var opticalSize: Double?

    public init(weight: FontWeight = .regular, italic: Bool = false, opticalSize: Double? = nil) {
        self.weight = weight
        self.isItalic = italic
        self.opticalSize = opticalSize
    }

    /// Upright, regular weight: the default, and UIKit's text styles except headline.
    public static let regular = FontStyle()
    /// Upright, bold weight (700): a grid's column titles.
    public static let bold = FontStyle(weight: .bold)
    /// Italic, regular weight.
    public static let italic = FontStyle(italic: true)
    /// Italic, bold weight.
    public static let boldItalic = FontStyle(weight: .bold, italic: true)

    /// The four styles every family is expected to have (regular, bold, and their italics).
    public static let basic: [FontStyle] = [.regular, .bold, .italic, .boldItalic]

    /// Bold (700) or regular (400), italic or upright.
    public init(bold: Bool, italic: Bool) {
        self.init(weight: bold ? .bold : .regular, italic: italic)
    }

    /// "weight 600 (semibold)", with " italic" where it is.
    public var description: String { "weight \(weight)" + (isItalic ? " italic" : "") }

    /// The same weight and slant, without an optical size.
    public var withoutOpticalSize: FontStyle { FontStyle(weight: weight, italic: isItalic) }
}
