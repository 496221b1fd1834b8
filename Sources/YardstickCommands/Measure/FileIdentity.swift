#if canImport(Glibc)
import Glibc
#endif

/// Which file a path named when it was read (device, inode, modification time): a cache that
/// read it compares this before saving, to see whether another run has replaced the file since.
struct FileIdentity: Equatable {
    private let device: UInt64
    private let inode: UInt64
    private let seconds: Int64
    private let nanoseconds: Int64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        seconds = Int64(info.st_mtim.tv_sec)
        nanoseconds = Int64(info.st_mtim.tv_nsec)
    }
}
