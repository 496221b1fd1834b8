import XCTest
@testable import YardstickLayout

final class ByteHashTests: XCTestCase {
    /// The word read for a key's last bytes equals assembling them one by one, for every length and offset.
    func testTailWordMatchesBytes() {
        let bytes: [UInt8] = (0..<40).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        bytes.withUnsafeBytes { raw in
            for n in 0...24 {
                for i in stride(from: n & ~7, through: n, by: 1) where i < n {
                    var expected: UInt64 = 0
                    for k in i..<n { expected |= UInt64(bytes[k]) << UInt64((k - i) * 8) }
                    XCTAssertEqual(ByteHash.tailWord(raw.baseAddress!, from: i, count: n), expected, "n \(n) i \(i)")
                }
            }
        }
    }

    /// Equal bytes hash alike wherever they sit; a changed byte (tail included) changes the hash.
    func testHashDependsOnTheBytesOnly() {
        let bytes: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 3) }
        var copy = [UInt8](repeating: 0, count: 80)
        bytes.withUnsafeBytes { raw in
            for n in 0...40 {
                copy.replaceSubrange(5..<(5 + n), with: bytes[0..<n])
                copy.withUnsafeBytes { other in
                    XCTAssertEqual(ByteHash.hash(raw.baseAddress!, count: n, seed: 7), ByteHash.hash(other.baseAddress! + 5, count: n, seed: 7), "n \(n)")
                    if n > 0 {
                        var changed = Array(bytes[0..<n])
                        changed[n - 1] ^= 1
                        changed.withUnsafeBytes { c in
                            XCTAssertNotEqual(ByteHash.hash(raw.baseAddress!, count: n, seed: 7), ByteHash.hash(c.baseAddress!, count: n, seed: 7), "n \(n)")
                        }
                    }
                }
            }
        }
    }

    /// `pair` gives exactly the two single hashes, for every length.
    func testPairIsTwoHashes() {
        let bytes: [UInt8] = (0..<70).map { UInt8(truncatingIfNeeded: $0 &* 53 &+ 9) }
        bytes.withUnsafeBytes { raw in
            for n in 0...70 {
                let (a, b) = ByteHash.pair(raw.baseAddress!, count: n, seedA: 11, seedB: 99)
                XCTAssertEqual(a, ByteHash.hash(raw.baseAddress!, count: n, seed: 11), "n \(n)")
                XCTAssertEqual(b, ByteHash.hash(raw.baseAddress!, count: n, seed: 99), "n \(n)")
            }
        }
    }

    /// `bulk` depends on every byte (each lane and the tail) and on the length.
    func testBulkDependsOnEveryByte() {
        let bytes: [UInt8] = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 5) }
        let base = bytes.withUnsafeBytes { ByteHash.bulk($0.baseAddress!, count: 100, seed: 3) }
        for k in 0..<100 {
            var changed = bytes
            changed[k] ^= 0x40
            XCTAssertNotEqual(changed.withUnsafeBytes { ByteHash.bulk($0.baseAddress!, count: 100, seed: 3) }, base, "byte \(k)")
        }
        XCTAssertNotEqual(bytes.withUnsafeBytes { ByteHash.bulk($0.baseAddress!, count: 99, seed: 3) }, base)
        XCTAssertNotEqual(bytes.withUnsafeBytes { ByteHash.bulk($0.baseAddress!, count: 100, seed: 4) }, base)
    }
}
