// Scale benchmark: the `yardstick` command as users run it (a process per run: reading, parsing,
// measuring, writing), on generated tables of three text columns (Data/generate_rows.py ROWS
// --notes 20-200: names, a status of few values, notes of 20-200 bytes in many languages).
//
//   make build    (swift build -c release --static-swift-stdlib --product yardstick)
//   swift run -c release ScaleBenchmark [--rows 1000000] [--big 10000000] [--reference OLD_BINARY] [--layout-only] [--grid-only]
//
// Prints, each from one run: 1M rows end to end on 1 and 2 threads (and the reference binary's
// time on the same table when given: an earlier build of the command), peak RSS at 2M, 4M and
// the --big row count, a persistent cache cold, warm and with 10 % of rows changed, and shards
// measured one after another and merged against a single run, and `yardstick layout` per cell
// against the text engine's cold pass on the same cells (TextEngineBenchmark, built beside it:
// swift build -c release --product TextEngineBenchmark). Tables are generated into
// out/scale/ the first time. Figures only; asserts nothing except that outputs agree.
import BenchmarkSupport
import Foundation

var args = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    defer { args.removeSubrange(i...(i + 1)) }
    return args[i + 1]
}
let rows = Int(option("--rows") ?? "") ?? 1_000_000
let big = Int(option("--big") ?? "") ?? 10_000_000
let reference = option("--reference")
let layoutOnly = args.contains("--layout-only")
let gridOnly = args.contains("--grid-only")
args.removeAll { $0 == "--layout-only" || $0 == "--grid-only" }
if let unknown = args.first { fail("unknown argument \(unknown); usage: ScaleBenchmark [--rows N] [--big N] [--reference BINARY] [--layout-only] [--grid-only]") }

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
let yardstick = root + "/.build/release/yardstick"
let engineBenchmark = root + "/.build/release/TextEngineBenchmark"
guard FileManager.default.isExecutableFile(atPath: yardstick) else { fail("build it first: make build") }
let work = root + "/out/scale"
try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
// (Section 5 alone: `layout` against the engine's cold pass.)
if layoutOnly { layoutAgainstColdPass(); exit(0) }


func table(_ n: Int) -> String { generatedTable(n, work: work, root: root) }
func same(_ a: String, _ b: String) -> Bool { FileManager.default.contentsEqual(atPath: a, andPath: b) }
func s(_ v: Double) -> String { String(format: "%.2f s", v) }
func mb(_ kib: Int) -> String { "\(kib / 1024) MB" }
let measure = ["measure", "--max-column-width", "250", "--progress", "none"]
// (Section 1b alone: a grid config against the plain grid on the same rows.)
if gridOnly { gridAgainstPlain(table(rows)); exit(0) }

// 1. End to end, alternating with the reference (an earlier build) on the same table.
let t = table(rows)
print("\n1. yardstick measure rows-\(rows).csv --max-column-width 250 (wall, one run each)")
print("| threads | this build | peak RSS |" + (reference == nil ? "" : " reference | peak RSS | ratio |"))
print("|---:|---:|---:|" + (reference == nil ? "" : "---:|---:|---:|"))
for threads in [1, 2] {
    let ours = run(yardstick, measure + [t, "--threads", "\(threads)", "--output", "\(work)/out-\(threads).csv"])
    var line = "| \(threads) | \(s(ours.seconds)) | \(mb(ours.peakKiB)) |"
    if let reference {
        let theirs = run(reference, ["measure", t, "--max-column-width", "250", "--threads", "\(threads)", "--output", "\(work)/ref-\(threads).csv"])
        guard same("\(work)/out-\(threads).csv", "\(work)/ref-\(threads).csv") else { fail("the reference wrote other bytes") }
        line += " \(s(theirs.seconds)) | \(mb(theirs.peakKiB)) | \(String(format: "%.2f×", theirs.seconds / ours.seconds)) |"
    }
    print(line)
}
guard same("\(work)/out-1.csv", "\(work)/out-2.csv") else { fail("1 and 2 threads wrote other bytes") }
print("same bytes at 1 and 2 threads")
gridAgainstPlain(t)

