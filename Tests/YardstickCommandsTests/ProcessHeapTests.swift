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
        let process = Process()
        process.executableURL = BuiltYardstick.url
        process.arguments = ["layout", "--width", "100", "--threads", "1"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var marked = false
        for _ in 0..<200 where !marked {
            marked = try heapIsMarked(pid: process.processIdentifier)
            if !marked { usleep(25_000) }
        }
        try input.fileHandleForWriting.write(contentsOf: Data(#"{"text": "ok"}"#.utf8 + [0x0A]))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertTrue(marked, "no mapping past the heap's start has the hg flag")
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(String(decoding: out, as: UTF8.self).hasPrefix(#"{"lines": 1,"#))
        #else
        throw XCTSkip("Linux only")
        #endif
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
