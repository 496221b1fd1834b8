#if canImport(Glibc)
import Glibc
#endif

/// Reading a command's input: a file, or standard input when the path is nil or "-".
package enum CommandInput {
    /// All bytes of the input. A missing file, a directory, a closed or unreadable standard
    /// input is a `CommandError` naming it. O(size).
    /// A line longer than `maxLineBytes` is an error naming it, found as the bytes arrive (an
    /// endless line such as /dev/zero's stops there, not when memory runs out).
    package static func read(_ path: String?, maxLineBytes: Int = InputLimits.lineBytes) throws(CommandError) -> [UInt8] {
        guard let path, path != "-" else { return try FileDescriptor.standardInput.readAll(maxLineBytes: maxLineBytes) }
        let file = try FileDescriptor.open(reading: path)
        defer { file.close() }
        return try file.readAll(maxLineBytes: maxLineBytes)
    }
}

/// The limits on what a command reads.
package enum InputLimits {
    /// The longest line of any input (JSON Lines, CSV, configurations, traces), in bytes, unless
    /// `--max-line-bytes` says otherwise: 64 MiB.
    package static let lineBytes = 1 << 26

    /// The machine's physical memory in bytes: the most an input read whole may take. A
    /// heuristic: past it, an allocation fails under Linux's default overcommit, and a failed
    /// allocation ends a Swift program; a cgroup limit or `ulimit -v` may stop a run sooner.
    package static let memoryBytes: Int = {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, size > 0 else { return .max }
        let (bytes, overflow) = pages.multipliedReportingOverflow(by: size)
        return overflow ? .max : bytes
    }()

    /// Throws when reading an input whole would need more than `memoryBytes`.
    package static func checkFits(_ bytes: Int, name: String) throws(CommandError) {
        guard bytes <= memoryBytes else {
            throw CommandError("cannot read \(name): reading it whole needs \(bytes) bytes, more than this machine's memory (\(memoryBytes) bytes)")
        }
    }

    /// Counts the bytes since the last newline across the blocks of a stream.
    package struct LineCounter {
        let limit: Int
        var current = 0
        var number = 1

        package init(limit: Int) { self.limit = limit }

        /// Throws when the line being read passes the limit.
        package mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, name: String) throws(CommandError) {
            var start = 0
            while start < bytes.count {
                guard let base = bytes.baseAddress,
                      let hit = memchr(base + start, 0x0A, bytes.count - start) else {
                    current += bytes.count - start
                    break
                }
                let index = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
                current += index - start
                if current > limit { break }
                current = 0
                number += 1
                start = index + 1
            }
            if current > limit {
                throw CommandError("\(name): line \(number) is longer than \(limit) bytes (--max-line-bytes sets the limit)")
            }
        }
    }
}
