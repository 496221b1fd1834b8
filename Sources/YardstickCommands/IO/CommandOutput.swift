#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command's output goes, written so that nothing is damaged:
///
/// - standard output (no path, or `-`): written through;
/// - a regular file, or a path that does not exist yet: written to a temporary file beside it,
///   which `commit()` renames over the path (keeping an existing file's permissions), so a
///   failed run leaves the old file as it was;
/// - a character device, FIFO or socket (`/dev/null`, a named pipe): written through, never
///   replaced; a symbolic link: the same rules for the file it points to, the link kept;
/// - a directory: an error.
///
/// Writes are buffered by the caller (whole outputs, or blocks of JSON Lines); each `write` is
/// one or more `write(2)` calls. Not thread-safe.
package final class CommandOutput {
    package let descriptor: FileDescriptor
    /// The temporary file and the path it replaces on commit (regular files only).
    private var pending: (temporary: String, target: String)?
    private var closes = false

    /// Opens `path` (standard output when nil or "-") as described above.
    package init(path: String?) throws(CommandError) {
        guard let path, path != "-" else { descriptor = .standardOutput; return }
        var target = path
        var info = stat()
        if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK {
            // Write to what the link points to; a dangling link's target is created through it.
            if let resolved = realpath(path, nil) { target = String(cString: resolved); free(resolved) }
        }
        let exists = stat(target, &info) == 0
        let kind = info.st_mode & S_IFMT
        if exists && kind == S_IFDIR { throw CommandError("cannot write \(path): it is a directory") }
        closes = true
        if exists && kind != S_IFREG {
            let raw = FileDescriptor.openRetrying(target, O_WRONLY | O_CLOEXEC, 0)
            guard raw >= 0 else { throw CommandError("cannot open \(path) for writing: \(FileDescriptor.lastErrorText())") }
            descriptor = FileDescriptor(raw: raw, name: path)
            return
        }
        if !exists && lstat(path, &info) == 0 {
            // A dangling symbolic link: create its target through it.
            let raw = FileDescriptor.openRetrying(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard raw >= 0 else { throw CommandError("cannot open \(path) for writing: \(FileDescriptor.lastErrorText())") }
            descriptor = FileDescriptor(raw: raw, name: path)
            return
        }
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array("\(directory).\(base).yardstick-XXXXXX".utf8CString)
        let raw = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard raw >= 0 else { throw CommandError("cannot write \(path): \(FileDescriptor.lastErrorText())") }
        let temporary = String(cString: template)
        // The permissions the file has, or those a new file gets (0666 less the umask).
        let mode: mode_t
        if exists { mode = info.st_mode & 0o7777 } else { let mask = umask(0); umask(mask); mode = 0o666 & ~mask }
        fchmod(raw, mode)
        descriptor = FileDescriptor(raw: raw, name: path)
        pending = (temporary, target)
    }

    package func write(_ bytes: [UInt8]) throws(CommandError) {
        do { try descriptor.write(bytes) } catch { abandon(); throw error }
    }

    package func write(_ bytes: UnsafeRawBufferPointer) throws(CommandError) {
        do { try descriptor.write(bytes) } catch { abandon(); throw error }
    }

    /// Finishes the output: closes the file and, for a regular file, renames the temporary
    /// file over the path.
    package func commit() throws(CommandError) {
        guard closes else { return }
        closes = false
        if let pending {
            self.pending = nil
            guard close(descriptor.raw) == 0 else {
                let reason = FileDescriptor.lastErrorText()
                unlink(pending.temporary)
                throw CommandError("cannot write \(descriptor.name): \(reason)")
            }
            guard rename(pending.temporary, pending.target) == 0 else {
                let reason = FileDescriptor.lastErrorText()
                unlink(pending.temporary)
                throw CommandError("cannot replace \(descriptor.name): \(reason)")
            }
        } else {
            descriptor.close()
        }
    }

    /// Gives up: the temporary file is removed and the path keeps what it had.
    package func abandon() {
        guard closes else { return }
        closes = false
        descriptor.close()
        if let pending { unlink(pending.temporary); self.pending = nil }
    }

    deinit { abandon() }

    /// Writes a whole output at once and commits it.
    package static func write(_ bytes: [UInt8], to path: String?) throws(CommandError) {
        let output = try CommandOutput(path: path)
        try output.write(bytes)
        try output.commit()
    }
}
