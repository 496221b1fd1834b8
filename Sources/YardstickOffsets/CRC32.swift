/// CRC-32 as zlib, PNG and Python's `zlib.crc32` compute it (polynomial 0xEDB88320, reflected),
/// eight bytes per step (slicing-by-8), so a heights file's checksum can be checked with any
/// of them. O(n).
package enum CRC32 {
    private static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for i in 0..<256 {
            var c = UInt32(i)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            t[i] = c
        }
        for i in 0..<256 {
            for k in 1..<8 { t[k * 256 + i] = (t[(k - 1) * 256 + i] >> 8) ^ t[Int(t[(k - 1) * 256 + i] & 0xFF)] }
        }
        return t
    }()

    /// `crc` (of the bytes before) extended by `bytes`; start from 0.
    package static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var c = ~crc
        let n = bytes.count
        var i = 0
        tables.withUnsafeBufferPointer { t in
            if let base = bytes.baseAddress {
                while i + 8 <= n {
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    let low = UInt32(truncatingIfNeeded: word) ^ c
                    let high = UInt32(truncatingIfNeeded: word >> 32)
                    c = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                        ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                        ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                        ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                    i += 8
                }
                while i < n {
                    c = t[Int((c ^ UInt32(base.load(fromByteOffset: i, as: UInt8.self))) & 0xFF)] ^ (c >> 8)
                    i += 1
                }
            }
        }
        return ~c
    }

    package static func update(_ crc: UInt32, _ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { update(crc, $0) }
    }
}
