import CFreeType
import CHarfBuzz
import Foundation

extension FontCollection {
    /// One loaded font face: its HarfBuzz font (shared by every shaping thread), its vertical
    /// metrics and its cmap coverage.
    ///
    /// FreeType opens the file once, at load, to validate it and read the hhea/OS/2 metrics; the
    /// FreeType face is then released, so nothing thread-unsafe is kept. HarfBuzz shaping on the
    /// shared, immutable `hb_font_t` is thread-safe. The font's scale is its units per em, so every
    /// advance HarfBuzz returns is in font units and one shaping result serves every point size
    /// (no hinting: widths scale linearly).
    public final class Face: @unchecked Sendable, CustomStringConvertible {
        /// The file the face was read from.
        public let path: String
        /// Index of the face inside a collection file (.ttc), 0 for plain fonts.
        public let indexInFile: Int
        /// The family name the font declares ("Noto Sans").
        public let familyName: String
        /// The family the face belongs to: its family name less a weight word at its end, as
        /// fontconfig reads it ("Noto Sans" for "Noto Sans SemiBold", a font of four styles a family).
        public var family: String {
            let words = familyName.split(separator: " ")
            guard words.count > 1, let last = words.last?.lowercased(), Self.weightWords.contains(last) else { return familyName }
            return words.dropLast().joined(separator: " ")
        }
        private static let weightWords: Set<String> = ["thin", "hairline", "extralight", "ultralight", "light", "book", "medium", "semibold",
                                                       "demibold", "extrabold", "ultrabold", "black", "heavy"]
        /// The style name the font declares ("Regular", "Bold").
        public let styleName: String
        package let metrics: FontMetrics
        /// The vertical metrics a line takes from the face: its own (`metrics`), or those of
        /// the platform font it stands in for (the iOS profile's Inter: the iOS system font's).
        package internal(set) var lineMetrics: FontMetrics
        package let glyphCount: Int
        /// Which scalars the face's cmap maps.
        package let coverage: CodepointCoverage
        /// True for color bitmap fonts (CBDT/sbix), e.g. Noto Color Emoji.
        public let hasColorGlyphs: Bool
        /// The face's OS/2 width class: 1 (ultra-condensed) to 9 (ultra-expanded), 5 normal.
        public let widthClass: Int
        /// The face's own weight: its OS/2 weight class (a variable instance: the `wght` it is set to).
        public let weight: FontWeight
        /// Whether the face is italic or oblique: its style flags, or a slant or italic axis set.
        public let isItalic: Bool
        /// The face's own style: its weight and slant.
        public var style: FontStyle { FontStyle(weight: weight, italic: isItalic) }
        /// The axes of a variable face (`fvar`); empty for a static face.
        public let axes: [VariationAxis]
        /// The face's own tracking (`trak`), nil without one.
        package let tracking: TrackTable?
        /// The values this face's axes are set to (an instance of a variable face); empty: the
        /// font's default instance, or a static face.
        public let variations: [Variation]
        /// True for the fonts bundled with Yardstick, whose tables are known to be well formed: they
        /// may be shaped without HarfBuzz's per-call limits on shaping work (see `Shaper`).
        /// Package-internal, so no client can mark a font of its own as trusted.
        package let isBundled: Bool

        private let blob: OpaquePointer
        /// The immutable HarfBuzz face. Package-internal: C stays behind this type.
        package let hbFace: OpaquePointer
        /// The immutable HarfBuzz font, scaled to units per em. Package-internal: C stays behind this type.
        package let hbFont: OpaquePointer

        /// Loads a face from a font file.
        /// - Throws: `FontError` naming `path` when the file is missing, unreadable or not a font.
        package convenience init(path: String, indexInFile: Int = 0) throws {
            try self.init(path: path, indexInFile: indexInFile, isBundled: false)
        }

        /// The largest font file read (the largest CJK collections are about 120 MB).
        package static var maximumFileBytes: Int { 256 << 20 }

