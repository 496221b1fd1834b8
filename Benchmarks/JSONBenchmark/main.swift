// Prints how fast the CLI's JSON Lines parser reads `layout` input, against Foundation's
// JSONSerialization and JSONDecoder on the same lines (release build):
//   swift run -c release JSONBenchmark [CORPUS.jsonl]
// Without an argument it reads out/corpus.jsonl (`python3 Tools/pango-reference/make_corpus.py -o out/corpus.jsonl`).
import Foundation
import YardstickCommands
import YardstickLayout
import YardstickFormats

let path = CommandLine.arguments.dropFirst().first ?? "out/corpus.jsonl"
guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("JSONBenchmark: cannot read \(path) (make it with Tools/pango-reference/make_corpus.py)\n".utf8))
    exit(1)
}
let bytes = [UInt8](data)
let lines = JSONLines.lines(bytes).filter { !$0.isEmpty }
let lineData = lines.map { Data($0) }
print("input: \(path), \(lines.count) lines, \(bytes.count) bytes")

struct Record: Decodable { var text: String; var width: Double? }

/// Best of `rounds` wall times of `body`, in seconds; `body` returns a checksum so nothing is optimized away.
func best(_ rounds: Int = 5, _ body: () throws -> Int) rethrows -> (seconds: Double, check: Int) {
    var bestTime = Double.infinity, check = 0
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        check = try body()
        bestTime = min(bestTime, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return (bestTime, check)
}

let ours = try best {
    var n = 0
    for line in lines { if case .object(let o) = try JSONParser.parse(line), let t = o["text"]?.stringValue { n += t.utf8.count } }
    return n
}
let serialization = try best {
    var n = 0
    for line in lineData { if let o = try JSONSerialization.jsonObject(with: line) as? [String: Any], let t = o["text"] as? String { n += t.utf8.count } }
    return n
}
let decoder = JSONDecoder()
let decoding = try best {
    var n = 0
    for line in lineData { n += try decoder.decode(Record.self, from: line).text.utf8.count }
    return n
}
// What `yardstick layout` runs: the records read in place (spans of the input, one thread).
let reader = try best {
    let records = try LayoutJob(defaultWidth: 250, attributes: TextAttributes(size: 17), threads: 1).parse(bytes)
    return records.withTexts { text in (0..<records.count).reduce(0) { $0 + text($1).count } }
}
precondition(ours.check == serialization.check && ours.check == decoding.check && ours.check == reader.check, "the parsers read different texts")
print("| parser | best of 5, s | MB/s | lines/s |")
print("|---|---:|---:|---:|")
for (name, r) in [("LayoutJob.parse (records in place)", reader), ("JSONParser (Yardstick)", ours), ("JSONSerialization", serialization), ("JSONDecoder", decoding)] {
    print("| \(name) | \(String(format: "%.3f", r.seconds)) | \(String(format: "%.0f", Double(bytes.count) / r.seconds / 1e6)) | \(String(format: "%.0f", Double(lines.count) / r.seconds)) |")
}
