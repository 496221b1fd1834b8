#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes mapped read-only into memory (or a copy of bytes), unmapped when the last
/// reference goes. Reads are little-endian and unaligned-safe.
final class MappedBytes: @unchecked Sendable { // immutable after init
    private let base: UnsafeRawPointer?
    let count: Int
    private let mapped: Bool

    init(path: String) throws(HeightsFileError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) // (a FIFO must not block: it is refused below)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .cannotRead(path: path, reason: "not a regular file") }
        count = Int(info.st_size)
        guard count > 0 else { base = nil; mapped = false; return }
        guard let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        base = UnsafeRawPointer(p)
        mapped = true
    }

    init(copying bytes: [UInt8]) {
        count = bytes.count
        let p = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 8)
        bytes.withUnsafeBytes { if let b = $0.baseAddress { p.copyMemory(from: b, byteCount: bytes.count) } }
        base = UnsafeRawPointer(p)
        mapped = false
    }

    deinit {
        guard let base else { return }
        if mapped { munmap(UnsafeMutableRawPointer(mutating: base), count) } else { base.deallocate() }
    }

    func byte(_ at: Int) -> UInt8 { base!.load(fromByteOffset: at, as: UInt8.self) }
    func uint32(at: Int) -> UInt32 { UInt32(littleEndian: base!.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
    func uint64(at: Int) -> UInt64 { UInt64(littleEndian: base!.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
    func int64(at: Int) -> Int64 { Int64(littleEndian: base!.loadUnaligned(fromByteOffset: at, as: Int64.self)) }

    func crc32(upTo end: Int) -> UInt32 {
        guard let base else { return 0 }
        return CRC32.update(0, UnsafeRawBufferPointer(start: base, count: end))
    }
}
