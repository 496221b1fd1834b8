import XCTest
import YardstickOffsets
@testable import YardstickFormats

final class OutputNumberTests: XCTestCase {
    /// Lengths in 1/64 pt print in full, and read back as the same length.
    func testLengthsInSixtyFourthsPrintInFull() {
        XCTAssertEqual(OutputNumber.unitsText(214_746_217_116_354), "3355409642443.03125")
        XCTAssertEqual(OutputNumber.unitsText(1), "0.015625")
        XCTAssertEqual(OutputNumber.unitsText(-97), "-1.515625")
        XCTAssertEqual(OutputNumber.unitsText(6400), "100")
        XCTAssertEqual(OutputNumber.unitsText(-64), "-1")
        for units in stride(from: Int64(-200_000), through: 200_000, by: 37) {
            XCTAssertEqual(Double(OutputNumber.unitsText(units))! * 64, Double(units))
        }
        for k in Int64(0)..<64 { XCTAssertEqual(OutputNumber.unitsText(k), k == 0 ? "0" : String(Double(k) / 64), "\(k)") }
    }

    /// The row lines written straight into storage are the lines `appendUnits` and
    /// `appendInteger` spell, for every fraction, large and negative lengths and large rows.
    func testRowLinesSpellWhatAppendUnitsSpells() {
        var generator = SystemRandomNumberGenerator()
        var heights = (0..<64).map { LayoutLength(units: Int64($0)) } // every fraction
        heights += [0, 1, 63, 64, 65, 6_399, 1 << 40, Int64.max / 4].map { LayoutLength(units: $0) }
        heights += (0..<500).map { _ in LayoutLength(units: Int64.random(in: -100_000...100_000_000, using: &generator)) }
        for firstRow in [0, 7, 99, 100, 12_345_678_901] {
            var offset: Int64 = -5
            var out = Array("before\n".utf8)
            heights.map(\.units).withUnsafeBufferPointer { OutputNumber.appendRowLines($0, firstRow: firstRow, offset: &offset, to: &out) }
            var expected = Array("before\n".utf8)
            var y: Int64 = -5
            for (k, h) in heights.enumerated() {
                OutputNumber.appendInteger(UInt64(firstRow + k), to: &expected)
                expected.append(UInt8(ascii: ","))
                OutputNumber.appendUnits(h.units, to: &expected)
                expected.append(UInt8(ascii: ","))
                OutputNumber.appendUnits(y, to: &expected)
                expected.append(0x0A)
                y += h.units
            }
            XCTAssertEqual(String(decoding: out, as: UTF8.self), String(decoding: expected, as: UTF8.self))
            XCTAssertEqual(offset, y)
        }
        XCTAssertTrue(String(decoding: { var o: [UInt8] = []; var y: Int64 = 0
            [Int64(1)].withUnsafeBufferPointer { OutputNumber.appendRowLines($0, firstRow: 3, offset: &y, to: &o) }; return o }(), as: UTF8.self) == "3,0.015625,0\n")
    }

    /// `DecimalText.rounded` (the `layout` records' numbers) spells what `format` does: every
    /// millisecond step near zero, halves, negatives, random values, and the large and odd
    /// values it hands to `format`.
    func testDecimalTextSpellsWhatFormatSpells() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = (-2_000...2_000).map { Double($0) / 1000 }
        values += [0.0005, 0.0015, -0.0005, 231.41796875, 69.5, 1e9 - 0.0004, 1e9, 1.5e12, -3e15, .nan, .infinity, -.infinity, -0.0, 0.1 + 0.2]
        values += (0..<20_000).map { _ in Double.random(in: -1e6...1e6, using: &generator) }
        values += (0..<2_000).map { _ in Double.random(in: 0...1, using: &generator) }
        for value in values {
            var out: [UInt8] = []
            DecimalText.append(to: &out, bound: DecimalText.roundedBytes) { $0.rounded(value) }
            XCTAssertEqual(String(decoding: out, as: UTF8.self), OutputNumber.format(value), "\(value)")
        }
    }

    /// `appendInteger` spells what `String` does: each power of ten and its neighbours (the
    /// digit count is found by comparisons), the largest value and random ones.
    func testAppendIntegerSpellsWhatStringSpells() {
        var generator = SystemRandomNumberGenerator()
        var values: [UInt64] = [0, 1, 9, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 10
        for _ in 1...19 {
            values += [power - 1, power, power + 1]
            if power <= UInt64.max / 10 { power *= 10 } else { break }
        }
        values += (0..<5_000).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator) }
        for value in values {
            var out: [UInt8] = []
            OutputNumber.appendInteger(value, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), String(value))
        }
    }
}
