// Text engine benchmark: cold measurement, warm re-layout and thread scaling over the bundled
// multilingual sample, next to the floor of one hb_shape call per whole cell, in one run.
//
//   swift run -c release TextEngineBenchmark [Data/sample.csv] [--repeat N] [--cold-only [--cold-threads N] [--two-steps]]
//   swift run -c release TextEngineBenchmark --write-cells FILE.jsonl   (the cells, as `yardstick layout` input)
//   … [--font FILE [--weight N]] [--latin]: a font of one's own first (a variable one set to the
//   weight), and only the cells of Latin, Greek and Cyrillic (what a Latin face covers whole):
//   a variable face against a static one on the same cells, each run its own process.
//
// A cold pass is `TextEngine.prepareAndMeasure` (each batch measured as soon as it is prepared);
// the same work as two steps (`prepare` over all cells, then `measure` over all) is timed beside it.
// --cold-only runs only the cold pass (for profilers such as perf or callgrind), on one thread
// or on --cold-threads N, after one unmeasured pass outside `coldRun` that takes the one-time
// costs: `valgrind --tool=callgrind --toggle-collect='*coldRun*'` counts measured passes only.
// --two-steps makes that pass the two-step one.
//
// Prints figures; asserts nothing. Run on an otherwise idle machine. Beside the thread scaling
// it prints the machine's own limit: two one-thread passes on separate engines at once.
import CHarfBuzz
import Foundation
import Synchronization
import YardstickFonts
import YardstickLayout
import YardstickTable

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

var args = Array(CommandLine.arguments.dropFirst())
var repeats = 7
if let r = args.firstIndex(of: "--repeat"), r + 1 < args.count { repeats = max(1, Int(args[r + 1]) ?? repeats); args.removeSubrange(r...(r + 1)) }
let coldOnly = args.contains("--cold-only")
args.removeAll { $0 == "--cold-only" }
let twoSteps = args.contains("--two-steps")
args.removeAll { $0 == "--two-steps" }
var writeCells: String?
if let w = args.firstIndex(of: "--write-cells"), w + 1 < args.count { writeCells = args[w + 1]; args.removeSubrange(w...(w + 1)) }
var fontPath: String?
if let f = args.firstIndex(of: "--font"), f + 1 < args.count { fontPath = args[f + 1]; args.removeSubrange(f...(f + 1)) }
var weight = FontWeight.regular
if let w = args.firstIndex(of: "--weight"), w + 1 < args.count, let n = FontWeight(name: args[w + 1]) { weight = n; args.removeSubrange(w...(w + 1)) }
let latinOnly = args.contains("--latin")
args.removeAll { $0 == "--latin" }
var coldThreads = 1
if let t = args.firstIndex(of: "--cold-threads"), t + 1 < args.count { coldThreads = max(1, Int(args[t + 1]) ?? 1); args.removeSubrange(t...(t + 1)) }
if let unknown = args.first(where: { $0.hasPrefix("-") }) {
    FileHandle.standardError.write("unknown option \(unknown); usage: TextEngineBenchmark [FILE.csv] [--repeat N] [--cold-only [--cold-threads N] [--two-steps]] [--write-cells FILE.jsonl]\n".data(using: .utf8)!)
    exit(2)
}
let csvPath = args.first ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Data/sample.csv").standardized.path
guard let data = FileManager.default.contents(atPath: csvPath).map({ [UInt8]($0) }) else {
    FileHandle.standardError.write("cannot read \(csvPath)\n".data(using: .utf8)!)
    exit(1)
}
let table = try CSVReader(bytes: data)
// The text columns (customer, address, status, items, notes): ~57,000 non-empty cells of
// about 60 bytes on average. The id, amount and date columns are left out (short, unique).
let textColumns = ["customer", "address", "status", "items", "notes"].compactMap { table.rows[0].firstIndex(of: $0) }
let cells = table.rows.dropFirst().flatMap { row in textColumns.compactMap { $0 < row.count ? row[$0] : nil } }.filter { !$0.isEmpty }
    .filter { !latinOnly || $0.unicodeScalars.allSatisfy { $0.value < 0x0530 || (0x2010...0x2027).contains($0.value) } }
