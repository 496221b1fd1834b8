/// A vertical length or position in the row-offset cache, held exactly as an integer number of
/// fixed units of 1/64 point.
///
/// Every height, offset and total the cache reports is an exact `LayoutLength`, so sums never
/// drift however many operations run. Converting from points:
/// - ``init(roundingPoints:)`` (for heights and other lengths) rounds to the nearest unit, halves
///   away from zero: 10.3 pt → 659 units (10.296875 pt); 1/256 pt → 0 units.
/// - ``init(flooringPoints:)`` (for positions such as a scroll offset) rounds down, so a position
///   inside a unit is treated as the start of that unit; "does item I contain y" then has the same
///   answer as with the exact real y.
/// ``points`` converts back exactly for any length below 2^53 units (about 1.4 × 10^14 pt).
/// All operations are O(1).
public struct LayoutLength: Hashable, Comparable, Sendable, AdditiveArithmetic, CustomStringConvertible {
    /// Units per point.
    public static let unitsPerPoint: Int64 = 64

    /// The length in units of 1/64 pt.
    public var units: Int64

    /// No length: 0 units.
    public static let zero = LayoutLength(units: 0)

    /// A length of exactly `units` units of 1/64 pt.
    public init(units: Int64) { self.units = units }

    /// The length `units` units long.
    public static func units(_ units: Int64) -> LayoutLength { LayoutLength(units: units) }

    /// A length of `points` rounded to the nearest unit (halves away from zero).
    /// - Throws: ``RowOffsetCacheError/nonFiniteLength(_:)`` for NaN or infinity,
    ///   ``RowOffsetCacheError/lengthOutOfRange(_:)`` beyond ±2^62 units (±7.2 × 10^16 pt).
    public init(roundingPoints points: Double) throws(RowOffsetCacheError) {
        self.init(units: try LayoutLength.convert(points, roundingHalvesAway: true))
    }

    /// A position of `points` rounded down to a whole unit.
    /// - Throws: as ``init(roundingPoints:)``.
    public init(flooringPoints points: Double) throws(RowOffsetCacheError) {
        self.init(units: try LayoutLength.convert(points, roundingHalvesAway: false))
    }

    /// A position of `points` rounded down to a whole unit, with values beyond ±2^62 units
    /// clamped to ±2^62 (far outside any table). NaN is clamped to 0. For callers that only
    /// compare positions and never fail on them.
    public init(clampingFlooringPoints points: Double) {
        let limit = Double(Int64(1) << 62)
        let scaled = points * Double(LayoutLength.unitsPerPoint)
        if scaled.isNaN {
            self.init(units: 0)
        } else {
            self.init(units: LayoutLength.integer(Swift.max(-limit, Swift.min(limit, scaled)), roundingHalvesAway: false))
        }
    }

    /// The length in points; exact below 2^53 units.
    public var points: Double { Double(units) / Double(LayoutLength.unitsPerPoint) }

    /// The length in points, e.g. `10.296875 pt`.
    public var description: String { "\(points) pt" }

    /// Compares the exact unit counts.
    public static func < (lhs: LayoutLength, rhs: LayoutLength) -> Bool { lhs.units < rhs.units }
    /// The exact sum, in whole units: no rounding, so totals never drift.
    public static func + (lhs: LayoutLength, rhs: LayoutLength) -> LayoutLength { LayoutLength(units: lhs.units + rhs.units) }
    /// The exact difference, in whole units; negative when `rhs` is longer.
    public static func - (lhs: LayoutLength, rhs: LayoutLength) -> LayoutLength { LayoutLength(units: lhs.units - rhs.units) }

    private static func convert(_ points: Double, roundingHalvesAway: Bool) throws(RowOffsetCacheError) -> Int64 {
        guard points.isFinite else { throw .nonFiniteLength(points) }
        let scaled = points * Double(unitsPerPoint)
        // ±2^62 leaves room for the ±1 of rounding and for sums with table heights.
        let limit = Double(Int64(1) << 62)
        guard scaled > -limit, scaled < limit else { throw .lengthOutOfRange(points) }
        return integer(scaled, roundingHalvesAway: roundingHalvesAway)
    }

    /// Rounds a finite value within ±2^62 to an integer: to nearest with halves away from zero, or
    /// down. Done with integer conversion and an exact fractional part, so it needs no libm.
    private static func integer(_ value: Double, roundingHalvesAway: Bool) -> Int64 {
        let truncated = Int64(value)
        let fraction = value - Double(truncated)   // exact: the fractional part of a double is representable
        if roundingHalvesAway {
            if fraction >= 0.5 { return truncated + 1 }
            if fraction <= -0.5 { return truncated - 1 }
            return truncated
        }
        return fraction < 0 ? truncated - 1 : truncated
    }
}
