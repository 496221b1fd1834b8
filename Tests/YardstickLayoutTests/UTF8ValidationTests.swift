import XCTest
@testable import YardstickLayout

final class UTF8ValidationTests: XCTestCase {
    /// The eight-bytes-at-a-time check agrees with the standard library's decoder on random
    /// byte strings (mostly ASCII with some high bytes, so both ways are taken) and edge cases.
    func testIsValidAgreesWithTheDecoder() {
        var generator = SystemRandomNumberGenerator()
        var inputs: [[UInt8]] = [[], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
                                 [0xE0, 0x9F, 0x80], [0xC1, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], Array("abcdefgh\u{e9}ijklmnop".utf8)]
        for _ in 0..<20_000 {
            let n = Int.random(in: 0...24, using: &generator)
            inputs.append((0..<n).map { _ in
                Int.random(in: 0..<4, using: &generator) == 0 ? UInt8.random(in: 0x80...0xFF, using: &generator) : UInt8.random(in: 0..<0x80, using: &generator)
            })
        }
        for bytes in inputs {
            var it = bytes.makeIterator()
            var decoder = UTF8()
            var valid = true
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue: continue
                case .emptyInput: break loop
                case .error: valid = false; break loop
                }
            }
            XCTAssertEqual(bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }, valid, "\(bytes)")
        }
    }

    /// Whether the standard library's decoder reads `bytes` without an error.
    func decodes(_ bytes: [UInt8]) -> Bool {
        var it = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&it) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Every two-byte sequence, and every three- and four-byte one with a lead byte of those
    /// lengths, all second bytes and the boundary values of the rest, at the start of a text
    /// and across the point where the ASCII test of sixteen bytes hands over to the automaton.
    func testIsValidAgreesWithTheDecoderOnEverySequenceShape() {
        let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var sequences: [[UInt8]] = []
        for a in 0...255 { for b in 0...255 { sequences.append([UInt8(a), UInt8(b)]) } }
        for a in 0xE0...0xEF { for b in 0...255 { for c in edges { sequences.append([UInt8(a), UInt8(b), c]) } } }
        for a in 0xF0...0xF7 { for b in 0...255 { for c in edges where c >= 0x7F && c <= 0xC0 { for d in [0x7F, 0x80, 0xBF] as [UInt8] {
            sequences.append([UInt8(a), UInt8(b), c, d])
        } } } }
        let padding = [UInt8](repeating: UInt8(ascii: "a"), count: 15)
        var disagreements = 0
        for sequence in sequences {
            for bytes in [sequence, padding + sequence + padding + padding] {
                if bytes.withUnsafeBufferPointer({ UTF8Validation.isValid($0) }) != decodes(bytes) {
                    disagreements += 1
                    if disagreements < 10 { XCTFail("\(bytes.map { String($0, radix: 16) })") }
                }
            }
        }
        XCTAssertEqual(disagreements, 0)
    }
}