if let writeCells {
    // The very cells the cold pass measures, one `{"text": …}` line each, for the CLI beside it.
    var out = Data()
    for cell in cells {
        out += try JSONSerialization.data(withJSONObject: ["text": cell], options: [.withoutEscapingSlashes])
        out.append(0x0A)
    }
    try out.write(to: URL(fileURLWithPath: writeCells))
    print("wrote \(cells.count) cells to \(writeCells)")
    exit(0)
}
let bytes = cells.reduce(0) { $0 + $1.utf8.count }
print("corpus: \(cells.count) non-empty text cells from \(csvPath), \(String(format: "%.1f", Double(bytes) / Double(cells.count))) UTF-8 bytes per cell on average")
print("machine: \(Machine.coreCount) cores; \(repeats) runs per figure: the best, and for cold passes also the median\n")

let fonts = try fontPath.map { try FontCollection.make(fontPaths: [$0]) } ?? FontCollection.bundled()
let attributes = TextAttributes(size: 17, fontStyle: FontStyle(weight: weight))
if let fontPath { print("font: \(fontPath) at weight \(weight): \(fonts.faces[fonts.primaryFace(for: attributes.fontStyle)].name)") }

func best(_ body: () -> Double) -> Double { (0..<repeats).map { _ in body() }.min()! }

// Cold: a new engine (empty shaping cache) prepares and measures every cell at 250 pt. One and
// two threads alternate, so a slow spell of the machine hits both alike. The cold figures are
// the best run of each, with the median beside it; the speed-up is also given as the median
// over rounds of one round's one-thread time over its two-thread time (neighbouring runs see
// the same machine). First, unmeasured passes on one and two threads take the process's
// one-time costs (HarfBuzz loading font tables and making shape plans, kept by the shared
// faces; the worker threads and their malloc arenas; the first touch of memory), which no later
// engine pays. Each measured pass follows an unmeasured pass on as many threads, so neither
// kind pays for the other's state of caches and allocator (a small effect: 2-3% in median
// over 12 rounds here). A measured pass keeps nothing afterwards, so every pass starts from
// the same memory (no page faults); the warm figures use a further pass, kept.
func minorFaults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_minflt
}
struct ColdRun {
    var seconds: Double
    var faults: Int
    var engine: TextEngine
    var measured: [MeasuredText] = []
    var stepped: [PreparedText] = []
    var prepared: [PreparedText] { stepped.isEmpty ? measured.map(\.prepared) : stepped }
}
/// One cold pass. The engine and its results are returned, so freeing them falls outside this
/// function (profilers count `coldRun` alone); `timed` keeps only the figures.
func coldRun(threads: Int, fused: Bool = !twoSteps) -> ColdRun {
    let engine = try! TextEngine(fonts: fonts)
    let f0 = minorFaults()
    let t0 = now()
    if fused {
        let measured = engine.prepareAndMeasure(cells, width: 250, attributes: attributes, threads: threads)
        let t = now() - t0
        precondition(measured.count == cells.count)
        return ColdRun(seconds: t, faults: minorFaults() - f0, engine: engine, measured: measured)
    }
    let prepared = engine.prepare(cells, style: attributes.fontStyle, threads: threads)
    let heights = Parallel.map(count: prepared.count, threads: threads, chunk: 256) { prepared[$0].heightAndLineCount(width: 250, attributes: attributes).height }
    let t = now() - t0
    precondition(heights.count == cells.count)
    return ColdRun(seconds: t, faults: minorFaults() - f0, engine: engine, stepped: prepared)
}
func timed(threads: Int, fused: Bool = !twoSteps) -> (seconds: Double, faults: Int) {
    let run = coldRun(threads: threads, fused: fused)
    return (run.seconds, run.faults)
}
func median(_ values: [Double]) -> Double {
    let v = values.sorted()
    return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
}
/// An unmeasured pass, outside `coldRun`: the same work as a cold pass (the two steps with
/// --two-steps), so that, first in its process, it shows what the one-time costs add.
func warmUp(threads: Int) {
    let engine = try! TextEngine(fonts: fonts)
    if twoSteps {
        _ = engine.prepare(cells, style: attributes.fontStyle, threads: threads)
    } else {
        _ = engine.prepareAndMeasure(cells, width: 250, attributes: attributes, threads: threads)
    }
}
if coldOnly {
    let f0 = minorFaults(), w0 = now()
    warmUp(threads: coldThreads)
    let first = now() - w0, firstFaults = minorFaults() - f0
    var best = timed(threads: coldThreads).seconds
    for _ in 1..<repeats { best = min(best, timed(threads: coldThreads).seconds) }
    print("cold, \(coldThreads) thread(s) (empty caches, prepare+height) \(String(format: "%8.3f µs/cell", best / Double(cells.count) * 1e6))")
    print("the process's first pass (the same work, one-time costs included) \(String(format: "%8.3f µs/cell", first / Double(cells.count) * 1e6)), \(firstFaults) page faults")
    exit(0)
}
// The machine's own limit: two one-thread passes at once, each with its own engine and its own
// copy of the cells (nothing shared but the fonts, which are only read), one on the main thread
// and one on a thread kept for it. How much each is slowed is what the two cores cost each other
// (caches, memory, the host), so 2 ÷ that slowdown is the most two threads could gain here.
final class PairThread: @unchecked Sendable {
    private let start = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
    private var job: () -> Void = {}
    init() {
        Thread { [self] in while true { start.wait(); job(); done.signal() } }.start()
    }
    /// Runs `other` on the kept thread while `mine` runs here; returns when both are done.
    func run(_ other: @escaping () -> Void, alongside mine: () -> Void) {
        job = other
        start.signal()
        mine()
        done.wait()
    }
}
let pairThread = PairThread()
let cellCopies = (0..<2).map { _ in cells.map { String(decoding: Array($0.utf8), as: UTF8.self) } }
/// Each side's seconds; the engines and results are freed after both sides are done.
func pairRun() -> (Double, Double) {
    let results = Mutex<[(Double, TextEngine, [MeasuredText])?]>([nil, nil])
    let side = { (i: Int) in
        let engine = try! TextEngine(fonts: fonts)
        let t0 = now()
        let measured = engine.prepareAndMeasure(cellCopies[i], width: 250, attributes: attributes, threads: 1)
        let t = now() - t0
        precondition(measured.count == cells.count)
        results.withLock { $0[i] = (t, engine, measured) }
    }
    pairThread.run({ side(1) }, alongside: { side(0) })
    return results.withLock { ($0[0]!.0, $0[1]!.0) }
}

