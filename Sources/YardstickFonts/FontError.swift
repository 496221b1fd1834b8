/// Why a font could not be loaded. Every case names the file (or family) involved, so a
/// caller can tell the user which of many font paths is at fault.
public enum FontError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No file exists at the path.
    case fileNotFound(path: String)
    /// The file exists but could not be read (permissions, a directory, an I/O error).
    case unreadable(path: String, reason: String)
    /// The bytes are not a font FreeType and HarfBuzz can use (corrupt, truncated, not a font).
    case invalidFont(path: String, reason: String)
    /// fontconfig found no installed font for the requested family.
    case familyNotFound(family: String)
    /// A collection needs at least one face.
    case emptyCollection
    /// More faces, or more distinct line metrics, than one collection holds.
    case tooManyFaces(count: Int, limit: Int, what: String)
    /// More distinct styles (weights, slants and optical sizes with faces of their own) than
    /// one collection holds.
    case tooManyStyles(count: Int, limit: Int)

    public var description: String {
        switch self {
        case .fileNotFound(let path): return "font file not found: \(path)"
        case .unreadable(let path, let reason): return "font file unreadable: \(path) (\(reason))"
        case .invalidFont(let path, let reason): return "not a usable font: \(path) (\(reason))"
        case .familyNotFound(let family): return "no installed font matches the family \"\(family)\""
        case .emptyCollection: return "a font collection needs at least one font"
        case .tooManyFaces(let count, let limit, let what):
            return "too many fonts: \(count) \(what), at most \(limit) in one collection, the bundled fonts' included (give fewer font files or folders)"
        case .tooManyStyles(let count, let limit):
            return "too many styles: \(count) distinct sets of faces for the weights, slants and optical sizes asked, at most \(limit) in one collection (ask for fewer weights or sizes)"
        }
    }
}
