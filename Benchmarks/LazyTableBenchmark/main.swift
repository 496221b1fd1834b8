// Lazy tables over CSV files of any size (issue 40): the first screen as a user gets it from
// the command line (`measure FILE --config list-product.json --replay` with one scroll, a
// process per run: peak RSS and wall time), and, in process, scrolls anywhere once the file is
// indexed (`LazyTable` over `CSVFileIndex`, the driver of --replay and the C tables).
//
//   make build    (swift build -c release --static-swift-stdlib --product yardstick)
//   swift run -c release LazyTableBenchmark [--reference OLD_BINARY] [--rows 200000,2000000,10000000]
//
// Tables are out/scale/rows-N.csv (Data/generate_rows.py N --notes 20-200), generated the
// first time. Prints figures only; asserts nothing but that the answers parse.
import BenchmarkSupport
import Foundation
import YardstickFormats
import YardstickLayout
import YardstickTable

var args = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    defer { args.removeSubrange(i...(i + 1)) }
    return args[i + 1]
}
let reference = option("--reference")
let counts = (option("--rows") ?? "200000,2000000,10000000").split(separator: ",").compactMap { Int($0) }
if let unknown = args.first { fail("unknown argument \(unknown); usage: LazyTableBenchmark [--reference BINARY] [--rows N,N,…]") }

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
let yardstick = root + "/.build/release/yardstick"
guard FileManager.default.isExecutableFile(atPath: yardstick) else { fail("build it first: make build") }
let work = root + "/out/scale"
try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
let config = root + "/Benchmarks/configs/list-product.json"


func table(_ n: Int) -> String { generatedTable(n, work: work, root: root) }
func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

// 1. The first screen from the command line, median of 3 runs (peak RSS the largest).
let trace = work + "/first-screen.jsonl"
try Data(#"{"op":"scroll","y":0,"height":800}"#.utf8 + [0x0A]).write(to: URL(fileURLWithPath: trace))
print("| rows | file | first screen | peak RSS |" + (reference == nil ? "" : " reference | peak RSS |"))
print("|---:|---:|---:|---:|" + (reference == nil ? "" : "---:|---:|"))
for n in counts {
    let path = table(n)
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    func firstScreen(_ binary: String) -> (Double, Int) {
        let runs = (0..<3).map { _ in run(binary, ["measure", path, "--config", config, "--replay", trace, "--output", work + "/first-screen-out.jsonl"]) }
        return (median(runs.map(\.seconds)), runs.map(\.peakKiB).max()!)
    }
    let (t, rss) = firstScreen(yardstick)
    var line = "| \(n) | \(size >> 20) MB | \(ms(t)) | \(rss >> 10) MB |"
    if let reference {
        let (rt, rrss) = firstScreen(reference)
        line += " \(ms(rt)) | \(rrss >> 10) MB |"
    }
    print(line)
}

// 2. In process, the largest table: open, first screen, the whole index, then scrolls anywhere.
let n = counts.max()!
let engine = try TextEngine()
let sizing = try SizingConfig(json: Array(try Data(contentsOf: URL(fileURLWithPath: config))))
var start = DispatchTime.now().uptimeNanoseconds
func lap() -> Double {
    let now = DispatchTime.now().uptimeNanoseconds
    defer { start = now }
    return Double(now - start) / 1e9
}
var lazy = try LazyTable.open(csvPath: table(n), sizing: sizing, engine: engine, threads: 0)
let opened = lap()
_ = try lazy.scroll(to: 0, viewportHeight: 800)
let first = lap()
try lazy.completeIndex()
let indexed = lap()
var generator = SystemRandomNumberGenerator()
var latencies: [Double] = []
for _ in 0..<50 {
    let y = Double.random(in: 0..<lazy.table.totalHeight.points, using: &generator)
    _ = lap()
    _ = try lazy.scroll(to: y, viewportHeight: 800)
    latencies.append(lap())
}
_ = lap()
_ = try lazy.scroll(to: .greatestFiniteMagnitude, viewportHeight: 800)
let end = lap()
print("\nIn process, \(n) rows: open \(ms(opened)), first screen \(ms(first)), rest of the index \(ms(indexed)); "
      + "50 random scrolls: median \(ms(median(latencies))), max \(ms(latencies.max()!)); to the end \(ms(end))")
