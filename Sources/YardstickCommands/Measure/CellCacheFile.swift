#if canImport(Glibc)
import Glibc
#endif
import CMemoryHints
import Synchronization
import YardstickLayout
import YardstickOffsets
import YardstickTable
import YardstickFormats

/// `measure --cache DIR`: the cells measured by earlier runs, one file per fingerprint
/// (`cells-<fingerprint>.ysc`: engine version, fonts' bytes, settings), so a rerun measures
/// only cells it has not seen.
///
/// The file is an open-addressing hash table mapped read-only and probed in place (no loading):
/// a 64-byte header (magic `YSCELLS\0`, version, fingerprint, slot count, entry count, the
/// latest run, a check of those) and 40-byte slots (key a, key b, natural width, height, and a
/// word holding the run that measured the cell and a 32-bit check of the slot). Each slot is
/// checked when a lookup finds it, and every slot when a run rewrites the file, so a run reads
/// only the slots it needs instead of checksumming the whole file first. A run's new cells
/// are kept in memory and merged into a new file
/// when it ends, written beside the old one, flushed and renamed over it: a reader never sees
/// half a file, and two runs at once each leave a whole file (the last one's). A file that is
/// corrupt or of another format version is rebuilt with a warning. Bounded: past `limitBytes`
/// the cells measured longest ago are dropped, and other fingerprints' files in the directory
/// are removed oldest first.
package final class CellCacheFile: CellCache, @unchecked Sendable { // lookups read-only; `store` from one thread
    static let magic: [UInt8] = Array("YSCELLS\0".utf8)
    static let version: UInt32 = 2
    static let headerSize = 64
    static let slotSize = 40

    package let path: String
    private let directory: String
    private let fingerprint: UInt64
    private let limitBytes: Int
    /// The most cells a file within the limit holds.
    private let capacity: Int
    private var old: UnsafeRawBufferPointer?
    /// The mapped file, open for copying it (the path may name a newer file by then).
    private var oldFile: Int32 = -1
    private var oldSlots = 0
    private var oldEntries = 0
    private var run: UInt64 = 1
    /// Slots that failed their check when a lookup found them (lookups run on several threads).
    private let badSlots = Atomic<Int>(0)
    /// The file is to be replaced even if this run adds nothing (it was damaged or not a file).
    private var rebuild = false
    private var added: [(CellKey, CellCacheValue)] = []
    /// The file `load` met (device, inode, modification time), to tell at `save` whether
    /// another run has replaced it since.
    private var loadedIdentity: FileIdentity?
    /// Whole blocks of records, in a file of their own beside the cells (an eighth of the limit).
    private let blocks: BlockCacheFile
    /// Problems met (a corrupt file rebuilt), for the command to print as warnings.
    package var warnings: [String] { cellWarnings + blocks.warnings }
    private var cellWarnings: [String] = []
    private var told = (cells: 0, blocks: 0)

    /// The warnings not handed out before (the command prints them as they come).
    package func newWarnings() -> [String] {
        defer { told = (cellWarnings.count, blocks.warnings.count) }
        return Array(cellWarnings.dropFirst(told.cells) + blocks.warnings.dropFirst(told.blocks))
    }
    /// Cells read from an earlier run's file.
    package var entriesAtStart: Int { oldEntries }

    package init(directory: String, fingerprint: UInt64, limitBytes: Int) throws(CommandError) {
        try Self.makeFolder(directory)
        self.directory = directory
        self.fingerprint = fingerprint
        self.limitBytes = limitBytes
        capacity = Self.capacity(limitBytes - limitBytes / 8)
        path = directory + "/cells-" + Self.hex(fingerprint) + ".ysc"
        blocks = BlockCacheFile(path: directory + "/blocks-" + Self.hex(fingerprint) + ".ysb", fingerprint: fingerprint, limitBytes: limitBytes / 8)
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

    deinit {
        if let old { munmap(UnsafeMutableRawPointer(mutating: old.baseAddress!), old.count) }
        if oldFile >= 0 { close(oldFile) }
    }

    static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    /// Maps the file, if there is one and it is whole; otherwise notes why it will be rebuilt.
    private func load() {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) // (a FIFO there must not block)
        guard fd >= 0 else {
            if errno == ELOOP { cellWarnings.append("\(path) is a symbolic link; replacing it with a cache file"); rebuild = true; return }
            if errno != ENOENT { cellWarnings.append("cannot read \(path) (\(FileDescriptor.lastErrorText())); starting an empty cache") }
            return
        }
        var keep = false
        defer { if !keep { close(fd) } }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            cellWarnings.append("\(path) is not a regular file; replacing it with a cache file")
            rebuild = true
            return
        }
        loadedIdentity = FileIdentity(info)
        let size = Int(info.st_size)
        guard size >= Self.headerSize, let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            cellWarnings.append("\(path) is corrupt (\(size) bytes, shorter than its header); rebuilding it")
            rebuild = true
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
        } else if Self.headerCheck(UnsafeRawBufferPointer(rebasing: bytes[..<48])) != u64(48) {
            problem = "is corrupt (its header fails its check)"
        } else if u64(16) != fingerprint {
            problem = "belongs to other fonts or settings"
        } else {
            let slots = u64(24)
            if slots == 0 || slots & (slots - 1) != 0 || slots > UInt64(size) / UInt64(Self.slotSize)
                || UInt64(size) != UInt64(Self.headerSize) + slots * UInt64(Self.slotSize) || u64(32) > slots {
                problem = "is truncated or corrupt (its header does not match its \(size) bytes)"
            } else {
                oldSlots = Int(slots)
                oldEntries = Int(u64(32))
                run = u64(40) + 1
            }
        }
        if let problem {
            cellWarnings.append("\(path) \(problem); rebuilding it")
            rebuild = true
            munmap(p, size)
            return
        }
        old = bytes
        oldFile = fd
        keep = true
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
            if a == key.a && b == key.b {
                guard slotIsWhole(s) else {
                    badSlots.add(1, ordering: .relaxed)
                    return nil
                }
                return value(s)
            }
            s = (s + 1) & mask
        }
    }

    package func block(for key: CellKey) -> MeasuredBlock? { blocks.block(for: key) }

    package func storeBlock(_ block: MeasuredBlock, for key: CellKey) { blocks.store(block, for: key) }

    package func prefetch(_ key: CellKey) {
        guard let old, oldSlots > 0 else { return }
        ys_prefetch(old.baseAddress! + Self.headerSize + (Int(truncatingIfNeeded: key.a) & (oldSlots - 1)) * Self.slotSize)
    }

    /// The check of a slot's first 36 bytes (key, value, run), kept in its last 4.
    static func slotCheck(_ a: UInt64, _ b: UInt64, _ natural: UInt64, _ height: UInt64, run: UInt32) -> UInt32 {
        var h = ByteHash.mix(a ^ 0x5953_4345_4C4C_5332, b)
        h = ByteHash.mix(h ^ natural, height ^ UInt64(run))
        return UInt32(truncatingIfNeeded: h >> 32)
    }

    /// The run-and-check word of a slot.
    static func lastWord(_ a: UInt64, _ b: UInt64, _ natural: UInt64, _ height: UInt64, run: UInt64) -> UInt64 {
        let run = UInt32(truncatingIfNeeded: run)
        return UInt64(run) | UInt64(slotCheck(a, b, natural, height, run: run)) << 32
    }

    private func slotIsWhole(_ s: Int) -> Bool {
        let last = word(s, 4)
        return Self.slotCheck(word(s, 0), word(s, 1), word(s, 2), word(s, 3), run: UInt32(truncatingIfNeeded: last)) == UInt32(last >> 32)
    }

    /// The check of the header's first 48 bytes, kept in the next 8.
    static func headerCheck(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        ByteHash.hash(bytes.baseAddress, count: bytes.count, seed: 0x5953_4345_4C4C_5331)
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
    /// as the limit holds; slots that fail their check are left out (with a warning). Then trims
    /// the folder's other cache files to the limit.
    package func save() throws(CommandError) {
        // Nothing new and nothing damaged met: a file stays as it is (and a run that only read waits for no lock).
        let cellsNeedSave = !added.isEmpty || badSlots.load(ordering: .relaxed) > 0 || rebuild
        guard cellsNeedSave || blocks.needsSave else { return }
        // One run at a time merges into the files: another run may have saved since this one
        // loaded them (shards at once on one folder), and its cells and blocks are taken in, not lost.
        let lock = Self.lock(directory)
        defer { if lock >= 0 { close(lock) } } // (closing releases the lock)
        guard cellsNeedSave else { return try blocks.save() }
        reloadIfReplaced()
        var damaged = 0
        if old != nil {
            for s in 0..<oldSlots where (word(s, 0) != 0 || word(s, 1) != 0) && !slotIsWhole(s) { damaged += 1 }
            if damaged > 0 { cellWarnings.append("\(path) is corrupt (\(damaged) cells failed their check); rebuilding it without them") }
        }
        if damaged == 0, let old, (oldEntries + added.count) * 4 <= oldSlots * 3, Self.headerSize + oldSlots * Self.slotSize <= limitBytes - limitBytes / 8 {
            // Room in the old table: a copy of it (made by the kernel where it can), with this
            // run's cells added in place.
            let output = try openOutput()
            try output.writeMapped(copying: old, from: oldFile) { file in
                let table = UnsafeMutableRawBufferPointer(rebasing: file[Self.headerSize...])
                let stored = oldEntries + insert(added.lazy.map { ($0.0, $0.1, self.run) }, into: table, slots: oldSlots, replacing: true)
                file.copyBytes(from: header(slots: oldSlots, entries: stored))
            }
            return try finish(output)
        }
        var entries: [(key: CellKey, value: CellCacheValue, run: UInt64)] = added.map { ($0.0, $0.1, run) }
        if old != nil {
            var earlier: [(key: CellKey, value: CellCacheValue, run: UInt64)] = []
            for s in 0..<oldSlots where (word(s, 0) != 0 || word(s, 1) != 0) && slotIsWhole(s) {
                earlier.append((CellKey(a: word(s, 0), b: word(s, 1)), value(s), word(s, 4) & 0xFFFF_FFFF))
            }
            // Over the limit, the cells measured longest ago go.
            if entries.count + earlier.count > capacity { earlier.sort { $0.run > $1.run } }
            entries += earlier
        }
        if entries.count > capacity { entries.removeSubrange(capacity...) }
        var slots = 16
        while slots * 3 < entries.count * 4 { slots *= 2 }
        var table = [UInt8](repeating: 0, count: slots * Self.slotSize)
        let stored = table.withUnsafeMutableBytes { insert(entries.lazy.map { ($0.key, $0.value, $0.run) }, into: $0, slots: slots) }
        let output = try openOutput()
        try output.write(header(slots: slots, entries: stored))
        try output.write(table)
        try finish(output)
    }

    /// An exclusive `flock` on the cache folder itself (no file of its own), waited for; -1
    /// when it cannot be had (then the last run to save wins, as without a lock).
    private static func lock(_ folder: String) -> Int32 {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return -1 }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { close(fd); return -1 }
        }
        return fd
    }

    /// Maps the file again when it is no longer the one `load` mapped (another run saved).
    private func reloadIfReplaced() {
        var info = stat()
        guard lstat(path, &info) == 0, FileIdentity(info) != loadedIdentity else { return }
        if let old { munmap(UnsafeMutableRawPointer(mutating: old.baseAddress!), old.count) }
        if oldFile >= 0 { close(oldFile) }
        (old, oldFile, oldSlots, oldEntries, rebuild) = (nil, -1, 0, 0, false)
        let thisRun = run
        load()
        run = max(run, thisRun)
    }

    /// Places entries in a table of `slots` slots; a key already there keeps its first entry
    /// (the newest, as entries come newest first), or with `replacing` takes the new one (the
    /// old table's entries are older). Returns how many new keys were placed.
    private func insert<S: Sequence>(_ entries: S, into t: UnsafeMutableRawBufferPointer, slots: Int, replacing: Bool = false) -> Int
        where S.Element == (CellKey, CellCacheValue, UInt64) {
        var stored = 0
        do {
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
                let natural = value.natural.bitPattern, height = value.height.bitPattern
                let last = Self.lastWord(key.a, key.b, natural, height, run: run)
                let at = s * Self.slotSize
                t.storeBytes(of: key.a.littleEndian, toByteOffset: at, as: UInt64.self)
                t.storeBytes(of: key.b.littleEndian, toByteOffset: at + 8, as: UInt64.self)
                t.storeBytes(of: natural.littleEndian, toByteOffset: at + 16, as: UInt64.self)
                t.storeBytes(of: height.littleEndian, toByteOffset: at + 24, as: UInt64.self)
                t.storeBytes(of: last.littleEndian, toByteOffset: at + 32, as: UInt64.self)
            }
        }
        return stored
    }

    /// The file's header for a table of `slots` slots holding `entries` cells.
    private func header(slots: Int, entries: Int) -> [UInt8] {
        // Magic, version (UInt32) and 4 bytes reserved, then the UInt64 fields and 8 reserved.
        var header = Self.magic
        withUnsafeBytes(of: Self.version.littleEndian) { header += $0 }
        header += [0, 0, 0, 0]
        for v in [fingerprint, UInt64(slots), UInt64(entries), run] {
            withUnsafeBytes(of: v.littleEndian) { header += $0 }
        }
        let check = header.withUnsafeBytes { Self.headerCheck($0) }
        for v in [check, 0] { withUnsafeBytes(of: v.littleEndian) { header += $0 } }
        return header
    }

    /// A new file to take the cache file's place (see `save`).
    private func openOutput() throws(CommandError) -> CommandOutput { try Self.replacement(for: path) }

    /// A new file to take the place of a cache file at `path`, renamed over it by `commit()`.
    static func replacement(for path: String) throws(CommandError) -> CommandOutput {
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
        return output
    }

    private func finish(_ output: CommandOutput) throws(CommandError) {
        try output.commit()
        try blocks.save()
        trimFolder()
    }

    /// Whether the file starts with a cell or block cache's magic.
    private static func isCacheFile(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 8)
        return head.withUnsafeMutableBytes { read(fd, $0.baseAddress, 8) } == 8 && (head == magic || head == BlockCacheFile.magic)
    }

    /// Removes other cache files, oldest first, while the folder's cache files pass the limit.
    private func trimFolder() {
        guard let dir = opendir(directory) else { return }
        var files: [(path: String, size: Int, time: Int)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("cells-") && name.hasSuffix(".ysc") || name.hasPrefix("blocks-") && name.hasSuffix(".ysb") else { continue }
            let full = directory + "/" + name
            guard Self.isCacheFile(full) else { continue } // a user's file of that name stays
            var info = stat()
            guard stat(full, &info) == 0 else { continue }
            files.append((full, Int(info.st_size), Int(info.st_mtim.tv_sec)))
        }
        closedir(dir)
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { $0.time < $1.time }) where total > limitBytes && file.path != path && file.path != blocks.path {
            if unlink(file.path) == 0 { total -= file.size }
        }
    }
}