// 2. Memory at scale (2 threads).
print("\n2. peak RSS by table size (2 threads)")
print("| rows | wall | peak RSS |")
print("|---:|---:|---:|")
for n in [2_000_000, 4_000_000, big] {
    let r = run(yardstick, measure + [table(n), "--output", "\(work)/out-big.csv"])
    print("| \(n) | \(s(r.seconds)) | \(mb(r.peakKiB)) |")
}

// 3. The persistent cache: cold (empty folder), warm (same data), 10 % of rows changed.
let changed = "\(work)/rows-\(rows)-changed.csv"
if !FileManager.default.fileExists(atPath: changed) {
    let script = "import csv,sys\nr=csv.reader(open(sys.argv[1],encoding='utf-8',newline=''))\nw=csv.writer(sys.stdout,lineterminator='\\n')\n"
        + "for i,row in enumerate(r):\n    if i>0 and i%10==3: row[2]+=' (edited)'; row[0]+=' Jr.'\n    w.writerow(row)\n"
    run("/usr/bin/python3", ["-c", script, t], stdout: changed)
}
let cacheDir = "\(work)/cache"
// Three rounds, each from an empty cache (this machine's times swing by a third): medians.
print("\n3. --cache (2 threads), median of 3 rounds, each from an empty cache")
var rounds: [[(seconds: Double, peakKiB: Int)]] = []
for _ in 0..<3 {
    try? FileManager.default.removeItem(atPath: cacheDir)
    let none = run(yardstick, measure + [t, "--output", "\(work)/c0.csv"])
    let cold = run(yardstick, measure + [t, "--cache", cacheDir, "--output", "\(work)/c1.csv"])
    let warm = run(yardstick, measure + [t, "--cache", cacheDir, "--output", "\(work)/c2.csv"])
    let noneChanged = run(yardstick, measure + [changed, "--output", "\(work)/c3.csv"])
    let partly = run(yardstick, measure + [changed, "--cache", cacheDir, "--output", "\(work)/c4.csv"])
    guard same("\(work)/c0.csv", "\(work)/c1.csv"), same("\(work)/c0.csv", "\(work)/c2.csv"), same("\(work)/c3.csv", "\(work)/c4.csv") else {
        fail("a cached run wrote other bytes")
    }
    rounds.append([none, cold, warm, noneChanged, partly])
}
func median(_ k: Int) -> (seconds: Double, peakKiB: Int) {
    let runs = rounds.map { $0[k] }.sorted { $0.seconds < $1.seconds }
    return runs[runs.count / 2]
}
let (none, cold, warm, noneChanged, partly) = (median(0), median(1), median(2), median(3), median(4))
print("| run | wall | peak RSS | speed-up over no cache | over the first (cold) run |")
print("|---|---:|---:|---:|---:|")
print("| no cache | \(s(none.seconds)) | \(mb(none.peakKiB)) | | |")
print("| first run (empty cache) | \(s(cold.seconds)) | \(mb(cold.peakKiB)) | \(String(format: "%.2f×", none.seconds / cold.seconds)) | |")
print("| second run (same data) | \(s(warm.seconds)) | \(mb(warm.peakKiB)) | \(String(format: "%.2f×", none.seconds / warm.seconds)) | \(String(format: "%.2f×", cold.seconds / warm.seconds)) |")
print("| 10 % of rows changed, no cache | \(s(noneChanged.seconds)) | \(mb(noneChanged.peakKiB)) | | |")
print("| 10 % of rows changed, after the first run | \(s(partly.seconds)) | \(mb(partly.peakKiB)) | \(String(format: "%.2f×", noneChanged.seconds / partly.seconds)) | \(String(format: "%.2f×", cold.seconds / partly.seconds)) |")
print("second-run times of the 3 rounds: \(rounds.map { s($0[2].seconds) }.joined(separator: ", ")); 10 % changed: \(rounds.map { s($0[4].seconds) }.joined(separator: ", "))")

