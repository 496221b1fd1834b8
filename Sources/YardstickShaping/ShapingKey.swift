/// Identifies one shaping result: the face, the direction and script it was shaped with, and the
/// run's bytes. The first 24 bytes are stored inline, so looking up a typical word allocates
/// nothing; longer runs keep the rest in `tail`. The hash is computed once, with a cheap mix,
/// and reused by the per-thread and shared tables.
struct ShapingKey: Hashable {
    var b0: UInt64 = 0
    var b1: UInt64 = 0
    var b2: UInt64 = 0
    /// length (32 bits) | face (16 bits) | right-to-left (1 bit)
    var meta: UInt64
    var script: UInt32
    var tail: [UInt8]?
    /// 64-bit hash of all of the above.
    let hash: UInt64

    init(bytes: UnsafeBufferPointer<UInt8>, face: Int, script: UInt32, rightToLeft: Bool) {
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
            let rest = Array(bytes[24...])
            tail = rest
            var i = 0
            while i < rest.count {
                var w: UInt64 = 0
                for k in 0..<min(8, rest.count - i) { w |= UInt64(rest[i + k]) << (8 * UInt64(k)) }
                h = ShapingKey.mix(h, w)
                i += 8
            }
        }
        hash = h
    }

    /// A multiply–xorshift step (wyhash-style): fast and well spread for table indexing.
    @inline(__always) static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let m = (a ^ 0x9E37_79B9_7F4A_7C15).multipliedFullWidth(by: b ^ 0xBF58_476D_1CE4_E5B9)
        return m.high ^ m.low
    }

    static func == (a: ShapingKey, b: ShapingKey) -> Bool {
        a.hash == b.hash && a.b0 == b.b0 && a.b1 == b.b1 && a.b2 == b.b2 && a.meta == b.meta && a.script == b.script && a.tail == b.tail
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
