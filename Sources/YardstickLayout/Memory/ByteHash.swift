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

    /// Two hashes of the same bytes, as `hash` gives them with `seedA` and `seedB`, in one pass:
    /// the two chains are independent, so the CPU runs them side by side (a 128-bit key for the
    /// price of little more than one hash).
    @inline(__always) package static func pair(_ base: UnsafeRawPointer?, count n: Int, seedA: UInt64, seedB: UInt64) -> (UInt64, UInt64) {
        var a = seedA, b = seedB
        guard let base else { return (a, b) }
        var i = 0
        while i + 8 <= n {
            let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            a = mix(a, w)
            b = mix(b, w)
            i += 8
        }
        if i < n {
            let w = tailWord(base, from: i, count: n)
            a = mix(a, w)
            b = mix(b, w)
        }
        return (a, b)
    }

    /// A hash of a large buffer (a file's bytes): four chains over interleaved words, folded at
    /// the end, several times the speed of `hash` on long inputs. Not equal to `hash`.
    package static func bulk(_ base: UnsafeRawPointer?, count n: Int, seed: UInt64) -> UInt64 {
        bulkPair(base, count: n, seed: seed).0
    }

    /// Two 64-bit hashes of a large buffer from one pass (a 128-bit key): both fold all four
    /// chains (256 bits of state), each its own way.
    package static func bulkPair(_ base: UnsafeRawPointer?, count n: Int, seed: UInt64) -> (UInt64, UInt64) {
        guard let base else { return (seed, ~seed) }
        var h0 = seed, h1 = seed ^ 0x243F_6A88_85A3_08D3, h2 = seed ^ 0x1319_8A2E_0370_7344, h3 = seed ^ 0xA409_3822_299F_31D0
        var i = 0
        while i + 32 <= n {
            h0 = mix(h0, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            h1 = mix(h1, base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
            h2 = mix(h2, base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
            h3 = mix(h3, base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
            i += 32
        }
        let a = hash(base + i, count: n - i, seed: mix(mix(h0, h1), mix(h2, h3) ^ UInt64(n)))
        let b = hash(base + i, count: n - i, seed: mix(mix(h0 ^ 0x6A09_E667_F3BC_C908, h2), mix(h1, h3) ^ ~UInt64(n)))
        return (a, b)
    }

    @inline(__always) package static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
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
