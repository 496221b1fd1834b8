import CHarfBuzz
import XCTest
@testable import YardstickFonts

/// Variable faces (Inter, bundled from Debian's fonts-inter-variable) set to a weight, static
/// families of nine weights, the warning facts, and cut font files.
final class VariableFaceTests: XCTestCase {
    static let inter = try! BundledFonts.directory() + "/Inter-roman.var.ttf"
    static let interItalic = try! BundledFonts.directory() + "/Inter-italic.var.ttf"

    /// HarfBuzz's own advance sum for a text on a font set to `variations`: the reference.
    func harfBuzzWidth(_ text: String, path: String, variations: [Variation]) -> Int32 {
        let blob = hb_blob_create_from_file(path)!
        let face = hb_face_create(blob, 0)!
        let font = hb_font_create(face)!
        defer { hb_font_destroy(font); hb_face_destroy(face); hb_blob_destroy(blob) }
        let upem = Int32(hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        let hb = variations.map(\.hbVariation)
        hb_font_set_variations(font, hb, UInt32(hb.count))
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, Int32(text.utf8.count), 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        return (0..<Int(count)).reduce(Int32(0)) { $0 + positions[$1].x_advance }
    }

    func width(_ text: String, _ fonts: FontCollection, _ style: FontStyle) -> Int32 {
        let face = fonts.faces[fonts.primaryFace(for: style)]
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, Int32(text.utf8.count), 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        return (0..<Int(count)).reduce(Int32(0)) { $0 + positions[$1].x_advance }
    }

    func testInterIsInstantiatedAtEveryWeight() throws {
        let fonts = try FontCollection.make(fontPaths: [Self.inter], weights: FontWeight.named.map(\.weight) + [FontWeight(rawValue: 350)!])
        let text = "The quick brown fox jumps over the lazy dog"
        var previous: Int32 = 0
        for weight in FontWeight.named.map(\.weight) + [FontWeight(rawValue: 350)!] {
            let style = FontStyle(weight: weight)
            let face = fonts.faces[fonts.primaryFace(for: style)]
            XCTAssertEqual(face.family, "Inter")
            XCTAssertEqual(face.weight, weight)
            XCTAssertNil(fonts.substitution(for: style), "\(weight)")
            let ours = width(text, fonts, style)
            XCTAssertEqual(ours, harfBuzzWidth(text, path: Self.inter, variations: [Variation(tag: "wght", value: Double(weight.rawValue))]), "\(weight)")
            if weight.rawValue != 350 { XCTAssertGreaterThan(ours, previous, "\(weight)"); previous = ours }
        }
        // The default instance is the face itself; the weights share its coverage and metrics.
        XCTAssertTrue(fonts.faces[fonts.primaryFace(for: .regular)].variations.isEmpty)
        XCTAssertEqual(fonts.faces[fonts.primaryFace(for: .bold)].variations, [Variation(tag: "wght", value: 700)])
        XCTAssertEqual(fonts.distinctMetrics.count, Set(fonts.faces.map(\.metrics.lineKey)).count)
    }

    func testAWeightPastTheAxisIsClampedAndReported() throws {
        let fonts = try FontCollection.make(fontPaths: [Self.inter], weights: [FontWeight(rawValue: 950)!])
        let style = FontStyle(weight: FontWeight(rawValue: 950)!)
        XCTAssertEqual(fonts.faces[fonts.primaryFace(for: style)].weight, .black)
        let fact = try XCTUnwrap(fonts.substitution(for: style))
        XCTAssertEqual(fact.description, "weight 950 measured with 900 (Inter wght=900): no face of \"Inter\" has it")
    }

    /// A weight the collection was not made for takes the nearest it was, and says so.
    func testAWeightNotMadeForIsTheNearestAndReported() throws {
        let fonts = try FontCollection.make(fontPaths: [Self.inter])
        let style = FontStyle(weight: FontWeight(rawValue: 350)!)
        XCTAssertEqual(fonts.faces[fonts.primaryFace(for: style)].weight, .light)
        XCTAssertFalse(try XCTUnwrap(fonts.substitution(for: style)).madeFor)
    }

    func testItalicFromTheItalicFileElseTheSlantAxisElseUpright() throws {
        let both = try FontCollection.make(fontPaths: [Self.inter, Self.interItalic])
        let italic = both.faces[both.primaryFace(for: FontStyle(weight: .semibold, italic: true))]
        XCTAssertEqual(italic.path, Self.interItalic)
        XCTAssertTrue(italic.isItalic)
        XCTAssertEqual(italic.weight, .semibold)
        let roman = try FontCollection.make(fontPaths: [Self.inter])
        let fact = try XCTUnwrap(roman.substitution(for: .italic))
        XCTAssertEqual(fact.description, "italic measured upright (Inter Regular): no face of \"Inter\" has it")
    }

    /// Noto Sans's nine weights are bundled: every named weight has its own face, no warning.
    func testBundledNotoSansHasNineWeights() throws {
        let fonts = try FontCollection.bundled()
        for named in FontWeight.named {
            for italic in [false, true] {
                let style = FontStyle(weight: named.weight, italic: italic)
                let face = fonts.faces[fonts.primaryFace(for: style)]
                XCTAssertEqual(face.family, "Noto Sans")
                XCTAssertEqual(face.style, style)
                XCTAssertNil(fonts.substitution(for: style))
            }
        }
        // The other scripts' families have regular and bold: light text takes regular, semibold bold.
        let hebrew = { (style: FontStyle) in fonts.chain(for: style).map { fonts.faces[$0] }.first { $0.family == "Noto Sans Hebrew" }! }
        XCTAssertEqual(hebrew(FontStyle(weight: .light)).weight, .regular)
        XCTAssertEqual(hebrew(FontStyle(weight: .semibold)).weight, .bold)
    }

    /// A family of one face (Noto Sans Syriac: Regular only) given first: bold and italic are
    /// measured with it, and said to be.
    func testAFamilyWithoutTheWeightIsReported() throws {
        let fonts = try FontCollection.make(fontPaths: [BundledFonts.directory() + "/NotoSansSyriac-Regular.ttf"])
        XCTAssertEqual(fonts.substitution(for: .bold)?.description,
                       "weight 700 (bold) measured with 400 (Noto Sans Syriac Regular): no face of \"Noto Sans Syriac\" has it")
        XCTAssertEqual(fonts.substitution(for: .boldItalic)?.description,
                       "weight 700 (bold) measured with 400, upright (Noto Sans Syriac Regular): no face of \"Noto Sans Syriac\" has it")
        XCTAssertNil(fonts.substitution(for: .regular))
    }

    /// A file cut short is refused, naming it and the tables past its end.
    func testACutFontIsAnError() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: BundledFonts.directory() + "/NotoSans-Regular.ttf"))
        let cut = NSTemporaryDirectory() + "yardstick-cut-\(getpid()).ttf"
        try data.prefix(300_000).write(to: URL(fileURLWithPath: cut))
        defer { try? FileManager.default.removeItem(atPath: cut) }
        XCTAssertThrowsError(try FontCollection.make(fontPaths: [cut])) { error in
            guard case .invalidFont(let path, let reason) = error as? FontError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, cut)
            XCTAssertTrue(reason.contains("past the end of the file"), reason)
            XCTAssertTrue(reason.contains("'GPOS'"), reason)
        }
    }
}

