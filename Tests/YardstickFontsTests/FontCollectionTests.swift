import Foundation
import XCTest
@testable import YardstickFonts

final class FontCollectionTests: XCTestCase {
    func testBundledCollectionLoadsInFallbackOrder() throws {
        let fonts = try FontCollection.bundled()
        let regular = fonts.chain(for: .regular).map { fonts.faces[$0].familyName }
        // fontconfig's order for "Noto Sans" with these files (`fc-match -s "Noto Sans:lang=en"`),
        // but for Chakma, after Myanmar (it maps the Myanmar digits: see Fonts/README.md).
        XCTAssertEqual(regular, ["Noto Sans", "Noto Sans Adlam", "Noto Sans Hebrew", "Noto Sans Arabic", "Noto Sans Armenian",
                                 "Noto Sans CJK JP", "Noto Sans Symbols2", "Noto Sans Ol Chiki", "Noto Sans Tifinagh",
                                 "Noto Sans Bengali", "Noto Sans Devanagari", "Noto Sans Georgian", "Noto Sans Gujarati",
                                 "Noto Sans Gurmukhi", "Noto Sans Kannada", "Noto Sans Khmer", "Noto Sans Lao", "Noto Sans Malayalam",
                                 "Noto Sans Math", "Noto Sans Mongolian", "Noto Sans Myanmar", "Noto Sans Chakma", "Noto Sans NKo",
                                 "Noto Sans Sinhala", "Noto Sans Symbols", "Noto Sans Tamil", "Noto Sans Telugu", "Noto Serif Tibetan",
                                 "Noto Sans Canadian Aboriginal", "Noto Sans Cherokee", "Noto Sans Coptic", "Noto Sans Deseret",
                                 "Noto Sans Ethiopic", "Noto Sans Oriya", "Noto Sans Osage", "Noto Sans Shavian", "Noto Sans Syriac",
                                 "Noto Sans Thaana", "Noto Sans Thai", "Noto Sans Vai", "Noto Sans Yi", "Noto Serif Hmong Nyiakeng",
                                 "Noto Color Emoji"])
        // Bold text takes the bold file of every script that has one.
        XCTAssertEqual(fonts.chain(for: .bold).filter { fonts.faces[$0].style == .bold }.count, 28)
        let bold = fonts.chain(for: .bold)
        XCTAssertEqual(fonts.faces[bold[0]].familyName, "Noto Sans")
        XCTAssertEqual(fonts.faces[bold[0]].style, .bold)
        XCTAssertEqual(fonts.faces[fonts.chain(for: .italic)[0]].style, .italic)
        XCTAssertEqual(fonts.faces[fonts.chain(for: .boldItalic)[0]].style, .boldItalic)
        XCTAssertTrue(fonts.faces[fonts.chain(for: .regular).last!].hasColorGlyphs)
    }

    /// The flat chains fallback walks are the chains, for every style, with a user face in front too.
    func testChainElementsAreTheChains() throws {
        for fonts in [try FontCollection.bundled(),
                      try FontCollection.make(fontPaths: [BundledFonts.directory() + "/NotoSansHebrew-Regular.ttf"])] {
            for style in FontStyle.basic {
                XCTAssertEqual(Array(fonts.chainElements(for: style)), fonts.chain(for: style))
                XCTAssertEqual(Array(fonts.chainElements(for: style, emojiFirst: true)), fonts.emojiFirstChain(for: style))
            }
        }
    }

    func testKoreanVariantOfTheCJKFace() throws {
        let fonts = try FontCollection.bundled()
        let jp = try XCTUnwrap(fonts.chain(for: .regular).first { fonts.faces[$0].familyName == "Noto Sans CJK JP" })
        let kr = try XCTUnwrap(fonts.variant(of: jp, for: 0xAC00))
        XCTAssertEqual(fonts.faces[kr].familyName, "Noto Sans CJK KR")
        XCTAssertNil(fonts.variant(of: jp, for: 0x65E5)) // 日 stays in the JP face
    }