// 3b. The cache with a config (one round).
print("\n3b. --config Benchmarks/configs/grid-wrap.json --cache (2 threads, one round)")
try? FileManager.default.removeItem(atPath: cacheDir)
let config = ["measure", "--config", root + "/Benchmarks/configs/grid-wrap.json", "--progress", "none"]
let cNone = run(yardstick, config + [t, "--output", "\(work)/g0.csv"])
let cCold = run(yardstick, config + [t, "--cache", cacheDir, "--output", "\(work)/g1.csv"])
let cWarm = run(yardstick, config + [t, "--cache", cacheDir, "--output", "\(work)/g2.csv"])
let cNoneChanged = run(yardstick, config + [changed, "--output", "\(work)/g3.csv"])
let cPartly = run(yardstick, config + [changed, "--cache", cacheDir, "--output", "\(work)/g4.csv"])
guard same("\(work)/g0.csv", "\(work)/g1.csv"), same("\(work)/g0.csv", "\(work)/g2.csv"), same("\(work)/g3.csv", "\(work)/g4.csv") else {
    fail("a cached config run wrote other bytes")
}
print("no cache \(s(cNone.seconds)); first run \(s(cCold.seconds)); second run \(s(cWarm.seconds)) (\(String(format: "%.2f×", cNone.seconds / cWarm.seconds)) over no cache, "
      + "\(String(format: "%.2f×", cCold.seconds / cWarm.seconds)) over the first run); 10 % changed \(s(cPartly.seconds)) against \(s(cNoneChanged.seconds)) without "
      + "(\(String(format: "%.2f×", cNoneChanged.seconds / cPartly.seconds)))")

// 4. Shards: four measured one after another (as four machines would, each on 2 threads), merged.
print("\n4. --shard I/4 then merge, against one run (--format bin, 2 threads)")
/// One run and four shards merged, in files named after `name`: the line of figures.
func shardsAndMerge(_ command: [String], name: String) -> String {
    let single = run(yardstick, command + [t, "--format", "bin", "--output", "\(work)/\(name)-single.bin"])
    var shardSeconds: [Double] = []
    for i in 0..<4 {
        shardSeconds.append(run(yardstick, command + [t, "--format", "bin", "--shard", "\(i)/4", "--output", "\(work)/\(name)-shard-\(i).bin"]).seconds)
    }
    let merge = run(yardstick, ["merge"] + (0..<4).map { "\(work)/\(name)-shard-\($0).bin" } + ["--output", "\(work)/\(name)-merged.bin"])
    guard same("\(work)/\(name)-single.bin", "\(work)/\(name)-merged.bin") else { fail("the merged \(name) shards differ from the single run's") }
    return "single run \(s(single.seconds)); shards \(shardSeconds.map(s).joined(separator: ", ")) (slowest \(s(shardSeconds.max()!))); merge \(s(merge.seconds)); merged file byte-identical"
}
print(shardsAndMerge(measure, name: "plain"))
// The same with a config (each shard computes the column widths itself).
print("--config grid-wrap.json: " + shardsAndMerge(config, name: "config"))


