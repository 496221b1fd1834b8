/// The 32-bit code stored for every item of the table: a section header, a row or a section footer.
///
/// Bits 31–30 hold the kind, bits 29–0 a height in fixed units (1/64 pt):
///
/// | kind | meaning         | height bits                         |
/// |------|-----------------|-------------------------------------|
/// | 0    | measured row    | the row's height                    |
/// | 1    | estimated row   | always 0 (the row takes the estimate) |
/// | 2    | section header  | the header's height                 |
/// | 3    | section footer  | the footer's height                 |
///
/// Keeping estimated rows at height bits 0 lets a leaf's measured sum be a plain masked sum.
/// All operations are O(1).
enum ItemCode {
    static let kindShift: UInt32 = 30
    static let heightMask: UInt32 = (1 << 30) - 1

    static let measuredRowKind: UInt32 = 0
    static let estimatedRowKind: UInt32 = 1
    static let headerKind: UInt32 = 2
    static let footerKind: UInt32 = 3

    /// The largest height an item can hold, in units (just under 16,777,216 pt).
    static let maximumHeightUnits: Int = Int(heightMask)

    static let estimatedRow: UInt32 = estimatedRowKind << kindShift

    @inline(__always) static func measuredRow(_ heightUnits: Int) -> UInt32 { UInt32(truncatingIfNeeded: heightUnits) }
    @inline(__always) static func header(_ heightUnits: Int) -> UInt32 { headerKind << kindShift | UInt32(truncatingIfNeeded: heightUnits) }
    @inline(__always) static func footer(_ heightUnits: Int) -> UInt32 { footerKind << kindShift | UInt32(truncatingIfNeeded: heightUnits) }

    @inline(__always) static func kind(_ code: UInt32) -> UInt32 { code >> kindShift }
    /// The height bits: the item's own height, or 0 for an estimated row.
    @inline(__always) static func storedHeight(_ code: UInt32) -> Int { Int(code & heightMask) }
    @inline(__always) static func isRow(_ code: UInt32) -> Bool { code >> kindShift <= estimatedRowKind }
    @inline(__always) static func isEstimatedRow(_ code: UInt32) -> Bool { code >> kindShift == estimatedRowKind }
    @inline(__always) static func isHeader(_ code: UInt32) -> Bool { code >> kindShift == headerKind }
    @inline(__always) static func isFooter(_ code: UInt32) -> Bool { code >> kindShift == footerKind }
    @inline(__always) static func isPositiveMeasuredRow(_ code: UInt32) -> Bool { code >> kindShift == measuredRowKind && code != 0 }

    /// The item's height given the table's current estimate, in units.
    @inline(__always) static func height(_ code: UInt32, estimate: Int) -> Int {
        isEstimatedRow(code) ? estimate : Int(code & heightMask)
    }
}