        /// Loads a face; `isBundled` says the file is one of Yardstick's own fonts (see `isBundled`).
        package init(path: String, indexInFile: Int, isBundled: Bool) throws {
            // (`stat` and `access` directly: two calls where FileManager's checks made three more.)
            var info = stat()
            guard stat(path, &info) == 0 else { throw FontError.fileNotFound(path: path) }
            if info.st_mode & S_IFMT == S_IFDIR { throw FontError.unreadable(path: path, reason: "is a directory") }
            // Only a regular file of a font's size is read: a device or a pipe would be read
            // without end (`--font /dev/zero`).
            guard info.st_mode & S_IFMT == S_IFREG else { throw FontError.unreadable(path: path, reason: "not a regular file") }
            guard info.st_size <= Self.maximumFileBytes else {
                throw FontError.unreadable(path: path, reason: "larger than \(Self.maximumFileBytes >> 20) MiB, more than any font")
            }
            guard access(path, R_OK) == 0 else { throw FontError.unreadable(path: path, reason: "cannot open or read the file") }
            errno = 0
            guard let blob = hb_blob_create_from_file_or_fail(path) else {
                // (Readable, yet not mapped or read: memory, most likely under a limit.)
                let reason = errno == ENOMEM ? "not enough memory to read it" : "cannot open or read the file"
                throw FontError.unreadable(path: path, reason: reason)
            }
            var length: UInt32 = 0
            guard let bytes = hb_blob_get_data(blob, &length), length > 0 else {
                hb_blob_destroy(blob)
                throw FontError.invalidFont(path: path, reason: "empty file")
            }
            if let problem = TableDirectory.problem(in: UnsafeRawBufferPointer(start: bytes, count: Int(length)), indexInFile: indexInFile) {
                hb_blob_destroy(blob)
                throw FontError.invalidFont(path: path, reason: problem)
            }

            // FreeType: validate and read metrics.
            var library: FT_Library?
            guard FT_Init_FreeType(&library) == 0, let library else {
                hb_blob_destroy(blob)
                throw FontError.unreadable(path: path, reason: "FreeType could not start")
            }
            defer { FT_Done_FreeType(library) }
            var ftFace: FT_Face?
            let error = bytes.withMemoryRebound(to: FT_Byte.self, capacity: Int(length)) {
                FT_New_Memory_Face(library, $0, FT_Long(length), FT_Long(indexInFile), &ftFace)
            }
            guard error == 0, let ftFace else {
                hb_blob_destroy(blob)
                throw FontError.invalidFont(path: path, reason: FreeTypeError.describe(freeTypeError: error))
            }
            defer { FT_Done_Face(ftFace) }
            let rec = ftFace.pointee
            // HarfBuzz's head-table units per em: FreeType reports 0 for bitmap-only (CBDT) faces.
            let hbFace = hb_face_create(blob, UInt32(indexInFile))!
            let upem = Int32(hb_face_get_upem(hbFace))
            guard rec.num_glyphs > 0, upem > 0, rec.face_flags & FT_Long(FT_FACE_FLAG_SFNT) != 0 else {
                hb_face_destroy(hbFace)
                hb_blob_destroy(blob)
                throw FontError.invalidFont(path: path, reason: "no glyphs, or not an OpenType/TrueType font")
            }
            self.metrics = FontCollection.Face.readMetrics(ftFace, unitsPerEm: upem)
            lineMetrics = metrics
            self.familyName = rec.family_name.map { String(cString: $0) } ?? ""
            self.styleName = rec.style_name.map { String(cString: $0) } ?? ""
            self.glyphCount = Int(rec.num_glyphs)
            self.hasColorGlyphs = (rec.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0
            (self.weight, self.isItalic, self.widthClass) = Self.readStyle(ftFace)
            self.axes = VariationAxis.axes(of: hbFace)
            self.variations = []
            do { self.tracking = try TrackTable.read(hbFace) } catch {
                hb_face_destroy(hbFace)
                hb_blob_destroy(blob)
                throw FontError.invalidFont(path: path, reason: "table 'trak' is malformed: \(error)")
            }

            // HarfBuzz: the shaping font, in font units.
            hb_face_make_immutable(hbFace)
            let hbFont = hb_font_create(hbFace)!
            hb_font_set_scale(hbFont, upem, upem)
            hb_font_make_immutable(hbFont)

            let set = hb_set_create()!
            defer { hb_set_destroy(set) }
            hb_face_collect_unicodes(hbFace, set)
            guard hb_set_get_population(set) > 0 else {
                hb_font_destroy(hbFont)
                hb_face_destroy(hbFace)
                hb_blob_destroy(blob)
                throw FontError.invalidFont(path: path, reason: "maps no characters (no usable 'cmap' table)")
            }
            self.coverage = CodepointCoverage(ranges: Self.ranges(of: set))

            self.path = path
            self.indexInFile = indexInFile
            self.isBundled = isBundled
            self.blob = blob
            self.hbFace = hbFace
            self.hbFont = hbFont
        }

        /// An instance of a variable face: the same file, its axes set to `variations` (each
        /// clamped to its axis; axes the face lacks are left out). Shares the face's HarfBuzz face
        /// and coverage; its own font, whose advances and positions follow the instance.
        /// Vertical metrics follow `MVAR` where the font has one.
        package init(instanceOf base: Face, variations asked: [Variation], weight: FontWeight, italic: Bool) {
            let set = asked.compactMap { v in base.axes.first { $0.tag == v.tag }.map { Variation(tag: v.tag, value: $0.clamp(v.value)) } }
            path = base.path
            indexInFile = base.indexInFile
            familyName = base.familyName
            styleName = set.map(\.description).joined(separator: " ")
            glyphCount = base.glyphCount
            coverage = base.coverage
            hasColorGlyphs = base.hasColorGlyphs
            isBundled = base.isBundled
            axes = base.axes
            tracking = base.tracking
            variations = set
            self.weight = weight
            isItalic = italic
            widthClass = base.widthClass
            blob = hb_blob_reference(base.blob)
            hbFace = hb_face_reference(base.hbFace)
            let font = hb_font_create(hbFace)!
            hb_font_set_scale(font, base.metrics.unitsPerEm, base.metrics.unitsPerEm)
            let hbVariations = set.map(\.hbVariation)
            hb_font_set_variations(font, hbVariations, UInt32(hbVariations.count))
            hb_font_make_immutable(font)
            hbFont = font
            metrics = Self.hasTable(hbFace, "MVAR") ? Self.readMetrics(font, base: base.metrics) : base.metrics
            lineMetrics = base.lineMetrics != base.metrics ? base.lineMetrics : metrics
        }

        /// Whether the face has a table.
        package static func hasTable(_ hbFace: OpaquePointer, _ tag: String) -> Bool {
            let table = hb_face_reference_table(hbFace, FontFeature.tagValue(tag))
            defer { hb_blob_destroy(table) }
            return hb_blob_get_length(table) > 0
        }

        /// The code points of a HarfBuzz set as ranges, in order. Read in batches of 4,096
        /// (`hb_set_next_many`) and joined here: `hb_set_next_range` steps through a range one
        /// code point at a time (7.8M instructions for the bundled faces' 6,143 ranges; this,
        /// 6.3M). `set` must be an `hb_set_t`.
        package static func ranges(of set: OpaquePointer) -> [ClosedRange<UInt32>] {
            var ranges: [ClosedRange<UInt32>] = []
            var start: hb_codepoint_t = 0, end: hb_codepoint_t = 0, open = false
            withUnsafeTemporaryAllocation(of: hb_codepoint_t.self, capacity: 4096) { batch in
                var after = hb_codepoint_t.max // HB_SET_VALUE_INVALID: from the start
                while true {
                    let n = Int(hb_set_next_many(set, after, batch.baseAddress, UInt32(batch.count)))
                    guard n > 0 else { return }
                    for c in batch[0..<n] {
                        if open && c == end &+ 1 {
                            end = c
                        } else {
                            if open { ranges.append(start...end) }
                            (start, end, open) = (c, c, true)
                        }
                    }
                    after = batch[n - 1]
                }
            }
            if open { ranges.append(start...end) }
            return ranges
        }

        deinit {
            hb_font_destroy(hbFont)
            hb_face_destroy(hbFace)
            hb_blob_destroy(blob)
        }

        /// hhea metrics, or OS/2 typo metrics when fsSelection bit 7 (USE_TYPO_METRICS) is set.
        private static func readMetrics(_ face: FT_Face, unitsPerEm upem: Int32) -> FontMetrics {
            if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee,
               os2.version != 0xFFFF, os2.fsSelection & (1 << 7) != 0 {
                return FontMetrics(unitsPerEm: upem, ascender: Int32(os2.sTypoAscender),
                                   descender: -Int32(os2.sTypoDescender), lineGap: Int32(os2.sTypoLineGap))
            }
            if let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self).pointee,
               hhea.Ascender != 0 || hhea.Descender != 0 {
                return FontMetrics(unitsPerEm: upem, ascender: Int32(hhea.Ascender),
                                   descender: -Int32(hhea.Descender), lineGap: Int32(hhea.Line_Gap))
            }
            let rec = face.pointee
            return FontMetrics(unitsPerEm: upem, ascender: Int32(rec.ascender), descender: -Int32(rec.descender),
                               lineGap: max(0, Int32(rec.height) - Int32(rec.ascender) + Int32(rec.descender)))
        }

