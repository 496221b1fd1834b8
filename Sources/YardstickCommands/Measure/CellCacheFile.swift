#if canImport(Glibc)
import Glibc
#endif
import YardstickLayout
import YardstickOffsets
import YardstickTable

/// `measure --cache DIR`: the cells measured by earlier runs, one file per fingerprint
/// (`cells-<fingerprint>.ysc`: engine version, fonts' bytes, settings), so a rerun measures
/// only cells it has not seen.
///
/// The file is an open-addressing hash table mapped read-only and probed in place (no loading):
/// a 64-byte header (magic `YSCELLS\0`, version, fingerprint, slot count, entry count, the
/// latest run, a 64-bit checksum of the slots) and 40-byte slots (key a, key b, natural width, height,
/// the run that measured it). A run's new cells are kept in memory and merged into a new file
/// when it ends, written beside the old one, flushed and renamed over it: a reader never sees
/// half a file, and two runs at once each leave a whole file (the last one's). A file that is
/// corrupt or of another format version is rebuilt with a warning. Bounded: past `limitBytes`
/// the cells measured longest ago are dropped, and other fingerprints' files in the directory
/// are removed oldest first.
package final class CellCacheFile: CellCache, @unchecked Sendable { // lookups read-only; `store` from one thread
    static let magic: [UInt8] = Array("YSCELLS\0".utf8)
    static let version: UInt32 = 1
    static let headerSize = 64
    static let slotSize = 40

    package let path: String
    private let directory: String
    private let fingerprint: UInt64
    private let limitBytes: Int
    /// The most cells a file within the limit holds.
    private let capacity: Int
    private var old: UnsafeRawBufferPointer?
    private var oldSlots = 0
    private var oldEntries = 0
    private var run: UInt64 = 1
    private var added: [(CellKey, CellCacheValue)] = []
    /// Problems met (a corrupt file rebuilt), for the command to print as warnings.
    package private(set) var warnings: [String] = []
    /// Cells read from an earlier run's file.
    package var entriesAtStart: Int { oldEntries }

    package init(directory: String, fingerprint: UInt64, limitBytes: Int) throws(CommandError) {
        try Self.makeFolder(directory)
        self.directory = directory
        self.fingerprint = fingerprint
        self.limitBytes = limitBytes
        capacity = Self.capacity(limitBytes)
        path = directory + "/cells-" + Self.hex(fingerprint) + ".ysc"
        load()
    }

    /// Makes `path` and the folders above it that are missing (mkdir -p).
    private static func makeFolder(_ path: String) throws(CommandError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw CommandError("--cache \(path): not a folder") }
            return
        }
        if let slash = path.dropLast().lastIndex(of: "/"), slash > path.startIndex { try makeFolder(String(path[..<slash])) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            throw CommandError("--cache \(path): cannot create the folder: \(FileDescriptor.lastErrorText())")
        }
    }

    deinit { if let old { munmap(UnsafeMutableRawPointer(mutating: old.baseAddress!), old.count) } }

    private static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    /// Maps the file, if there is one and it is whole; otherwise notes why it will be rebuilt.
    private func load() {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ELOOP { warnings.append("\(path) is a symbolic link; replacing it with a cache file"); return }
            if errno != ENOENT { warnings.append("cannot read \(path) (\(FileDescriptor.lastErrorText())); starting an empty cache") }
            return
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        let size = Int(info.st_size)
        guard size >= Self.headerSize, let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            warnings.append("\(path) is corrupt (\(size) bytes, shorter than its header); rebuilding it")
            return
        }
        let bytes = UnsafeRawBufferPointer(start: p, count: size)
        func u32(_ at: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        var problem: String?
        if !bytes.prefix(8).elementsEqual(Self.magic) {
            problem = "is not a Yardstick cell cache"
        } else if u32(8) != Self.version {
            problem = "has format version \(u32(8)), not \(Self.version) (another Yardstick)"
        } else if u64(16) != fingerprint {
            problem = "belongs to other fonts or settings"
        } else {
            let slots = u64(24)
            if slots == 0 || slots & (slots - 1) != 0 || slots > UInt64(size) / UInt64(Self.slotSize)
                || UInt64(size) != UInt64(Self.headerSize) + slots * UInt64(Self.slotSize) || u64(32) > slots {
                problem = "is truncated or corrupt (its header does not match its \(size) bytes)"
            } else if Self.checksum(UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize...])) != u64(48) {
                problem = "is corrupt (checksum mismatch)"
            } else {
                oldSlots = Int(slots)
                oldEntries = Int(u64(32))
                run = u64(40) + 1
            }
        }
        if let problem {
            warnings.append("\(path) \(problem); rebuilding it")
            munmap(p, size)
            return
        }
        old = bytes
    }

    /// Word `k` of slot `s` of the mapped file (key a, key b, natural, height, run).
    @inline(__always)
    private func word(_ s: Int, _ k: Int) -> UInt64 {
        UInt64(littleEndian: old!.loadUnaligned(fromByteOffset: Self.headerSize + s * Self.slotSize + 8 * k, as: UInt64.self))
    }

    /// The value in slot `s` of the mapped file.
    @inline(__always)
    private func value(_ s: Int) -> CellCacheValue {
        CellCacheValue(natural: Double(bitPattern: word(s, 2)), height: Double(bitPattern: word(s, 3)))
    }

    package func size(for key: CellKey) -> CellCacheValue? {
        guard old != nil, oldSlots > 0 else { return nil }
        let mask = oldSlots - 1
        var s = Int(truncatingIfNeeded: key.a) & mask
        while true {
            let a = word(s, 0), b = word(s, 1)
            if a == 0 && b == 0 { return nil }
            if a == key.a && b == key.b { return value(s) }
            s = (s + 1) & mask
        }
    }

    /// The slots' checksum: a 64-bit multiply-xor hash (`ByteHash`), several times faster than
    /// CRC-32 over the tens of megabytes a cache holds, which every run reads.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        ByteHash.hash(bytes.baseAddress, count: bytes.count, seed: 0x5953_4345_4C4C_5331) ^ UInt64(bytes.count)
    }

    /// The most entries a file within `limit` bytes holds.
    static func capacity(_ limit: Int) -> Int {
        var slots = 16
        while headerSize + slots * 2 * slotSize <= limit { slots *= 2 }
        return slots * 3 / 4
    }

    package func store(_ value: CellCacheValue, for key: CellKey) {
        // In memory until the run ends, as many as the file will hold.
        guard added.count < capacity else { return }
        added.append((key, value))
    }

    /// Writes the merged table: this run's cells first, then earlier ones newest first, as many
    /// as the limit holds. Then trims the folder's other cache files to the limit.
    package func save() throws(CommandError) {
        guard !added.isEmpty else { return } // nothing new: the file stays as it is
        if let old, (oldEntries + added.count) * 4 <= oldSlots * 3, Self.headerSize + oldSlots * Self.slotSize <= limitBytes {
            // Room in the old table: a copy of it, with this run's cells added.
            var table = Array(UnsafeRawBufferPointer(rebasing: old[Self.headerSize...]))
            let stored = oldEntries + insert(added.lazy.map { ($0.0, $0.1, self.run) }, into: &table, slots: oldSlots, replacing: true)
            return try write(table, slots: oldSlots, entries: stored)
        }
        var entries: [(key: CellKey, value: CellCacheValue, run: UInt64)] = added.map { ($0.0, $0.1, run) }
        if old != nil {
            var earlier: [(key: CellKey, value: CellCacheValue, run: UInt64)] = []
            for s in 0..<oldSlots where word(s, 0) != 0 || word(s, 1) != 0 {
                earlier.append((CellKey(a: word(s, 0), b: word(s, 1)), value(s), word(s, 4)))
            }
            // Over the limit, the cells measured longest ago go.
            if entries.count + earlier.count > capacity { earlier.sort { $0.run > $1.run } }
            entries += earlier
        }
        if entries.count > capacity { entries.removeSubrange(capacity...) }
        var slots = 16
        while slots * 3 < entries.count * 4 { slots *= 2 }
        var table = [UInt8](repeating: 0, count: slots * Self.slotSize)
        let stored = insert(entries.lazy.map { ($0.key, $0.value, $0.run) }, into: &table, slots: slots)
        try write(table, slots: slots, entries: stored)
    }

    /// Places entries in a table of `slots` slots; a key already there keeps its first entry
    /// (the newest, as entries come newest first), or with `replacing` takes the new one (the
    /// old table's entries are older). Returns how many new keys were placed.
    private func insert<S: Sequence>(_ entries: S, into table: inout [UInt8], slots: Int, replacing: Bool = false) -> Int
        where S.Element == (CellKey, CellCacheValue, UInt64) {
        var stored = 0
        table.withUnsafeMutableBytes { t in
            entry: for (key, value, run) in entries {
                var s = Int(truncatingIfNeeded: key.a) & (slots - 1)
                while true {
                    let a = t.loadUnaligned(fromByteOffset: s * Self.slotSize, as: UInt64.self)
                    let b = t.loadUnaligned(fromByteOffset: s * Self.slotSize + 8, as: UInt64.self)
                    if a == 0 && b == 0 { break }
                    if a == key.a.littleEndian && b == key.b.littleEndian {
                        guard replacing else { continue entry }
                        stored -= 1
                        break
                    }
                    s = (s + 1) & (slots - 1)
                }
                stored += 1
                for (k, v) in [key.a, key.b, value.natural.bitPattern, value.height.bitPattern, run].enumerated() {
                    t.storeBytes(of: v.littleEndian, toByteOffset: s * Self.slotSize + 8 * k, as: UInt64.self)
                }
            }
        }
        return stored
    }

    /// Writes the header and `table` in place of the file (see `save`).
    private func write(_ table: [UInt8], slots: Int, entries: Int) throws(CommandError) {
        // Magic, version (UInt32) and 4 bytes reserved, then the UInt64 fields and 8 reserved.
        var header = Self.magic
        withUnsafeBytes(of: Self.version.littleEndian) { header += $0 }
        header += [0, 0, 0, 0]
        for v in [fingerprint, UInt64(slots), UInt64(entries), run, table.withUnsafeBytes { Self.checksum($0) }, 0] {
            withUnsafeBytes(of: v.littleEndian) { header += $0 }
        }
        // The cache's own file is replaced, never written through: a link there (symbolic or
        // hard) is removed first, so nothing outside the folder changes.
        var info = stat()
        if lstat(path, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR { throw CommandError("cannot write \(path): it is a directory") }
            if kind != S_IFREG || info.st_nlink > 1 || info.st_uid != geteuid() { unlink(path) }
        }
        let output = try CommandOutput(path: path)
        output.isDurable = false
        try output.write(header)
        try output.write(table)
        try output.commit()
        trimFolder()
    }

    /// Whether the file starts with a cell cache's magic.
    private static func isCacheFile(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 8)
        return head.withUnsafeMutableBytes { read(fd, $0.baseAddress, 8) } == 8 && head == magic
    }

    /// Removes other cache files, oldest first, while the folder's cache files pass the limit.
    private func trimFolder() {
        guard let dir = opendir(directory) else { return }
        var files: [(path: String, size: Int, time: Int)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("cells-"), name.hasSuffix(".ysc") else { continue }
            let full = directory + "/" + name
            guard Self.isCacheFile(full) else { continue } // a user's file of that name stays
            var info = stat()
            guard stat(full, &info) == 0 else { continue }
            files.append((full, Int(info.st_size), Int(info.st_mtim.tv_sec)))
        }
        closedir(dir)
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { $0.time < $1.time }) where total > limitBytes && file.path != path {
            if unlink(file.path) == 0 { total -= file.size }
        }
    }
}
