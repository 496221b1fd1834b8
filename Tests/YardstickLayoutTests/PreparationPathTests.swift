import XCTest
@testable import YardstickLayout

/// The one function that picks a paragraph's path, and each path on the paragraphs it is for:
/// every path gives exactly what the whole-paragraph path gives (`preparationFingerprint`).
final class PreparationPathTests: XCTestCase {
    func testFirstPath() {
        XCTAssertEqual(PreparationPath.first(cachesSegments: false, opensRightToLeft: true, rightToLeftAtOneLevel: { true }), .wholeParagraph)
        XCTAssertEqual(PreparationPath.first(cachesSegments: true, opensRightToLeft: false, rightToLeftAtOneLevel: { XCTFail("not asked"); return true }), .chunks)
        XCTAssertEqual(PreparationPath.first(cachesSegments: true, opensRightToLeft: true, rightToLeftAtOneLevel: { true }), .rightToLeftChunks)
        XCTAssertEqual(PreparationPath.first(cachesSegments: true, opensRightToLeft: true, rightToLeftAtOneLevel: { false }), .chunksByLevels)
    }

    func testNextPathAfterARefusal() {
        let never = { () -> Bool in XCTFail("not asked"); return false }
        XCTAssertEqual(PreparationPath.next(after: .chunks, .refused, rightToLeftAtOneLevel: never), .segments)
        XCTAssertEqual(PreparationPath.next(after: .chunks, .needsLevels, rightToLeftAtOneLevel: { true }), .rightToLeftChunks)
        XCTAssertEqual(PreparationPath.next(after: .chunks, .needsLevels, rightToLeftAtOneLevel: { false }), .chunksByLevels)
        XCTAssertEqual(PreparationPath.next(after: .rightToLeftChunks, .refused, rightToLeftAtOneLevel: never), .segments)
        XCTAssertEqual(PreparationPath.next(after: .chunksByLevels, .refused, rightToLeftAtOneLevel: never), .segments)
        XCTAssertEqual(PreparationPath.next(after: .segments, .refused, rightToLeftAtOneLevel: never), .wholeParagraph)
    }

    /// The path one paragraph takes in a new engine, and whether it prepared exactly as the
    /// whole-paragraph path does.
    func path(of text: String, file: StaticString = #filePath, line: UInt = #line) throws -> PreparationPath? {
        let engine = try TextEngine(fonts: sharedEngine.fonts, reusingSegments: true)
        let reference = try TextEngine(fonts: sharedEngine.fonts, reusingSegments: false)
        let prepared = engine.prepare([text], threads: 1)[0]
        XCTAssertEqual(preparationFingerprint(prepared), preparationFingerprint(reference.prepare([text], threads: 1)[0]),
                       text.debugDescription, file: file, line: line)
        XCTAssertEqual(reference.withPreparer { $0.pathCounts[.wholeParagraph] }, 1, file: file, line: line)
        return engine.withPreparer { counts in PreparationPath.allCases.first { counts.pathCounts[$0] == 1 } }
    }

    func testEachPathOnTheParagraphsItIsFor() throws {
        XCTAssertEqual(try path(of: "Electric kettle, blue steel"), .chunks)
        XCTAssertEqual(try path(of: "Café au lait — 日本語のテキスト 😀"), .chunks)
        XCTAssertEqual(try path(of: "שלום עולם"), .rightToLeftChunks)
        XCTAssertEqual(try path(of: "مرحبا بالعالم"), .rightToLeftChunks)
        XCTAssertEqual(try path(of: "Hello שלום world"), .chunksByLevels)
        XCTAssertEqual(try path(of: "שלום 123 עולם"), .chunksByLevels)
        XCTAssertEqual(try path(of: "a / b"), .segments)
        XCTAssertEqual(try path(of: "12שלום עולם"), .wholeParagraph) // a segment changes level before any real script
    }
}
