import Foundation
import XCTest
@testable import YardstickFonts

final class FontCollectionTests: XCTestCase {
    func testBundledCollectionLoadsInFallbackOrder() throws {
        let fonts = try FontCollection.bundled()
        let regular = fonts.chain(for: .regular).map { fonts.faces[$0].familyName }
        XCTAssertEqual(regular, ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Thai",
                                 "Noto Sans CJK JP", "Noto Color Emoji"])
        let bold = fonts.chain(for: .bold)
        XCTAssertEqual(fonts.faces[bold[0]].familyName, "Noto Sans")
        XCTAssertEqual(fonts.faces[bold[0]].style, .bold)
        XCTAssertEqual(fonts.faces[fonts.chain(for: .italic)[0]].style, .italic)
        XCTAssertEqual(fonts.faces[fonts.chain(for: .boldItalic)[0]].style, .boldItalic)
        XCTAssertTrue(fonts.faces[fonts.chain(for: .regular)[6]].hasColorGlyphs)
    }

    /// The flat chains fallback walks are the chains, for every style, with a user face in front too.
    func testChainElementsAreTheChains() throws {
        for fonts in [try FontCollection.bundled(),
                      try FontCollection.make(fontPaths: [BundledFonts.directory() + "/NotoSansHebrew-Regular.ttf"])] {
            for style in FontStyle.allCases {
                XCTAssertEqual(Array(fonts.chainElements(for: style)), fonts.chain(for: style))
                XCTAssertEqual(Array(fonts.chainElements(for: style, emojiFirst: true)), fonts.emojiFirstChain(for: style))
            }
        }
    }

    func testKoreanVariantOfTheCJKFace() throws {
        let fonts = try FontCollection.bundled()
        let jp = fonts.chain(for: .regular)[5]
        let kr = try XCTUnwrap(fonts.variant(of: jp, for: 0xAC00))
        XCTAssertEqual(fonts.faces[kr].familyName, "Noto Sans CJK KR")
        XCTAssertNil(fonts.variant(of: jp, for: 0x65E5)) // 日 stays in the JP face
    }

    func testMetricsAndCoverage() throws {
        let face = try FontFace(path: BundledFonts.directory() + "/NotoSans-Regular.ttf")
        XCTAssertEqual(face.metrics, FontMetrics(unitsPerEm: 1000, ascender: 1069, descender: 293, lineGap: 0))
        XCTAssertTrue(face.coverage.contains(0x41))
        XCTAssertFalse(face.coverage.contains(0x0627)) // Arabic alef is in the Arabic face
        XCTAssertNotNil(face.glyph(for: "A"))
        XCTAssertGreaterThan(face.advance(ofGlyph: face.glyph(for: "A")!), 0)
        let emoji = try FontFace(path: BundledFonts.directory() + "/NotoColorEmoji.ttf")
        XCTAssertTrue(emoji.hasColorGlyphs)
        XCTAssertEqual(emoji.metrics.unitsPerEm, 2048) // read from head: FreeType reports 0 for bitmap faces
        XCTAssertTrue(emoji.coverage.contains(0x1F600))
    }

    func testMissingFileIsAnErrorNamingThePath() {
        XCTAssertThrowsError(try FontFace(path: "/nonexistent/font.ttf")) { error in
            XCTAssertEqual(error as? FontError, .fileNotFound(path: "/nonexistent/font.ttf"))
            XCTAssertTrue("\(error)".contains("/nonexistent/font.ttf"))
        }
        XCTAssertThrowsError(try FontCollection.make(fontPaths: ["/nonexistent/dir-or-font"]))
    }

    func testCorruptFileIsAnErrorNamingThePath() throws {
        let path = NSTemporaryDirectory() + "yardstick-corrupt-\(getpid()).ttf"
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try FontFace(path: path)) { error in
            guard case .invalidFont(let p, _)? = error as? FontError else { return XCTFail("\(error)") }
            XCTAssertEqual(p, path)
        }
        // A truncated real font is corrupt too.
        let real = try Data(contentsOf: URL(fileURLWithPath: BundledFonts.directory() + "/NotoSansHebrew-Regular.ttf"))
        try real.prefix(200).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try FontFace(path: path))
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
        XCTAssertThrowsError(try FontconfigResolver.resolve(family: "No Such Family Yardstick", style: .regular)) { error in
            XCTAssertEqual(error as? FontError, .familyNotFound(family: "No Such Family Yardstick"))
        }
    }
}
