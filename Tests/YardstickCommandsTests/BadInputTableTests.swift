import Foundation
import XCTest

/// Every bad input the issues name, run against the built executable: each with the message it
/// must print first on standard error and the exit status it must end with (never a signal).
/// One row per case; add a row for every crash or bad message found.
final class BadInputTableTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("yardstick-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files: [(String, String)] = [
            ("ok.csv", "Title,Notes\nGroceries,\"Milk, eggs\"\nCall,Sunday\n"),
            ("ragged.csv", "Title,Notes\nOnly one field\nA,B,C,D\n"),
            ("list.json", #"{"layout":"list","width":300,"cell":{"text":{"column":"Notes"}}}"#),
            ("ok.jsonl", #"{"text":"a","width":100}"# + "\n"),
            ("trace.jsonl", #"{"op":"zoom"}"# + "\n" + #"{"op":"offset"}"# + "\n" + "not json\n"),
            ("set.jsonl", #"{"op":"reset","rows":10,"estimate":44}"# + "\n" + #"{"op":"set","row":99,"height":5}"# + "\n"),
        ]
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: false, encoding: .utf8) }
        // Bytes no text has: invalid UTF-8, a UTF-16 text, a truncated real font, an empty file.
        try Data([0x54, 0x69, 0x74, 0x6C, 0x65, 0x0A, 0xFF, 0xFE, 0x41, 0x0A]).write(to: directory.appendingPathComponent("invalid.csv"))
        try Data([0xFF, 0xFE, 0x7B, 0x00]).write(to: directory.appendingPathComponent("utf16.jsonl"))
        try Data([0x61, 0xFF, 0x2C, 0x62, 0x0A, 0x31, 0x2C, 0x32, 0x0A]).write(to: directory.appendingPathComponent("badheader.csv"))
        try #"{"layout":"grid"}"#.write(to: directory.appendingPathComponent("grid.json"), atomically: false, encoding: .utf8)
        // A row too tall for the offsets cache in the second block of a file read in blocks.
        let short = (0..<17_000).map { "\($0),hi\n" }.joined()
        try ("id,notes\n" + short + "x,\"" + String(repeating: "a\n", count: 14_000) + "\"\n" + short)
            .write(to: directory.appendingPathComponent("tall.csv"), atomically: false, encoding: .utf8)
        try #"{"layout":"list","width":300,"cell":{"text":{"column":"notes","size":1000}}}"#
            .write(to: directory.appendingPathComponent("tall.json"), atomically: false, encoding: .utf8)
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fonts")
        let font = try Data(contentsOf: fonts.appendingPathComponent("NotoSans-Regular.ttf"))
        try font.prefix(5000).write(to: directory.appendingPathComponent("truncated.ttf"))
        try font.prefix(300_000).write(to: directory.appendingPathComponent("cut.ttf"))
        try #"{"layout":"list","width":300,"cell":{"text":{"column":"Notes","weight":"extrabold"}}}"#
            .write(to: directory.appendingPathComponent("weight.json"), atomically: false, encoding: .utf8)
        try #"{"layout":"list","width":300,"cell":{"text":{"column":"Notes","weight":1001}}}"#
            .write(to: directory.appendingPathComponent("weight1001.json"), atomically: false, encoding: .utf8)
        try Data().write(to: directory.appendingPathComponent("empty.csv"))
        // A quoted cell of many short lines: the field limit, not the line limit, stops it.
        let lines = Array(repeating: String(repeating: "word ", count: 100), count: 10).joined(separator: "\n")
        try ("Text\n\"" + lines + "\"\n").write(to: directory.appendingPathComponent("multiline.csv"), atomically: false, encoding: .utf8)
        // A 1 MB cell and a 20 MB one (taller than the offsets cache holds at that width).
        let words = ["alpha", "beta", "gamma", "delta", "epsilon"]
        var cell = "", k = 0
        while cell.utf8.count < 1_000_000 { cell += words[k % 5] + " "; k += 1 }
        try ("Text\n\"" + cell + "\"\n").write(to: directory.appendingPathComponent("1mb.csv"), atomically: false, encoding: .utf8)
        try ("Text\n\"" + String(repeating: cell, count: 20) + "\"\n").write(to: directory.appendingPathComponent("20mb.csv"), atomically: false, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func shell(_ script: String) throws -> (status: Int32, out: String, err: String) {
        try BuiltYardstick.shell(script, folder: directory)
    }

    /// (command, exit status, what standard error starts with)
    static let cases: [(String, Int32, String)] = [
        // Text input: bad bytes, bad JSON, bad widths.
        (#"printf '\377\376{' | "$Y" layout --width 100"#, 1, "yardstick: error: the input is UTF-16 or UTF-32"),
        (#""$Y" layout --input "$D/utf16.jsonl""#, 1, "yardstick: error: the input is UTF-16 or UTF-32"),
        (#"printf '{"text":"a"' | "$Y" layout --width 100"#, 1, "yardstick: error: line 1: not valid JSON: unexpected end of input"),
        (#"printf '{"text":"a","text":"b"}' | "$Y" layout --width 100"#, 1, "yardstick: error: line 1: not valid JSON: the key \"text\" appears twice in one object at column 13"),
        (#"printf '{"text":"\377"}' | "$Y" layout --width 100"#, 0, "yardstick: warning: 1 invalid UTF-8 sequence(s) or unpaired surrogate escape(s) replaced by U+FFFD"),
        (#"echo '{"text":"a"}' | "$Y" layout --width 0"#, 1, "yardstick: error: --width must be a finite number above 0 (got 0)"),
        (#"echo '{"text":"a"}' | "$Y" layout --width nan"#, 1, "yardstick: error: --width must be a finite number above 0 (got nan)"),
        (#"echo '{"text":"a"}' | "$Y" layout --width inf"#, 1, "yardstick: error: --width must be a finite number above 0 (got inf)"),
        (#"echo '{"text":"a"}' | "$Y" layout --width 1e-325"#, 1, "yardstick: error: --width must be a finite number above 0 (got 0)"),
        (#"echo '{"text":"a","width":-1}' | "$Y" layout"#, 1, "yardstick: error: line 1: \"width\" must be a finite number above 0 (got -1)"),
        (#"echo '{"text":"a","width":1e400}' | "$Y" layout"#, 1, "yardstick: error: line 1: not valid JSON: number out of range"),
        (#"echo '{"text":"a"}' | "$Y" layout"#, 1, "yardstick: error: line 1: no width: give \"width\" or --width"),
        (#"head -c 2000 /dev/zero | tr '\0' a | "$Y" layout --width 100 --max-line-bytes 1000"#, 1, "yardstick: error: standard input: line 1 is longer than 1000 bytes (--max-line-bytes sets the limit)"),
        // Fonts.
        (#""$Y" layout --width 100 --font "$D/truncated.ttf" --input "$D/ok.jsonl""#, 1, "yardstick: error: not a usable font: "),
        (#""$Y" layout --width 100 --font "$D/ok.csv" --input "$D/ok.jsonl""#, 1, "yardstick: error: not a usable font: "),
        (#""$Y" layout --width 100 --font "$D/missing.ttf" --input "$D/ok.jsonl""#, 1, "yardstick: error: "),
        (#""$Y" layout --width 100 --font /dev/zero --input "$D/ok.jsonl""#, 1, "yardstick: error: font file unreadable: /dev/zero (not a regular file)"),
        // A bad input and a bad font: the input's error, on one thread and on two (the input is
        // read while the fonts load).
        (#""$Y" layout --width 100 --threads 1 --font "$D/truncated.ttf" --input "$D/missing.jsonl""#, 1, "yardstick: error: no such file: $D/missing.jsonl"),
        (#""$Y" layout --width 100 --threads 2 --font "$D/truncated.ttf" --input "$D/missing.jsonl""#, 1, "yardstick: error: no such file: $D/missing.jsonl"),
        (#""$Y" layout --width 100 --threads 2 --font "$D/truncated.ttf" --input "$D/utf16.jsonl""#, 1, "yardstick: error: the input is UTF-16 or UTF-32"),
        (#"mkfifo "$D/fifo.ttf"; "$Y" layout --width 100 --font "$D/fifo.ttf" --input "$D/ok.jsonl""#, 1, "yardstick: error: font file unreadable: $D/fifo.ttf (not a regular file)"),
        (#"truncate -s 300M "$D/huge.ttf"; "$Y" layout --width 100 --font "$D/huge.ttf" --input "$D/ok.jsonl""#, 1, "yardstick: error: font file unreadable: $D/huge.ttf (larger than 256 MiB, more than any font)"),
        // Tables: CSV, numbers, cells.
        (#""$Y" measure "$D/empty.csv" --max-column-width 100"#, 1, "yardstick: error: the CSV file has no rows"),
        (#""$Y" measure "$D/empty.csv" --config "$D/list.json""#, 1, "yardstick: error: the CSV file has no header record"),
        (#""$Y" measure "$D/ragged.csv" --max-column-width 100"#, 0, "yardstick: note: 2 row(s) have a number of fields other than the header's (lines 2, 3;"),
        (#""$Y" measure "$D/ragged.csv" --config "$D/list.json""#, 0, "yardstick: note: 2 row(s) have a number of fields other than the header's 2 (lines 2, 3; missing cells are empty, extra ones unused)"),
        (#""$Y" measure - --config "$D/list.json" < "$D/ragged.csv""#, 0, "yardstick: note: 2 row(s) have a number of fields other than the header's 2 (lines 2, 3; missing cells are empty, extra ones unused)"),
        (#""$Y" measure "$D/invalid.csv" --max-column-width 100"#, 0, "yardstick: warning: 2 invalid UTF-8 sequence(s) replaced by U+FFFD"),
        (#""$Y" measure "$D/badheader.csv" --config "$D/grid.json""#, 0, "yardstick: warning: 1 invalid UTF-8 sequence(s) replaced by U+FFFD"),
        (#""$Y" measure "$D/tall.csv" --config "$D/tall.json" --output "$D/tall.out""#, 1, "yardstick: error: row 17000 (line 17002) must be a finite height"),
        (#""$Y" measure "$D/ok.csv" --max-column-width -5"#, 1, "yardstick: error: --max-column-width must be a finite number above 0 (got -5)"),
        (#""$Y" measure "$D/ok.csv" --max-column-width abc"#, 64, "yardstick: error: The value 'abc' is invalid for '--max-column-width"),
        (#""$Y" measure "$D/ok.csv""#, 1, "yardstick: error: give --config CONFIG.json, or --max-column-width PT"),
        (#""$Y" measure "$D/ok.csv" --max-column-width 100 --cache """#, 1, "yardstick: error: --cache needs a folder (the path is empty)"),
        (#""$Y" measure "$D/ok.csv" --max-column-width 100 --threads -1"#, 1, "yardstick: error: --threads must be from 0 (all cores) to 1024"),
        (#""$Y" measure "$D/1mb.csv" --max-column-width 200"#, 0, "rows: 2 (header included)"),
        (#""$Y" measure "$D/multiline.csv" --max-column-width 200 --max-line-bytes 1000"#, 1,
         "yardstick: error: CSV line 2: a field is longer than 1000 bytes (--max-line-bytes sets the limit)"),
        (#""$Y" measure "$D/multiline.csv" --config "$D/list.json" --max-line-bytes 1000"#, 1,
         "yardstick: error: CSV line 2: a field is longer than 1000 bytes (--max-line-bytes sets the limit)"),
        (#"cat "$D/multiline.csv" | "$Y" measure - --config "$D/list.json" --max-line-bytes 1000"#, 1,
         "yardstick: error: CSV line 2: a field is longer than 1000 bytes (--max-line-bytes sets the limit)"),
        (#""$Y" render "$D/multiline.csv" --max-line-bytes 1000 --output "$D/p.png""#, 1,
         "yardstick: error: CSV line 2: a field is longer than 1000 bytes (--max-line-bytes sets the limit)"),
        (#""$Y" measure "$D/20mb.csv" --max-column-width 200"#, 1, "yardstick: error: row 1 (line 2) is "),
        // Configs and templates.
        (#""$Y" measure "$D/ok.csv" --config "$D/ok.csv""#, 1, "yardstick: error: $D/ok.csv: not JSON: unexpected character 'T'"),
        (#"echo '{"layout":"list"}' > "$D/c.json"; "$Y" measure "$D/ok.csv" --config "$D/c.json""#, 1, "yardstick: error: $D/c.json: width: a list needs \"width\""),
        (#"echo '{"layout":"list","width":300,"cell":{"text":{"column":"zz"}}}' > "$D/c.json"; "$Y" measure "$D/ok.csv" --config "$D/c.json""#, 1,
         "yardstick: error: $D/c.json: cell.text.column: no column named \"zz\""),
        (#"echo '{"layout":"list","width":300,"cell":{"vstack":{"children":[]}}}' > "$D/c.json"; "$Y" measure "$D/ok.csv" --config "$D/c.json""#, 1,
         "yardstick: error: $D/c.json: cell.vstack.children: a stack needs at least one child"),
        (#"echo '{"layout":"grid","rowHeightMode":{"fixed":-3}}' > "$D/c.json"; "$Y" measure "$D/ok.csv" --config "$D/c.json""#, 1,
         "yardstick: error: $D/c.json: rowHeightMode.fixed: must be a finite number of points from 0 to 16777215"),
        (#"echo '{"layout":"list","width":300,"cell":{"text":{"column":"Notes","size":-1}}}' > "$D/c.json"; "$Y" measure "$D/ok.csv" --config "$D/c.json""#, 1,
         "yardstick: error: $D/c.json: cell.text.size: a font size must be above 0"),
        (#"echo '{"layout":"list","width":300,"cell":{"constraints":{"views":{"a":{"text":{"column":"Notes"}}},"rules":["a.top == "]}}}' > "$D/c.json"; "$Y" measure "$D/ok.csv" --config "$D/c.json""#, 1,
         "yardstick: error: $D/c.json: cell.constraints.rules[0]: at character"),
        (#"echo '{"layout":"grid","bogus":1}' > "$D/c.json"; "$Y" measure "$D/ok.csv" --config "$D/c.json""#, 1, "yardstick: error: $D/c.json: bogus:"),
        // Traces: a bad line is answered with an error and changes nothing; the run succeeds.
        (#""$Y" offsets --input "$D/trace.jsonl""#, 0, ""),
        (#""$Y" offsets --input "$D/set.jsonl""#, 0, ""),
        (#""$Y" measure "$D/ok.csv" --config "$D/list.json" --replay "$D/trace.jsonl""#, 0, ""),
        // Weights, and a font cut short (its tables run past its end).
        (#""$Y" layout --width 100 --weight 1001 --input "$D/ok.jsonl""#, 64, "yardstick: error: The value '1001' is invalid for '--weight <WEIGHT>'"),
        (#""$Y" layout --width 100 --weight extrabold --input "$D/ok.jsonl""#, 64, "yardstick: error: The value 'extrabold' is invalid for '--weight <WEIGHT>'"),
        (#""$Y" measure "$D/ok.csv" --config "$D/weight.json""#, 1,
         "yardstick: error: $D/weight.json: cell.text.weight: must be a weight name (ultraLight, thin, light, regular, medium, semibold, bold, heavy, black) or a number from 1 to 1000"),
        (#""$Y" measure "$D/ok.csv" --config "$D/weight1001.json""#, 1, "yardstick: error: $D/weight1001.json: cell.text.weight: must be a weight name"),
        (#""$Y" layout --width 100 --font "$D/cut.ttf" --input "$D/ok.jsonl""#, 1,
         "yardstick: error: not a usable font: $D/cut.ttf (tables 'glyf', 'name', 'post', 'gasp', 'GDEF', 'GPOS', 'GSUB', 'DSIG' run past the end of the file (300000 bytes): cut short?)"),
        // Heights files and pictures.
        (#""$Y" inspect "$D/ok.csv""#, 1, "yardstick: error: $D/ok.csv: not a Yardstick heights file"),
        (#""$Y" merge "$D/ok.csv" --output "$D/m.bin""#, 1, "yardstick: error: $D/ok.csv: not a Yardstick heights file"),
        (#""$Y" render "$D/ok.csv" --rows 0-99999999999 --output "$D/p.png""#, 1, "yardstick: error: --rows 0-99999999999: the table has 2 row(s)"),
        (#""$Y" render "$D/ok.csv" --scale 1e308 --output "$D/p.png""#, 1, "yardstick: error: --scale must be from 1 to 8"),
        (#""$Y" render "$D/ok.csv" --margin 10 --output "$D/p.png""#, 1, "yardstick: error: --width, --size, --style, --category, --weight, --italic, --max-lines and --margin go with --text"),
        (#""$Y" render "$D/ok.csv" --rows -1 --output "$D/p.png""#, 1, "yardstick: error: --rows takes A-B or A, row numbers from 0 (got \"-1\")"),
        (#""$Y" inspect "$D/ok.csv" --rows -1"#, 1, "yardstick: error: --rows takes all, N or FIRST-LAST (row numbers from 0, FIRST ≤ LAST); got \"-1\""),
        (#""$Y" render "$D/ok.csv" --output "$D/ok.csv""#, 1, "yardstick: error: "),
        // Standard streams.
        (#"exec 0<&-; "$Y" layout --width 100"#, 1, "yardstick: error: cannot read standard input: Bad file descriptor"),
        (#""$Y" layout --input "$D/ok.jsonl" >/dev/full"#, 1, "yardstick: error: cannot write standard output: No space left on device"),
    ]

    func testEveryBadInputHasItsMessageAndStatus() throws {
        for (script, status, message) in Self.cases {
            let r = try shell(script)
            let expected = message.replacingOccurrences(of: "$D", with: directory.path)
            XCTAssertEqual(r.status, status, "\(script)\n\(r.err)")
            XCTAssertTrue(r.err.hasPrefix(expected), "\(script)\nexpected: \(expected)\ngot: \(r.err)")
        }
        // Nothing the failing runs named as output was written, and the inputs are intact.
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("p.png").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("m.bin").path))
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("ok.csv"), encoding: .utf8), "Title,Notes\nGroceries,\"Milk, eggs\"\nCall,Sunday\n")
    }

    func testBadTraceLinesAreAnsweredInOrder() throws {
        let r = try shell(#""$Y" offsets --input "$D/trace.jsonl""#)
        let lines = r.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix(#"{"error":"#) }, r.out)
    }
}
