import XCTest
import Foundation
@testable import YardstickCommands

final class ProcessHeapTests: XCTestCase {
    /// The `yardstick` process marks its heap for huge pages at start: while it waits for its
    /// input, a mapping of 64 MiB or more just past the start of its heap has `hg` among its
    /// flags (which the kernel shows whatever the system's huge-page setting). Run in a child
    /// process, so the test's own heap is left alone.
    func testTheCommandMarksItsHeapForHugePages() throws {
        #if os(Linux)
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled"),
                          "no transparent huge pages in this kernel")
        // (A sanitizer's malloc has no glibc settings: the command then runs with 4 KiB pages.)
        try XCTSkipIf(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil, "built with a sanitizer")
        XCTAssertTrue(try runWaitingForInput(addressLimitKiB: nil), "no mapping past the heap's start has the hg flag")
        #else
        throw XCTSkip("Linux only")
        #endif
    }

    /// Under a limit on address space (`ulimit -v`) the heap is left alone: reserving it would
    /// bring the limit closer.
    func testUnderAnAddressSpaceLimitTheHeapIsLeftAlone() throws {
        #if os(Linux)
        XCTAssertFalse(try runWaitingForInput(addressLimitKiB: 8 << 20), "the heap was marked under ulimit -v")
        #else
        throw XCTSkip("Linux only")
        #endif
    }

    /// Runs `yardstick layout` (under `ulimit -v` when given), looks at its mappings while it
    /// waits for its input (up to 5 s until marked, 0.5 s when a limit is set), then gives it one
    /// record and checks its output. Whether its heap was seen marked.
    func runWaitingForInput(addressLimitKiB: Int?) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let limit = addressLimitKiB.map { "ulimit -v \($0) && " } ?? ""
        process.arguments = ["-c", limit + #"exec "$Y" layout --width 100 --threads 1"#]
        process.environment = ["Y": BuiltYardstick.url.path, "PATH": "/usr/bin:/bin"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var marked = false
        for _ in 0..<(addressLimitKiB == nil ? 200 : 20) where !marked {
            marked = try heapIsMarked(pid: process.processIdentifier)
            if !marked { usleep(25_000) }
        }
        try input.fileHandleForWriting.write(contentsOf: Data(#"{"text": "ok"}"#.utf8 + [0x0A]))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(String(decoding: out, as: UTF8.self).hasPrefix(#"{"lines": 1,"#))
        return marked
    }

    /// Whether a mapping of at least 64 MiB starting within 1 GiB past process `pid`'s heap
    /// start (`start_brk`, field 47 of its stat) carries the `hg` flag.
    func heapIsMarked(pid: Int32) throws -> Bool {
        func read(_ path: String) -> String? {
            guard let file = FileHandle(forReadingAtPath: path), let data = try? file.readToEnd() else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
        // (Fields after the command's name, which is in parentheses and may hold spaces.)
        guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return false }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 44, let heapStart = UInt(fields[44]), let smaps = read("/proc/\(pid)/smaps") else { return false }
        var candidate = false
        for line in smaps.split(separator: "\n") {
            if let range = line.split(separator: " ").first, range.contains("-"), line.first?.isHexDigit == true {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                candidate = bounds.count == 2 && bounds[0] >= heapStart && bounds[0] < heapStart + (1 << 30)
                    && bounds[1] - bounds[0] >= 64 << 20
            } else if candidate, line.hasPrefix("VmFlags:"), line.split(separator: " ").contains("hg") {
                return true
            }
        }
        return false
    }
}