_ = timed(threads: 1)
_ = timed(threads: 2)
_ = pairRun()
var ones: [Double] = [], twos: [Double] = [], ratios: [Double] = []
var stepOnes: [Double] = [], stepTwos: [Double] = [], stepRatios: [Double] = []
var pairs: [Double] = [], pairSlowdowns: [Double] = []
var faults1: [Int] = [], faults2: [Int] = []
for _ in 0..<repeats {
    _ = timed(threads: 1)
    let one = timed(threads: 1)
    _ = timed(threads: 2)
    let two = timed(threads: 2)
    _ = pairRun()
    let pair = pairRun()
    _ = timed(threads: 1, fused: false)
    let stepOne = timed(threads: 1, fused: false)
    _ = timed(threads: 2, fused: false)
    let stepTwo = timed(threads: 2, fused: false)
    ones.append(one.seconds); twos.append(two.seconds); ratios.append(one.seconds / two.seconds)
    stepOnes.append(stepOne.seconds); stepTwos.append(stepTwo.seconds); stepRatios.append(stepOne.seconds / stepTwo.seconds)
    pairs.append((pair.0 + pair.1) / 2)
    pairSlowdowns.append((pair.0 + pair.1) / 2 / one.seconds)
    faults1.append(one.faults); faults2.append(two.faults)
}
let warmRun = coldRun(threads: 1)
let prepared = warmRun.prepared

// Floor: one hb_shape call per whole cell, in the primary face, script/direction guessed.
let floorSeconds = best {
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    let font = fonts.faces[fonts.primaryFace(for: .regular)].hbFont
    let t0 = now()
    for var cell in cells {
        cell.withUTF8 { u in
            hb_buffer_clear_contents(buffer)
            u.withMemoryRebound(to: CChar.self) { hb_buffer_add_utf8(buffer, $0.baseAddress, Int32(u.count), 0, Int32(u.count)) }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(font, buffer, nil, 0)
        }
    }
    return now() - t0
}


