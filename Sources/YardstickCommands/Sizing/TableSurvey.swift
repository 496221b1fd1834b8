#if canImport(Glibc)
import Glibc
#endif
import YardstickLayout
import YardstickTable
import YardstickFormats

/// What the first passes of `StreamedSizing` found in a CSV file: its column names, rows, ragged
/// rows and skipped lines, and each grid column's width before clamping (nil for a fixed mode).
///
/// With `--cache DIR` it is kept (`survey-<fingerprint>.yss`, one per config and fonts) under
/// the file's identity: device, inode, size, modification and change times. A rerun over a
/// file of that identity skips the passes. A file changed within the last two seconds is never
/// trusted: its times may not have moved yet (as Git treats "racily clean" files), so a change
/// is always seen.
struct TableSurvey: Equatable {
    var columns: [String]
    var rowCount: Int
    var ragged: RaggedRows
    var skippedBlankLines: Int
    var bases: [Double?]

    init(columns: [String], rowCount: Int, ragged: RaggedRows, skippedBlankLines: Int, bases: [Double?]) {
        self.columns = columns
        self.rowCount = rowCount
        self.ragged = ragged
        self.skippedBlankLines = skippedBlankLines
        self.bases = bases
    }

    static let magic: [UInt8] = Array("YSSURVEY".utf8)
    static let version: UInt64 = 2 // 2: the lines of the first ragged rows

    /// A file's identity, or nil when it changed too recently to be trusted.
    static func identity(of path: String) -> [Int64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        guard Int64(info.st_mtim.tv_sec) < Int64(now.tv_sec) - 2, Int64(info.st_ctim.tv_sec) < Int64(now.tv_sec) - 2 else { return nil }
        return [Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec),
                Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec)]
    }

    /// The bytes kept for a file of `identity`, under the config and fonts' `fingerprint`.
    func encoded(identity: [Int64], fingerprint: UInt64) -> [UInt8] {
        var out = Self.magic
        func put(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        put(Self.version)
        put(fingerprint)
        for v in identity { put(UInt64(bitPattern: v)) }
        for v in [rowCount, ragged.count, skippedBlankLines, columns.count] { put(UInt64(v)) }
        put(UInt64(ragged.lines.count))
        for line in ragged.lines { put(UInt64(line)) }
        for name in columns { put(UInt64(name.utf8.count)); out += name.utf8 }
        for base in bases { put(base == nil ? 0 : 1); put(base?.bitPattern ?? 0) }
        put(out.withUnsafeBytes { ByteHash.bulk($0.baseAddress, count: $0.count, seed: 0x5953_5355_5256) })
        return out
    }

    /// The survey kept in `bytes` for a file of `identity` under `fingerprint`; nil when it is
    /// another file's or another config's, of another version, or damaged.
    init?(decoding bytes: [UInt8], identity: [Int64], fingerprint: UInt64) {
        guard bytes.count >= 16 + 8, bytes.starts(with: Self.magic) else { return nil }
        let body = bytes.count - 8
        let check = bytes.withUnsafeBytes { ByteHash.bulk($0.baseAddress, count: body, seed: 0x5953_5355_5256) }
        var at = 8
        func next() -> UInt64? {
            guard at + 8 <= body else { return nil }
            defer { at += 8 }
            return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        }
        let stored = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: body, as: UInt64.self)) }
        guard stored == check, next() == Self.version, next() == fingerprint else { return nil }
        for v in identity { guard next() == UInt64(bitPattern: v) else { return nil } }
        guard let rows = next(), let raggedCount = next(), let skipped = next(), let count = next(), count < 1 << 20,
              let lineCount = next(), lineCount <= UInt64(RaggedRows.namedLines) else { return nil }
        var lines: [Int] = []
        for _ in 0..<lineCount {
            guard let line = next(), line < 1 << 62 else { return nil }
            lines.append(Int(line))
        }
        guard raggedCount < 1 << 62, UInt64(lines.count) <= raggedCount else { return nil }
        var names: [String] = []
        for _ in 0..<count {
            guard let length = next(), length <= UInt64(body - at) else { return nil }
            names.append(String(decoding: bytes[at..<(at + Int(length))], as: UTF8.self))
            at += Int(length)
        }
        var bases: [Double?] = []
        for _ in 0..<count {
            guard let flag = next(), let bits = next() else { return nil }
            bases.append(flag == 0 ? nil : Double(bitPattern: bits))
        }
        guard at == body else { return nil }
        self.init(columns: names, rowCount: Int(rows), ragged: RaggedRows(count: Int(raggedCount), lines: lines), skippedBlankLines: Int(skipped), bases: bases)
    }

    /// The survey kept at `path` for a file of `identity`, if any.
    static func load(_ path: String, identity: [Int64], fingerprint: UInt64) -> TableSurvey? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) // (a FIFO there must not block)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0, n < bytes.count else { return nil }
        return TableSurvey(decoding: Array(bytes[..<n]), identity: identity, fingerprint: fingerprint)
    }

    /// Keeps the survey at `path` (replaced whole, never written through a link).
    func save(_ path: String, identity: [Int64], fingerprint: UInt64) throws(CommandError) {
        let output = try CellCacheFile.replacement(for: path)
        try output.write(encoded(identity: identity, fingerprint: fingerprint))
        try output.commit()
    }
}
