import Foundation
import Testing
import YardstickCommands
import YardstickOffsets
import YardstickFormats

@Suite struct OffsetTraceReplayerTests {
    /// Replays lines and returns the answers.
    func replay(_ lines: [String], on replayer: inout OffsetTraceReplayer) -> [String] {
        lines.map { replayer.replay(line: $0) }
    }

    @Test func answersTheWholeContract() {
        var replayer = OffsetTraceReplayer()
        let session: [(String, String)] = [
            (#"{"op":"total"}"#, #"{"height":0}"#),
            (#"{"op":"reset","sections":[{"rows":3,"header":10,"footer":5},{"rows":0},{"rows":2,"header":1.5}],"estimate":20}"#, #"{"ok":true}"#),
            (#"{"op":"total"}"#, #"{"height":116.5}"#),
            (#"{"op":"offset","section":0,"row":2}"#, #"{"y":50}"#),
            (#"{"op":"set","section":0,"row":1,"height":12.015625}"#, #"{"ok":true}"#),
            (#"{"op":"offset","section":2,"row":1}"#, #"{"y":88.515625}"#),
            (#"{"op":"at","y":0}"#, #"{"section":0,"row":null,"part":"header"}"#),
            (#"{"op":"at","y":10}"#, #"{"section":0,"row":0,"part":"row"}"#),
            (#"{"op":"total"}"#, #"{"height":108.515625}"#),
            (#"{"op":"at","y":65}"#, #"{"section":0,"row":null,"part":"footer"}"#),
            (#"{"op":"at","y":67.015625}"#, #"{"section":2,"row":null,"part":"header"}"#),   // section 1 has zero height
            (#"{"op":"at","y":108.5}"#, #"{"section":2,"row":1,"part":"row"}"#),
            (#"{"op":"at","y":108.515625}"#, #"{"section":null,"row":null,"part":null}"#),
            (#"{"op":"at","y":-0.001}"#, #"{"section":null,"row":null,"part":null}"#),
            (#"{"op":"anchor","y":25}"#, #"{"section":0,"row":0,"delta":15}"#),
            (#"{"op":"insert","section":0,"row":0,"count":2,"height":7}"#, #"{"ok":true}"#),
            (#"{"op":"restore","viewport":50}"#, #"{"y":39}"#),
            (#"{"op":"restore","viewport":50}"#, #"{"y":39}"#),   // the anchor stays captured
            (#"{"op":"invalidate","section":0,"row":0}"#, #"{"ok":true}"#),
            (#"{"op":"restore","viewport":50}"#, #"{"y":52}"#),
            (#"{"op":"estimate","height":1}"#, #"{"ok":true}"#),
            (#"{"op":"restore","viewport":5}"#, #"{"y":33}"#),
            (#"{"op":"restore","viewport":10}"#, #"{"y":30.515625}"#),   // clamped to total − viewport
            (#"{"op":"visible","y":0,"height":30,"prefetch":1}"#, #"{"first":[0,0],"last":[0,3],"unmeasured":3}"#),
            (#"{"op":"visible","y":0,"height":30,"prefetch":0}"#, #"{"first":[0,0],"last":[0,3],"unmeasured":2}"#),
            (#"{"op":"visible","y":500,"height":30,"prefetch":1}"#, #"{"first":null,"last":null,"unmeasured":0}"#),
            (#"{"op":"delete","section":0,"row":0,"count":5}"#, #"{"ok":true}"#),
            (#"{"op":"restore","viewport":0}"#, #"{"y":18.5}"#),   // section emptied: the captured top, clamped
            (#"{"op":"insert","section":0,"row":0,"count":100}"#, #"{"ok":true}"#),
            (#"{"op":"restore","viewport":0}"#, #"{"y":25}"#),
            (#"{"op":"anchor","y":1000}"#, #"{"section":null,"row":null,"delta":null}"#),
            (#"{"op":"reset","sections":[],"estimate":0}"#, #"{"ok":true}"#),
            (#"{"op":"visible","y":0,"height":10,"prefetch":0}"#, #"{"first":null,"last":null,"unmeasured":0}"#),
        ]
        for (line, expected) in session {
            #expect(replayer.replay(line: line) == expected, "\(line)")
        }
    }

    @Test func refusedLinesAnswerAnErrorAndChangeNothing() throws {
        var replayer = OffsetTraceReplayer()
        _ = replayer.replay(line: #"{"op":"reset","sections":[{"rows":4}],"estimate":10}"#)
        _ = replayer.replay(line: #"{"op":"anchor","y":15}"#)
        let bad = [
            "", "not json", "[1,2]", "42", #"{"op":1}"#, #"{"row":1}"#, #"{"op":"frobnicate"}"#,
            #"{"op":"set","section":0,"row":4,"height":1}"#, #"{"op":"set","section":1,"row":0,"height":1}"#,
            #"{"op":"set","section":0,"row":-1,"height":1}"#, #"{"op":"set","section":0,"row":0.5,"height":1}"#,
            #"{"op":"set","section":0,"row":1e300,"height":1}"#, #"{"op":"set","section":0,"row":0,"height":-1}"#,
            #"{"op":"set","section":0,"row":0,"height":-0.0001}"#, #"{"op":"set","section":0,"row":0,"height":1e400}"#,
            #"{"op":"set","section":0,"row":0,"height":1e10}"#, #"{"op":"set","section":0,"row":0,"height":"3"}"#,
            #"{"op":"set","section":0,"row":0}"#, #"{"op":"insert","section":0,"row":5,"count":1}"#,
            #"{"op":"insert","section":0,"row":0,"count":-1}"#, #"{"op":"insert","section":0,"row":0,"count":1e12}"#,
            #"{"op":"delete","section":0,"row":2,"count":3}"#, #"{"op":"delete","section":0,"row":-1,"count":1}"#,
            #"{"op":"estimate","height":-5}"#, #"{"op":"estimate"}"#, #"{"op":"offset","section":0,"row":4}"#,
            #"{"op":"at","y":"top"}"#, #"{"op":"at"}"#, #"{"op":"restore","viewport":-1}"#,
            #"{"op":"visible","y":0,"height":-1,"prefetch":0}"#, #"{"op":"visible","y":0,"height":1,"prefetch":-2}"#,
            #"{"op":"visible","y":0,"height":1,"prefetch":1.5}"#, #"{"op":"reset","sections":[{"rows":-1}],"estimate":1}"#,
            #"{"op":"reset","sections":[{"rows":1e9}],"estimate":1}"#, #"{"op":"reset","sections":[{"rows":1}]}"#,
            #"{"op":"reset","sections":[{"rows":1,"header":-2}],"estimate":1}"#, #"{"op":"reset","sections":{},"estimate":1}"#,
            "{\"op\":\"set\",\"section\":0,\"row\":0,\"height\":1} trailing", "{\"op\":\"set\u{1}\"}",
        ]
        let before = replay([#"{"op":"total"}"#, #"{"op":"offset","section":0,"row":3}"#, #"{"op":"restore","viewport":5}"#], on: &replayer)
        for line in bad {
            let answer = replayer.replay(line: line)
            #expect(answer.hasPrefix(#"{"error":""#), "\(line) → \(answer)")
            #expect(try JSONParser.parse(answer)["error"]?.stringValue?.isEmpty == false)
        }
        #expect(replay([#"{"op":"total"}"#, #"{"op":"offset","section":0,"row":3}"#, #"{"op":"restore","viewport":5}"#], on: &replayer) == before)
        #expect(replayer.replay(line: #"{"op":"restore","viewport":5}"#) == #"{"y":15}"#)
        _ = replayer.replay(line: #"{"op":"reset","sections":[],"estimate":1}"#)
        #expect(replayer.replay(line: #"{"op":"restore","viewport":5}"#).hasPrefix(#"{"error":"#))   // reset cleared it
    }

    /// Random lines, valid or not, never crash and always get one JSON object back; valid ones
    /// agree with the same operation on a `RowOffsetCache`.
    @Test func randomTracesAgreeWithTheCacheAndNeverFail() throws {
        var state: UInt64 = 7
        func random(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var replayer = OffsetTraceReplayer()
        var cache = try RowOffsetCache(sections: [RowOffsetCache.SectionLayout(estimatedRowCount: 50, headerHeight: pt(3)), RowOffsetCache.SectionLayout(estimatedRowCount: 0),
                                                  RowOffsetCache.SectionLayout(estimatedRowCount: 20, footerHeight: pt(2))], estimatedRowHeight: pt(12))
        _ = replayer.replay(line: #"{"op":"reset","sections":[{"rows":50,"header":3},{"rows":0},{"rows":20,"footer":2}],"estimate":12}"#)
        let numbers = ["0", "1", "2", "-1", "7.5", "1e300", "-0", "0.015625", "100", "3", "\"1\"", "null", "true"]
        for step in 0..<3_000 {
            let section = random(4), row = random(60), height = Double(random(4_000)) / 64, y = Double(random(1_500)) - 20
            var line: String
            switch random(12) {
            case 0:
                line = #"{"op":"set","section":\#(section),"row":\#(row),"height":\#(height)}"#
                let ok = (try? cache.setHeight(try LayoutLength(roundingPoints: height), of: RowPosition(section: section, row: row))) != nil
                #expect(replayer.replay(line: line).hasPrefix(ok ? #"{"ok":true}"# : #"{"error""#), "step \(step)")
                continue
            case 1:
                line = #"{"op":"offset","section":\#(section),"row":\#(row)}"#
                let expected = (try? cache.offset(of: RowPosition(section: section, row: row))).map { #"{"y":\#(JSONWriter.numberText($0.points))}"# }
                let answer = replayer.replay(line: line)
                if let expected { #expect(answer == expected, "step \(step)") } else { #expect(answer.hasPrefix(#"{"error""#)) }
                continue
            case 2:
                line = #"{"op":"total"}"#
                #expect(replayer.replay(line: line) == #"{"height":\#(JSONWriter.numberText(cache.totalHeight.points))}"#)
                continue
            case 3:
                let count = random(4)
                line = #"{"op":"insert","section":\#(section),"row":\#(row),"count":\#(count)}"#
                let ok = (try? cache.insertRows(at: RowPosition(section: section, row: row), count: count)) != nil
                #expect(replayer.replay(line: line).hasPrefix(ok ? #"{"ok""# : #"{"error""#), "step \(step)")
                continue
            case 4:
                let count = random(4)
                line = #"{"op":"delete","section":\#(section),"row":\#(row),"count":\#(count)}"#
                let ok = row + count <= 60 && (try? cache.deleteRows(row..<(row + count), inSection: section)) != nil
                #expect(replayer.replay(line: line).hasPrefix(ok ? #"{"ok""# : #"{"error""#), "step \(step)")
                continue
            case 5:
                line = #"{"op":"anchor","y":\#(y)}"#
                let anchor = cache.captureScrollAnchor(viewportTop: try LayoutLength(flooringPoints: y))
                let expected = anchor.map { #"{"section":\#($0.row!.section),"row":\#($0.row!.row),"delta":\#(JSONWriter.numberText($0.delta.points))}"# }
                    ?? #"{"section":null,"row":null,"delta":null}"#
                #expect(replayer.replay(line: line) == expected, "step \(step)")
                continue
            case 6:
                line = #"{"op":"restore","viewport":\#(height)}"#
                let expected = (try? cache.restoredContentOffset(viewportHeight: try LayoutLength(roundingPoints: height)))
                    .map { #"{"y":\#(JSONWriter.numberText($0.points))}"# }
                let answer = replayer.replay(line: line)
                if let expected { #expect(answer == expected, "step \(step)") } else { #expect(answer.hasPrefix(#"{"error""#)) }
                continue
            case 7:
                line = #"{"op":"at","y":\#(y)}"#
                let item = cache.item(at: try LayoutLength(flooringPoints: y))
                let answer = try JSONParser.parse(replayer.replay(line: line))
                #expect(answer["section"]?.exactIntegerValue == item?.section, "step \(step)")
                continue
            default:
                // Garbage: a random op with random field values, or mangled bytes.
                let ops = ["set", "insert", "delete", "offset", "at", "visible", "anchor", "restore", "estimate", "invalidate", "zz"]
                line = #"{"op":"\#(ops[random(ops.count)])","section":\#(numbers[random(numbers.count)]),"row":\#(numbers[random(numbers.count)]),"#
                    + #""count":\#(numbers[random(numbers.count)]),"height":\#(numbers[random(numbers.count)]),"y":\#(numbers[random(numbers.count)]),"#
                    + #""viewport":\#(numbers[random(numbers.count)]),"prefetch":\#(numbers[random(numbers.count)])}"#
                if random(3) == 0 {
                    var bytes = Array(line.utf8)
                    bytes[random(bytes.count)] = UInt8(random(256))
                    line = String(decoding: bytes, as: UTF8.self)
                }
                let answer = replayer.replay(line: line)
                #expect(!answer.contains("\n"))
                #expect((try? JSONParser.parse(answer))?.objectValue != nil, "\(line) → \(answer)")
                // Keep the reference cache in step: replay what may have changed it.
                cache = try RowOffsetCache(sections: [RowOffsetCache.SectionLayout(estimatedRowCount: 50, headerHeight: pt(3)), RowOffsetCache.SectionLayout(estimatedRowCount: 0),
                                                      RowOffsetCache.SectionLayout(estimatedRowCount: 20, footerHeight: pt(2))], estimatedRowHeight: pt(12))
                replayer = OffsetTraceReplayer()
                _ = replayer.replay(line: #"{"op":"reset","sections":[{"rows":50,"header":3},{"rows":0},{"rows":20,"footer":2}],"estimate":12}"#)
            }
        }
    }

    @Test func streamsFilesLineByLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("offsets-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("trace.jsonl"), output = directory.appendingPathComponent("answers.jsonl")
        var text = #"{"op":"reset","sections":[{"rows":100000}],"estimate":2}"# + "\r\n\n"
        for row in 0..<5_000 { text += #"{"op":"offset","section":0,"row":\#(row * 20)}"# + "\n" }
        text += #"{"op":"total"}"#   // no final newline
        try text.write(to: input, atomically: true, encoding: .utf8)
        try OffsetTraceReplayer.replayStream(inputPath: input.path, outputPath: output.path)
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5_004)   // 5,003 answers and the text after the last newline
        #expect(lines[0] == #"{"ok":true}"#)
        #expect(lines[1].hasPrefix(#"{"error":"invalid JSON"#))
        #expect(lines[2] == #"{"y":0}"#)
        #expect(lines[5_001] == #"{"y":199960}"#)
        #expect(lines[5_002] == #"{"height":200000}"#)
        #expect(lines[5_003] == "")
        #expect(throws: CommandError.self) {
            try OffsetTraceReplayer.replayStream(inputPath: directory.appendingPathComponent("missing").path, outputPath: output.path)
        }
    }
}

private func pt(_ points: Int) -> LayoutLength { .units(Int64(points) * 64) }
