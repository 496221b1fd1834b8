import YardstickFonts
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Identifies one shaping result: the face, the direction and script it was shaped with, and the
/// run's bytes. The first 24 bytes are stored inline, so looking up a typical word allocates
/// nothing; longer runs keep the rest in `tail`. The hash is computed once, with a cheap mix,
/// and reused by the per-thread and shared tables.
struct ShapingKey: Equatable {
    var b0: UInt64 = 0
    var b1: UInt64 = 0
    var b2: UInt64 = 0
    /// length (32 bits) | face (16 bits) | right-to-left (1 bit)
    var meta: UInt64
    var script: UInt32
    var tail: [UInt8]?
    /// 64-bit hash of all of the above.
    let hash: UInt64

    /// The key of `bytes`. A probe (`keepsTail` false) hashes the bytes past the 24th but does
    /// not copy them, so a lookup never allocates: compare it with `isKey(of:)`, and make the
    /// key a table keeps with `keepingTail(of:)`.
    init(bytes: UnsafeBufferPointer<UInt8>, face: FaceIndex, script: UInt32, rightToLeft: Bool, keepsTail: Bool = true) {
        meta = UInt64(bytes.count) | (UInt64(face & 0xFFFF) << 32) | (rightToLeft ? 1 << 48 : 0)
        self.script = script
        let inline = min(bytes.count, 24)
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            raw.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[0..<inline])))
        }
        (b0, b1, b2) = words
        var h = ShapingKey.mix(meta ^ (UInt64(script) << 13), words.0)
        h = ShapingKey.mix(h, words.1)
        h = ShapingKey.mix(h, words.2)
        if bytes.count > 24 {
            let base = UnsafeRawPointer(bytes.baseAddress!)
            var i = 24
            while i + 8 <= bytes.count {
                h = ShapingKey.mix(h, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            if i < bytes.count {
                var w: UInt64 = 0
                for k in 0..<(bytes.count - i) { w |= UInt64(bytes[i + k]) << (8 * UInt64(k)) }
                h = ShapingKey.mix(h, w)
            }
            if keepsTail { tail = Array(bytes[24...]) }
        }
        hash = h
    }

    /// This probe (or key) with its bytes past the 24th kept: the form a table stores.
    func keepingTail(of bytes: UnsafeBufferPointer<UInt8>) -> ShapingKey {
        guard bytes.count > 24, tail == nil else { return self }
        var key = self
        key.tail = Array(bytes[24...])
        return key
    }

    /// Whether this key, which keeps its tail, is the key of `bytes`, whose probe is `probe`.
    @inline(__always) func isKey(of bytes: UnsafeBufferPointer<UInt8>, probe: ShapingKey) -> Bool {
        guard hash == probe.hash, b0 == probe.b0, b1 == probe.b1, b2 == probe.b2, meta == probe.meta, script == probe.script
        else { return false }
        guard bytes.count > 24 else { return true } // (equal lengths: both in `meta`)
        guard let tail else { return false }
        return tail.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress! + 24, bytes.count - 24) == 0 }
    }

    /// A multiply–xorshift step (wyhash-style): fast and well spread for table indexing.
    @inline(__always) static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let m = (a ^ 0x9E37_79B9_7F4A_7C15).multipliedFullWidth(by: b ^ 0xBF58_476D_1CE4_E5B9)
        return m.high ^ m.low
    }

    static func == (a: ShapingKey, b: ShapingKey) -> Bool {
        a.hash == b.hash && a.b0 == b.b0 && a.b1 == b.b1 && a.b2 == b.b2 && a.meta == b.meta && a.script == b.script && a.tail == b.tail
    }
}
