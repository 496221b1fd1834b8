import CFileCopy
import Foundation
import XCTest
@testable import YardstickCommands
@testable import YardstickFormats

/// Outputs never damage what they write over: regular files replaced atomically (or not at all
/// when the run fails), devices, FIFOs and symbolic links written through, directories refused;
/// and failed reads and writes of the standard streams are errors, not traps (the executable).
final class CommandOutputTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("yardstick-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func contents(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    func attributes(_ name: String) throws -> [FileAttributeKey: Any] { try FileManager.default.attributesOfItem(atPath: path(name)) }

    func testARegularFileIsReplacedOnCommitKeepingItsPermissions() throws {
        try "old".write(toFile: path("out.txt"), atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path("out.txt"))
        let output = try CommandOutput(path: path("out.txt"))
        try output.write(Array("new".utf8))
        XCTAssertEqual(try contents("out.txt"), "old", "nothing replaced before commit")
        try output.commit()
        XCTAssertEqual(try contents("out.txt"), "new")
        XCTAssertEqual(try attributes("out.txt")[.posixPermissions] as? Int, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["out.txt"], "no temporary file left")
    }

    /// Blocks sent to the disk as they are written (before commit's flush) arrive whole and in
    /// order, and the old file stays until commit.
    func testBlocksWrittenBackEarlyAreAllInTheCommittedFile() throws {
        try "old".write(toFile: path("out.bin"), atomically: false, encoding: .utf8)
        let output = try CommandOutput(path: path("out.bin"))
        var expected: [UInt8] = []
        for k in 0..<5 {
            let block = (0..<(300_000 + 4_097 * k)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ k) }
            try output.write(block)
            expected += block
        }
        XCTAssertEqual(try contents("out.bin"), "old")
        try output.commit()
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path("out.bin")))), expected)
        // (The wrapper reaches the kernel: on Linux it starts a write-back of a regular file.)
        let fd = open(path("out.bin"), O_WRONLY)
        defer { close(fd) }
        XCTAssertEqual(ys_start_writeback(fd, 0, Int64(expected.count)), 0)
    }

    func testAnAbandonedOutputLeavesTheOldFileAndNoTemporaryFile() throws {
        try "old".write(toFile: path("out.txt"), atomically: false, encoding: .utf8)
        do {
            let output = try CommandOutput(path: path("out.txt"))
            try output.write(Array("half".utf8))
        }
        XCTAssertEqual(try contents("out.txt"), "old")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["out.txt"])
    }

    func testASymbolicLinkIsKeptAndItsTargetWritten() throws {
        try "old".write(toFile: path("target.txt"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path("link.txt"), withDestinationPath: "target.txt")
        try CommandOutput.write(Array("new".utf8), to: path("link.txt"))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.txt")), "target.txt")
        XCTAssertEqual(try contents("target.txt"), "new")
        // A dangling link: its target is created through it.
        try FileManager.default.createSymbolicLink(atPath: path("dangling"), withDestinationPath: "created.txt")
        try CommandOutput.write(Array("made".utf8), to: path("dangling"))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("dangling")), "created.txt")
        XCTAssertEqual(try contents("created.txt"), "made")
    }

    func testAFIFOIsWrittenThroughNotReplaced() throws {
        XCTAssertEqual(mkfifo(path("fifo"), 0o600), 0)
        let received = LockedText()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            // read(2) until the writer closes (Foundation's file reading stops at the size, 0).
            if let file = try? FileDescriptor.open(reading: self.path("fifo")) {
                received.value = String(decoding: (try? file.readAll()) ?? [], as: UTF8.self)
                file.close()
            }
            done.signal()
        }
        try CommandOutput.write(Array("through".utf8), to: path("fifo"))
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(received.value, "through")
        var info = stat()
        XCTAssertEqual(lstat(path("fifo"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
    }

    func testADirectoryOrAMissingInputIsAClearError() throws {
        XCTAssertThrowsError(try CommandOutput(path: directory.path)) { XCTAssertTrue("\($0)".contains("is a directory"), "\($0)") }
        XCTAssertThrowsError(try CommandInput.read(directory.path)) { XCTAssertTrue("\($0)".contains("is a directory"), "\($0)") }
        XCTAssertThrowsError(try CommandInput.read(path("missing"))) { XCTAssertEqual("\($0)", "no such file: \(path("missing"))") }
    }

    func testAFileThatMustKeepItsIdentityIsRewrittenInPlace() throws {
        // Another hard link: both names see the new text.
        try "old text".write(toFile: path("one.txt"), atomically: false, encoding: .utf8)
        XCTAssertEqual(link(path("one.txt"), path("two.txt")), 0)
        try CommandOutput.write(Array("new".utf8), to: path("one.txt"))
        XCTAssertEqual(try contents("two.txt"), "new", "written in place, cut to what was written")
        // Set-user-ID and set-group-ID are not carried to a replaced file.
        try "x".write(toFile: path("setuid.txt"), atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(path("setuid.txt"), 0o6754), 0)
        try CommandOutput.write(Array("y".utf8), to: path("setuid.txt"))
        XCTAssertEqual(try attributes("setuid.txt")[.posixPermissions] as? Int, 0o754)
        // Another owner's file keeps its owner (only root can try this).
        if geteuid() == 0 {
            try "theirs".write(toFile: path("theirs.txt"), atomically: false, encoding: .utf8)
            XCTAssertEqual(chown(path("theirs.txt"), 65534, 65534), 0)
            try CommandOutput.write(Array("mine".utf8), to: path("theirs.txt"))
            XCTAssertEqual(try attributes("theirs.txt")[.ownerAccountID] as? Int, 65534)
            XCTAssertEqual(try contents("theirs.txt"), "mine")
        }
        XCTAssertThrowsError(try CommandOutput(path: "")) { XCTAssertEqual("\($0)", "an output path is empty") }
    }

    /// A file kept in place is not touched before commit: a run that fails leaves it (and its
    /// other names) as it was, and no staging file stays behind.
    func testAFileKeptInPlaceIsUntouchedUntilCommit() throws {
        try "old text".write(toFile: path("one.txt"), atomically: false, encoding: .utf8)
        XCTAssertEqual(link(path("one.txt"), path("two.txt")), 0)
        do {
            let output = try CommandOutput(path: path("one.txt"))
            try output.write(Array("new, longer than the old text".utf8))
            XCTAssertEqual(try contents("two.txt"), "old text", "nothing written over it before commit")
            output.abandon()
        }
        XCTAssertEqual(try contents("one.txt"), "old text")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["one.txt", "two.txt"])
        let output = try CommandOutput(path: path("one.txt"))
        for block in ["new, ", "in ", "three blocks"] { try output.write(Array(block.utf8)) }
        try output.commit()
        XCTAssertEqual(try contents("two.txt"), "new, in three blocks")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["one.txt", "two.txt"])
    }

    /// An output in the `--cache` folder is refused, however the path reaches it.
    func testAnOutputInTheCacheFolderIsRefused() throws {
        let cache = path("cache")
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        XCTAssertEqual(symlink(cache, path("link")), 0)
        for output in [cache + "/out.csv", path("link") + "/out.csv", cache + "/./x.bin"] {
            XCTAssertThrowsError(try CommandOutput.checkNotInCache(output, cache: cache), output) {
                XCTAssertTrue("\($0)".contains("is in the --cache folder"), "\($0)")
            }
        }
        try "x".write(toFile: cache + "/cells.ysc", atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink(cache + "/cells.ysc", path("cells-link")), 0)
        XCTAssertThrowsError(try CommandOutput.checkNotInCache(path("cells-link"), cache: cache))
        XCTAssertNoThrow(try CommandOutput.checkNotInCache(path("out.csv"), cache: cache))
        XCTAssertNoThrow(try CommandOutput.checkNotInCache(cache + "/sub/out.csv", cache: cache))
        // A cache folder the run will make: its files are known by their place.
        XCTAssertThrowsError(try CommandOutput.checkNotInCache(path("new-cache") + "/cells-1.ysc", cache: path("new-cache")))
        XCTAssertNoThrow(try CommandOutput.checkNotInCache(path("new-cache") + "/sub/out.csv", cache: path("new-cache")))
        XCTAssertNoThrow(try CommandOutput.checkNotInCache(nil, cache: cache))
        XCTAssertNoThrow(try CommandOutput.checkNotInCache(path("out.csv"), cache: nil))
    }

    func testWritesAfterAbandoningAreErrors() throws {
        let output = try CommandOutput(path: path("out.txt"))
        output.abandon()
        XCTAssertThrowsError(try output.write(Array("late".utf8)))
        XCTAssertThrowsError(try output.commit())
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.txt")))
    }

    // MARK: - The executable with closed or full standard streams

    var executable: String { BuiltYardstick.url.path }

    /// Runs a shell command line with `$Y` the executable; returns the status and standard error.
    func shell(_ script: String) throws -> (status: Int32, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        p.environment = ["Y": executable, "D": directory.path, "PATH": "/usr/bin:/bin"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    func testClosedOrFullStandardStreamsAreErrorsNotTraps() throws {
        try #"{"text":"a","width":9}"#.write(toFile: path("in.jsonl"), atomically: false, encoding: .utf8)
        var cases: [(String, String)] = [
            (#"exec 0<&-; "$Y" layout --width 100"#, "yardstick: error: cannot read standard input: Bad file descriptor"),
            (#"exec 0<&-; "$Y" measure - --max-column-width 100"#, "yardstick: error: cannot read standard input: Bad file descriptor"),
            (#""$Y" layout --input "$D/in.jsonl" >/dev/full"#, "yardstick: error: cannot write standard output: No space left on device"),
            (#"exec 1>&-; "$Y" layout --input "$D/in.jsonl""#, "yardstick: error: cannot write standard output: Bad file descriptor"),
            (#"echo '{"op":"total"}' | "$Y" offsets >/dev/full"#, "yardstick: error: cannot write standard output: No space left on device"),
        ]
        // Standard input closed: the temporary output file must not be taken for it.
        try "keep".write(toFile: path("keep.txt"), atomically: false, encoding: .utf8)
        cases.append((#"exec 0<&-; "$Y" offsets --output "$D/keep.txt""#, "yardstick: error: cannot read standard input: Bad file descriptor"))
        // The summary after the data went to a file: its failed write is an error too.
        try "Name\nAda\n".write(toFile: path("t.csv"), atomically: false, encoding: .utf8)
        cases.append((#""$Y" measure "$D/t.csv" --max-column-width 100 --output "$D/t-out.csv" >/dev/full"#,
                      "yardstick: error: cannot write standard output: No space left on device"))
        for (script, message) in cases {
            let r = try shell(script)
            XCTAssertEqual(r.status, 1, script)
            XCTAssertEqual(r.err, message + "\n", script)
        }
        // A closed pipe with SIGPIPE ignored: a quiet exit with the signal's status.
        let lines = (0..<50_000).map { #"{"text":"word \#($0) and more","width":90}"# }.joined(separator: "\n")
        try lines.write(toFile: path("big.jsonl"), atomically: false, encoding: .utf8)
        let r = try shell(#"trap '' PIPE; { "$Y" layout --input "$D/big.jsonl"; echo $? > "$D/status"; } | head -c1 >/dev/null"#)
        XCTAssertEqual(r.err, "")
        XCTAssertEqual(try contents("status"), "141\n")
        XCTAssertEqual(try contents("keep.txt"), "keep")
    }

    func testAnInterruptedRunLeavesNoTemporaryFile() throws {
        let r = try shell(#"sleep 3 | timeout -s INT 1 "$Y" offsets --output "$D/res.txt"; exit 0"#)
        XCTAssertEqual(r.err, "")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("yardstick-") }, [])
    }

    /// An interrupt while the answers stream out leaves a hard-linked output as it was.
    func testAnInterruptedRunLeavesAFileKeptInPlaceAsItWas() throws {
        try "old\n".write(toFile: path("kept.txt"), atomically: false, encoding: .utf8)
        XCTAssertEqual(link(path("kept.txt"), path("other.txt")), 0)
        let r = try shell(#"{ i=0; while [ $i -lt 20000 ]; do echo '{"op":"total"}'; i=$((i+1)); done; sleep 2; } | timeout -s INT 1 "$Y" offsets --output "$D/kept.txt"; exit 0"#)
        XCTAssertEqual(r.err, "")
        XCTAssertEqual(try contents("kept.txt"), "old\n")
        XCTAssertEqual(try contents("other.txt"), "old\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("yardstick-") }, [])
    }

    func testAByteOrderMarkBeforeTheFirstTraceLineIsSkipped() throws {
        try ("\u{FEFF}" + #"{"op":"total"}"# + "\n").write(toFile: path("trace.jsonl"), atomically: false, encoding: .utf8)
        let r = try shell(#""$Y" offsets --input "$D/trace.jsonl" --output "$D/answers.jsonl""#)
        XCTAssertEqual(r.status, 0, r.err)
        let answers = try contents("answers.jsonl")
        XCTAssertFalse(answers.contains("error"), answers)
    }
}

/// Text set on one thread and read on another.
private final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    var value: String {
        get { lock.lock(); defer { lock.unlock() }; return text }
        set { lock.lock(); text = newValue; lock.unlock() }
    }
}
