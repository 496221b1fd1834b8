import Foundation
import YardstickFormats

/// JSON Lines input and output for the commands: one record per line.
///
/// Lines end at `\n`; a `\r` before it is removed and a last line without `\n` still counts.
package enum JSONLines {
    /// Bytes read per system call when streaming.
    package static let blockSize = 1 << 16

    /// The UTF-8 byte-order mark, skipped before the first line.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Splits a whole input into lines (without terminators); a UTF-8 byte-order mark before
    /// the first is skipped. O(bytes).
    package static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.withUnsafeBufferPointer { b in
            var lines: [ArraySlice<UInt8>] = []
            forEachLine(b, in: firstLineStart(b)..<b.count) { lines.append(bytes[$0]) }
            return lines
        }
    }

    /// Where the first line starts: after a UTF-8 byte-order mark, if there is one.
    package static func firstLineStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.starts(with: byteOrderMark) ? 3 : 0
    }

    /// Calls `body` with the range in `bytes` of each line in `range` (without its terminator),
    /// as `lines` splits them, without making the list. O(bytes).
    package static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, _ body: (Range<Int>) throws -> Void) rethrows {
        var start = range.lowerBound
        while start < range.upperBound {
            let found = memchr(bytes.baseAddress! + start, 0x0A, range.upperBound - start)
            guard let found else { return try body(start..<range.upperBound) }
            let newline = UnsafeRawPointer(found) - UnsafeRawPointer(bytes.baseAddress!)
            var end = newline
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            try body(start..<end)
            start = newline + 1
        }
    }

    /// `range` cut into at most `count` pieces of about equal size, each but the last ending just
    /// after a `\n` (so no line is cut), with the line number of each piece's first line.
    package static func pieces(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, count: Int) -> [(range: Range<Int>, firstLine: Int)] {
        var out: [(Range<Int>, Int)] = []
        var start = range.lowerBound, line = 1
        for k in 1..<max(1, count) {
            let goal = max(start, range.lowerBound + range.count * k / count)
            guard goal < range.upperBound, let found = memchr(bytes.baseAddress! + goal, 0x0A, range.upperBound - goal) else { break }
            let end = UnsafeRawPointer(found) - UnsafeRawPointer(bytes.baseAddress!) + 1
            out.append((start..<end, line))
            var at = start
            while let n = memchr(bytes.baseAddress! + at, 0x0A, end - at) {
                line += 1
                at = UnsafeRawPointer(n) - UnsafeRawPointer(bytes.baseAddress!) + 1
            }
            start = end
        }
        out.append((start..<range.upperBound, line))
        return out
    }

    /// Streams `input` to `output`, letting `handleLine` append exactly one output line per input
    /// line (without its newline; one is added), in order. Input is read and output written in
    /// blocks: after every block of input, everything answered so far is written, so a driver
    /// that sends one line and waits for its answer gets it without waiting for end of input.
    /// O(input + output) time, O(block + longest line) memory. Does not commit `output`.
    package static func stream(from input: FileDescriptor, to output: CommandOutput, maxLineBytes: Int = InputLimits.lineBytes,
                               handleLine: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void) throws(CommandError) {
        var counter = InputLimits.LineCounter(limit: maxLineBytes)
        var block = [UInt8](repeating: 0, count: blockSize)
        var pending = [UInt8]()
        var answers = [UInt8]()
        answers.reserveCapacity(blockSize * 2)

        var first = true
        func handle(_ line: UnsafeBufferPointer<UInt8>) {
            var line = line
            if first {
                first = false
                if line.starts(with: byteOrderMark) { line = UnsafeBufferPointer(rebasing: line.dropFirst(3)) }
            }
            if let last = line.last, last == UInt8(ascii: "\r") { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            handleLine(line, &answers)
            answers.append(UInt8(ascii: "\n"))
        }

        while true {
            let count = try block.withUnsafeMutableBytes { buffer in
                Result { () throws(CommandError) in try input.read(into: buffer) }
            }.get()
            if count == 0 { break }
            try block.withUnsafeBufferPointer { b throws(CommandError) in try counter.scan(UnsafeBufferPointer(rebasing: b[0..<count]), name: input.name) }
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
            try output.write(answers)
            answers.removeAll(keepingCapacity: true)
        }
        if !pending.isEmpty { pending.withUnsafeBufferPointer { handle($0) } }
        try output.write(answers)
    }

    /// `stream` from a path (standard input when nil or "-") to a path (standard output when nil
    /// or "-"), committing the output at the end (a file is replaced only then).
    package static func stream(inputPath: String?, outputPath: String?, maxLineBytes: Int = InputLimits.lineBytes,
                               handleLine: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void) throws(CommandError) {
        let input = try inputPath.flatMap { $0 == "-" ? nil : $0 }.map { path throws(CommandError) in try FileDescriptor.open(reading: path) }
        defer { input?.close() }
        let output = try CommandOutput(path: outputPath)
        try stream(from: input ?? .standardInput, to: output, maxLineBytes: maxLineBytes, handleLine: handleLine)
        try output.commit()
    }
}
