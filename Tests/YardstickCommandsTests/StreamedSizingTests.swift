import Foundation
import XCTest
import YardstickTable
@testable import YardstickCommands
@testable import YardstickFormats

/// `measure --config` on a CSV file without grouping, read in blocks (`StreamedSizing`) and with
/// `--cache` (`SizingCache`), against the built executable.
final class StreamedSizingTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("yardstick-streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    func write(_ text: String, _ name: String) throws -> String {
        try text.write(to: file(name), atomically: true, encoding: .utf8)
        return file(name).path
    }

    func run(_ arguments: [String], inputFile: String? = nil) throws -> (status: Int32, out: String, err: String) {
        try BuiltYardstick.run(arguments, inputFile: inputFile)
    }

    /// 17,000 rows (two blocks): repeated names, notes in several scripts, a few short rows, a
    /// height column with some values.
    let table: String = {
        var table = "Name,Status,Notes,H\n"
        let notes = ["Leave at the door", "已发货，请查收", "تم التسليم إلى الجار", "A longer note that certainly wraps in a narrow column, twice or more"]
        for i in 0..<17_000 {
            let h = i % 97 == 0 ? "33.5" : ""
            table += i % 1_001 == 5 ? "Short \(i)\n" : "P\(i % 41),S\(i % 3),\"\(notes[i % 4]) #\(i)\",\(h)\n"
        }
        return table
    }()

    /// What the whole table laid out at once (`TableLayout` over every row, in this process)
    /// writes: the reference the block passes must match.
    func wholeTable(_ csvPath: String, config: String, format: SizingJob.Format) throws -> Data {
        let configuration = Array(config.utf8)
        let sizing = try SizingConfig(json: configuration)
        let engine = try TextOptions().makeEngine(styles: sizing.fontStyles).engine
        let data = try SizingJob.table(csv: Array(try Data(contentsOf: URL(fileURLWithPath: csvPath)))).data
        var layout = try SizingJob(config: sizing, format: format, threads: 0).layout(data, engine: engine)
        try layout.measureAll()
        let hash = format == .bin ? try Fingerprint.of(settings: ["measure --config", config], engine: engine) : 0
        return Data(SizingJob.write(layout, format: format, sectioned: false, configurationHash: hash))
    }

    /// `measure --config` without grouping reads the input in blocks: the same bytes as the
    /// whole table laid out at once, for grids (widths sampled, given or measured over every
    /// row) and lists, in every format, from a file (read per pass) and from standard input
    /// (read once); a bad row in a later block writes nothing.
    func testStreamedConfigsWriteWhatTheWholeTableWrites() throws {
        let path = try write(table, "big.csv")
        let configs = [
            #"{"layout": "grid", "columnWidthMode": {"fitContentText": {"sampledMax": {"sampleSize": 500}}}, "maxColumnWidth": 200, "heightColumn": "H", "headerHeight": 30, "footerHeight": 10, "interRowSpacing": 1}"#,
            #"{"layout": "grid", "columnWidthMode": {"fitContentText": "maxMeasured"}, "columns": {"Status": {"width": 90}}}"#,
            #"{"layout": "list", "width": 320, "headerHeight": 20, "cell": {"vstack": {"spacing": 4, "children": [{"text": {"column": "Name", "style": "headline"}}, {"text": {"column": "Notes"}}]}}}"#]
        for (k, config) in configs.enumerated() {
            let configPath = try write(config, "c\(k).json")
            for format in ["csv", "jsonl", "bin"] {
                let streamed = try run(["measure", path, "--config", configPath, "--format", format, "--output", file("s.out").path])
                XCTAssertEqual(streamed.status, 0, streamed.err)
                let piped = try run(["measure", "-", "--config", configPath, "--format", format, "--output", file("w.out").path], inputFile: path)
                XCTAssertEqual(piped.status, 0, piped.err)
                let s = try Data(contentsOf: file("s.out")), w = try Data(contentsOf: file("w.out"))
                XCTAssertGreaterThan(s.count, 17_000 * 8)
                XCTAssertEqual(s, w, "config \(k), \(format)")
                XCTAssertEqual(s, try wholeTable(path, config: config, format: SizingJob.Format(rawValue: format)!), "config \(k), \(format)")
            }
        }
        // A bad height in the second block: a clear error, and the output is not written.
        let bad = try write(table + "P1,S1,note,tall\n", "bad.csv")
        let failed = try run(["measure", bad, "--config", try write(configs[0], "c.json"), "--output", file("never.csv").path])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.err.contains("row 17000") && failed.err.contains("is not a height"), failed.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file("never.csv").path))
    }

    /// `--cache` with `--config`: a rerun takes every row from the cache, a run over a table with
    /// one row changed takes all the others, and each writes what a run without the cache writes;
    /// a table the cache cannot follow in blocks is refused by name.
    func testTheCacheKeepsRowsBetweenRuns() throws {
        let path = try write(table, "big.csv")
        let config = try write(#"{"layout": "list", "width": 300, "cell": {"vstack": {"children": [{"text": {"column": "Name"}}, {"text": {"column": "Notes"}}]}}}"#, "list.json")
        let cache = file("cache").path
        let plain = try run(["measure", path, "--config", config])
        XCTAssertEqual(plain.status, 0, plain.err)
        let first = try run(["measure", path, "--config", config, "--cache", cache, "--output", file("c1.csv").path])
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertFalse(first.out.contains("from the cache"), first.out)
        let second = try run(["measure", path, "--config", config, "--cache", cache, "--output", file("c2.csv").path])
        XCTAssertTrue(second.out.contains("rows from the cache: 17000"), second.out)
        for name in ["c1.csv", "c2.csv"] { XCTAssertEqual(try String(contentsOf: file(name), encoding: .utf8), plain.out, name) }
        let edited = try write(table.replacingOccurrences(of: "P12,S0,\"Leave at the door #12\"", with: "P12,S0,\"Leave it with the neighbour at number 12, who is at home every afternoon of the week #12\""), "edited.csv")
        let plainEdited = try run(["measure", edited, "--config", config])
        let third = try run(["measure", edited, "--config", config, "--cache", cache, "--output", file("c3.csv").path])
        XCTAssertTrue(third.out.contains("rows from the cache: 16999"), third.out)
        XCTAssertEqual(try String(contentsOf: file("c3.csv"), encoding: .utf8), plainEdited.out)
        XCTAssertNotEqual(plainEdited.out, plain.out)
        // Two seconds on, the file's identity is trusted: a rerun keeps a survey of it (passes 1
        // and 2) and the next skips them, with the same bytes. A change is seen at once.
        Thread.sleep(forTimeInterval: 2.2)
        XCTAssertEqual(try run(["measure", path, "--config", config, "--cache", cache]).out, plain.out)
        let surveys = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("survey-") }
        XCTAssertEqual(surveys.count, 1)
        XCTAssertEqual(try run(["measure", path, "--config", config, "--cache", cache]).out, plain.out)
        try table.replacingOccurrences(of: "P12,S0,\"Leave at the door #12\"", with: "P12,S0,\"Leave at the door #99\"").write(toFile: path, atomically: false, encoding: .utf8)
        let changed = try run(["measure", path, "--config", config, "--cache", cache])
        XCTAssertEqual(changed.out, try run(["measure", path, "--config", config]).out)
        // Standard input is read whole, then in blocks: the cache serves it too.
        let piped = try run(["measure", "-", "--config", config, "--cache", cache, "--output", file("c4.csv").path], inputFile: path)
        XCTAssertEqual(piped.status, 0, piped.err)
        XCTAssertTrue(piped.out.contains("rows from the cache: 17000"), piped.out + piped.err) // (the file as last changed, measured just before)
        XCTAssertEqual(try String(contentsOf: file("c4.csv"), encoding: .utf8), try run(["measure", path, "--config", config]).out)
        // Sections group rows from anywhere in the table: the cache cannot follow them, and says so.
        let grouped = try write(#"{"layout": "list", "width": 300, "cell": {"text": {"column": "Notes"}}, "sections": {"column": "Status"}}"#, "grouped.json")
        let sectioned = try run(["measure", path, "--config", grouped, "--cache", cache])
        XCTAssertEqual(sectioned.status, 0, sectioned.err)
        XCTAssertTrue(sectioned.err.contains("--cache is not used: with --config it needs the table read in blocks"), sectioned.err)
    }

    /// `--shard I/N` with `--config`: the shards merge into the very file one run writes (a grid
    /// with a header, footer and spacing, and a list); misuse is refused by name.
    func testShardsMergeIntoTheSingleRunsFile() throws {
        let path = try write(table, "big.csv")
        let configs = [
            #"{"layout": "grid", "columnWidthMode": {"fitContentText": {"sampledMax": {"sampleSize": 200}}}, "headerHeight": 30, "footerHeight": 12.5, "interRowSpacing": 1}"#,
            #"{"layout": "list", "width": 320, "headerHeight": 20, "cell": {"vstack": {"spacing": 4, "children": [{"text": {"column": "Name"}}, {"text": {"column": "Notes"}}]}}}"#]
        for (k, config) in configs.enumerated() {
            let configPath = try write(config, "c\(k).json")
            let single = try run(["measure", path, "--config", configPath, "--format", "bin", "--output", file("single.bin").path])
            XCTAssertEqual(single.status, 0, single.err)
            var shards: [String] = []
            for i in 0..<3 {
                let shard = try run(["measure", path, "--config", configPath, "--format", "bin", "--shard", "\(i)/3", "--output", file("s\(i).bin").path])
                XCTAssertEqual(shard.status, 0, shard.err)
                XCTAssertTrue(shard.out.contains("(shard \(i)/3 of 17000"), shard.out)
                shards.append(file("s\(i).bin").path)
            }
            XCTAssertTrue(try run(["inspect", shards[1]]).out.contains("table frame: header"))
            let merged = try run(["merge"] + shards.reversed() + ["--output", file("merged.bin").path])
            XCTAssertEqual(merged.status, 0, merged.err)
            XCTAssertEqual(try Data(contentsOf: file("merged.bin")), try Data(contentsOf: file("single.bin")), "config \(k)")
        }
        let config = file("c0.json").path
        XCTAssertTrue(try run(["measure", path, "--config", config, "--shard", "0/2"]).err.contains("--format bin"))
        // Standard input is read whole, then dealt as a file is; sections cannot be dealt.
        let pipedShard = try run(["measure", "-", "--config", config, "--format", "bin", "--shard", "1/3", "--output", file("x.bin").path], inputFile: path)
        XCTAssertEqual(pipedShard.status, 0, pipedShard.err)
        XCTAssertEqual(try run(["measure", path, "--config", config, "--format", "bin", "--shard", "1/3", "--output", file("f1.bin").path]).status, 0)
        XCTAssertEqual(try Data(contentsOf: file("x.bin")), try Data(contentsOf: file("f1.bin")))
        let grouped = try write(#"{"layout": "list", "width": 300, "cell": {"text": {"column": "Notes"}}, "sections": {"column": "Status"}}"#, "grouped.json")
        XCTAssertTrue(try run(["measure", path, "--config", grouped, "--format", "bin", "--shard", "0/2", "--output", file("y.bin").path])
            .err.contains("--shard with --config needs the table read in blocks"))
        // A shard's total height is the same in its summary and in `inspect`; --rows past the
        // table's end names the table's rows.
        let s0 = try run(["measure", path, "--config", config, "--format", "bin", "--shard", "0/3", "--output", file("t0.bin").path])
        let total = s0.out.split(separator: "\n").first { $0.hasPrefix("total height:") }.map(String.init)
        XCTAssertNotNil(total, s0.out)
        XCTAssertTrue(try run(["inspect", file("t0.bin").path]).out.contains(total ?? "?"))
        XCTAssertTrue(try run(["inspect", file("t0.bin").path, "--rows", "17000-17001"]).err.contains("the table has 17000 row(s)"))
        // With --cache: shards run twice (cold, then from the cache) merge into the single run's
        // file; a whole run after them takes every row from the cache.
        let cache = file("cache").path
        for round in 0..<2 {
            var shards: [String] = []
            for i in 0..<2 {
                let shard = try run(["measure", path, "--config", config, "--format", "bin", "--shard", "\(i)/2", "--cache", cache,
                                     "--output", file("k\(i).bin").path])
                XCTAssertEqual(shard.status, 0, shard.err)
                XCTAssertEqual(shard.out.contains("rows from the cache"), round == 1, shard.out)
                shards.append(file("k\(i).bin").path)
            }
            XCTAssertEqual(try run(["merge"] + shards + ["--output", file("kmerged.bin").path]).status, 0)
            let single = try run(["measure", path, "--config", config, "--format", "bin", "--output", file("ksingle.bin").path])
            XCTAssertEqual(single.status, 0, single.err)
            XCTAssertEqual(try Data(contentsOf: file("kmerged.bin")), try Data(contentsOf: file("ksingle.bin")), "round \(round)")
        }
        // Two shards at once on one folder: each keeps its rows (the saves merge, one at a time).
        let together = file("cache2").path
        let processes = (0..<2).map { i -> Process in
            let p = Process()
            p.executableURL = BuiltYardstick.url
            p.arguments = ["measure", path, "--config", config, "--format", "bin", "--shard", "\(i)/2", "--cache", together,
                           "--output", file("j\(i).bin").path]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            return p
        }
        for p in processes { try p.run() }
        for p in processes { p.waitUntilExit(); XCTAssertEqual(p.terminationStatus, 0) }
        let afterBoth = try run(["measure", path, "--config", config, "--format", "bin", "--cache", together, "--output", file("jwhole.bin").path])
        XCTAssertTrue(afterBoth.out.contains("rows from the cache: 17000"), afterBoth.out)
        let whole = try run(["measure", path, "--config", config, "--format", "bin", "--cache", cache, "--output", file("kwhole.bin").path])
        XCTAssertTrue(whole.out.contains("rows from the cache: 17000"), whole.out)
        XCTAssertEqual(try Data(contentsOf: file("kwhole.bin")), try Data(contentsOf: file("ksingle.bin")))
    }

    /// What a hostile review found: a file with no rows or nothing at all is a clear error, as
    /// from standard input; a row of invalid UTF-8 keeps only itself out of the cache.
    func testEmptyFilesAndInvalidRows() throws {
        let config = try write(#"{"layout": "list", "width": 300, "cell": {"text": {"column": "Name"}}}"#, "list.json")
        for (k, text) in ["", "\n\n", "\u{FEFF}"].enumerated() {
            let path = try write(text, "empty\(k).csv")
            let failed = try run(["measure", path, "--config", config, "--output", file("never.csv").path])
            XCTAssertEqual(failed.status, 1, "\(k): \(failed.err)")
            XCTAssertTrue(failed.err.contains("no header record"), failed.err)
        }
        let onlyHeader = try run(["measure", try write("Name\n", "header.csv"), "--config", config])
        XCTAssertEqual(onlyHeader.status, 0, onlyHeader.err)
        XCTAssertEqual(onlyHeader.out, "row,height,offset\n")

        var bytes = Array(table.utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "#"))! // in the first row's note
        bytes[at] = 0xFF
        try Data(bytes).write(to: file("invalid.csv"))
        let cache = file("cache").path
        let first = try run(["measure", file("invalid.csv").path, "--config", config, "--cache", cache])
        XCTAssertTrue(first.err.contains("1 invalid UTF-8 sequence(s) replaced"), first.err)
        let second = try run(["measure", file("invalid.csv").path, "--config", config, "--cache", cache])
        XCTAssertEqual(second.out, first.out)
        XCTAssertTrue(second.err.contains("1 invalid UTF-8 sequence(s) replaced"), second.err)
        XCTAssertTrue(second.err.contains("rows from the cache: 16999"), second.err)
    }
}