// 5. `yardstick layout` per cell, the whole process, against the engine's cold pass over the same
// cells (`TextEngineBenchmark --cold-only`, best of 3 passes after an unmeasured one, whose own
// time, the process's one-time costs included, is shown beside), on one thread and on two,
// alternating over 5 rounds; then `--widths 120,250,400` against `--width 250` on one thread.
// Each round's `layout` figure is the best of 3 processes, as its cold figure is the best of 3
// passes (one sample against the best of three would favour the engine on a machine that swings).
func layoutAgainstColdPass() {
    guard FileManager.default.isExecutableFile(atPath: engineBenchmark) else {
        print("\n5. skipped: build TextEngineBenchmark (swift build -c release --product TextEngineBenchmark)")
        return
    }
    let cellsPath = "\(work)/cells.jsonl"
    run(engineBenchmark, ["--write-cells", cellsPath])
    let cellCount = Double(((try? String(contentsOfFile: cellsPath, encoding: .utf8)) ?? "").split(separator: "\n").count)
    /// The µs figure of the engine benchmark's line starting with `prefix`.
    func figure(_ text: String, _ prefix: String) -> Double {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
              let value = line.components(separatedBy: " µs/cell").first?.split(separator: " ").last.flatMap({ Double($0) }) else { fail("no '\(prefix)' figure in \(text)") }
        return value
    }
    print("\n5. yardstick layout --input cells.jsonl --width 250 (\(Int(cellCount)) cells of Data/sample.csv), against the engine's cold pass on as many threads")
    print("| round | threads | layout, whole process (best of 3) | per cell | engine cold pass per cell (best of 3) | ratio | the engine's first pass in its process, per cell |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    var widthsLines: [String] = []
    // Per thread count, each round's figures (µs a cell): the whole `layout` process, and the
    // engine's cold pass.
    var layoutPerCell: [Int: [Double]] = [:], coldPerCell: [Int: [Double]] = [:]
    for round in 1...5 {
        var oneThread = 0.0
        for threads in [1, 2] {
            let layout = (0..<3).map { _ in
                run(yardstick, ["layout", "--input", cellsPath, "--width", "250", "--threads", "\(threads)", "--output", "\(work)/layout.jsonl"]).seconds
            }.min()!
            let engineOut = "\(work)/engine.txt"
            run(engineBenchmark, ["--cold-only", "--repeat", "3", "--cold-threads", "\(threads)"], stdout: engineOut)
            let text = (try? String(contentsOfFile: engineOut, encoding: .utf8)) ?? ""
            let cold = figure(text, "cold, \(threads)"), first = figure(text, "the process's first pass")
            let perCell = layout / cellCount * 1e6
            if threads == 1 { oneThread = layout }
            layoutPerCell[threads, default: []].append(perCell)
            coldPerCell[threads, default: []].append(cold)
            print("| \(round) | \(threads) | \(s(layout)) | \(String(format: "%.2f µs", perCell)) | \(String(format: "%.2f µs", cold)) | "
                  + "\(String(format: "%.2f×", perCell / cold)) | \(String(format: "%.2f µs", first)) |")
        }
        let widths = run(yardstick, ["layout", "--input", cellsPath, "--widths", "120,250,400", "--threads", "1", "--output", "\(work)/layout-widths.jsonl"])
        let extra = (widths.seconds - oneThread) / 2 / cellCount * 1e6
        widthsLines.append("round \(round): --widths 120,250,400 on 1 thread \(s(widths.seconds)), each extra width "
                           + "\(String(format: "%.2f", extra / (oneThread / cellCount * 1e6))) of a cold CLI cell")
    }
    func middle(_ v: [Double]) -> Double { let s = v.sorted(); return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2 }
    for threads in [1, 2] {
        let l = layoutPerCell[threads]!, c = coldPerCell[threads]!
        print("summary, \(threads) thread(s), \(l.count) rounds: layout best \(String(format: "%.2f", l.min()!)) / median \(String(format: "%.2f", middle(l))) µs, "
              + "cold pass best \(String(format: "%.2f", c.min()!)) / median \(String(format: "%.2f", middle(c))) µs: "
              + "ratio best to best \(String(format: "%.2f×", l.min()! / c.min()!)), median to median \(String(format: "%.2f×", middle(l) / middle(c)))")
    }
    for line in widthsLines { print(line) }
    instructionCounts(cellsPath: cellsPath, cellCount: cellCount)
}
layoutAgainstColdPass()

/// 5b. The same comparison in instructions, which this machine's swings do not change: the
/// whole `layout` process on one thread against one cold pass (the second of two, after the
/// unmeasured first), each counted by callgrind. Skipped without valgrind. Valgrind 3.19 cannot
/// read Swift 6's DWARF 5, so it runs copies without debug information.
func instructionCounts(cellsPath: String, cellCount: Double) {
    let valgrind = "/usr/bin/valgrind"
    guard FileManager.default.isExecutableFile(atPath: valgrind) else { print("\n5b. skipped: no valgrind"); return }
    /// Instructions callgrind collected running `arguments` (its "Collected : N" line).
    func collected(_ arguments: [String]) -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=\(work)/callgrind.out"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { fail("cannot run valgrind: \(error)") }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let line = text.split(separator: "\n").first(where: { $0.contains("Collected :") }),
              let n = line.split(separator: " ").last.flatMap({ Double($0) }) else { fail("callgrind failed: \(text.suffix(500))") }
        return n
    }
    let stripped = (yardstick: "\(work)/yardstick-nodebug", engine: "\(work)/TextEngineBenchmark-nodebug")
    run("/usr/bin/strip", ["--strip-debug", "-o", stripped.yardstick, yardstick])
    run("/usr/bin/strip", ["--strip-debug", "-o", stripped.engine, engineBenchmark])
    let layout = collected([stripped.yardstick, "layout", "--input", cellsPath, "--width", "250", "--threads", "1", "--output", "\(work)/layout-callgrind.jsonl"])
    guard same("\(work)/layout-callgrind.jsonl", "\(work)/layout.jsonl") else { fail("layout under callgrind wrote other bytes") }
    // Two measured passes (`--repeat 2`), collected inside `coldRun` only: half is one pass.
    let cold = collected(["--toggle-collect=*coldRun*", stripped.engine, "--cold-only", "--repeat", "2"]) / 2
    print("\n5b. instructions (callgrind), 1 thread: layout, whole process \(String(format: "%.0f", layout / cellCount)) a cell; "
          + "engine cold pass \(String(format: "%.0f", cold / cellCount)) a cell; ratio \(String(format: "%.3f×", layout / cold))")
}

