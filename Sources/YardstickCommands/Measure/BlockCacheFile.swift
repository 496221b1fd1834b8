#if canImport(Glibc)
import Glibc
#endif
import YardstickLayout
import YardstickTable
import YardstickFormats

/// `measure --cache DIR`, beside the cells: whole blocks of records measured by earlier runs
/// (`blocks-<fingerprint>.ysb`), so a rerun over rows it has seen takes each block's heights and
/// column widths at once instead of looking up every cell.
///
/// The file: a 40-byte header (magic `YSBLOCK\0`, version, fingerprint, block count, a check of
/// those) and blocks one after another: key a, key b, rows (UInt32), columns (UInt32), a check of
/// the block, then the columns' widths (Float64) and the rows' heights (Int64, 1/64 pt). It is
/// read whole (it holds 8 bytes a row) and indexed; a block is checked when a lookup finds it.
/// Written like the cells' file (beside it, then renamed over it, while the cells' file holds
/// the folder's lock) with this run's new blocks first, then earlier ones, within `limitBytes`;
/// when another run saved the file since this one read it, its blocks are the earlier ones.
final class BlockCacheFile {
    static let magic: [UInt8] = Array("YSBLOCK\0".utf8)
    static let version: UInt32 = 1
    static let headerSize = 40
    static let entryHeaderSize = 32

    let path: String
    private let fingerprint: UInt64
    private let limitBytes: Int
    private var bytes: [UInt8] = []
    private var index: [CellKey: Int] = [:]
    private var added: [(CellKey, MeasuredBlock)] = []
    private var addedBytes = 0
    private var damaged = false
    /// The file `load` read (device, inode, modification time), to see whether another run replaced it.
    private var loadedIdentity: FileIdentity?
    private(set) var warnings: [String] = []

    init(path: String, fingerprint: UInt64, limitBytes: Int) {
        self.path = path
        self.fingerprint = fingerprint
        self.limitBytes = limitBytes
        load()
    }

