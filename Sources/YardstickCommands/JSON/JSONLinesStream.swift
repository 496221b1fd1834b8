#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a JSON Lines stream could not be read or written (not a problem with a line's content,
/// which the line handler answers in its output).
package struct JSONLinesStreamError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String

    package init(message: String) { self.message = message }

    package var description: String { message }
}

/// Runs a JSON Lines command: reads input line by line and lets a handler append exactly one
/// output line per input line, in order.
///
/// Lines end at `\n`; a trailing `\r` is removed and a last line without `\n` still counts. The
/// handler gets each line's bytes (without the terminator) and appends its answer (without a
/// newline; one is added). Input is read in blocks and output written in blocks: after every
/// block of input has been handled, everything answered so far is written, so a driver that
/// sends one line and waits for its answer gets it without waiting for end of input. Uses the
/// C library's file descriptors (no Foundation). O(input + output) time, O(block + longest
/// line) memory.
package enum JSONLinesStream {
    /// Bytes read per system call.
    package static let blockSize = 1 << 16

    /// Streams from `inputPath` (standard input when nil) to `outputPath` (standard output when
    /// nil; created or truncated otherwise).
    package static func run(inputPath: String?, outputPath: String?,
                           handleLine: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void) throws(JSONLinesStreamError) {
        let input = try inputPath.map { path throws(JSONLinesStreamError) in try openFile(path, flags: O_RDONLY, role: "input") } ?? STDIN_FILENO
        defer { if inputPath != nil { close(input) } }
        let output = try outputPath.map { path throws(JSONLinesStreamError) in
            try openFile(path, flags: O_WRONLY | O_CREAT | O_TRUNC, role: "output")
        } ?? STDOUT_FILENO
        defer { if outputPath != nil { close(output) } }
        try run(inputDescriptor: input, outputDescriptor: output, handleLine: handleLine)
    }

    /// Streams between two open file descriptors, which it does not close.
    package static func run(inputDescriptor: Int32, outputDescriptor: Int32,
                           handleLine: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void) throws(JSONLinesStreamError) {
        var block = [UInt8](repeating: 0, count: blockSize)
        var pending = [UInt8]()
        var output = [UInt8]()
        output.reserveCapacity(blockSize * 2)

        func handle(_ line: UnsafeBufferPointer<UInt8>) {
            var line = line
            if let last = line.last, last == UInt8(ascii: "\r") { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            handleLine(line, &output)
            output.append(UInt8(ascii: "\n"))
        }

        while true {
            let count = try block.withUnsafeMutableBytes { buffer in
                Result { () throws(JSONLinesStreamError) in try readSome(inputDescriptor, into: buffer) }
            }.get()
            if count == 0 { break }
            block.withUnsafeBufferPointer { buffer in
                var lineStart = 0
                for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
                    if pending.isEmpty {
                        handle(UnsafeBufferPointer(rebasing: buffer[lineStart..<index]))
                    } else {
                        pending.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[lineStart..<index]))
                        pending.withUnsafeBufferPointer { handle($0) }
                        pending.removeAll(keepingCapacity: true)
                    }
                    lineStart = index + 1
                }
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[lineStart..<count]))
            }
            try writeAll(outputDescriptor, &output)
        }
        if !pending.isEmpty { pending.withUnsafeBufferPointer { handle($0) } }
        try writeAll(outputDescriptor, &output)
    }

    private static func openFile(_ path: String, flags: Int32, role: String) throws(JSONLinesStreamError) -> Int32 {
        let descriptor = open(path, flags | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw JSONLinesStreamError(message: "cannot open \(role) file '\(path)': \(lastErrorText())") }
        return descriptor
    }

    private static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(JSONLinesStreamError) -> Int {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw JSONLinesStreamError(message: "cannot read input: \(lastErrorText())")
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: inout [UInt8]) throws(JSONLinesStreamError) {
        var failure: JSONLinesStreamError?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    failure = JSONLinesStreamError(message: "cannot write output: \(lastErrorText())")
                    return
                }
            }
        }
        bytes.removeAll(keepingCapacity: true)
        if let failure { throw failure }
    }

    private static func lastErrorText() -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text)
    }
}
