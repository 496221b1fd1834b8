import Foundation
import XCTest

/// `--profile ios` and config `"profile": "ios"` through the built executable: Inter below
/// 20 pt and Inter Display from 20 pt, heights rounded up to 1/3 pt, UILabel's line rules; the
/// command line and the config agree, and contradict each other only as an error.
final class ProfileCommandTests: XCTestCase {
    var directory: URL!
    static let fonts = FontWeightCommandTests.fonts

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("yardstick-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func write(_ text: String, _ name: String) throws {
            try text.write(to: directory.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        try write(#"{"text":"The quick brown fox jumps over the lazy dog, twice","width":150}"# + "\n", "latin.jsonl")
        try write(#"{"text":"Hello สวัสดีครับ","width":300}"# + "\n", "thai.jsonl")
        try write("Notes\n\"The quick brown fox jumps over the lazy dog\"\nShort\n", "t.csv")
        let cell = #""cell":{"text":{"column":"Notes","style":"body"}}"#
        try write(#"{"layout":"list","width":140,\#(cell)}"#, "plain.json")
        try write(#"{"layout":"list","width":140,"profile":"ios",\#(cell)}"#, "ios.json")
        try write(#"{"layout":"list","width":140,"profile":"ios","displayScale":2,\#(cell)}"#, "ios2.json")
        try write("Notes\nHello world\n", "hello.csv")
        try write(#"{"layout":"list","width":100,"profile":"ios",\#(cell)}"#, "narrow.json")
        try write(#"{"layout":"list","width":100,"profile":"ios","category":"extraExtraLarge",\#(cell)}"#, "narrow-xxl.json")
        try write(#"{"op":"scroll","y":0,"height":800}"# + "\n" + #"{"op":"category","category":"extraExtraLarge"}"# + "\n"
                  + #"{"op":"height","section":0,"row":0}"# + "\n", "grow.jsonl")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func run(_ script: String) throws -> (status: Int32, out: String, err: String) {
        try BuiltYardstick.shell(script, folder: directory)
    }

    func record(_ line: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }

    func height(_ line: String) -> Double { (record(line)["height"] as? NSNumber)?.doubleValue ?? .nan }

    /// Widths from Inter (Inter Display from 20 pt), lines as tall as the iOS system font's
    /// (2444/2048 em), the height rounded up to 1/3 pt.
    func testIOSIsInterWithTheSystemFontsLines() throws {
        let inter = Self.fonts + "/Inter-roman.var.ttf", display = Self.fonts + "/InterDisplay-roman.var.ttf"
        for (size, font) in [(17.0, inter), (19.5, inter), (20.0, display), (28.0, display)] {
            let ios = try run(#""$Y" layout --input "$D/latin.jsonl" --profile ios --size \#(size)"#)
            XCTAssertEqual(ios.status, 0, ios.err)
            XCTAssertEqual(ios.err, "")
            let alone = try run(#""$Y" layout --input "$D/latin.jsonl" --font "\#(font)" --size \#(size)"#)
            let lines = Double(record(alone.out)["lines"] as! Int)
            XCTAssertEqual(record(ios.out)["lines"] as? Int, Int(lines))
            XCTAssertEqual(height(ios.out), ((lines * size * 2444 / 2048 * 3) - 1e-9).rounded(.up) / 3, accuracy: 1e-3, "\(size)")
            // Another family's width: not Inter Display below 20 pt, nor Inter from 20.
            let other = try run(#""$Y" layout --input "$D/latin.jsonl" --font "\#(font == inter ? display : inter)" --size \#(size)"#)
            XCTAssertNotEqual(record(other.out)["width"] as? Double, record(alone.out)["width"] as? Double)
            XCTAssertEqual(record(ios.out)["width"] as! Double, ((record(alone.out)["width"] as! Double) * 3 - 1e-9).rounded(.up) / 3, accuracy: 1e-3)
        }
    }

    func testLineHeightsComeFromTheLabelsFontUnlessOversize() throws {
        let latin = try run(#"printf '{"text":"Hello","width":300}\n' | "$Y" layout --profile ios"#)
        let thai = try run(#""$Y" layout --input "$D/thai.jsonl" --profile ios"#)
        let oversize = try run(#""$Y" layout --input "$D/thai.jsonl" --profile ios --sizing-rule oversize"#)
        XCTAssertEqual(height(thai.out), height(latin.out))
        XCTAssertGreaterThan(height(oversize.out), height(thai.out))
        let bad = try run(#""$Y" layout --input "$D/thai.jsonl" --profile android"#)
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.err.contains("--profile") && bad.err.contains("ios"), bad.err)
    }

    func testTheConfigAndTheCommandLineAgree() throws {
        let fromConfig = try run(#""$Y" measure "$D/t.csv" --config "$D/ios.json""#)
        let fromFlag = try run(#""$Y" measure "$D/t.csv" --config "$D/plain.json" --profile ios"#)
        let plain = try run(#""$Y" measure "$D/t.csv" --config "$D/plain.json""#)
        XCTAssertEqual(fromConfig.status, 0, fromConfig.err)
        XCTAssertEqual(fromConfig.out, fromFlag.out)
        XCTAssertNotEqual(fromConfig.out, plain.out)
        XCTAssertEqual(try run(#""$Y" measure "$D/t.csv" --config "$D/ios.json" --profile ios"#).out, fromConfig.out)
        // A display scale the config names beats the profile's.
        XCTAssertNotEqual(try run(#""$Y" measure "$D/t.csv" --config "$D/ios2.json""#).out, fromConfig.out)
        let contradiction = try run(#""$Y" measure "$D/t.csv" --config "$D/ios.json" --profile default"#)
        XCTAssertNotEqual(contradiction.status, 0)
        XCTAssertTrue(contradiction.err.contains(#"--profile default contradicts"#) && contradiction.err.contains("ios.json"), contradiction.err)
        let unknown = try run(#"printf '{"layout":"list","width":140,"profile":"android","cell":{"text":{"column":"Notes"}}}' > "$D/bad.json"; "$Y" measure "$D/t.csv" --config "$D/bad.json""#)
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.err.contains(#"profile: unknown value "android"; expected one of default, ios"#), unknown.err)
    }

    /// Body text at extraExtraLarge is 21 pt: Inter Display. A category change that crosses
    /// 20 pt prepares the rows again, so the replay answers what a fresh measurement gives.
    func testACategoryChangeAcrossTwentyPointsMatchesAFreshMeasurement() throws {
        let replay = try run(#""$Y" measure "$D/hello.csv" --config "$D/narrow.json" --replay "$D/grow.jsonl""#)
        XCTAssertEqual(replay.status, 0, replay.err)
        let answer = record(String(replay.out.split(separator: "\n")[2]))
        let eager = try run(#""$Y" measure "$D/hello.csv" --config "$D/narrow-xxl.json""#)
        let row0 = eager.out.split(separator: "\n")[1].split(separator: ",")
        XCTAssertEqual((answer["height"] as? NSNumber)?.doubleValue, Double(row0[1]), replay.out)
    }

    /// The plain grid in the iOS profile: every height a whole pixel, then up to 1/64 pt.
    func testThePlainGridRoundsUpToThePixel() throws {
        let r = try run(#""$Y" measure "$D/t.csv" --max-column-width 120 --profile ios"#)
        XCTAssertEqual(r.status, 0, r.err)
        for line in r.out.split(separator: "\n").dropFirst() {
            let h = Double(line.split(separator: ",")[1])!
            let pixel = (h * 3 + 1e-9).rounded(.down) / 3
            XCTAssertTrue(h >= pixel - 1e-9 && h - pixel < 1.0 / 64, "\(h)")
        }
    }

    /// Overlong words break without a hyphen (UILabel), and a line of emoji alone is no shorter
    /// than the label's font under `.oversize`.
    func testWordsBreakWithoutHyphensAndOversizeIsNoShorter() throws {
        let word = #"printf '{"text":"Donaudampfschifffahrtsgesellschaftskapitan","width":124}\n' | "$Y" layout"#
        XCTAssertEqual(try run(word + " --profile ios").out, try run(word + " --profile ios --no-hyphens").out)
        XCTAssertNotEqual(try run(word).out, try run(word + " --no-hyphens").out)
        let emoji = #"printf '{"text":"😀😀","width":300}\n' | "$Y" layout --profile ios"#
        XCTAssertGreaterThanOrEqual(height(try run(emoji + " --sizing-rule oversize").out), height(try run(emoji).out))
    }
}