    /// 53 faces, and a line's faces as a 64-bit set of distinct metrics: equal metrics share a bit.
    func testFacesWithEqualMetricsShareAMetricsBit() throws {
        let fonts = try FontCollection.bundled()
        XCTAssertGreaterThan(fonts.faces.count, 50)
        XCTAssertLessThanOrEqual(fonts.distinctMetrics.count, FontCollection.maximumDistinctMetrics)
        for (a, fa) in fonts.faces.enumerated() {
            XCTAssertEqual(fonts.metricsBits[a].nonzeroBitCount, 1)
            let m = fonts.distinctMetrics[fonts.metricsBits[a].trailingZeroBitCount]
            XCTAssertEqual(m.ascenderPerEm, fa.metrics.ascenderPerEm)
            XCTAssertEqual(m.descenderPerEm, fa.metrics.descenderPerEm)
            for (b, fb) in fonts.faces.enumerated() {
                let same = fa.metrics.ascenderPerEm == fb.metrics.ascenderPerEm && fa.metrics.descenderPerEm == fb.metrics.descenderPerEm
                    && fa.metrics.lineGapPerEm == fb.metrics.lineGapPerEm
                XCTAssertEqual(fonts.metricsBits[a] == fonts.metricsBits[b], same)
            }
        }
    }

    /// Every face in a chain is asked about by `chainCovers`; a character no face maps is not covered.
    func testChainCoverageIsTheUnionOfTheChain() throws {
        let fonts = try FontCollection.bundled()
        for scalar: UInt32 in [0x41, 0x0995, 0x0B95, 0x10D0, 0x1F600, 0x2211, 0x0F40] {
            XCTAssertTrue(fonts.chainCovers(.regular, scalar), String(scalar, radix: 16))
            XCTAssertEqual(fonts.chainCovers(.bold, scalar), fonts.chain(for: .bold).contains { fonts.covers($0, scalar) })
        }
        for scalar: UInt32 in [0x10000, 0x16A0, 0xE000, 0x10FFFF, 0x110000] { XCTAssertFalse(fonts.chainCovers(.regular, scalar)) }
        XCTAssertTrue(fonts.chainCovers(.regular, 0x13A0)) // Cherokee (issue 38)
        XCTAssertTrue(fonts.chainCoversPrintableASCII(.regular))
    }

    /// With system fallback, fontconfig's installed faces that map what the others do not are
    /// appended to every chain (here a private fontconfig setup with one Bengali font).
    func testSystemFallbackAppendsInstalledFacesThatAddCoverage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("yardstick-fc-\(UUID().uuidString)")
        let fontsDir = dir.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fontsDir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bundled = try BundledFonts.directory()
        for name in ["NotoSansBengali-Regular.ttf", "NotoSans-Bold.ttf"] {
            try FileManager.default.copyItem(atPath: bundled + "/" + name, toPath: fontsDir.appendingPathComponent(name).path)
        }
        let conf = dir.appendingPathComponent("fonts.conf")
        try """
        <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig><dir>\(fontsDir.path)</dir><cachedir>\(dir.appendingPathComponent("cache").path)</cachedir></fontconfig>
        """.write(to: conf, atomically: true, encoding: .utf8)
        let saved = ProcessInfo.processInfo.environment["FONTCONFIG_FILE"]
        setenv("FONTCONFIG_FILE", conf.path, 1)
        defer { if let saved { setenv("FONTCONFIG_FILE", saved, 1) } else { unsetenv("FONTCONFIG_FILE") } }