/// 1b. The sizing pass of a grid config (the file read in blocks) against the plain grid on the
/// same rows, alternating, three rounds (medians: this machine swings by a third); the same
/// table read whole from standard input; the reference's grid config when given.
func gridAgainstPlain(_ t: String) {
    print("\n1b. yardstick measure rows-\(rows).csv --config Benchmarks/configs/grid-wrap.json against --max-column-width 250 (2 threads, median of 3)")
    let gridConfig = root + "/Benchmarks/configs/grid-wrap.json"
    let grid = ["measure", t, "--config", gridConfig, "--threads", "2", "--progress", "none"]
    var plainTimes: [Double] = [], gridTimes: [Double] = [], referenceTimes: [Double] = []
    var gridPeak = 0
    for _ in 0..<3 {
        plainTimes.append(run(yardstick, measure + [t, "--threads", "2", "--output", "\(work)/plain.csv"]).seconds)
        let ours = run(yardstick, grid + ["--output", "\(work)/grid.csv"])
        gridTimes.append(ours.seconds)
        gridPeak = max(gridPeak, ours.peakKiB)
        if let reference {
            referenceTimes.append(run(reference, grid + ["--output", "\(work)/grid-ref.csv"]).seconds)
            guard same("\(work)/grid.csv", "\(work)/grid-ref.csv") else { fail("the reference wrote other bytes for the grid config") }
        }
    }
    let median = { (v: [Double]) in v.sorted()[v.count / 2] }
    print("| run | median wall | ÷ plain grid |")
    print("|---|---:|---:|")
    print("| plain grid (--max-column-width 250) | \(s(median(plainTimes))) | 1.00× |")
    print("| grid config, read in blocks (peak RSS \(mb(gridPeak))) | \(s(median(gridTimes))) | \(String(format: "%.2f×", median(gridTimes) / median(plainTimes))) |")
    if !referenceTimes.isEmpty {
        print("| grid config, reference build | \(s(median(referenceTimes))) | \(String(format: "%.2f×", median(referenceTimes) / median(plainTimes))) |")
    }
    let whole = run("/bin/sh", ["-c", "exec \"$0\" measure - --config \"$1\" --threads 2 --output \"$2\" < \"$3\"",
                                yardstick, gridConfig, "\(work)/grid-whole.csv", t])
    guard same("\(work)/grid.csv", "\(work)/grid-whole.csv") else { fail("read in blocks and read whole wrote other bytes") }
    print("grid config read whole from standard input: \(s(whole.seconds)), peak RSS \(mb(whole.peakKiB)) (same bytes as read in blocks)")
}