        /// An instance's vertical metrics as HarfBuzz reads them (the same tables as
        /// `readMetrics(_:unitsPerEm:)`, with `MVAR`'s deltas at the instance).
        private static func readMetrics(_ font: OpaquePointer, base: FontMetrics) -> FontMetrics {
            func position(_ tag: String) -> Int32? {
                var value: hb_position_t = 0
                return hb_ot_metrics_get_position(font, hb_ot_metrics_tag_t(FontFeature.tagValue(tag)), &value) != 0 ? value : nil
            }
            guard let ascender = position("hasc"), let descender = position("hdsc") else { return base }
            return FontMetrics(unitsPerEm: base.unitsPerEm, ascender: ascender, descender: -descender, lineGap: position("hlgp") ?? base.lineGap)
        }

        /// The weight (OS/2 usWeightClass; else 700 for a face flagged bold, 400 otherwise) and
        /// slant (the italic flag, or OS/2's oblique bit) a face declares.
        private static func readStyle(_ face: FT_Face) -> (FontWeight, Bool, Int) {
            let flags = face.pointee.style_flags
            var italic = flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
            var weight: FontWeight = flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? .bold : .regular
            var width = 5
            if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee, os2.version != 0xFFFF {
                if let declared = FontWeight(rawValue: Int(os2.usWeightClass)) { weight = declared }
                if os2.fsSelection & (1 << 9) != 0 { italic = true }
                if (1...9).contains(Int(os2.usWidthClass)) { width = Int(os2.usWidthClass) }
            }
            return (weight, italic, width)
        }

        /// The nominal glyph for a scalar, or nil when the cmap has none.
        public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
        }

        /// Horizontal advance of a glyph, in font units.
        package func advance(ofGlyph glyph: UInt32) -> Int32 {
            hb_font_get_glyph_h_advance(hbFont, glyph)
        }

        public var description: String { "\(familyName) \(styleName) (\((path as NSString).lastPathComponent)#\(indexInFile))" }

        /// "Noto Sans Regular", "Inter wght=350": how a warning names the face.
        public var name: String { styleName.isEmpty ? familyName : "\(familyName) \(styleName)" }
    }
}
