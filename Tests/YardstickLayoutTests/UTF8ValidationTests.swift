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
}
