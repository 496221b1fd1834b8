import CFontconfig

/// Resolves a family name to an installed font file through fontconfig. Used only when the
/// user names a family; the bundled fonts never go through fontconfig, so default heights do
/// not depend on what a machine has installed.
public enum FontconfigResolver {
    /// The file and face index fontconfig picks for a family in a style.
    /// - Throws: `FontError.familyNotFound` when fontconfig's best match is another family
    ///   (fontconfig always answers with *something*; a silent substitute would be wrong heights).
    public static func resolve(family: String, style: FontStyle) throws -> (path: String, faceIndex: Int) {
        guard let config = FcInitLoadConfigAndFonts() else { throw FontError.familyNotFound(family: family) }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcPatternCreate() else { throw FontError.familyNotFound(family: family) }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcPatternAddInteger(pattern, FC_WEIGHT, style.isBold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcPatternAddInteger(pattern, FC_SLANT, style.isItalic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { throw FontError.familyNotFound(family: family) }
        defer { FcPatternDestroy(match) }

        var matchedFamily: UnsafeMutablePointer<FcChar8>?
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(match, FC_FAMILY, 0, &matchedFamily) == FcResultMatch,
              FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch,
              let matchedFamily, let file else { throw FontError.familyNotFound(family: family) }
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        let found = String(cString: UnsafeRawPointer(matchedFamily).assumingMemoryBound(to: CChar.self))
        guard found.lowercased() == family.lowercased() else { throw FontError.familyNotFound(family: family) }
        return (String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)), Int(index))
    }
}
