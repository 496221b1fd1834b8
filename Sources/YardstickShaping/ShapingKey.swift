/// Identifies one shaping result: the face, the direction and script it was shaped with, and the
/// run's bytes. The first 24 bytes are stored inline, so looking up a typical word allocates
/// nothing; longer runs keep the rest in `tail`.
struct ShapingKey: Hashable {
    var b0: UInt64 = 0
    var b1: UInt64 = 0
    var b2: UInt64 = 0
    /// length (32 bits) | face (16 bits) | right-to-left (1 bit)
    var meta: UInt64
    var script: UInt32
    var tail: [UInt8]?

    init(bytes: UnsafeBufferPointer<UInt8>, face: Int, script: UInt32, rightToLeft: Bool) {
        meta = UInt64(bytes.count) | (UInt64(face & 0xFFFF) << 32) | (rightToLeft ? 1 << 48 : 0)
        self.script = script
        let inline = min(bytes.count, 24)
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            raw.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[0..<inline])))
        }
        (b0, b1, b2) = words
        if bytes.count > 24 { tail = Array(bytes[24...]) }
    }
}
