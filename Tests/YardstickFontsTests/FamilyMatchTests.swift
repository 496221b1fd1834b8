import XCTest
@testable import YardstickFonts

/// CSS Fonts 4 §5.2's weight and style rules, on families of static and variable faces.
final class FamilyMatchTests: XCTestCase {
    func upright(_ w: Int) -> FamilyMatch.Candidate { .init(isItalic: false, weights: w...w) }
    func pick(_ w: Int, italic: Bool = false, _ faces: [FamilyMatch.Candidate]) -> FamilyMatch.Pick {
        FamilyMatch.pick(FontStyle(weight: FontWeight(rawValue: w)!, italic: italic), among: faces)
    }

    func testRegularAndBoldOnly() {
        let family = [upright(400), upright(700)]
        for w in [1, 100, 300, 400, 450, 500] { XCTAssertEqual(pick(w, family).face, 0, "\(w)") }
        for w in [501, 600, 700, 900, 1000] { XCTAssertEqual(pick(w, family).face, 1, "\(w)") }
    }

    /// 400–500: heavier up to 500 first, then lighter, then heavier; below 400 lighter first;
    /// above 500 heavier first.
    func testTheThreeRanges() {
        XCTAssertEqual(pick(400, [upright(300), upright(500), upright(600)]).face, 1) // 500 before 300
        XCTAssertEqual(pick(450, [upright(300), upright(600)]).face, 0) // 600 is past 500: lighter first
        XCTAssertEqual(pick(350, [upright(300), upright(400)]).face, 0)
        XCTAssertEqual(pick(250, [upright(300), upright(400)]).face, 0) // nothing lighter: the nearest heavier
        XCTAssertEqual(pick(600, [upright(500), upright(800)]).face, 1)
        XCTAssertEqual(pick(950, [upright(500), upright(800)]).face, 1) // nothing heavier: the nearest lighter
        XCTAssertEqual(pick(600, [upright(800), upright(700)]).face, 1) // the nearest, not the first
        XCTAssertEqual(pick(700, [upright(700), upright(700)]).face, 0) // ties: the first given
    }

    func testAVariableFaceIsSetToTheWeightWithinItsAxis() {
        let family = [FamilyMatch.Candidate(isItalic: false, weights: 100...900)]
        XCTAssertEqual(pick(350, family).weight.rawValue, 350)
        XCTAssertEqual(pick(950, family).weight.rawValue, 900)
        let both = [upright(400), FamilyMatch.Candidate(isItalic: false, weights: 500...900)]
        XCTAssertEqual(pick(400, both).face, 0)
        XCTAssertEqual(pick(650, both), FamilyMatch.Pick(face: 1, weight: FontWeight(rawValue: 650)!, slants: false))
    }

    func testItalicFirstThenASlantAxisThenUpright() {
        let italic = FamilyMatch.Candidate(isItalic: true, weights: 400...400)
        XCTAssertEqual(pick(400, italic: true, [upright(400), italic]).face, 1)
        XCTAssertEqual(pick(400, [italic, upright(700)]).face, 1) // upright asked: an upright face, even of another weight
        let slanting = FamilyMatch.Candidate(isItalic: false, weights: 100...900, canSlant: true)
        XCTAssertEqual(pick(300, italic: true, [upright(400), slanting]), FamilyMatch.Pick(face: 1, weight: .light, slants: true))
        XCTAssertEqual(pick(700, italic: true, [upright(400), upright(700)]), FamilyMatch.Pick(face: 1, weight: .bold, slants: false))
    }

    func testNearestAmongDiscreteWeights() {
        let named = FontWeight.named.map(\.weight)
        for weight in named { XCTAssertEqual(FamilyMatch.nearest(weight, among: named), weight) }
        XCTAssertEqual(FamilyMatch.nearest(FontWeight(rawValue: 350)!, among: named), .light)
        XCTAssertEqual(FamilyMatch.nearest(FontWeight(rawValue: 450)!, among: named), .medium)
        XCTAssertEqual(FamilyMatch.nearest(FontWeight(rawValue: 550)!, among: named), .semibold)
        XCTAssertEqual(FamilyMatch.nearest(FontWeight(rawValue: 550)!, among: [.regular, .bold]), .bold)
    }

    func testWeightNamesAndNumbers() {
        XCTAssertEqual(FontWeight(name: "semibold"), FontWeight(rawValue: 600))
        XCTAssertEqual(FontWeight(name: "SemiBold"), .semibold)
        XCTAssertEqual(FontWeight(name: "600"), .semibold)
        XCTAssertEqual(FontWeight(name: "ultraLight"), FontWeight(rawValue: 100))
        XCTAssertNil(FontWeight(name: "0"))
        XCTAssertNil(FontWeight(name: "1001"))
        XCTAssertNil(FontWeight(name: "extrabold"))
        XCTAssertEqual(FontWeight.semibold.description, "600 (semibold)")
        XCTAssertEqual(FontWeight(rawValue: 350)!.description, "350")
    }
}

