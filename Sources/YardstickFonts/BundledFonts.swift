import Foundation

/// The fonts shipped in the repository's Fonts/ folder, in fallback order, and where to find them.
///
/// Bundling them makes heights identical on every machine. The folder is looked up in this
/// order: an explicit directory, `$YARDSTICK_FONTS`, `Fonts/` and `../share/yardstick/Fonts`
/// beside the running executable, then the checkout this module was built from.
package enum BundledFonts {
    /// One bundled file of a family: its name and what it declares (its OS/2 weight class or
    /// `wght` range, its italic bit) or, for Inter, the optical sizes it is made for.
    package struct File: Sendable {
        package let name: String
        package let offer: FamilyMatch.Candidate
        /// The line metrics its faces stand in with (nil: their own).
        package var lineMetrics: FontMetrics? = nil
    }

    /// The iOS system font's line: ascender 1950 and descender 494 a 2048-unit em, no leading:
    /// `UIFont.systemFont(ofSize:).lineHeight` as published for 15, 17 and 20 pt (17.900391,
    /// 20.287109375, 23.8671875) is the size times 2444/2048 (see docs/fonts.md).
    package static let systemFontLine = FontMetrics(unitsPerEm: 2048, ascender: 1950, descender: 494, lineGap: 0)

    /// One bundled family: a file per style where the family has styles.
    package struct Entry: Sendable {
        package let files: [File]
        package let role: String
        /// Face index inside a collection file.
        package var indexInFile: Int = 0
        /// A language variant of the entry before it, used instead of it for these characters
        /// (the Korean face of Noto Sans CJK for Hangul: its spaces and punctuation differ).
        package var variantScalars: [ClosedRange<UInt32>] = []
    }

    /// Noto Sans's nine weights, upright and italic (Regular, Bold and their italics from
    /// `fonts-noto-core`, the others from `fonts-noto-extra`).
    static let notoSans: [File] = {
        let names = ["Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black"]
        var files: [File] = []
        for italic in [false, true] {
            for (name, named) in zip(names, FontWeight.named) {
                let file = !italic ? "NotoSans-\(name).ttf" : name == "Regular" ? "NotoSans-Italic.ttf" : "NotoSans-\(name)Italic.ttf"
                files.append(File(name: file, offer: FamilyMatch.Candidate(isItalic: italic, weights: named.weight.rawValue...named.weight.rawValue)))
            }
        }
        return files
    }()

    /// A regular file and, where Debian has one, a bold one.
    static func regular(_ regular: String, bold: String? = nil) -> [File] {
        [File(name: regular, offer: FamilyMatch.Candidate(isItalic: false, weights: 400...400))]
            + (bold.map { [File(name: $0, offer: FamilyMatch.Candidate(isItalic: false, weights: 700...700))] } ?? [])
    }

    /// Inter below 20 pt and Inter Display from 20 pt, each a variable font of weights 100–900,
    /// upright and italic (`fonts-inter-variable`): the iOS profile's Latin, Greek and Cyrillic
    /// face, switching where SF Pro Text gave way to SF Pro Display, its lines as tall as the
    /// system font's (`systemFontLine`).
    static let inter: [File] = [("Inter", 0 ..< displaySize), ("InterDisplay", displaySize ..< .infinity)].flatMap { name, sizes in
        [false, true].map { italic in
            File(name: "\(name)-\(italic ? "italic" : "roman").var.ttf",
                 offer: FamilyMatch.Candidate(isItalic: italic, weights: 100...900, opticalSizes: sizes), lineMetrics: systemFontLine)
        }
    }

    /// The point size from which the iOS profile sets text in Inter Display.
    package static let displaySize = 20.0

    static let hangul: [ClosedRange<UInt32>] = [0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF]

    /// Primary family first, then script and symbol fallbacks, then emoji: the order fontconfig
    /// sorts these files in for "Noto Sans" (language `en`), so a character several faces map
    /// gets the face Pango would give it. See Fonts/README.md.
    package static func entries(uiFamily: UIFamily) -> [Entry] {
        (uiFamily == .inter ? [Entry(files: inter, role: "Latin, Greek, Cyrillic (the iOS profile: Inter, Inter Display from 20 pt)")] : []) + entries
    }

    static let entries: [Entry] = [
        Entry(files: notoSans, role: "Latin, Greek, Cyrillic (nine weights, upright and italic)"),
        Entry(files: regular("NotoSansAdlam-Regular.ttf", bold: "NotoSansAdlam-Bold.ttf"), role: "Adlam (Fulah)"),
        Entry(files: regular("NotoSansHebrew-Regular.ttf", bold: "NotoSansHebrew-Bold.ttf"), role: "Hebrew"),
        Entry(files: regular("NotoSansArabic-Regular.ttf", bold: "NotoSansArabic-Bold.ttf"), role: "Arabic"),
        Entry(files: regular("NotoSansArmenian-Regular.ttf", bold: "NotoSansArmenian-Bold.ttf"), role: "Armenian"),
        Entry(files: regular("NotoSansCJK-Regular.ttc"), role: "Chinese, Japanese (face 0: Noto Sans CJK JP)"),
        Entry(files: regular("NotoSansCJK-Regular.ttc"), role: "Korean (face 1: Noto Sans CJK KR)", indexInFile: 1, variantScalars: hangul),
        Entry(files: regular("NotoSansSymbols2-Regular.ttf"), role: "Symbols (dingbats, arrows, shapes)"),
        Entry(files: regular("NotoSansOlChiki-Regular.ttf", bold: "NotoSansOlChiki-Bold.ttf"), role: "Ol Chiki (Santali)"),
        Entry(files: regular("NotoSansTifinagh-Regular.ttf"), role: "Tifinagh (Tamazight)"),
        Entry(files: regular("NotoSansBengali-Regular.ttf", bold: "NotoSansBengali-Bold.ttf"), role: "Bengali, Assamese"),
        Entry(files: regular("NotoSansDevanagari-Regular.ttf", bold: "NotoSansDevanagari-Bold.ttf"), role: "Devanagari"),
        Entry(files: regular("NotoSansGeorgian-Regular.ttf", bold: "NotoSansGeorgian-Bold.ttf"), role: "Georgian"),
        Entry(files: regular("NotoSansGujarati-Regular.ttf", bold: "NotoSansGujarati-Bold.ttf"), role: "Gujarati"),
        Entry(files: regular("NotoSansGurmukhi-Regular.ttf", bold: "NotoSansGurmukhi-Bold.ttf"), role: "Gurmukhi"),
        Entry(files: regular("NotoSansKannada-Regular.ttf", bold: "NotoSansKannada-Bold.ttf"), role: "Kannada"),
        Entry(files: regular("NotoSansKhmer-Regular.ttf", bold: "NotoSansKhmer-Bold.ttf"), role: "Khmer"),
        Entry(files: regular("NotoSansLao-Regular.ttf", bold: "NotoSansLao-Bold.ttf"), role: "Lao"),
        Entry(files: regular("NotoSansMalayalam-Regular.ttf", bold: "NotoSansMalayalam-Bold.ttf"), role: "Malayalam"),
        Entry(files: regular("NotoSansMath-Regular.ttf"), role: "Mathematical symbols and alphanumerics"),
        Entry(files: regular("NotoSansMongolian-Regular.ttf"), role: "Mongolian"),
        Entry(files: regular("NotoSansMyanmar-Regular.ttf", bold: "NotoSansMyanmar-Bold.ttf"), role: "Myanmar"),
        Entry(files: regular("NotoSansChakma-Regular.ttf"), role: "Chakma (after Myanmar, not after Bengali as fontconfig sorts it: it maps the Myanmar digits)"),
        Entry(files: regular("NotoSansNKo-Regular.ttf"), role: "N'Ko"),
        Entry(files: regular("NotoSansSinhala-Regular.ttf", bold: "NotoSansSinhala-Bold.ttf"), role: "Sinhala"),
        Entry(files: regular("NotoSansSymbols-Regular.ttf", bold: "NotoSansSymbols-Bold.ttf"), role: "Symbols"),
        Entry(files: regular("NotoSansTamil-Regular.ttf", bold: "NotoSansTamil-Bold.ttf"), role: "Tamil"),
        Entry(files: regular("NotoSansTelugu-Regular.ttf", bold: "NotoSansTelugu-Bold.ttf"), role: "Telugu"),
        Entry(files: regular("NotoSerifTibetan-Regular.ttf", bold: "NotoSerifTibetan-Bold.ttf"), role: "Tibetan (Noto Serif: there is no Noto Sans Tibetan)"),
        Entry(files: regular("NotoSansCanadianAboriginal-Regular.ttf", bold: "NotoSansCanadianAboriginal-Bold.ttf"), role: "Canadian Aboriginal syllabics (Cree, Inuktitut)"),
        Entry(files: regular("NotoSansCherokee-Regular.ttf", bold: "NotoSansCherokee-Bold.ttf"), role: "Cherokee"),
        Entry(files: regular("NotoSansCoptic-Regular.ttf"), role: "Coptic"),
        Entry(files: regular("NotoSansDeseret-Regular.ttf"), role: "Deseret"),
        Entry(files: regular("NotoSansEthiopic-Regular.ttf", bold: "NotoSansEthiopic-Bold.ttf"), role: "Ethiopic"),
        Entry(files: regular("NotoSansOriya-Regular.ttf", bold: "NotoSansOriya-Bold.ttf"), role: "Odia"),
        Entry(files: regular("NotoSansOsage-Regular.ttf"), role: "Osage"),
        Entry(files: regular("NotoSansShavian-Regular.ttf"), role: "Shavian"),
        Entry(files: regular("NotoSansSyriac-Regular.ttf"), role: "Syriac"),
        Entry(files: regular("NotoSansThaana-Regular.ttf", bold: "NotoSansThaana-Bold.ttf"), role: "Thaana"),
        Entry(files: regular("NotoSansThai-Regular.ttf", bold: "NotoSansThai-Bold.ttf"), role: "Thai"),
        Entry(files: regular("NotoSansVai-Regular.ttf"), role: "Vai"),
        Entry(files: regular("NotoSansYi-Regular.ttf"), role: "Yi"),
        Entry(files: regular("NotoSerifNyiakengPuachueHmong-Regular.ttf", bold: "NotoSerifNyiakengPuachueHmong-Bold.ttf"), role: "Nyiakeng Puachue Hmong (Noto Serif: there is no Sans)"),
        Entry(files: regular("NotoColorEmoji.ttf"), role: "Color emoji"),
    ]

    /// The folder holding the bundled fonts: the one given, else `$YARDSTICK_FONTS`, else the
    /// first of the usual places that has them. A folder given either way is used as it is (a
    /// wrong one is an error naming the font missing there), never passed over for another.
    /// - Throws: `FontError.fileNotFound` listing the places searched.
    package static func directory(explicit: String? = nil) throws -> String {
        if let explicit { return explicit }
        if let env = ProcessInfo.processInfo.environment["YARDSTICK_FONTS"], !env.isEmpty { return env }
        var candidates: [String] = []
        // Beside the executable (an installed or copied tool), then the checkout it was built from
        // (`swift run`, tests): Sources/YardstickFonts/BundledFonts.swift → <checkout>/Fonts.
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(executable.appendingPathComponent("Fonts").path)
        candidates.append(executable.appendingPathComponent("../share/yardstick/Fonts").standardized.path)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(source.appendingPathComponent("Fonts").path)
        for dir in candidates where FileManager.default.fileExists(atPath: (dir as NSString).appendingPathComponent("NotoSans-Regular.ttf")) {
            return dir
        }
        throw FontError.fileNotFound(path: "bundled Fonts/ folder (searched: \(candidates.joined(separator: ", ")))")
    }
}
