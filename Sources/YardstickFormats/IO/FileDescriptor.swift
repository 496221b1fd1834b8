#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open POSIX file descriptor and the name its errors use ("standard input", a path): the
/// one place the commands call `read` and `write`. Every failure is a `CommandError` that says
/// what could not be read or written and why (`strerror`), never a trap; a write to a closed
/// pipe is `CommandError.brokenPipe`, which the CLI ends quietly on.
package struct FileDescriptor {
    package let raw: Int32
    package let name: String

    package static let standardInput = FileDescriptor(raw: STDIN_FILENO, name: "standard input")
    package static let standardOutput = FileDescriptor(raw: STDOUT_FILENO, name: "standard output")

    /// Which of descriptors 0, 1 and 2 were closed when the process started (bit n: descriptor n).
    nonisolated(unsafe) private static var closedAtStart: UInt8 = 0

    /// Call first thing: a standard stream the process was started without is held open on
    /// /dev/null, so no file the command opens gets its number (a temporary output file taken
    /// for "standard input" would be read, then renamed over the output), and reading or
    /// writing it stays the error it should be ("Bad file descriptor").
    package static func reserveStandardStreams() {
        for raw: Int32 in 0...2 where fcntl(raw, F_GETFD) == -1 && errno == EBADF {
            closedAtStart |= 1 << UInt8(raw)
            let null = systemOpen("/dev/null", raw == 0 ? O_RDONLY : O_WRONLY, 0)
            if null >= 0 && null != raw { _ = dup2(null, raw); _ = systemClose(null) }
        }
    }

    private var wasClosedAtStart: Bool { raw <= 2 && raw >= 0 && Self.closedAtStart & (1 << UInt8(raw)) != 0 }

    package init(raw: Int32, name: String) {
        self.raw = raw
        self.name = name
    }

    /// Opens a file for reading; a directory is an error.
    package static func open(reading path: String) throws(CommandError) -> FileDescriptor {
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { throw CommandError("cannot read \(path): it is a directory") }
        let raw = Self.openRetrying(path, O_RDONLY | O_CLOEXEC, 0)
        guard raw >= 0 else {
            throw CommandError(errno == ENOENT ? "no such file: \(path)" : "cannot open \(path): \(Self.lastErrorText())")
        }
        return FileDescriptor(raw: raw, name: path)
    }

    package static func openRetrying(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        while true {
            let raw = systemOpen(path, flags, mode)
            if raw >= 0 || errno != EINTR { return raw }
        }
    }

    package func close() { _ = systemClose(raw) }

    /// Reads up to `buffer.count` bytes; 0 at end of input.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(CommandError) -> Int {
        if wasClosedAtStart { errno = EBADF; throw CommandError("cannot read \(name): \(Self.lastErrorText())") }
        while true {
            let count = systemRead(raw, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw CommandError("cannot read \(name): \(Self.lastErrorText())")
        }
    }

    /// Everything up to end of input. O(size) time and memory.
    package func readAll(maxLineBytes: Int = InputLimits.lineBytes) throws(CommandError) -> [UInt8] {
        var bytes: [UInt8] = []
        var line = InputLimits.LineCounter(limit: maxLineBytes)
        var info = stat()
        if fstat(raw, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0 {
            // A file's bytes go straight into the array (one copy, no block between), a MiB at
            // a time so that an over-long line stops the read early.
            let size = Int(info.st_size)
            try InputLimits.checkFits(size + 1, name: name)
            var failure: CommandError?
            bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
                count = 0
                while count < size {
                    let piece = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[count..<min(size, count + (1 << 20))])
                    do throws(CommandError) {
                        let n = try read(into: piece)
                        if n == 0 { return }
                        try line.scan(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(buffer)[count..<count + n]), name: name)
                        count += n
                    } catch { failure = error; return }
                }
            }
            if let failure { throw failure }
            if bytes.count < size { return bytes } // (the file shrank: its end was reached)
        }
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try block.withUnsafeMutableBytes { buffer in
                Result { () throws(CommandError) in try read(into: buffer) }
            }.get()
            if count == 0 { return bytes }
            try block.withUnsafeBufferPointer { b throws(CommandError) in try line.scan(UnsafeBufferPointer(rebasing: b[0..<count]), name: name) }
            // The array grows here rather than by itself, so that a growth past memory is an
            // error instead of a failed allocation.
            if bytes.count + count > bytes.capacity {
                let want = max(bytes.count + count, min(2 * bytes.capacity, InputLimits.memoryBytes))
                try InputLimits.checkFits(want, name: name)
                bytes.reserveCapacity(want)
            }
            bytes.append(contentsOf: block[0..<count])
        }
    }

    /// Writes all of `bytes`, retrying short writes.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(CommandError) {
        if wasClosedAtStart { errno = EBADF; throw CommandError("cannot write \(name): \(Self.lastErrorText())") }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(raw, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && errno == EPIPE { throw CommandError.brokenPipe }
            throw CommandError("cannot write \(name): \(written == 0 ? "nothing written" : Self.lastErrorText())")
        }
    }

    package func write(_ bytes: [UInt8]) throws(CommandError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(CommandError) in try write(buffer) } }.get()
    }

    package static func lastErrorText() -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text)
    }
}

// The C library's calls, named so the methods above do not shadow them.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
