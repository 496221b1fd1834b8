/// The 64-bit hash of byte strings used by the preparer's private tables (`SegmentCache`,
/// `TextMemo`): eight bytes per multiply–xorshift step (wyhash-style), the last few read in at
/// most three loads. Fast and well spread for table indexing; not for anything that must resist
/// chosen inputs. O(n).
package enum ByteHash {
    /// `seed` mixed with the bytes `base[0..<count]`, eight at a time.
    @inline(__always) package static func hash(_ base: UnsafeRawPointer?, count n: Int, seed: UInt64) -> UInt64 {
        var h = seed
        guard let base else { return h }
        var i = 0
        while i + 8 <= n {
            h = mix(h, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        if i < n { h = mix(h, tailWord(base, from: i, count: n)) }
        return h
    }

    @inline(__always) static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let m = (a ^ 0x9E37_79B9_7F4A_7C15).multipliedFullWidth(by: b ^ 0xD6E8_FEB8_6659_FD93)
        return m.high ^ m.low
    }

    /// Bytes `i..<n` of `base` (fewer than eight) as a little-endian word, read in at most three
    /// loads: the last eight bytes shifted when the key is that long, else 4-, 2- and 1-byte loads.
    @inline(__always) static func tailWord(_ base: UnsafeRawPointer, from i: Int, count n: Int) -> UInt64 {
        let r = n - i
        if n >= 8 { return base.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) >> UInt64((8 - r) * 8) }
        var tail: UInt64 = 0
        var k = i
        if r & 4 != 0 { tail = UInt64(base.loadUnaligned(fromByteOffset: k, as: UInt32.self)); k += 4 }
        if r & 2 != 0 { tail |= UInt64(base.loadUnaligned(fromByteOffset: k, as: UInt16.self)) << UInt64((k - i) * 8); k += 2 }
        if r & 1 != 0 { tail |= UInt64(base.load(fromByteOffset: k, as: UInt8.self)) << UInt64((k - i) * 8) }
        return tail
    }
}
