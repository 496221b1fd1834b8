/// Which face of a family a run asks for. The collection keeps one fallback chain per style.
public enum FontStyle: Int, CaseIterable, Hashable, Sendable {
    case regular = 0
    case bold = 1
    case italic = 2
    case boldItalic = 3

    public var isBold: Bool { self == .bold || self == .boldItalic }
    public var isItalic: Bool { self == .italic || self == .boldItalic }

    public init(bold: Bool, italic: Bool) {
        switch (bold, italic) {
        case (false, false): self = .regular
        case (true, false): self = .bold
        case (false, true): self = .italic
        case (true, true): self = .boldItalic
        }
    }
}
