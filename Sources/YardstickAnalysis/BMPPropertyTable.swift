import CMemoryHints

/// One character property for every scalar of the Basic Multilingual Plane, each entry asked of
/// its source (ICU) the first time it is read and kept from then on.
///
/// The analysis loops ask a property of nearly every non-ASCII character, and a table load is
/// far cheaper than an ICU call. Filling all 65,536 entries of each table up front cost every
/// process ICU calls for characters it never reads: filled as read, a one-record `layout` takes
/// 54.2M instructions instead of 63.3M, and 58,000 multilingual cells 1,318.4M instead of
/// 1,334.0M. ASCII entries are filled at once, so loops over ASCII read them without a check
/// (`ascii`).
///
/// Threads share a table: entries are read and written with relaxed atomic byte operations, and
/// two threads filling the same entry store the same value. A value must be in 0...254 to be
/// kept (255 marks an entry not asked yet); any other is asked of the source every time.
/// 64 KiB, allocated once and never freed. A read: O(1), a load and a compare.
@usableFromInline struct BMPPropertyTable: @unchecked Sendable {
    /// What an entry not asked yet holds.
    @usableFromInline static let unfilled: UInt8 = 0xFF
    @usableFromInline let entries: UnsafeMutablePointer<UInt8>
    @usableFromInline let source: @convention(c) (UInt32) -> Int32

    /// A table of `source`'s values, ASCII's filled.
    init(_ source: @convention(c) (UInt32) -> Int32) {
        entries = .allocate(capacity: 0x10000)
        entries.initialize(repeating: Self.unfilled, count: 0x10000)
        self.source = source
        for s in 0..<UInt32(0x80) { _ = fill(s) }
    }

    /// The value for a BMP scalar (`s` < 0x10000).
    @inlinable @inline(__always) subscript(s: UInt32) -> Int32 {
        let v = ys_load_relaxed_byte(entries + Int(s))
        return v != Self.unfilled ? Int32(v) : fill(s)
    }

    /// An ASCII scalar's value (`s` < 0x80; those are filled when the table is made).
    @inlinable @inline(__always) func ascii(_ s: UInt8) -> UInt8 {
        entries[Int(s)]
    }

    /// Asks the source, and keeps the value if it fits in an entry.
    @usableFromInline @inline(never) func fill(_ s: UInt32) -> Int32 {
        let value = source(s)
        if value >= 0 && value < Int32(Self.unfilled) { ys_store_relaxed_byte(entries + Int(s), UInt8(value)) }
        return value
    }
}