    private func u32(_ at: Int) -> UInt32 { bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt32.self)) } }
    private func u64(_ at: Int) -> UInt64 { bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self)) } }

    private static func check(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        ByteHash.bulk(bytes.baseAddress, count: bytes.count, seed: seed)
    }

    private func load() {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) // (a FIFO there must not block)
        guard fd >= 0 else {
            if errno == ELOOP { warnings.append("\(path) is a symbolic link; replacing it with a cache file"); damaged = true }
            return
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            loadedIdentity = nil
            warnings.append("\(path) is not a regular file; replacing it with a cache file")
            damaged = true
            return
        }
        loadedIdentity = FileIdentity(info)
        guard info.st_size <= limitBytes else { damaged = true; return } // (a smaller limit than the run that wrote it: rewritten within it)
        var data = [UInt8](repeating: 0, count: Int(info.st_size))
        var got = 0
        while got < data.count {
            let n = data.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, $0.count - got) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            got += n
        }
        bytes = data
        var problem: String?
        if got != data.count || data.count < Self.headerSize || !data.prefix(8).elementsEqual(Self.magic) {
            problem = "is not a whole Yardstick block cache"
        } else if u32(8) != Self.version {
            problem = "has format version \(u32(8)), not \(Self.version) (another Yardstick)"
        } else if bytes.withUnsafeBytes({ Self.check(UnsafeRawBufferPointer(rebasing: $0[..<32]), seed: 0x5953_424C_4B48) }) != u64(32) {
            problem = "is corrupt (its header fails its check)"
        } else if u64(16) != fingerprint {
            problem = "belongs to other fonts or settings"
        } else {
            var at = Self.headerSize
            for _ in 0..<u64(24) {
                guard at + Self.entryHeaderSize <= data.count else { problem = "is truncated"; break }
                let size = Self.entryHeaderSize + 8 * (Int(u32(at + 16)) + Int(u32(at + 20)))
                guard size <= data.count - at else { problem = "is truncated"; break }
                index[CellKey(a: u64(at), b: u64(at + 8))] = at
                at += size
            }
        }
        if let problem {
            warnings.append("\(path) \(problem); rebuilding it")
            damaged = true
            bytes = []
            index = [:]
        }
    }

    /// A block failed its check: warned once, and the file is rewritten without it.
    private func noteDamage() {
        if !damaged { warnings.append("\(path) is corrupt (a block fails its check); rebuilding it without it") }
        damaged = true
    }

    /// Whether the block at `at` passes its check. O(its size).
    private func isWhole(at: Int) -> Bool {
        let end = at + Self.entryHeaderSize + 8 * (Int(u32(at + 16)) + Int(u32(at + 20)))
        return bytes.withUnsafeBytes { b in
            Self.check(UnsafeRawBufferPointer(rebasing: b[(at + Self.entryHeaderSize)..<end]), seed: u64(at) ^ u64(at + 16)) == u64(at + 24)
        }
    }

    func block(for key: CellKey) -> MeasuredBlock? {
        guard let at = index[key] else { return nil }
        let rows = Int(u32(at + 16)), columns = Int(u32(at + 20))
        guard isWhole(at: at) else {
            noteDamage()
            index[key] = nil
            return nil
        }
        var widths: [Double] = []
        var heights: [Int64] = []
        var p = at + Self.entryHeaderSize
        for _ in 0..<columns { widths.append(Double(bitPattern: u64(p))); p += 8 }
        heights.reserveCapacity(rows)
        bytes.withUnsafeBytes { b in
            for k in 0..<rows { heights.append(Int64(littleEndian: b.loadUnaligned(fromByteOffset: p + 8 * k, as: Int64.self))) }
        }
        return MeasuredBlock(heights: heights, naturalWidths: widths)
    }

    func store(_ block: MeasuredBlock, for key: CellKey) {
        let size = Self.entryHeaderSize + 8 * (block.heights.count + block.naturalWidths.count)
        guard Self.headerSize + addedBytes + size <= limitBytes else { return }
        added.append((key, block))
        addedBytes += size
    }

    /// Reads the file again when it is no longer the one `load` read (another run saved it).
    private func reloadIfReplaced() {
        var info = stat()
        // (A link or another kind of file in the way is replaced by `save`, as `load` warned.)
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, FileIdentity(info) != loadedIdentity else { return }
        (bytes, index, damaged, loadedIdentity) = ([], [:], false, nil)
        load()
    }

    /// Whether `save` has anything to write: blocks of this run, or damage met.
    var needsSave: Bool { !added.isEmpty || damaged }

    /// Writes this run's blocks, then earlier ones (those still whole) while within the limit.
    /// The caller holds the folder's lock.
    func save() throws(CommandError) {
        guard needsSave else { return }
        reloadIfReplaced()
        var out = [UInt8](repeating: 0, count: Self.headerSize)
        var count = 0
        var seen = Set<CellKey>()
        func put(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        for (key, block) in added where seen.insert(key).inserted {
            let start = out.count
            put(key.a); put(key.b)
            put(UInt64(block.heights.count) | UInt64(block.naturalWidths.count) << 32)
            put(0)
            for w in block.naturalWidths { put(w.bitPattern) }
            for h in block.heights { put(UInt64(bitPattern: h)) }
            let check = out.withUnsafeBytes { Self.check(UnsafeRawBufferPointer(rebasing: $0[(start + Self.entryHeaderSize)...]), seed: key.a ^ (UInt64(block.heights.count) | UInt64(block.naturalWidths.count) << 32)) }
            out.withUnsafeMutableBytes { $0.storeBytes(of: check.littleEndian, toByteOffset: start + 24, as: UInt64.self) }
            count += 1
        }
        for (key, at) in index.sorted(by: { $0.value < $1.value }) where !seen.contains(key) {
            let size = Self.entryHeaderSize + 8 * (Int(u32(at + 16)) + Int(u32(at + 20)))
            guard out.count + size <= limitBytes else { break }
            guard isWhole(at: at) else { noteDamage(); continue } // left out
            out += bytes[at..<(at + size)]
            count += 1
        }
        out.replaceSubrange(0..<8, with: Self.magic)
        out.withUnsafeMutableBytes { b in
            b.storeBytes(of: Self.version.littleEndian, toByteOffset: 8, as: UInt32.self)
            b.storeBytes(of: fingerprint.littleEndian, toByteOffset: 16, as: UInt64.self)
            b.storeBytes(of: UInt64(count).littleEndian, toByteOffset: 24, as: UInt64.self)
            let check = Self.check(UnsafeRawBufferPointer(rebasing: b[..<32]), seed: 0x5953_424C_4B48)
            b.storeBytes(of: check.littleEndian, toByteOffset: 32, as: UInt64.self)
        }
        let output = try CellCacheFile.replacement(for: path)
        try output.write(out)
        try output.commit()
    }
}