        let latin = bundled + "/NotoSans-Regular.ttf"
        let alone = try FontCollection.make(fontPaths: [latin], includeBundled: false)
        XCTAssertFalse(alone.chainCovers(.regular, 0x0995))
        let withSystem = try FontCollection.make(fontPaths: [latin], includeBundled: false, systemFallback: true)
        XCTAssertTrue(withSystem.chainCovers(.regular, 0x0995))
        XCTAssertTrue(withSystem.chainCovers(.bold, 0x0995))
        // Noto Sans Bold maps nothing Noto Sans Regular does not: it is not added.
        XCTAssertEqual(withSystem.faces.map(\.familyName), ["Noto Sans", "Noto Sans Bengali"])
        XCTAssertEqual(withSystem.chain(for: .regular).map { withSystem.faces[$0].familyName }, ["Noto Sans", "Noto Sans Bengali"])
        // Given the text's characters, only faces that map one of them no other face maps.
        XCTAssertEqual(try FontCollection.make(fontPaths: [latin], includeBundled: false, systemFallback: true,
                                               systemFallbackCharacters: ["a", "b"]).faces.count, 1)
        XCTAssertEqual(try FontCollection.make(fontPaths: [latin], includeBundled: false, systemFallback: true,
                                               systemFallbackCharacters: ["a", "\u{0995}"]).faces.map(\.familyName), ["Noto Sans", "Noto Sans Bengali"])
        // The bundled fonts already cover Bengali: nothing to add.
        XCTAssertEqual(try FontCollection.make(systemFallback: true).faces.count, try FontCollection.bundled().faces.count)
    }

    /// Too many fonts is one clear error about the total, not about a file.
    func testTooManyFacesIsAnError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("yardstick-many-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try BundledFonts.directory() + "/NotoSansThaana-Regular.ttf"
        for k in 0..<210 { try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent(String(format: "f%03d.ttf", k)).path, withDestinationPath: source) }
        XCTAssertThrowsError(try FontCollection.make(fontPaths: [dir.path])) { error in
            let count = 210 + (try! FontCollection.bundled()).faces.count
            XCTAssertEqual(error as? FontError, .tooManyFaces(count: count, limit: 256, what: "faces"))
            XCTAssertTrue("\(error)".hasPrefix("too many fonts: \(count) faces, at most 256"), "\(error)")
        }
    }

    func testMetricsAndCoverage() throws {
        let face = try FontCollection.Face(path: BundledFonts.directory() + "/NotoSans-Regular.ttf")
        XCTAssertEqual(face.metrics, FontMetrics(unitsPerEm: 1000, ascender: 1069, descender: 293, lineGap: 0))
        XCTAssertTrue(face.coverage.contains(0x41))
        XCTAssertFalse(face.coverage.contains(0x0627)) // Arabic alef is in the Arabic face
        XCTAssertNotNil(face.glyph(for: "A"))
        XCTAssertGreaterThan(face.advance(ofGlyph: face.glyph(for: "A")!), 0)
        let emoji = try FontCollection.Face(path: BundledFonts.directory() + "/NotoColorEmoji.ttf")
        XCTAssertTrue(emoji.hasColorGlyphs)
        XCTAssertEqual(emoji.metrics.unitsPerEm, 2048) // read from head: FreeType reports 0 for bitmap faces
        XCTAssertTrue(emoji.coverage.contains(0x1F600))
    }

    func testMissingFileIsAnErrorNamingThePath() {
        XCTAssertThrowsError(try FontCollection.Face(path: "/nonexistent/font.ttf")) { error in
            XCTAssertEqual(error as? FontError, .fileNotFound(path: "/nonexistent/font.ttf"))
            XCTAssertTrue("\(error)".contains("/nonexistent/font.ttf"))
        }
        XCTAssertThrowsError(try FontCollection.make(fontPaths: ["/nonexistent/dir-or-font"]))
    }

    func testCorruptFileIsAnErrorNamingThePath() throws {
        let path = NSTemporaryDirectory() + "yardstick-corrupt-\(getpid()).ttf"
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try FontCollection.Face(path: path)) { error in
            guard case .invalidFont(let p, let reason)? = error as? FontError else { return XCTFail("\(error)") }
            XCTAssertEqual(p, path)
            // FreeType's words, not only its number.
            XCTAssertEqual(reason, "unknown file format (FreeType error 2)")
        }
        XCTAssertEqual(FreeTypeError.describe(freeTypeError: 0x55), "invalid stream operation (FreeType error 85)")
        XCTAssertEqual(FreeTypeError.describe(freeTypeError: 0x90), "locations (loca) table missing (FreeType error 144)")
        XCTAssertEqual(FreeTypeError.describe(freeTypeError: 9999), "FreeType error 9999")
        // A truncated real font is corrupt too.
        let real = try Data(contentsOf: URL(fileURLWithPath: BundledFonts.directory() + "/NotoSansHebrew-Regular.ttf"))
        try real.prefix(200).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try FontCollection.Face(path: path))
    }

    func testFolderOfFontsLoadsItsFilesFirst() throws {
        let dir = NSTemporaryDirectory() + "yardstick-fonts-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: BundledFonts.directory() + "/NotoSansHebrew-Regular.ttf", toPath: dir + "/b.ttf")
        try FileManager.default.copyItem(atPath: BundledFonts.directory() + "/NotoSansThai-Regular.ttf", toPath: dir + "/a.ttf")
        let fonts = try FontCollection.make(fontPaths: [dir])
        let chain = fonts.chain(for: .regular).map { fonts.faces[$0].familyName }
        XCTAssertEqual(Array(chain.prefix(3)), ["Noto Sans Thai", "Noto Sans Hebrew", "Noto Sans"])
        let empty = dir + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        XCTAssertThrowsError(try FontCollection.make(fontPaths: [empty]))
    }

    func testUnknownFamilyThroughFontconfigIsAnError() {
        XCTAssertThrowsError(try FontconfigResolver.faces(family: "No Such Family Yardstick")) { error in
            XCTAssertEqual(error as? FontError, .familyNotFound(family: "No Such Family Yardstick"))
        }
    }
}
