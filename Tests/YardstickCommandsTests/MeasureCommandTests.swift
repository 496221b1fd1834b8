import Foundation
import XCTest
import YardstickTable

/// `yardstick measure --config` as users run it: the built executable, its exit status, its
/// standard output and error, and the files it writes (or leaves alone).
final class MeasureCommandTests: XCTestCase {
    var executable: URL { BuiltYardstick.url }

    func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> (status: Int32, out: String, err: String) {
        try BuiltYardstick.run(arguments, environment: environment, input: input)
    }

    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("yardstick-measure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "Title,Notes,Country\nGroceries,\"Milk, eggs and bread, then a longer list that wraps\",Japan\nCall,Sunday,France\n"
            .write(to: file("data.csv"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    func write(_ text: String, _ name: String) throws -> String {
        try text.write(to: file(name), atomically: true, encoding: .utf8)
        return file(name).path
    }

    func testGridToAFileAndJSONLinesToStandardOutput() throws {
        let config = try write(#"{"textLayout":"wrap","rowHeightMode":{"automatic":{"estimated":50}},"maxColumnWidth":150}"#, "grid.json")
        let r = try run(["measure", file("data.csv").path, "--config", config, "--output", file("out.csv").path, "--threads", "2"])
        XCTAssertEqual(r.status, 0, r.err)
        let lines = try String(contentsOf: file("out.csv"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.first, "row,height,offset")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[1].hasPrefix("0,"))
        XCTAssertTrue(lines[1].hasSuffix(",44"))
        let j = try run(["measure", file("data.csv").path, "--config", config, "--format", "jsonl"])
        XCTAssertEqual(j.status, 0, j.err)
        XCTAssertEqual(j.out.split(separator: "\n").count, 4) // header, two rows, footer
        XCTAssertTrue(j.out.hasPrefix(#"{"section":0,"header":44,"y":0}"#))
    }

    func testReplay() throws {
        let config = try write(#"{"layout":"list","width":300,"rowHeightMode":{"automatic":{"estimated":40,"prefetchWindow":0}},"cell":{"text":{"column":"Notes"}}}"#, "list.json")
        let trace = try write("{\"op\":\"total\"}\n{\"op\":\"scroll\",\"y\":0,\"height\":30}\n{\"op\":\"fly\"}\n{\"op\":\"total\"}\n", "trace.jsonl")
        let r = try run(["measure", file("data.csv").path, "--config", config, "--replay", trace])
        XCTAssertEqual(r.status, 0, r.err)
        let lines = r.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(lines[0], #"{"height":80,"measured":0}"#)
        XCTAssertTrue(lines[1].hasPrefix(#"{"y":0,"measured":1,"first":[0,0],"last":[0,0],"#), lines[1])
        XCTAssertTrue(lines[2].hasPrefix(#"{"error":"unknown op"#))
        XCTAssertTrue(lines[3].hasSuffix(#""measured":1}"#))
    }

    /// A file read as needed that is not CSV past its first MiB: the first line that needs the
    /// whole index fails the run (as a file read whole would), whatever the thread had read.
    func testReplayOverAFileThatIsNotCSVPastItsFirstPiece() throws {
        var csv = "Name,Notes\n"
        for i in 0..<60_000 { csv += "row \(i),\"a note, number \(i)\"\n" }
        csv += "bad,\"never closed\n"
        let data = try write(csv, "late-error.csv")
        let config = try write(#"{"layout":"list","width":300,"cell":{"text":{"column":"Notes"}}}"#, "late.json")
        let near = try write("{\"op\":\"scroll\",\"y\":0,\"height\":300}\n", "near.jsonl")
        let ok = try run(["measure", data, "--config", config, "--replay", near])
        XCTAssertEqual(ok.status, 0, ok.err) // (only the first piece was needed)
        let far = try write("{\"op\":\"scroll\",\"y\":0,\"height\":300}\n{\"op\":\"scroll\",\"y\":1e9,\"height\":300}\n", "far.jsonl")
        for _ in 0..<3 {
            let r = try run(["measure", data, "--config", config, "--replay", far, "--output", file("far-out.jsonl").path])
            XCTAssertEqual(r.status, 1, r.err)
            XCTAssertTrue(r.err.contains("a quoted field is never closed"), r.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: file("far-out.jsonl").path))
        }
    }

    func testBadConfigsFailWithTheirPathAndWriteNothing() throws {
        let cases: [(String, String)] = [
            (#"{"layout":"list","width":300,"cell":{"text":{"column":"Titel"}}}"#, "cell.text.column: no column named \"Titel\""),
            (#"{"layout":"list","width":300,"cell":{"box":{"width":-3,"height":1}}}"#, "cell.box.width: must be a finite number of points from 0 to 16777215"),
            (#"{"layout":"grid","category":"massive"}"#, "category: unknown value \"massive\""),
            (#"{"layout":"grid","rowHeightMode":{"fixed":44},"extra":true}"#, "extra: unknown key"),
            ("{not json", "not JSON"),
            (#"{"layout":"list","width":300,"width":100,"cell":{"text":{"column":"Notes"}}}"#, "the key \"width\" appears twice in one object"),
            (#"{"layout":"list","width":300,"cell":{"text":{"column":"x\ny\u001b[31m"}}}"#, #"no column named "x\u{a}y\u{1b}[31m""#),
        ]
        for (json, message) in cases {
            let config = try write(json, "bad.json")
            let r = try run(["measure", file("data.csv").path, "--config", config, "--output", file("never.csv").path])
            XCTAssertEqual(r.status, 1, json)
            XCTAssertTrue(r.err.hasPrefix("yardstick: error: \(config): "), r.err)
            XCTAssertTrue(r.err.contains(message), r.err)
            XCTAssertEqual(r.err.filter { $0 == "\n" }.count, 1, "one line: \(r.err)")
            XCTAssertEqual(r.out, "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: file("never.csv").path), json)
        }
        let r = try run(["measure", file("data.csv").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.err.contains("give --config CONFIG.json, or --max-column-width PT"), r.err)
    }

    /// An ambiguous constraint cell is sized with one warning naming the free views, on every
    /// sizing path (blocks, the whole table, --replay); "strictConstraints": true makes it an error.
    func testAmbiguousConstraintCellsWarnOnceUnlessStrict() throws {
        let cell = #""cell":{"constraints":{"views":{"a":{"box":{"width":20,"height":30}},"b":{"box":{"width":20,"height":10}}},"rules":["a.leading == super.leading","b.leading == a.trailing","a.top == super.top","b.top >= super.top","super.bottom >= a.bottom","super.bottom >= b.bottom"]}}"#
        let config = try write(#"{"layout":"list","width":200,\#(cell)}"#, "ambiguous.json")
        let warning = #"yardstick: warning: cell.constraints: an ambiguous layout: the rules leave "b" (vertical) free"#
        let trace = try write(#"{"op":"scroll","y":0,"viewportHeight":400}"# + "\n", "scroll.jsonl")
        for extra in [[], ["--threads", "1"], ["--replay", trace]] {
            let r = try run(["measure", file("data.csv").path, "--config", config] + extra)
            XCTAssertEqual(r.status, 0, r.err)
            XCTAssertEqual(r.err.components(separatedBy: warning).count - 1, 1, "one warning: \(r.err)")
        }
        let plain = try run(["measure", file("data.csv").path, "--config", config])
        XCTAssertTrue(plain.out.hasPrefix("row,height,offset\n0,30,0\n"), "the least height the rules allow: \(plain.out)")
        let strict = try write(#"{"layout":"list","width":200,"strictConstraints":true,\#(cell)}"#, "strict.json")
        let s = try run(["measure", file("data.csv").path, "--config", strict])
        XCTAssertEqual(s.status, 1)
        XCTAssertTrue(s.err.contains(#"cell.constraints.views.b: the vertical position or size of "b" is not determined by the rules (an ambiguous layout)"#), s.err)
    }

    /// A constraint template anywhere a TEMPLATE goes: the rules of a stack template give its
    /// heights; an error points at the rule and the character, or the view and the column.
    func testConstraintTemplates() throws {
        let stack = try write(#"{"layout":"list","width":200,"cell":{"vstack":{"spacing":4,"children":[{"box":{"width":20,"height":20}},{"text":{"column":"Notes"}}]},"insets":{"top":8,"leading":16,"bottom":8,"trailing":16}}}"#, "stack.json")
        let rules = #""rules":["image.leading == super.leading + 16","image.top == super.top + 8","notes.top == image.bottom + 4","notes.leading == super.leading + 16","notes.trailing == super.trailing - 16","super.bottom == notes.bottom + 8"]"#
        let views = #""views":{"image":{"box":{"width":20,"height":20}},"notes":{"text":{"column":"Notes"},"hugging":{"vertical":251}}}"#
        let constraints = try write(#"{"layout":"list","width":200,"cell":{"constraints":{\#(views),\#(rules)}}}"#, "constraints.json")
        let a = try run(["measure", file("data.csv").path, "--config", stack])
        let b = try run(["measure", file("data.csv").path, "--config", constraints])
        XCTAssertEqual(a.status, 0, a.err)
        XCTAssertEqual(b.status, 0, b.err)
        XCTAssertEqual(b.out, a.out)
        XCTAssertEqual(b.out.split(separator: "\n").count, 3)
        let grid = try write(#"{"columns":{"Notes":{"cell":{"constraints":{\#(views),\#(rules)}}}}}"#, "grid.json")
        let g = try run(["measure", file("data.csv").path, "--config", grid])
        XCTAssertEqual(g.status, 0, g.err)
        let cases: [(String, String)] = [
            (#"{"layout":"list","width":200,"cell":{"constraints":{\#(views),"rules":["notes.top == super.top + x"]}}}"#,
             #"cell.constraints.rules[0]: at character 26: expected a number after + (in "notes.top == super.top + x")"#),
            (#"{"layout":"list","width":200,"cell":{"constraints":{"views":{"t":{"text":{"column":"Nope"}}},"rules":[]}}}"#,
             #"cell.constraints.views.t.text.column: no column named "Nope""#),
            (#"{"layout":"list","width":200,"cell":{"constraints":{\#(views),"rules":["title.top == super.top"]}}}"#,
             #"cell.constraints.rules[0]: "title.top == super.top": no view named "title""#),
            (#"{"layout":"list","width":200,"cell":{"constraints":{"views":{"v":{"box":{},"container":{}}},"rules":[]}}}"#,
             "cell.constraints.views.v: a view has exactly one of text, box, container (found box, container)"),
            (#"{"layout":"list","width":200,"cell":{"constraints":{"views":{"v":{"box":{}, "hugging":{"sideways":1}}},"rules":[]}}}"#,
             "cell.constraints.views.v.hugging.sideways: unknown key; expected one of horizontal, vertical"),
            (#"{"layout":"list","width":200,"cell":{"constraints":{"rules":[]}}}"#, #"cell.constraints: constraints need "views""#),
        ]
        for (json, message) in cases {
            let config = try write(json, "bad.json")
            let r = try run(["measure", file("data.csv").path, "--config", config])
            XCTAssertEqual(r.status, 1, json)
            XCTAssertEqual(r.err, "yardstick: error: \(config): \(message)\n")
            XCTAssertEqual(r.out, "")
        }
    }

    /// A negative number after a numeric option is that option's value, refused by name (it was
    /// taken for an option: "Missing value"); a line past the limit is refused by its number.
    func testNegativeNumbersAndLongLinesAreRefusedByName() throws {
        let cases: [([String], String?, String)] = [
            (["measure", file("data.csv").path, "--max-column-width", "-5"], nil, "--max-column-width must be a finite number above 0 (got -5)"),
            (["layout", "--width", "-5"], "{\"text\":\"a\"}\n", "--width must be a finite number above 0 (got -5)"),
            (["layout", "--width", "10", "--threads", "-1"], "{\"text\":\"a\"}\n", "--threads must be from 0 (all cores) to 1024"),
        ]
        // An endless line stops at the limit, for every command and every input (the trace is
        // streamed; the others read whole).
        let long = try write("{\"op\":\"total\"}\n" + String(repeating: " ", count: 5000) + "\n", "long.jsonl")
        let limited: [([String], String?, String)] = [
            (["offsets", "--input", long, "--max-line-bytes", "1000"], nil, "\(long): line 2 is longer than 1000 bytes (--max-line-bytes sets the limit)"),
            (["layout", "--width", "10", "--input", long, "--max-line-bytes", "1000"], nil, "\(long): line 2 is longer than 1000 bytes (--max-line-bytes sets the limit)"),
            (["measure", long, "--max-column-width", "100", "--max-line-bytes", "1000"], nil, "\(long): line 2 is longer than 1000 bytes (--max-line-bytes sets the limit)"),
            (["measure", file("data.csv").path, "--config", long, "--max-line-bytes", "1000"], nil, "\(long): line 2 is longer than 1000 bytes (--max-line-bytes sets the limit)"),
            (["offsets", "--input", "/dev/zero"], nil, "/dev/zero: line 1 is longer than 67108864 bytes (--max-line-bytes sets the limit)"),
            (["layout", "--width", "10", "--max-line-bytes", "0"], "", "--max-line-bytes must be above 0"),
        ]
        for (arguments, input, message) in cases + limited {
            let r = try run(arguments, input: input)
            XCTAssertEqual(r.status, 1, arguments.joined(separator: " "))
            XCTAssertEqual(r.err, "yardstick: error: \(message)\n")
            if arguments[0] != "offsets" { XCTAssertEqual(r.out, "") } // offsets streams: lines before are answered
        }
    }

    func testReplayIntoItsOwnTraceAndFlagsThatDoNotApply() throws {
        let config = try write(#"{"layout":"list","width":300,"cell":{"text":{"column":"Notes"}}}"#, "list.json")
        let trace = try write("{\"op\":\"total\"}\n{\"op\":\"scroll\",\"y\":0,\"height\":100}\n", "trace.jsonl")
        let r = try run(["measure", file("data.csv").path, "--config", config, "--replay", trace, "--output", trace])
        XCTAssertEqual(r.status, 0, r.err)
        let answers = try String(contentsOf: file("trace.jsonl"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(answers.count, 2) // the trace was read whole before its file was replaced by the answers
        XCTAssertTrue(answers[0].hasPrefix(#"{"height":"#))
        for flags in [["--format", "csv", "--replay", trace], ["--no-hyphens"]] {
            let bad = try run(["measure", file("data.csv").path, "--config", config] + flags)
            XCTAssertEqual(bad.status, 1, flags.joined(separator: " "))
            XCTAssertTrue(bad.err.contains("does not apply"), bad.err)
        }
    }

    /// Characters no font covers: one warning on standard error with the count and the first
    /// code points, for `layout`, `measure` and `measure --config`; none when all are covered.
    func testMissingGlyphsGiveOneWarning() throws {
        let records = #"{"text": "Runic ᛣᚳᚩ", "width": 100}"# + "\n" + #"{"text": "ok", "width": 100}"# + "\n" + #"{"text": "ᛣ", "width": 100}"# + "\n"
        // A private fontconfig setup with no fonts: the machine's own fonts play no part.
        let conf = try write(#"<?xml version="1.0"?><fontconfig><cachedir>\#(file("fc-cache").path)</cachedir></fontconfig>"#, "fonts.conf")
        let env = ["FONTCONFIG_FILE": conf]
        let layout = try run(["layout"], environment: env, input: records)
        XCTAssertEqual(layout.status, 0, layout.err)
        XCTAssertEqual(layout.out.split(separator: "\n").count, 3)
        let warning = "yardstick: warning: 4 clusters (U+16A9 U+16B3 U+16E3) measured as missing glyphs (.notdef): no font has all of their characters; "
        XCTAssertEqual(layout.err, warning + "add a font that covers them with --font, or try --system-fallback\n")
        let fallback = try run(["layout", "--system-fallback"], environment: env, input: records)
        XCTAssertEqual(fallback.out, layout.out) // fontconfig found nothing to add
        XCTAssertEqual(fallback.err, warning + "add a font that covers them with --font\n")
        XCTAssertEqual(try run(["layout"], environment: env, input: #"{"text": "বাংলা ভাষা 👍🏽", "width": 100}"#).err, "")

        try "Name,Notes\nᛣᚳᚩ,fine\nok,ᛣ\n".write(to: file("runic.csv"), atomically: true, encoding: .utf8)
        let plain = try run(["measure", file("runic.csv").path, "--max-column-width", "100", "--output", file("plain.csv").path], environment: env)
        XCTAssertEqual(plain.status, 0, plain.err)
        XCTAssertTrue(plain.err.contains("yardstick: warning: 4 clusters (U+16A9 U+16B3 U+16E3) measured as missing glyphs"), plain.err)
        let config = try write(#"{"textLayout":"wrap","rowHeightMode":{"automatic":{"estimated":50}},"maxColumnWidth":150}"#, "grid.json")
        let sized = try run(["measure", file("runic.csv").path, "--config", config, "--output", file("sized.csv").path], environment: env)
        XCTAssertEqual(sized.status, 0, sized.err)
        XCTAssertEqual(sized.err.components(separatedBy: "measured as missing glyphs").count, 2, sized.err) // one warning
        XCTAssertTrue(sized.err.contains("yardstick: warning: 4 clusters (U+16A9 U+16B3 U+16E3)"), sized.err)
    }

    /// `--format bin` writes a heights file whose rows `inspect --rows all` prints as the very
    /// bytes of `--format csv`: the plain grid, and a list in sections (header and footer lines).
    func testHeightsFilesReadBackAsTheCSV() throws {
        let list = try write(#"{"layout": "list", "width": 375, "cell": {"text": {"column": "Notes"}, "insets": {"top": 11, "bottom": 11, "leading": 16}},"#
            + #" "sections": {"column": "Country", "header": {"text": {"column": "Country"}}}}"#, "list.json")
        for options in [["--max-column-width", "120"], ["--config", list]] {
            let csv = try run(["measure", file("data.csv").path, "--output", file("out.csv").path] + options)
            XCTAssertEqual(csv.status, 0, csv.err)
            let bin = try run(["measure", file("data.csv").path, "--format", "bin", "--output", file("out.bin").path] + options)
            XCTAssertEqual(bin.status, 0, bin.err)
            let all = try run(["inspect", file("out.bin").path, "--rows", "all"])
            XCTAssertEqual(all.status, 0, all.err)
            XCTAssertEqual(all.out, try String(contentsOf: file("out.csv"), encoding: .utf8))
            let header = try run(["inspect", file("out.bin").path])
            XCTAssertTrue(header.out.contains("version: 1\nrows: "), header.out)
            XCTAssertTrue(header.out.contains("(CRC-32, verified)"), header.out)
        }
        let some = try run(["inspect", file("out.bin").path, "--rows", "1-1"])
        XCTAssertEqual(some.out.split(separator: "\n").count, 2, some.out) // the column names and row 1
        // Damage and misuse are clear errors.
        var bytes = try Data(contentsOf: file("out.bin"))
        bytes[20] ^= 0xFF
        try bytes.write(to: file("bad.bin"))
        let bad = try run(["inspect", file("bad.bin").path])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.err.contains("corrupt: its checksum"), bad.err)
        try bytes.prefix(40).write(to: file("short.bin"))
        XCTAssertTrue(try run(["inspect", file("short.bin").path]).err.contains("truncated"))
        XCTAssertTrue(try run(["inspect", file("data.csv").path]).err.contains("not a Yardstick heights file"))
        XCTAssertTrue(try run(["inspect", file("out.bin").path, "--rows", "9-3"]).err.contains("FIRST-LAST"))
        XCTAssertTrue(try run(["inspect", file("out.bin").path, "--rows", "99"]).err.contains("the file has"))
        XCTAssertTrue(try run(["measure", file("data.csv").path, "--max-column-width", "99", "--format", "jsonl"]).err.contains("needs --config"))
    }

    /// The plain grid streams: a table read from a pipe in small pieces, or measured in many
    /// blocks, gives the bytes of one whole read; the same at 1 and 2 threads.
    func testStreamingGivesTheSameBytesWhateverTheReads() throws {
        var table = "Name,Status,Notes\n"
        for i in 0..<3000 { table += "Person \(i % 40),\(["Open", "Closed", "已发货"][i % 3]),\"Note \(i) \(String(repeating: "ab ", count: i % 50))\"\n" }
        let path = try write(table, "big.csv")
        let whole = try run(["measure", path, "--max-column-width", "150", "--threads", "1"])
        XCTAssertEqual(whole.status, 0, whole.err)
        // Through a pipe (read in pieces of at most 64 KiB), from a shell (the test's own pipe
        // would fill before the process starts).
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "cat \"$0\" | \"$1\" measure - --max-column-width 150 --threads 2 2>/dev/null", path, executable.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let piped = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertEqual(piped, whole.out)
        XCTAssertEqual(whole.out.split(separator: "\n").count, 3002)
    }

    /// Shards (`--shard I/N`) merged in any order are the single run's heights file, byte for
    /// byte; shards left out, given twice or from other settings are refused.
    func testShardsMergeIntoTheSingleRunsFile() throws {
        var table = "Name,Status,Notes\n"
        for i in 0..<9000 { table += "P\(i % 70),\(["Open", "Closed", "已发货"][i % 3]),\"Note \(i) \(String(repeating: "ab ", count: i % 40))\"\n" }
        table += "short row\n"
        let path = try write(table, "shards.csv")
        let single = try run(["measure", path, "--max-column-width", "120", "--format", "bin", "--output", file("single.bin").path])
        XCTAssertEqual(single.status, 0, single.err)
        for i in 0..<3 {
            let r = try run(["measure", path, "--max-column-width", "120", "--format", "bin", "--shard", "\(i)/3", "--output", file("s\(i).bin").path])
            XCTAssertEqual(r.status, 0, r.err)
        }
        let merged = try run(["merge", file("s2.bin").path, file("s0.bin").path, file("s1.bin").path, "--output", file("merged.bin").path])
        XCTAssertEqual(merged.status, 0, merged.err)
        XCTAssertEqual(try Data(contentsOf: file("merged.bin")), try Data(contentsOf: file("single.bin")))
        // `inspect --rows` on a shard takes the table's row numbers: the rows of the range it holds.
        let all1 = try run(["inspect", file("s1.bin").path, "--rows", "all"]).out.split(separator: "\n").dropFirst()
        let part = try run(["inspect", file("s1.bin").path, "--rows", "4000-4200"])
        XCTAssertEqual(part.status, 0, part.err)
        let expected = all1.filter { (4000...4200).contains(Int($0.prefix { $0 != "," })!) }
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(Array(part.out.split(separator: "\n").dropFirst()), Array(expected))
        XCTAssertTrue(try run(["inspect", file("s1.bin").path, "--rows", "0-10"]).err.contains("holds none of those rows"))
        XCTAssertTrue(try run(["merge", file("s0.bin").path, file("s2.bin").path, "--output", file("m.bin").path]).err.contains("shard 1/3 missing"))
        XCTAssertTrue(try run(["merge", file("s0.bin").path, file("s0.bin").path, file("s1.bin").path, file("s2.bin").path, "--output", file("m.bin").path]).err.contains("given twice"))
        XCTAssertTrue(try run(["merge", file("single.bin").path, "--output", file("m.bin").path]).err.contains("not a shard"))
        let other = try run(["measure", path, "--max-column-width", "100", "--format", "bin", "--shard", "1/3", "--output", file("o1.bin").path])
        XCTAssertEqual(other.status, 0, other.err)
        XCTAssertTrue(try run(["merge", file("s0.bin").path, file("o1.bin").path, file("s2.bin").path, "--output", file("m.bin").path]).err.contains("other settings"))
        XCTAssertTrue(try run(["measure", path, "--max-column-width", "120", "--shard", "3/3", "--format", "bin", "--output", file("x.bin").path]).err.contains("0 ≤ I < N"))
        XCTAssertTrue(try run(["measure", path, "--max-column-width", "120", "--shard", "0/3", "--output", file("x.csv").path]).err.contains("--format bin"))
    }

    /// `--cache DIR`: reruns take cells from the cache and write the same bytes; two runs at
    /// once on one folder both finish right and leave a whole cache; a damaged cache is rebuilt
    /// with a warning.
    func testCacheRerunsGiveTheSameBytes() throws {
        var table = "Name,Notes\n"
        for i in 0..<2000 { table += "P\(i % 30),\"Note \(i) \(String(repeating: "xy ", count: i % 30))\"\n" }
        let path = try write(table, "cached.csv")
        let cache = file("cache").path
        let plain = try run(["measure", path, "--max-column-width", "120"])
        let first = try run(["measure", path, "--max-column-width", "120", "--cache", cache, "--output", file("c1.csv").path])
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(try String(contentsOf: file("c1.csv"), encoding: .utf8), plain.out)
        let second = try run(["measure", path, "--max-column-width", "120", "--cache", cache, "--output", file("c2.csv").path])
        XCTAssertTrue(second.out.contains("cells from the cache: 4002"), second.out) // the whole block, header included
        XCTAssertEqual(try String(contentsOf: file("c2.csv"), encoding: .utf8), plain.out)
        // One note changed: the block is new, and every other distinct body cell comes from the cache.
        let edited = try write(table.replacingOccurrences(of: "Note 7 ", with: "Note seven "), "edited.csv")
        let plainEdited = try run(["measure", edited, "--max-column-width", "120"])
        let third = try run(["measure", edited, "--max-column-width", "120", "--cache", cache, "--output", file("c3.csv").path])
        XCTAssertTrue(third.out.contains("cells from the cache: 2029"), third.out)
        XCTAssertEqual(try String(contentsOf: file("c3.csv"), encoding: .utf8), plainEdited.out)
        // Two processes at once.
        let processes = (0..<2).map { k -> Process in
            let p = Process()
            p.executableURL = executable
            p.arguments = ["measure", path, "--max-column-width", "120", "--cache", file("shared").path, "--output", file("p\(k).csv").path]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            return p
        }
        for p in processes { try p.run() }
        for p in processes { p.waitUntilExit(); XCTAssertEqual(p.terminationStatus, 0) }
        for k in 0..<2 { XCTAssertEqual(try String(contentsOf: file("p\(k).csv"), encoding: .utf8), plain.out) }
        let after = try run(["measure", path, "--max-column-width", "120", "--cache", file("shared").path])
        XCTAssertEqual(after.out, plain.out)
        XCTAssertFalse(after.err.contains("warning"), after.err)
        // Damage: rebuilt with a warning, same output.
        let cacheFile = try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix(".ysc") }!
        var bytes = try Data(contentsOf: file("cache/" + cacheFile))
        // The height of every stored cell (slots are checked when a lookup finds them).
        for slot in stride(from: 64, to: bytes.count, by: 40) where bytes[slot..<(slot + 16)].contains(where: { $0 != 0 }) {
            bytes[slot + 24] ^= 0xFF
        }
        try bytes.write(to: file("cache/" + cacheFile))
        // And a row height of every stored block (checked when a lookup finds the block).
        let blockFile = try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix(".ysb") }!
        var blocks = try Data(contentsOf: file("cache/" + blockFile))
        blocks[blocks.count - 3] ^= 0x40
        try blocks.write(to: file("cache/" + blockFile))
        let damaged = try run(["measure", path, "--max-column-width", "120", "--cache", cache])
        XCTAssertEqual(damaged.out, plain.out)
        XCTAssertTrue(damaged.err.contains("warning: --cache:") && damaged.err.contains("a block fails its check"), damaged.err)
        XCTAssertTrue(damaged.err.contains("cells failed their check"), damaged.err)
        XCTAssertFalse(try run(["measure", path, "--max-column-width", "120", "--cache", cache]).err.contains("warning"))
    }

    /// What a hostile review found: empty shards, a missing last shard, inspecting shards,
    /// writing over the input, UTF-16 input, JSON progress.
    func testShardAndInputEdgeCases() throws {
        var table = "h,g\n"
        for i in 0..<5000 { table += "row \(i),x\n" }
        let path = try write(table, "t.csv")
        for i in 0..<3 {
            let r = try run(["measure", path, "--max-column-width", "60", "--format", "bin", "--shard", "\(i)/3", "--output", file("e\(i).bin").path])
            XCTAssertEqual(r.status, 0, r.err)
        }
        XCTAssertTrue(try run(["inspect", file("e2.bin").path]).out.contains("rows: 0 (shard 2/3 of a table of 5001 rows"))
        XCTAssertEqual(try run(["merge", file("e0.bin").path, file("e1.bin").path, file("e2.bin").path, "--output", file("m.bin").path]).status, 0)
        XCTAssertEqual(try run(["inspect", file("m.bin").path, "--rows", "all"]).out, try run(["measure", path, "--max-column-width", "60"]).out)
        XCTAssertTrue(try run(["merge", file("e0.bin").path, file("e1.bin").path, "--output", file("m2.bin").path]).err.contains("shard 2/3 missing"))
        XCTAssertEqual(try run(["inspect", file("e1.bin").path, "--rows", "4096-4097"]).out, "row,height,offset\n4096,46.3125,0\n4097,46.3125,46.3125\n")
        XCTAssertTrue(try run(["inspect", file("e1.bin").path, "--rows", "0-1"]).err.contains("holds none of those rows (row numbers are the table's; its runs: 4096-5000)"))
        // The input is never the output, however it is spelled.
        XCTAssertTrue(try run(["measure", path, "--max-column-width", "60", "--output", path]).err.contains("is the input file"))
        XCTAssertTrue(try run(["merge", directory.path + "/./e0.bin", file("e1.bin").path, file("e2.bin").path, "--output", file("e0.bin").path]).err.contains("is the input file"))
        let texts = try write("{\"text\": \"hello\"}\n", "in.jsonl")
        XCTAssertTrue(try run(["layout", "--width", "100", "--input", texts, "--output", texts]).err.contains("is the input file"))
        // A last row past the end, however far, stops at the end.
        XCTAssertTrue(try run(["inspect", file("m.bin").path, "--rows", "4999-9223372036854775807"]).out.hasSuffix("5000,46.3125,229223.71875\n"))
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("h,g\nrow 0,x\n"))
        // UTF-16 is named, not read as garbage.
        var utf16 = Data([0xFF, 0xFE])
        utf16.append("a,b\r\n1,2\r\n".data(using: .utf16LittleEndian)!)
        try utf16.write(to: file("u16.csv"))
        XCTAssertTrue(try run(["measure", file("u16.csv").path, "--max-column-width", "60"]).err.contains("UTF-16"))
        // JSON progress ends with a done line; the summary on standard error is lines.
        let progress = try run(["measure", path, "--max-column-width", "60", "--progress", "json", "--output", file("p.csv").path])
        XCTAssertTrue(progress.err.contains("{\"rows\":5001,\"done\":true"), progress.err)
        XCTAssertTrue(try run(["measure", path, "--max-column-width", "60"]).err.contains("rows: 5001 (header included)\ncells: 10002\n"))
    }

    /// Same input, same bytes out, whatever the thread count: every command that takes
    /// --threads, at 1, 2 and 4 threads, on the bundled sample's first 3,000 rows.
    func testEveryCommandGivesTheSameBytesAtAnyThreadCount() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        // The sample's name, status and notes as the benchmark tables' Name, Status, Notes.
        let sample = try CSVReader(bytes: Array(try Data(contentsOf: root.appendingPathComponent("Data/sample.csv")))).rows
        let (name, status, notes) = (sample[0].firstIndex(of: "customer")!, sample[0].firstIndex(of: "status")!, sample[0].firstIndex(of: "notes")!)
        let rows = sample.dropFirst().filter { $0.count == sample[0].count }.prefix(3000)
        func quoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        let csv = try write("Name,Status,Notes\n" + rows.map { [$0[name], $0[status], $0[notes]].map(quoted).joined(separator: ",") }.joined(separator: "\n") + "\n", "sample.csv")
        func json(_ s: String) -> String {
            "\"" + s.unicodeScalars.map { $0 == "\"" ? "\\\"" : $0 == "\\" ? "\\\\" : $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }.joined() + "\""
        }
        let texts = try write(rows.prefix(2000).map { "{\"text\": \(json($0[notes]))}" }.joined(separator: "\n") + "\n", "texts.jsonl")
        let configs = ["Benchmarks/configs/grid-wrap.json", "Benchmarks/configs/list-product.json", "Benchmarks/configs/list-product-constraints.json"]
            .map { root.appendingPathComponent($0).path }
        var commands: [[String]] = [["layout", "--input", texts, "--width", "180"], ["layout", "--input", texts, "--widths", "90,300"],
                                    ["measure", csv, "--max-column-width", "200"], ["measure", csv, "--max-column-width", "200", "--format", "bin"]]
        for config in configs { commands.append(["measure", csv, "--config", config]); commands.append(["measure", csv, "--config", config, "--format", "jsonl"]) }
        commands.append(["render", csv, "--config", configs[1], "--rows", "100-140", "--scale", "1"])
        commands.append(["render", csv, "--rows", "0-30", "--scale", "1"])
        for (k, command) in commands.enumerated() {
            var outputs: [Data] = []
            for threads in [1, 2, 4] {
                let path = file("determinism-\(k)-\(threads)").path
                let r = try run(command + ["--threads", "\(threads)", "--output", path])
                XCTAssertEqual(r.status, 0, "\(command): \(r.err)")
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            XCTAssertGreaterThan(outputs[0].count, 100, "\(command)")
            XCTAssertEqual(outputs[1], outputs[0], "\(command) at 2 threads")
            XCTAssertEqual(outputs[2], outputs[0], "\(command) at 4 threads")
        }
    }

    /// `YARDSTICK_FONTS` naming a folder without the fonts is an error naming what is missing
    /// there, not a silent fall back to other fonts.
    func testAWrongFontsFolderIsAnError() throws {
        let wrong = try run(["layout", "--width", "100"], environment: ["YARDSTICK_FONTS": file("nowhere").path], input: #"{"text": "a"}"#)
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.err.contains(file("nowhere").path + "/NotoSans-Regular.ttf"), wrong.err)
    }

    /// An output inside a folder the run reads fonts from (`--font DIR`, the bundled fonts) or
    /// named as the `--cache` folder is refused before anything is written: it would replace a
    /// font, or be taken for a damaged cache.
    func testOutputsNeverLandInFontFoldersOrOnTheCache() throws {
        let data = try write("A\nx\n", "data.csv")
        let fonts = file("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try Data("not a font, kept".utf8).write(to: fonts.appendingPathComponent("kept.ttf"))
        for target in ["kept.ttf", "new.csv"] {
            let result = try run(["measure", data, "--max-column-width", "100", "--font", fonts.path, "--output", fonts.appendingPathComponent(target).path])
            XCTAssertEqual(result.status, 1)
            XCTAssertTrue(result.err.contains("which the run reads (fonts)"), result.err)
        }
        XCTAssertEqual(try String(contentsOf: fonts.appendingPathComponent("kept.ttf"), encoding: .utf8), "not a font, kept")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fonts.appendingPathComponent("new.csv").path))
        // The bundled fonts' folder (here as YARDSTICK_FONTS names it), for layout too.
        let layout = try run(["layout", "--width", "100", "--output", fonts.appendingPathComponent("out.jsonl").path],
                             environment: ["YARDSTICK_FONTS": fonts.path], input: #"{"text": "a"}"#)
        XCTAssertEqual(layout.status, 1)
        XCTAssertTrue(layout.err.contains("which the run reads (fonts)"), layout.err)
        // --output naming the --cache folder, which does not exist yet.
        let cached = try run(["measure", data, "--config", try write("{}", "c.json"), "--cache", file("c9").path, "--output", file("c9").path])
        XCTAssertEqual(cached.status, 1)
        XCTAssertTrue(cached.err.contains("is the --cache folder"), cached.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file("c9").path))
        // --output inside a --cache folder that does not exist yet (the run would make it and
        // write its cell file over the heights).
        let inside = file("c10").appendingPathComponent("cells-1.ysc").path
        let plain = try run(["measure", data, "--max-column-width", "150", "--cache", file("c10").path, "--output", inside])
        XCTAssertEqual(plain.status, 1)
        XCTAssertTrue(plain.err.contains("is in the --cache folder"), plain.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file("c10").path))
    }

    /// Every error has one prefix, the parser's too (exit status 64 for usage errors).
    func testUsageErrorsHaveTheSamePrefix() throws {
        for arguments in [["measure"], ["offsets", "-"], ["layout", "--width"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.err.hasPrefix("yardstick: error: "), result.err)
            XCTAssertFalse(result.err.contains("Error: "), result.err)
        }
        XCTAssertEqual(try run(["--help"]).status, 0)
    }

    /// `--format` and `--progress` take only their values (a usage error lists them); options
    /// that contradict each other are refused by `validate()` before anything is read, by name.
    func testOptionValuesAndContradictionsAreRefusedBeforeReading() throws {
        let none = file("no-such.csv").path
        for (arguments, listed) in [(["--format", "xml"], "'csv', 'jsonl' or 'bin'"), (["--progress", "loud"], "'bar', 'json' or 'none'"),
                                    (["--category", "big"], "- extraSmall")] {
            let result = try run(["measure", none, "--max-column-width", "100"] + arguments)
            XCTAssertEqual(result.status, 64, result.err)
            XCTAssertTrue(result.err.hasPrefix("yardstick: error: ") && result.err.contains(listed), result.err)
        }
        // Letter case does not matter in a style or category name.
        let styled = try run(["layout", "--width", "100", "--style", "HEADLINE", "--category", "AccessibilityLarge"], input: #"{"text": "a"}"#)
        XCTAssertEqual(styled.status, 0, styled.err)
        XCTAssertEqual(try run(["layout", "--width", "100", "--style", "huge"], input: #"{"text": "a"}"#).status, 64)
        let config = try write("{}", "empty.json")
        let refused: [([String], String)] = [
            (["--max-column-width", "100", "--format", "jsonl"], "--format jsonl needs --config"),
            (["--max-column-width", "100", "--replay", "t.jsonl"], "--replay needs --config"),
            (["--max-column-width", "100", "--shard", "0/2"], "--shard writes a heights file"),
            (["--config", config, "--shard", "0/2", "--format", "csv"], "--shard writes a heights file"),
            (["--config", config, "--max-column-width", "100"], "--max-column-width does not apply with --config"),
            (["--config", config, "--format", "csv", "--replay", "t.jsonl"], "--format does not apply with --replay"),
            (["--max-column-width", "100", "--cache", file("c").path, "--cache-limit", "0"], "--cache-limit must be from 1"),
            (["--max-column-width", "100", "--cache-limit", "64"], "--cache-limit needs --cache DIR"),
            (["--config", config, "--threads", "100000"], "--threads must be from 0 (all cores) to 1024"),
            ([], "give --config CONFIG.json, or --max-column-width PT"),
        ]
        // Standard input feeds one input at most.
        let twice = try run(["measure", "-", "--config", "-"], input: "A\nx\n")
        XCTAssertEqual(twice.status, 1)
        XCTAssertTrue(twice.err.contains("standard input can be one input only"), twice.err)
        for (arguments, message) in refused {
            let result = try run(["measure", none] + arguments)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            // (The file does not exist: the options were refused before it was looked for.)
            XCTAssertTrue(result.err.contains(message) && !result.err.contains("no-such.csv"), "\(arguments): \(result.err)")
        }
    }
}