/// Faces with an `opsz` axis set to the text's point size (a test font: Inter's weight axis
/// renamed `opsz`, ranged 8–72, default 17, built by Tools/font-reference/make_test_fonts.py).
final class OpticalSizeTests: XCTestCase {
    static var font: String?

    override class func setUp() {
        let out = NSTemporaryDirectory() + "yardstick-opsz-\(getpid())"
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Tools/font-reference/make_test_fonts.py").standardized.path
        let p = Process()
        // `make test` names a Python with fontTools (out/fontenv, installed by `make font-env`).
        let python = ProcessInfo.processInfo.environment["YARDSTICK_TEST_PYTHON"] ?? "python3"
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [python, script, try! BundledFonts.directory(), out]
        p.standardError = FileHandle.nullDevice
        if (try? p.run()) != nil { p.waitUntilExit() }
        font = p.terminationStatus == 0 ? out + "/opsz.ttf" : nil
    }

    func testTheFaceIsSetToTheSize() throws {
        let font = try XCTUnwrap(Self.font, "no Python with fontTools: run `make font-env`, or set YARDSTICK_TEST_PYTHON")
        let fonts = try FontCollection.make(fontPaths: [font], opticalSizes: [12, 40])
        XCTAssertEqual(fonts.opticalSizes, [12, 40])
        func face(_ size: Double?) -> FontCollection.Face { fonts.faces[fonts.primaryFace(for: FontStyle(opticalSize: size))] }
        XCTAssertEqual(face(40).variations, [Variation(tag: "opsz", value: 40)])
        XCTAssertEqual(face(12).variations, [Variation(tag: "opsz", value: 12)])
        XCTAssertTrue(face(nil).variations.isEmpty) // no optical size: the default instance
        XCTAssertNil(fonts.substitution(for: FontStyle(opticalSize: 40)))
        // A size the collection was not made for takes the nearest, and says so.
        XCTAssertEqual(face(20).variations, [Variation(tag: "opsz", value: 12)])
        XCTAssertEqual(fonts.substitution(for: FontStyle(opticalSize: 20))?.description,
                       "optical size 20 measured at 12 (Optical Sans opsz=12): the font collection was made without it (give the weight or size when making the collection)")
        // Static faces ignore the size: the bundled collection has no optical bands.
        let bundled = try FontCollection.make(opticalSizes: [12, 40])
        XCTAssertEqual(bundled.opticalSizes, [])
        XCTAssertEqual(bundled.chainIndex(for: FontStyle(opticalSize: 40)), bundled.chainIndex(for: .regular))
    }
}

/// Files FreeType reads but HarfBuzz would not shape, or that map nothing, are refused.
final class UnshapedFontTests: XCTestCase {
    func testWOFFAndEmptyCmapAndBadCollectionsAreErrors() throws {
        let dir = NSTemporaryDirectory() + "yardstick-unshaped-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let noto = try Data(contentsOf: URL(fileURLWithPath: BundledFonts.directory() + "/NotoSansHebrew-Regular.ttf"))
        var woff = noto
        woff.replaceSubrange(0..<4, with: Array("wOFF".utf8))
        var ttc = Data("ttcf".utf8) + Data([0, 3, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16]) + noto
        ttc.replaceSubrange(4..<8, with: [0, 3, 0, 0])
        let cut = Data("ttcf".utf8) + Data([0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16, 0, 1])
        for (name, data, reason) in [("w.woff", woff, "a WOFF web font"), ("v3.ttc", ttc, "a font collection of an unknown version"),
                                     ("cut.ttc", cut, "face 0's header cut short")] {
            let path = dir + "/" + name
            try data.write(to: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try FontCollection.Face(path: path)) { error in
                guard case .invalidFont(path, let why)? = error as? FontError else { return XCTFail("\(name): \(error)") }
                XCTAssertTrue(why.hasPrefix(reason), "\(name): \(why)")
            }
        }
    }
}