// Warm: re-layout the prepared cells at a new width (and a new Dynamic Type size): arithmetic only.
var sink = 0.0
let warmWidth = best {
    let t0 = now()
    for p in prepared { sink += p.heightAndLineCount(width: 180, attributes: attributes).height }
    return now() - t0
}
let large = TextAttributes(textStyle: .body, category: .accessibilityLarge)
let warmCategory = best {
    let t0 = now()
    for p in prepared { sink += p.heightAndLineCount(width: 250, attributes: large).height }
    return now() - t0
}
let warmLayout = best {
    let t0 = now()
    for p in prepared { sink += Double(p.layout(width: 180, attributes: attributes).lineCount) }
    return now() - t0
}
// Warm re-layout of short values, most of them one line at 250 pt (the customer, status, date and
// amount columns): measuring such a paragraph reads its one-line summary, not its segments.
let shortColumns = ["customer", "status", "date", "amount"].compactMap { table.rows[0].firstIndex(of: $0) }
let shortCells = table.rows.dropFirst().flatMap { row in shortColumns.compactMap { $0 < row.count ? row[$0] : nil } }.filter { !$0.isEmpty }
let shortPrepared = try TextEngine(fonts: fonts).prepare(shortCells, style: attributes.fontStyle, threads: 1) // (its own engine: the caches reported below stay those of the corpus)
var shortLines = 0
let warmShort = best {
    let t0 = now()
    shortLines = 0
    for p in shortPrepared { let m = p.heightAndLineCount(width: 250, attributes: attributes); sink += m.height; shortLines += m.lineCount }
    return now() - t0
}
// Re-measuring known text with a warm shaping cache (e.g. the same values in another table).
let warmCache = best {
    let t0 = now()
    let again = warmRun.engine.prepare(cells, style: attributes.fontStyle, threads: 1)
    for p in again { sink += p.heightAndLineCount(width: 250, attributes: attributes).height }
    return now() - t0
}

let n = Double(cells.count)
func us(_ s: Double) -> String { String(format: "%8.3f µs/cell", s / n * 1e6) }
print("floor: one hb_shape per whole cell            \(us(floorSeconds))")
func speedUp(_ one: [Double], _ two: [Double], _ ratios: [Double]) -> String {
    "speed-up \(String(format: "%.2f", one.min()! / two.min()!))x best/best, \(String(format: "%.2f", median(ratios)))x median of rounds (\(ratios.map { String(format: "%.2f", $0) }.joined(separator: " ")))"
}
print("cold, 1 thread (empty caches, prepare+height) \(us(ones.min()!))   (\(String(format: "%.0f", n / ones.min()!)) cells/s; median \(us(median(ones)).trimmingCharacters(in: .whitespaces)))")
print("cold, 2 threads                               \(us(twos.min()!))   (median \(us(median(twos)).trimmingCharacters(in: .whitespaces)))   \(speedUp(ones, twos, ratios))")
print("cold as two steps (prepare all, then measure): 1 thread \(us(stepOnes.min()!).trimmingCharacters(in: .whitespaces)) (median \(us(median(stepOnes)).trimmingCharacters(in: .whitespaces))), 2 threads \(us(stepTwos.min()!).trimmingCharacters(in: .whitespaces)) (median \(us(median(stepTwos)).trimmingCharacters(in: .whitespaces))), \(speedUp(stepOnes, stepTwos, stepRatios))")
// (Each side's time, averaged over the two; against the one-thread pass best ÷ best and by rounds, as the speed-up.)
let slowdownBest = pairs.min()! / ones.min()!, slowdownRounds = median(pairSlowdowns)
print("two 1-thread passes at once, own engines   \(us(pairs.min()!))   each \(String(format: "%.2f", slowdownBest))x as long as alone best/best, \(String(format: "%.2f", slowdownRounds))x by rounds: 2 threads could reach \(String(format: "%.2f", 2 / slowdownBest))x, \(String(format: "%.2f", 2 / slowdownRounds))x")
print("warm re-layout at a new width (height only)   \(us(warmWidth))")
print("warm re-layout at a new Dynamic Type size     \(us(warmCategory))")
print("warm re-layout at a new width (full lines)    \(us(warmLayout))")
print("warm re-layout of short values at 250 pt      \(String(format: "%8.3f µs/cell", warmShort / Double(shortCells.count) * 1e6))   (\(shortCells.count) cells of the customer, status, date and amount columns, \(String(format: "%.2f", Double(shortLines) / Double(shortCells.count))) lines each)")
print("re-prepare with a warm shaping cache          \(us(warmCache))")
print("minor page faults per cold pass: 1 thread \(faults1.map(String.init).joined(separator: " ")); 2 threads \(faults2.map(String.init).joined(separator: " "))")
print("shaping cache after one cold pass: \(warmRun.engine.cache.count) runs, \(warmRun.engine.cache.hits) hits, \(warmRun.engine.cache.misses) misses")
if sink.isNaN { print(sink) }
