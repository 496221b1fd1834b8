import CFontconfig

/// Resolves a family name to an installed font file through fontconfig. Used only when the
/// user names a family; the bundled fonts never go through fontconfig, so default heights do
/// not depend on what a machine has installed.
package enum FontconfigResolver {
    /// Every installed face of a family, as (file, face index), in fontconfig's order of files:
    /// the family's faces, among which `FamilyMatch` then picks per style. A variable font's
    /// named instances are left out (its faces are instantiated at each weight asked).
    /// - Throws: `FontError.familyNotFound` when no installed face has the family's name
    ///   (fontconfig would answer a match with *something*; a silent substitute would be wrong heights).
    package static func faces(family: String) throws -> [(path: String, indexInFile: Int)] {
        guard let config = FcInitLoadConfigAndFonts() else { throw FontError.familyNotFound(family: family) }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcPatternCreate() else { throw FontError.familyNotFound(family: family) }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        guard let objects = FcObjectSetCreate() else { throw FontError.familyNotFound(family: family) }
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, FC_FILE)
        _ = FcObjectSetAdd(objects, FC_INDEX)
        guard let set = FcFontList(config, pattern, objects) else { throw FontError.familyNotFound(family: family) }
        defer { FcFontSetDestroy(set) }
        var found: [(path: String, indexInFile: Int)] = []
        var seen = Set<String>()
        for k in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[k] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            guard index >> 16 == 0 else { continue } // a named instance of a variable font
            let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
            if seen.insert("\(index)#\(path)").inserted { found.append((path, Int(index))) }
        }
        guard !found.isEmpty else { throw FontError.familyNotFound(family: family) }
        return found.sorted { ($0.path, $0.indexInFile) < ($1.path, $1.indexInFile) }
    }

    /// Offers `take` the installed faces, in fontconfig's order for `family` (or "sans-serif"),
    /// that map some character `covered` does not (and, given `needed`, one of those): the faces
    /// a system fallback appends after the bundled ones. A face `take` accepts adds its
    /// characters to `covered` and takes them off `needed`; the search ends when none is needed.
    /// - Parameters:
    ///   - family: the family to sort by (nil: sans-serif).
    ///   - covered: one bit per scalar (`CodepointCoverage.wordCount` words).
    ///   - needed: the characters wanted (nil: any not covered).
    ///   - take: loads a face (file, index); false when it is left out.
    package static func fallbackFaces(family: String?, covering covered: inout [UInt64], needed: inout Set<UInt32>?,
                                     take: (_ path: String, _ indexInFile: Int) -> Bool) {
        guard let config = FcInitLoadConfigAndFonts() else { return }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcPatternCreate() else { return }
        defer { FcPatternDestroy(pattern) }
        _ = (family ?? "sans-serif").withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcBool(FcTrue), nil, &result) else { return }
        defer { FcFontSetDestroy(set) }
        var seen = Set<String>()
        for k in 0..<Int(set.pointee.nfont) where needed.map({ !$0.isEmpty }) ?? true {
            guard let font = set.pointee.fonts[k] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var charset: OpaquePointer?
            var index: Int32 = 0
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                  FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
            let hits = needed?.filter { FcCharSetHasChar(charset, $0) != 0 }
            guard seen.insert("\(index)#\(path)").inserted, hits.map({ !$0.isEmpty }) ?? true,
                  addsCoverage(charset, to: &covered, commit: false), take(path, Int(index)) else { continue }
            _ = addsCoverage(charset, to: &covered, commit: true)
            if let hits { needed?.subtract(hits) }
        }
    }

    /// Whether `charset` maps a scalar `covered` lacks; with `commit`, adds its scalars to `covered`.
    private static func addsCoverage(_ charset: OpaquePointer, to covered: inout [UInt64], commit: Bool) -> Bool {
        var map = [FcChar32](repeating: 0, count: 8) // FC_CHARSET_MAP_SIZE: 256 bits per page
        var next: FcChar32 = 0
        var base = FcCharSetFirstPage(charset, &map, &next)
        var adds = false
        while base != FcChar32.max {
            for w in 0..<8 where map[w] != 0 {
                let first = Int(base) + w * 32 // 32 scalars, half of one 64-bit word
                guard first < 0x110000 else { continue }
                let word = first >> 6
                let bits = UInt64(map[w]) << UInt64(first & 63)
                if bits & ~covered[word] != 0 {
                    adds = true
                    if !commit { return true }
                }
                if commit { covered[word] |= bits }
            }
            base = FcCharSetNextPage(charset, &map, &next)
        }
        return adds
    }
}
