import Foundation
import XCTest

/// The `yardstick` executable built beside the test bundle (in its folder on Linux, beside the
/// `.xctest` bundle on macOS), run as users run it.
enum BuiltYardstick {
    private final class Anchor {}

    static var url: URL {
        let bundle = Bundle(for: Anchor.self).bundleURL
        let beside = bundle.appendingPathComponent("yardstick")
        return FileManager.default.isExecutableFile(atPath: beside.path) ? beside : bundle.deletingLastPathComponent().appendingPathComponent("yardstick")
    }

    /// Runs it to its end: exit status, standard output and standard error. `input` is written
    /// to a pipe before it starts (keep it under 64 KB); `inputFile` is opened as standard input.
    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil,
                    inputFile: String? = nil) throws -> (status: Int32, out: String, err: String) {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: url.path), "build the yardstick product first: \(url.path)")
        let p = Process()
        p.executableURL = url
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let input {
            let pipe = Pipe()
            p.standardInput = pipe
            try pipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try pipe.fileHandleForWriting.close()
        } else if let inputFile {
            p.standardInput = FileHandle(forReadingAtPath: inputFile)
        }
        return try finish(p)
    }

    /// Runs a shell command line with `$Y` the executable and `$D` `folder`: exit status,
    /// standard output and standard error.
    static func shell(_ script: String, folder: URL) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        p.environment = ["Y": url.path, "D": folder.path, "PATH": "/usr/bin:/bin"]
        return try finish(p)
    }

    /// Starts `p` with its output and error piped, and waits for its end.
    private static func finish(_ p: Process) throws -> (status: Int32, out: String, err: String) {
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}
