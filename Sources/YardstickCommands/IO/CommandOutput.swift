import CFileCopy
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import YardstickFonts
import YardstickFormats

/// Where a command's output goes, written so that nothing is damaged:
///
/// - standard output (no path, or `-`): written through;
/// - a path that does not exist yet, or a regular file of the user's with one link: written to
///   a temporary file beside it, flushed to disk and renamed over the path by `commit()`
///   (keeping the file's permissions, without set-user-ID or set-group-ID), so a failed run
///   leaves the old file as it was;
/// - a regular file that must keep its identity (another owner, other hard links) or whose
///   folder cannot take a temporary file, only if the user may write it: written to a staging
///   file (beside it, else in the temporary folder) that `commit()` copies over it with
///   interrupts held off, so a failed or interrupted run leaves it as it was (where no staging
///   file can be made at all, rewritten in place at commit's length);
/// - a file the user may not write: an error, as for the shell;
/// - a character device or FIFO (`/dev/null`, a named pipe): written through, never replaced; a
///   symbolic link: the same rules for the file it points to, the link kept;
/// - a directory or an empty path: an error.
///
/// Extended attributes of a replaced file are not kept. An interrupted run (SIGINT, SIGTERM,
/// SIGHUP) removes its temporary file. Writes are buffered by the caller (whole outputs, or
/// blocks of JSON Lines); each `write` is one or more `write(2)` calls. Not thread-safe.
package final class CommandOutput {
    package let descriptor: FileDescriptor
    private enum State { case open, committed, abandoned }
    private var state = State.open
    /// The temporary file and the path it replaces on commit.
    private var temporary: (path: String, target: String)?
    /// A file that keeps its identity, and the staging file the output goes to until `commit`
    /// copies it over the file.
    private var rewrite: (staging: String, target: FileDescriptor)?
    /// Whether the descriptor is ours to close (not standard output).
    private let owned: Bool
    /// Whether commit cuts the file to what was written (a regular file rewritten in place).
    private let truncates: Bool
    private var written = 0
    /// Whether commit flushes a temporary file to disk before renaming it (off for caches: a
    /// crash may then leave a damaged file, which the reader notices and rebuilds).
    package var isDurable = true

    /// Opens `path` (standard output when nil or "-") as described above.
    package init(path: String?) throws(CommandError) {
        guard let path, path != "-" else { descriptor = .standardOutput; owned = false; truncates = false; return }
        guard !path.isEmpty else { throw CommandError("an output path is empty") }
        owned = true
        var target = path
        var info = stat()
        if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                // A dangling link (or one that cannot be followed here): written through, which
                // creates its target.
                descriptor = try Self.open(path, O_WRONLY | O_CREAT, name: path)
                truncates = true
                return
            }
            target = String(cString: resolved)
            free(resolved)
        }
        let exists = stat(target, &info) == 0
        let kind = info.st_mode & S_IFMT
        if exists && kind == S_IFDIR { throw CommandError("cannot write \(path): it is a directory") }
        if exists && kind != S_IFREG {
            descriptor = try Self.open(target, O_WRONLY, name: path)
            truncates = false
            return
        }
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        if exists { guard access(target, W_OK) == 0 else { throw CommandError("cannot write \(path): \(FileDescriptor.lastErrorText())") } }
        // A file that must keep its identity is never replaced; nor one whose folder takes no new file.
        let keepsIdentity = exists && (info.st_uid != geteuid() || info.st_nlink > 1)
        var template = Array("\(directory).yardstick-XXXXXX".utf8CString)
        let raw = keepsIdentity ? -1 : template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard raw >= 0 else {
            let reason = FileDescriptor.lastErrorText()
            guard exists else { throw CommandError("cannot create \(path): \(reason)") }
            // Staged beside it where the folder takes a file, else in the temporary folder.
            let kept = try Self.keeping(target, name: path, stagingIn: keepsIdentity ? [directory, Self.temporaryFolder] : [Self.temporaryFolder])
            (descriptor, rewrite, truncates) = (kept.descriptor, kept.rewrite, kept.rewrite == nil)
            if let staging = kept.rewrite?.staging { InterruptCleanup.remove(staging) }
            return
        }
        let temporaryPath = String(cString: template)
        // The permissions the file has, or those a new file gets (0666 less the umask).
        let mode: mode_t
        if exists { mode = info.st_mode & 0o777 } else { let mask = umask(0); umask(mask); mode = 0o666 & ~mask }
        fchmod(raw, mode)
        descriptor = FileDescriptor(raw: raw, name: path)
        truncates = false
        temporary = (temporaryPath, target)
        InterruptCleanup.remove(temporaryPath)
    }

    /// A file that keeps its identity, opened for writing (which checks that the user may), and
    /// a staging file in the first of `folders` (each with its slash) that takes one; without
    /// one, the output goes to the file itself.
    private static func keeping(_ target: String, name: String, stagingIn folders: [String]) throws(CommandError)
        -> (descriptor: FileDescriptor, rewrite: (staging: String, target: FileDescriptor)?) {
        let file = try open(target, O_WRONLY, name: name)
        for folder in folders {
            var template = Array("\(folder).yardstick-XXXXXX".utf8CString)
            let raw = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if raw >= 0 { return (FileDescriptor(raw: raw, name: name), (String(cString: template), file)) }
        }
        return (file, nil)
    }

    /// The folder for temporary files (`$TMPDIR`, else /tmp), with its slash.
    private static var temporaryFolder: String {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return folder.hasSuffix("/") ? folder : folder + "/"
    }

    /// Copies `count` staged bytes over a file kept in place, with SIGINT, SIGTERM and SIGHUP
    /// held until the copy is done (an interrupt then ends the run after it, never halfway).
    /// Blocks past the file's end are reserved first, so a full disk fails before a byte of it
    /// changes. Returns what failed, or nil.
    private static func copy(_ staged: Int32, count: Int, over file: Int32, durable: Bool) -> String? {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&held, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var info = stat()
        guard fstat(file, &info) == 0 else { return FileDescriptor.lastErrorText() }
        if count > Int(info.st_size) {
            let error = posix_fallocate(file, info.st_size, off_t(count) - info.st_size)
            if error != 0 { return String(cString: strerror(error)) }
        }
        var from: Int64 = 0, to: Int64 = 0
        while Int(from) < count {
            let n = ys_copy_file_range(staged, &from, file, &to, count - Int(from))
            if n <= 0 { break }
        }
        if Int(from) < count { // (no copy inside the kernel here: through memory)
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            while Int(from) < count {
                let n = buffer.withUnsafeMutableBytes { pread(staged, $0.baseAddress, min($0.count, count - Int(from)), off_t(from)) }
                guard n > 0 else { return n == 0 ? "the staged output ended early" : FileDescriptor.lastErrorText() }
                var done = 0
                while done < n {
                    let m = buffer.withUnsafeBytes { pwrite(file, $0.baseAddress! + done, n - done, off_t(from) + off_t(done)) }
                    guard m > 0 else { return FileDescriptor.lastErrorText() }
                    done += m
                }
                from += Int64(n)
            }
        }
        guard ftruncate(file, off_t(count)) == 0, !durable || fsync(file) == 0 else { return FileDescriptor.lastErrorText() }
        return nil
    }

    private static func open(_ path: String, _ flags: Int32, name: String) throws(CommandError) -> FileDescriptor {
        let raw = FileDescriptor.openRetrying(path, flags | O_CLOEXEC, 0o666)
        guard raw >= 0 else { throw CommandError("cannot open \(name) for writing: \(FileDescriptor.lastErrorText())") }
        return FileDescriptor(raw: raw, name: name)
    }

    package func write(_ bytes: [UInt8]) throws(CommandError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(CommandError) in try write(buffer) } }.get()
    }

    package func write(_ bytes: UnsafeRawBufferPointer) throws(CommandError) {
        guard state == .open else { throw CommandError("cannot write \(descriptor.name): the output was already \(state == .committed ? "finished" : "abandoned")") }
        do { try descriptor.write(bytes) } catch { abandon(); throw error }
        // A temporary file's blocks start for the disk now, while the command computes the
        // next ones: `commit`'s flush then waits for little more than the last block.
        if temporary != nil && isDurable && bytes.count > 0 { _ = ys_start_writeback(descriptor.raw, Int64(written), Int64(bytes.count)) }
        written += bytes.count
    }

    /// Writes `initial.count` bytes by editing a copy of `initial` in place: a new file is sized,
    /// filled with the bytes of `file` by the kernel where it can (`copy_file_range`, else from
    /// `initial`), mapped and handed to `edit`. Other outputs get `initial` edited in memory.
    package func writeMapped(copying initial: UnsafeRawBufferPointer, from file: Int32,
                             _ edit: (UnsafeMutableRawBufferPointer) -> Void) throws(CommandError) {
        guard state == .open else { throw CommandError("cannot write \(descriptor.name): the output was already \(state == .committed ? "finished" : "abandoned")") }
        let count = initial.count
        guard temporary != nil || rewrite != nil, written == 0, count > 0 else {
            var bytes = Array(initial)
            bytes.withUnsafeMutableBytes { edit($0) }
            return try write(bytes)
        }
        let fd = descriptor.raw
        var copied = 0
        if file >= 0 {
            var from: Int64 = 0, to: Int64 = 0
            while copied < count {
                let n = ys_copy_file_range(file, &from, fd, &to, count - copied)
                if n <= 0 { break }
                copied += n
            }
        }
        // Blocks are reserved before the file is mapped: a full disk is an error here, not a
        // SIGBUS when a mapped page is first written.
        if copied != count && (ftruncate(fd, 0) != 0 || posix_fallocate(fd, 0, off_t(count)) != 0) {
            guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else {
                let reason = FileDescriptor.lastErrorText()
                abandon()
                throw CommandError("cannot write \(descriptor.name): \(reason)")
            }
            var bytes = Array(initial)
            bytes.withUnsafeMutableBytes { edit($0) }
            return try write(bytes)
        }
        guard let p = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), p != MAP_FAILED else {
            let reason = FileDescriptor.lastErrorText()
            abandon()
            throw CommandError("cannot write \(descriptor.name): \(reason)")
        }
        let mapped = UnsafeMutableRawBufferPointer(start: p, count: count)
        if copied != count { mapped.copyMemory(from: initial) }
        edit(mapped)
        munmap(p, count)
        written = count
    }

    /// Finishes the output: a temporary file is flushed to disk and renamed over the path; a
    /// file rewritten in place is cut to what was written.
    package func commit() throws(CommandError) {
        guard state == .open else {
            if state == .abandoned { throw CommandError("cannot write \(descriptor.name): the output was abandoned") }
            return
        }
        state = .committed
        guard owned else { return }
        if let temporary {
            self.temporary = nil
            InterruptCleanup.remove(nil)
            let failure: String? = isDurable && fsync(descriptor.raw) != 0 ? "cannot write \(descriptor.name): \(FileDescriptor.lastErrorText())"
                : close(descriptor.raw) != 0 ? "cannot write \(descriptor.name): \(FileDescriptor.lastErrorText())"
                : rename(temporary.path, temporary.target) != 0 ? "cannot replace \(descriptor.name): \(FileDescriptor.lastErrorText())"
                : nil
            if let failure {
                unlink(temporary.path)
                throw CommandError(failure)
            }
            return
        }
        if let rewrite {
            self.rewrite = nil
            let failure = Self.copy(descriptor.raw, count: written, over: rewrite.target.raw, durable: isDurable)
            descriptor.close()
            unlink(rewrite.staging)
            InterruptCleanup.remove(nil)
            let closed = close(rewrite.target.raw) == 0
            if let failure { throw CommandError("cannot write \(descriptor.name): \(failure)") }
            guard closed else { throw CommandError("cannot write \(descriptor.name): \(FileDescriptor.lastErrorText())") }
            return
        }
        if truncates && ftruncate(descriptor.raw, off_t(written)) != 0 {
            let reason = FileDescriptor.lastErrorText()
            descriptor.close()
            throw CommandError("cannot write \(descriptor.name): \(reason)")
        }
        guard close(descriptor.raw) == 0 else { throw CommandError("cannot write \(descriptor.name): \(FileDescriptor.lastErrorText())") }
    }

    /// Gives up: a temporary file is removed and the path keeps what it had.
    package func abandon() {
        guard state == .open else { return }
        state = .abandoned
        guard owned else { return }
        descriptor.close()
        if let temporary {
            unlink(temporary.path)
            self.temporary = nil
            InterruptCleanup.remove(nil)
        }
        if let rewrite { // (the file kept in place is left as it was)
            rewrite.target.close()
            unlink(rewrite.staging)
            self.rewrite = nil
            InterruptCleanup.remove(nil)
        }
    }

    deinit { abandon() }

    /// Refuses to send binary output to a terminal (standard output when `path` is nil or "-").
    package static func checkBinary(to path: String?, what: String = "a heights file") throws(CommandError) {
        if (path == nil || path == "-") && isatty(STDOUT_FILENO) != 0 {
            throw CommandError("\(what) is binary: give --output FILE, or redirect standard output")
        }
    }

    /// Refuses an output path that names one of the files a run reads (the data, a config, a
    /// font, a shard: it would be replaced by the results), however the path spells it (links
    /// and other spellings included: the same device and inode).
    package static func checkNotInput(_ output: String?, inputs: [String?]) throws(CommandError) {
        guard let output, output != "-" else { return }
        var a = stat()
        let exists = stat(output, &a) == 0
        // The folders the output lands in: its own and every one above it. An input folder (a
        // `--font` folder, the bundled fonts) must not hold it.
        let folders = enclosingFolders(of: output)
        for case let input? in inputs + [try? BundledFonts.directory()] where input != "-" {
            var b = stat()
            guard stat(input, &b) == 0 else { continue }
            if (b.st_mode & S_IFMT) == S_IFDIR {
                if folders.contains(where: { $0.device == b.st_dev && $0.inode == b.st_ino }) {
                    throw CommandError("--output \(output) is in the folder \(input), which the run reads (fonts); write the results elsewhere")
                }
            } else if exists, a.st_dev == b.st_dev, a.st_ino == b.st_ino {
                throw CommandError("--output \(output) is the input file \(input); write the results elsewhere")
            }
        }
    }

    /// The device and inode of the folder `path` lands in (of the file a link names, when there
    /// is one) and of each folder above it, up to the root.
    private static func enclosingFolders(of path: String) -> [(device: UInt, inode: UInt)] {
        let resolved = realpath(path, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) } ?? path
        var folder = resolved.lastIndex(of: "/").map { $0 == resolved.startIndex ? "/" : String(resolved[..<$0]) } ?? "."
        var result: [(device: UInt, inode: UInt)] = []
        for _ in 0..<256 { // (a bound on the depth, whatever the path)
            var info = stat()
            guard stat(folder, &info) == 0 else { break }
            if result.contains(where: { $0.device == UInt(info.st_dev) && $0.inode == UInt(info.st_ino) }) { break } // the root
            result.append((UInt(info.st_dev), UInt(info.st_ino)))
            folder += "/.."
        }
        return result
    }

    /// Refuses an output path in the `--cache` folder (however the path spells it): the run
    /// rewrites and evicts the files there, and would take the output for a damaged cache.
    package static func checkNotInCache(_ output: String?, cache: String?) throws(CommandError) {
        guard let output, output != "-", let cache else { return }
        let (file, folder) = (standardized(output), standardized(cache))
        if file == folder { // (neither may exist yet)
            throw CommandError("--output \(output) is the --cache folder; write the results elsewhere")
        }
        let parentOfFile = file.lastIndex(of: "/").map { $0 == file.startIndex ? "/" : String(file[..<$0]) } ?? "/"
        if parentOfFile == folder { // (the folder may not exist yet: the run makes it)
            throw CommandError("--output \(output) is in the --cache folder \(cache), whose files the run rewrites; write the results elsewhere")
        }
        // The folder the output lands in (of the file a link names, when there is one).
        let resolved = realpath(output, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) } ?? output
        let parent = resolved.lastIndex(of: "/").map { $0 == resolved.startIndex ? "/" : String(resolved[..<$0]) } ?? "."
        var a = stat(), b = stat()
        guard stat(parent, &a) == 0, stat(cache, &b) == 0, a.st_dev == b.st_dev, a.st_ino == b.st_ino else { return }
        throw CommandError("--output \(output) is in the --cache folder \(cache), whose files the run rewrites; write the results elsewhere")
    }

    /// An absolute path without `.`, `..` or repeated slashes (links not followed).
    private static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        var cwd = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let here = getcwd(&cwd, cwd.count) != nil ? String(cString: cwd) : "."
        let absolute = path.hasPrefix("/") ? path : here + "/" + path
        for part in absolute.split(separator: "/") where part != "." && !part.isEmpty {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Writes a whole output at once and commits it.
    package static func write(_ bytes: [UInt8], to path: String?) throws(CommandError) {
        let output = try CommandOutput(path: path)
        try output.write(bytes)
        try output.commit()
    }
}

/// Removes the temporary output file when the process is interrupted (SIGINT, SIGTERM, SIGHUP),
/// then lets the signal end it as it would have.
enum InterruptCleanup {
    /// The file to remove, as a C string the handler can use (async-signal-safe: `unlink` only).
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var installed = false

    /// Sets the file to remove on interruption (nil: none).
    static func remove(_ newPath: String?) {
        if !installed {
            installed = true
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                signal(signalNumber) { received in
                    if let file = InterruptCleanup.path { unlink(file) }
                    signal(received, SIG_DFL)
                    raise(received)
                }
            }
        }
        let old = path
        path = newPath.map { strdup($0) }
        free(old)
    }
}
