#if canImport(Glibc)
import Glibc
#endif
import YardstickFormats

/// A command's input read in chunks, so a table of any length passes through bounded memory:
/// a file or standard input, read 1 MiB at a time, or bytes already in memory. Every chunk is
/// checked against the line limit as it arrives. Not thread-safe.
package final class InputChunks {
    private let file: FileDescriptor?
    private let owned: Bool
    private var memory: [UInt8]
    private var buffer: [UInt8]
    private var line: InputLimits.LineCounter
    /// Bytes handed out so far.
    package private(set) var bytesRead = 0
    /// The input's size when known (a regular file, or bytes in memory).
    package let size: Int?
    package let name: String
    /// The longest line allowed (also the longest CSV field).
    package private(set) var maxLineBytes = InputLimits.lineBytes

    /// Opens `path` (standard input when nil or "-").
    package init(path: String?, maxLineBytes: Int = InputLimits.lineBytes, chunkBytes: Int = 1 << 20) throws(CommandError) {
        if let path, path != "-" { file = try FileDescriptor.open(reading: path); owned = true } else { file = .standardInput; owned = false }
        var info = stat()
        size = fstat(file!.raw, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        name = file!.name
        memory = []
        buffer = [UInt8](repeating: 0, count: chunkBytes)
        line = InputLimits.LineCounter(limit: maxLineBytes)
        self.maxLineBytes = maxLineBytes
    }

    /// Bytes already read (their line lengths already checked), handed out 1 MiB at a time.
    package init(bytes: [UInt8], name: String, maxLineBytes: Int = InputLimits.lineBytes) {
        self.maxLineBytes = maxLineBytes
        file = nil
        owned = false
        memory = bytes
        buffer = []
        size = bytes.count
        self.name = name
        line = InputLimits.LineCounter(limit: Int.max)
    }

    deinit { if owned { file?.close() } }

    /// `body` with the next chunk (never empty); false at the end of the input.
    package func next(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Bool {
        guard let file else {
            guard bytesRead < memory.count else { return false }
            let end = min(memory.count, bytesRead + (1 << 20))
            try memory.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[bytesRead..<end])) }
            bytesRead = end
            return true
        }
        let count = try buffer.withUnsafeMutableBytes { b in try file.read(into: b) }
        guard count > 0 else { return false }
        try buffer.withUnsafeBufferPointer { b in
            let chunk = UnsafeBufferPointer(rebasing: b[0..<count])
            try line.scan(chunk, name: name)
            try body(chunk)
        }
        bytesRead += count
        return true
    }
}
