import XCTest
import YardstickLayout
@testable import YardstickFormats

final class JSONPlainStringTests: XCTestCase {
    /// What the fused scan must answer, from the two passes it replaces: the first quote,
    /// backslash or control byte, if the bytes before it are well-formed UTF-8.
    func reference(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let end = bytes.firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else { return nil }
        return UTF8Validation.isValid(UnsafeBufferPointer(rebasing: bytes[..<end])) ? end : nil
    }

    /// Random strings of ASCII, well-formed sequences of every length, malformed bytes (stray
    /// continuations, cut sequences, overlong forms, surrogates, past U+10FFFF) and special
    /// bytes, at every offset against the eight-byte words, from several starts.
    func testEndIsWhereTheTwoPassesSayItIs() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("hello ".utf8), Array("é".utf8), Array("日".utf8), Array("😀".utf8), Array("ب".utf8),
            [0x80], [0xC3], [0xE6, 0x97], [0xF0, 0x9F, 0x98], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xFF], [0x7F], [0x22], [0x5C], [0x0A], [0x00], [0x1F], [0x20],
        ]
        var found = 0, refused = 0
        for round in 0..<20_000 {
            var bytes: [UInt8] = []
            let count = Int.random(in: 0...24, using: &generator)
            for _ in 0..<count {
                // Mostly well-formed text, so that special and malformed bytes come late too.
                let k = round % 2 == 0 ? Int.random(in: 0..<pieces.count, using: &generator) : Int.random(in: 0..<6, using: &generator)
                bytes += pieces[k]
            }
            if Bool.random(using: &generator) { bytes.append(0x22) }
            bytes.withUnsafeBufferPointer { all in
                for start in 0...min(3, all.count) {
                    let rest = UnsafeBufferPointer(rebasing: all[start...])
                    let expected = reference(rest).map { $0 + start }
                    XCTAssertEqual(JSONPlainString.end(in: all, from: start), expected, "\(bytes) from \(start)")
                    if expected == nil { refused += 1 } else { found += 1 }
                }
            }
        }
        // Both answers were reached often (the test would not pass by answering one way).
        XCTAssertGreaterThan(found, 10_000)
        XCTAssertGreaterThan(refused, 10_000)
    }

    /// `unescape` reads what the general reader reads, or nothing: random strings of the pieces
    /// above and escapes of every kind, well-formed, cut, unknown and with lone surrogates,
    /// each held to `JSONReader.readString` (which refuses lone surrogates here).
    func testUnescapeReadsWhatTheGeneralReaderReads() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("hello ".utf8), Array("é".utf8), Array("日".utf8), Array("😀".utf8), [0x80], [0xE6, 0x97], [0x0A],
            Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\/"#.utf8), Array(#"\b"#.utf8), Array(#"\f"#.utf8), Array(#"\n"#.utf8),
            Array(#"\r"#.utf8), Array(#"\t"#.utf8), Array(#"\u00e9"#.utf8), Array(#"\u65E5"#.utf8), Array(#"\u0000"#.utf8),
            Array(#"\ud83d\ude00"#.utf8), Array(#"\uD83D\uDE00"#.utf8), Array(#"\ud800"#.utf8), Array(#"\udc00"#.utf8),
            Array(#"\ud800\u0041"#.utf8), Array(#"\x"#.utf8), Array(#"\u12"#.utf8), Array(#"\u12G4"#.utf8), Array(#"\"#.utf8),
        ]
        var read = 0, refused = 0
        for round in 0..<20_000 {
            var bytes: [UInt8] = [0x22]
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                // Mostly well-formed, so that the bad pieces come late too.
                let k = round % 3 == 0 ? Int.random(in: 0..<pieces.count, using: &generator) : [0, 1, 2, 3, 4, 8, 13, 16, 19].randomElement(using: &generator)!
                bytes += pieces[k]
            }
            if round % 7 != 0 { bytes.append(0x22) }
            try bytes.withUnsafeBufferPointer { all in
                var reader = JSONReader(bytes: all)
                let general = Result { () throws(JSONParseError) in try reader.readString() }
                let unescaped = JSONPlainString.unescape(in: all, from: 1)
                switch general {
                case .success(let string):
                    let plain = try XCTUnwrap(unescaped, "\(bytes)")
                    XCTAssertEqual(plain.end + 1, reader.position, "\(bytes)")
                    XCTAssertEqual(plain.text, Array(string.utf8), "\(bytes)")
                    read += 1
                case .failure:
                    XCTAssertNil(unescaped, "\(bytes)")
                    refused += 1
                }
            }
        }
        XCTAssertGreaterThan(read, 5_000)
        XCTAssertGreaterThan(refused, 5_000)
    }

    /// The edges: nothing, no end, a sequence cut by the quote, a sequence across a word edge.
    func testEdges() {
        func end(_ bytes: [UInt8], from start: Int = 0) -> Int? { bytes.withUnsafeBufferPointer { JSONPlainString.end(in: $0, from: start) } }
        XCTAssertNil(end([]))
        XCTAssertNil(end(Array("no closing quote at all".utf8)))
        XCTAssertEqual(end(Array("\"".utf8)), 0)
        XCTAssertEqual(end(Array("1234567日\"".utf8)), 10)
        XCTAssertNil(end([0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0xE6, 0x97, 0x22]))
        XCTAssertEqual(end(Array("abcdefgh\\n\"".utf8)), 8)
        XCTAssertEqual(end(Array("x\"y\"".utf8), from: 2), 3)
    }
}