/// Width before slant and weight: a condensed face is never picked for a normal style while a
/// face of normal width is there, whatever the order the faces were given in.
final class FamilyMatchWidthTests: XCTestCase {
    func testNormalWidthFirstThenNarrowerThenWider() {
        let condensedBold = FamilyMatch.Candidate(isItalic: false, weights: 700...700, widths: 3...3)
        let regular = FamilyMatch.Candidate(isItalic: false, weights: 400...400)
        XCTAssertEqual(FamilyMatch.pick(.bold, among: [regular, condensedBold]).face, 0)
        XCTAssertEqual(FamilyMatch.pick(.bold, among: [condensedBold, regular]).face, 1)
        let expanded = FamilyMatch.Candidate(isItalic: false, weights: 400...400, widths: 7...7)
        let semiCondensed = FamilyMatch.Candidate(isItalic: false, weights: 400...400, widths: 4...4)
        XCTAssertEqual(FamilyMatch.pick(.regular, among: [expanded, condensedBold, semiCondensed]).face, 2)
        XCTAssertEqual(FamilyMatch.pick(.regular, among: [expanded]).face, 0)
        // A variable face whose width axis holds normal counts as normal.
        let variable = FamilyMatch.Candidate(isItalic: false, weights: 100...900, widths: 5...5)
        XCTAssertEqual(FamilyMatch.pick(.bold, among: [condensedBold, variable]).face, 1)
    }
}

/// A family of one file per range of optical sizes (Inter and Inter Display).
final class FamilyMatchOpticalSizeTests: XCTestCase {
    let family = [FamilyMatch.Candidate(isItalic: false, weights: 100...900, opticalSizes: 0..<20),
                  FamilyMatch.Candidate(isItalic: true, weights: 100...900, opticalSizes: 0..<20),
                  FamilyMatch.Candidate(isItalic: false, weights: 100...900, opticalSizes: 20 ..< .infinity),
                  FamilyMatch.Candidate(isItalic: true, weights: 100...900, opticalSizes: 20 ..< .infinity)]

    func testTheSizeChoosesTheFileThenSlantAndWeight() {
        func face(_ size: Double?, italic: Bool = false) -> Int {
            FamilyMatch.pick(FontStyle(weight: .semibold, italic: italic, opticalSize: size), among: family).face
        }
        XCTAssertEqual(face(nil), 0) // no optical size: the smallest size's face
        XCTAssertEqual(face(17), 0)
        XCTAssertEqual(face(20.0.nextDown), 0)
        XCTAssertEqual(face(20), 2)
        XCTAssertEqual(face(34, italic: true), 3)
        XCTAssertEqual(face(11, italic: true), 1)
        XCTAssertEqual(FamilyMatch.pick(FontStyle(weight: .semibold, opticalSize: 28), among: family).weight, .semibold)
    }

    /// The bundled Inter family through a collection: Inter below 20 pt, Inter Display from 20,
    /// at the weight asked, and the sizes between the bands go to the right side of 20.
    func testTheInterCollectionSwitchesAtTwentyPoints() throws {
        let fonts = try FontCollection.make(uiFamily: .inter, weights: [.regular, .bold, .semibold], opticalSizes: [17, 28])
        func primary(_ size: Double?, _ weight: FontWeight = .regular) -> FontCollection.Face {
            fonts.faces[fonts.primaryFace(for: FontStyle(weight: weight, opticalSize: size))]
        }
        XCTAssertEqual(primary(17).family, "Inter")
        XCTAssertEqual(primary(19.9).family, "Inter")
        XCTAssertEqual(primary(nil).family, "Inter")
        XCTAssertEqual(primary(20).family, "Inter Display")
        XCTAssertEqual(primary(28).family, "Inter Display")
        XCTAssertEqual(primary(60).family, "Inter Display")
        XCTAssertEqual(primary(28, .semibold).weight, .semibold)
        XCTAssertNil(fonts.substitution(for: FontStyle(weight: .semibold, opticalSize: 28)))
        // Noto Sans follows Inter: Devanagari and Thai still have faces.
        XCTAssertTrue(fonts.chainCovers(FontStyle(opticalSize: 17), 0x0915))
        let chain = fonts.chain(for: FontStyle(opticalSize: 17)).map { fonts.faces[$0].family }
        XCTAssertEqual(Array(chain.prefix(2)), ["Inter", "Noto Sans"])
    }
}
