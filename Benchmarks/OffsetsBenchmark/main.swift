// OffsetsBenchmark: per-operation costs of RowOffsetCache at 1M and 10M rows, next to a plain
// prefix-sum array rebuilt from the changed row (what SwiftDataTables and TanStack Virtual do),
// measured in the same run; peak RSS of the 10M-row cache; and the time to replay a 200,000-op
// trace on 10M rows through `yardstick offsets`.
//
// Run in release:  swift run -c release OffsetsBenchmark [--yardstick PATH] [--skip-trace | --trace-only]
// The trace is replayed by the `yardstick` executable found next to this one (same build
// directory) unless --yardstick gives its path.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import YardstickOffsets

// MARK: - Harness

/// SplitMix64: fast, deterministic, so both structures see the same operations.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Runs `body` for `count` operations in 5 equal rounds and returns nanoseconds per operation of
/// the fastest round (the machine is shared: the best round is the least disturbed one).
@inline(never)
func measure(_ count: Int, _ body: (Int) -> Void) -> Double {
    let rounds = 5
    let perRound = max(1, count / rounds)
    var best = Double.infinity
    for round in 0..<rounds {
        let start = now()
        for index in (round * perRound)..<((round + 1) * perRound) { body(index) }
        best = min(best, Double(now() - start) / Double(perRound))
    }
    return best
}

/// Bytes of a /proc/self/status field such as VmHWM or VmRSS.
func procStatus(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        let digits = line.split(separator: " ").compactMap { Int($0) }
        return (digits.first ?? 0) * 1024
    }
    return 0
}

/// Resets VmHWM to the current RSS (Linux ≥ 4.0), so the next reading is the peak of one phase.
func resetPeakRSS() -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    return (try? handle.write(contentsOf: Data("5".utf8))) != nil
}

func format(_ nanoseconds: Double) -> String {
    if nanoseconds >= 1_000_000 { return String(format: "%.2f ms", nanoseconds / 1_000_000) }
    if nanoseconds >= 1_000 { return String(format: "%.2f µs", nanoseconds / 1_000) }
    return String(format: "%.0f ns", nanoseconds)
}

func row(_ name: String, _ cache: Double, _ plain: Double?) {
    let plainText = plain.map(format) ?? "—"
    let ratio = plain.map { String(format: "%.0f×", $0 / cache) } ?? ""
    print(name.padding(toLength: 34, withPad: " ", startingAt: 0)
          + format(cache).padding(toLength: 14, withPad: " ", startingAt: 0)
          + plainText.padding(toLength: 14, withPad: " ", startingAt: 0) + ratio)
}

var checksum = 0

// MARK: - Plain prefix-sum array (the baseline)

/// Heights and prefix sums in one array each; every change re-sums from the changed row on.
struct PlainPrefixSums {
    var heights: [Int]
    var prefix: [Int]   // prefix[i] = top of row i; prefix[n] = total

    init(count: Int, estimate: Int) {
        heights = Array(repeating: estimate, count: count)
        prefix = Array(repeating: 0, count: count + 1)
        rebuild(from: 0)
    }

    mutating func rebuild(from row: Int) {
        heights.withUnsafeBufferPointer { h in
            prefix.withUnsafeMutableBufferPointer { p in
                var sum = p[row]
                for index in row..<h.count {
                    sum &+= h[index]
                    p[index + 1] = sum
                }
            }
        }
    }

    mutating func set(_ row: Int, _ height: Int) {
        heights[row] = height
        rebuild(from: row)
    }

    func offset(_ row: Int) -> Int { prefix[row] }

    /// The row containing y (first row whose bottom is beyond y), by binary search.
    func row(at y: Int) -> Int {
        var low = 0, high = heights.count
        while low < high {
            let mid = (low + high) / 2
            if prefix[mid + 1] > y { high = mid } else { low = mid + 1 }
        }
        return low
    }

    mutating func insert(_ row: Int, _ height: Int) {
        heights.insert(height, at: row)
        prefix.append(0)
        rebuild(from: row)
    }

    mutating func delete(_ row: Int) {
        heights.remove(at: row)
        prefix.removeLast()
        rebuild(from: row)
    }
}

// MARK: - Phases

let estimateUnits: Int64 = 44 * 64
let unitsPerPoint = 64

struct CacheFigures {
    var build = 0.0, buildMeasured = 0.0, set = 0.0, offset = 0.0, rowAt = 0.0, insert = 0.0, delete = 0.0
    var capture = 0.0, restore = 0.0, estimate = 0.0, peakBytes = 0, baseBytes = 0
}

func benchmarkCache(rows: Int, measurePeak: Bool) throws -> CacheFigures {
    var figures = CacheFigures()
    var rng = SplitMix64(state: 42)
    let peakReset = measurePeak && resetPeakRSS()
    figures.baseBytes = procStatus("VmRSS")

    // Builds: fastest of 3 (each replaces the previous table, so memory does not pile up).
    var cache = RowOffsetCache()
    figures.build = .infinity
    for _ in 0..<3 {
        cache = RowOffsetCache()
        let start = now()
        cache = try RowOffsetCache(estimatedRowCount: rows, estimatedRowHeight: .units(estimateUnits))
        figures.build = min(figures.build, Double(now() - start))
    }

    let setCount = 1_000_000
    figures.set = measure(setCount) { _ in
        let row = rng.below(rows)
        try! cache.setHeight(.units(Int64(1_024 + rng.below(4_096))), of: RowPosition(section: 0, row: row))
    }
    let total = Int(cache.totalHeight.units)
    figures.offset = measure(setCount) { _ in
        checksum &+= Int(try! cache.offset(of: RowPosition(section: 0, row: rng.below(rows))).units)
    }
    figures.rowAt = measure(setCount) { _ in
        if case .row(let position)? = cache.item(at: .units(Int64(rng.below(total)))) { checksum &+= position.row }
    }
    figures.capture = measure(setCount) { _ in
        checksum &+= cache.captureScrollAnchor(viewportTop: .units(Int64(rng.below(total))))?.row?.row ?? 0
    }
    // A fresh random anchor each time: capture, then restore.
    figures.restore = measure(setCount) { _ in
        _ = cache.captureScrollAnchor(viewportTop: .units(Int64(rng.below(total))))
        checksum &+= Int(try! cache.restoredContentOffset(viewportHeight: .units(Int64(rng.below(1_000 * unitsPerPoint)))).units)
    }
    figures.estimate = measure(setCount) { index in
        try! cache.setEstimatedRowHeight(.units(estimateUnits + Int64(index & 63)))
        checksum &+= Int(cache.totalHeight.units)
    }
    let structural = 100_000
    figures.insert = measure(structural) { _ in
        try! cache.insertRows(at: RowPosition(section: 0, row: rows / 2 + rng.below(1_000)), count: 1)
    }
    figures.delete = measure(structural) { _ in
        let row = rows / 2 + rng.below(1_000)
        try! cache.deleteRows(row..<(row + 1), inSection: 0)
    }
    if peakReset { figures.peakBytes = procStatus("VmHWM") }
    checksum &+= cache.rowCount

    var heights = [LayoutLength]()
    heights.reserveCapacity(rows)
    for _ in 0..<rows { heights.append(.units(Int64(1_024 + rng.below(4_096)))) }
    cache = RowOffsetCache()
    figures.buildMeasured = .infinity
    for _ in 0..<3 {
        cache = RowOffsetCache()
        let start = now()
        cache = try RowOffsetCache(measuredRowHeights: heights, estimatedRowHeight: .units(estimateUnits))
        figures.buildMeasured = min(figures.buildMeasured, Double(now() - start))
    }
    checksum &+= Int(cache.totalHeight.units)
    return figures
}

/// The same table cut into many sections (headers and footers included), where locating a row
/// first has to find its section's header.
func benchmarkSections(rows: Int, sections: Int) throws -> (build: Double, set: Double, offset: Double, rowAt: Double, capture: Double) {
    var rng = SplitMix64(state: 43)
    let perSection = rows / sections
    let start = now()
    var cache = try RowOffsetCache(sections: Array(repeating: RowOffsetCache.SectionLayout(estimatedRowCount: perSection, headerHeight: .units(1_920), footerHeight: .units(640)),
                                                   count: sections), estimatedRowHeight: .units(estimateUnits))
    let build = Double(now() - start)
    let count = 1_000_000
    let set = measure(count) { _ in
        try! cache.setHeight(.units(Int64(1_024 + rng.below(4_096))), of: RowPosition(section: rng.below(sections), row: rng.below(perSection)))
    }
    let offset = measure(count) { _ in
        checksum &+= Int(try! cache.offset(of: RowPosition(section: rng.below(sections), row: rng.below(perSection))).units)
    }
    let total = Int(cache.totalHeight.units)
    let rowAt = measure(count) { _ in
        if case .row(let position)? = cache.item(at: .units(Int64(rng.below(total)))) { checksum &+= position.row }
    }
    let capture = measure(count) { _ in
        checksum &+= cache.captureScrollAnchor(viewportTop: .units(Int64(rng.below(total))))?.row?.row ?? 0
    }
    return (build, set, offset, rowAt, capture)
}

struct PlainFigures {
    var build = 0.0, set = 0.0, offset = 0.0, rowAt = 0.0, insert = 0.0, delete = 0.0, estimate = 0.0, capture = 0.0, restore = 0.0
}

func benchmarkPlain(rows: Int) -> PlainFigures {
    var figures = PlainFigures()
    var rng = SplitMix64(state: 42)
    var plain = PlainPrefixSums(count: 0, estimate: 0)
    figures.build = .infinity
    for _ in 0..<3 {
        plain = PlainPrefixSums(count: 0, estimate: 0)
        let start = now()
        plain = PlainPrefixSums(count: rows, estimate: Int(estimateUnits))
        figures.build = min(figures.build, Double(now() - start))
    }
    let slow = max(10, 20_000_000 / rows)   // O(n) operations: enough repetitions for a stable figure
    figures.set = measure(slow) { _ in plain.set(rng.below(rows), 1_024 + rng.below(4_096)) }
    let total = plain.prefix[rows]
    figures.offset = measure(1_000_000) { _ in checksum &+= plain.offset(rng.below(rows)) }
    figures.rowAt = measure(1_000_000) { _ in checksum &+= plain.row(at: rng.below(total)) }
    // Anchor: the row at the viewport top and the delta; restore: that row's top plus the delta.
    var anchorRow = 0, anchorDelta = 0
    figures.capture = measure(1_000_000) { _ in
        let y = rng.below(total)
        anchorRow = plain.row(at: y)
        anchorDelta = y - plain.prefix[anchorRow]
        checksum &+= anchorRow
    }
    figures.restore = measure(1_000_000) { _ in
        let y = rng.below(total)
        anchorRow = plain.row(at: y)
        anchorDelta = y - plain.prefix[anchorRow]
        let viewport = rng.below(1_000 * unitsPerPoint)
        checksum &+= min(max(plain.prefix[anchorRow] + anchorDelta, 0), max(0, plain.prefix[rows] - viewport))
    }
    // Changing the estimate: every estimated row changes, so the whole array is re-summed.
    figures.estimate = measure(slow) { index in
        plain.heights.withUnsafeMutableBufferPointer { h in for i in 0..<h.count where i & 1 == 0 { h[i] = Int(estimateUnits) + (index & 63) } }
        plain.rebuild(from: 0)
    }
    figures.insert = measure(slow) { _ in plain.insert(rows / 2 + rng.below(1_000), Int(estimateUnits)) }
    figures.delete = measure(slow) { _ in plain.delete(rows / 2 + rng.below(1_000)) }
    checksum &+= plain.prefix[plain.heights.count]
    return figures
}

func report(rows: Int, _ cache: CacheFigures, _ plain: PlainFigures) {
    print("")
    print("== \(rows.formatted()) rows (one section, estimate 44 pt) ==")
    print("operation".padding(toLength: 34, withPad: " ", startingAt: 0) + "cache".padding(toLength: 14, withPad: " ", startingAt: 0)
          + "plain array".padding(toLength: 14, withPad: " ", startingAt: 0) + "plain / cache")
    row("build, all rows estimated", cache.build, plain.build)
    row("build from measured heights", cache.buildMeasured, nil)
    row("set a random row's height", cache.set, plain.set)
    row("offset of a random row", cache.offset, plain.offset)
    row("row at a random y", cache.rowAt, plain.rowAt)
    row("insert 1 row in the middle", cache.insert, plain.insert)
    row("delete 1 row in the middle", cache.delete, plain.delete)
    row("anchor capture", cache.capture, plain.capture)
    row("anchor capture, then restore", cache.restore, plain.restore)
    row("change the estimate", cache.estimate, plain.estimate)
}

// MARK: - Trace replay through the CLI

func generateTrace(rows: Int, operations: Int, to path: String) throws {
    var rng = SplitMix64(state: 7)
    var text = "{\"op\":\"reset\",\"sections\":[{\"rows\":\(rows),\"header\":30,\"footer\":10}],\"estimate\":44}\n"
    text.reserveCapacity(operations * 64)
    var rowCount = rows
    var anchored = false
    for _ in 1..<operations {
        let roll = rng.below(100)
        let y = rng.below(rowCount * 40)   // inside the table whatever the estimate (40–49 pt)
        switch roll {
        case 0..<30: text += "{\"op\":\"set\",\"section\":0,\"row\":\(rng.below(rowCount)),\"height\":\(Double(640 + rng.below(4_096)) / 64)}\n"
        case 30..<45: text += "{\"op\":\"offset\",\"section\":0,\"row\":\(rng.below(rowCount))}\n"
        case 45..<60: text += "{\"op\":\"at\",\"y\":\(y)}\n"
        case 60..<68: text += "{\"op\":\"visible\",\"y\":\(y),\"height\":800,\"prefetch\":20}\n"
        case 68..<74:
            text += "{\"op\":\"anchor\",\"y\":\(y)}\n"
            anchored = true
        case 74..<80 where anchored: text += "{\"op\":\"restore\",\"viewport\":800}\n"
        case 80..<86:
            let count = 1 + rng.below(5)
            text += "{\"op\":\"insert\",\"section\":0,\"row\":\(rng.below(rowCount + 1)),\"count\":\(count)}\n"
            rowCount += count
        case 86..<92:
            let count = 1 + rng.below(5)
            text += "{\"op\":\"delete\",\"section\":0,\"row\":\(rng.below(rowCount - count)),\"count\":\(count)}\n"
            rowCount -= count
        case 92..<96: text += "{\"op\":\"invalidate\",\"section\":0,\"row\":\(rng.below(rowCount))}\n"
        case 96..<98: text += "{\"op\":\"estimate\",\"height\":\(40 + rng.below(10))}\n"
        default: text += "{\"op\":\"total\"}\n"
        }
    }
    try text.write(toFile: path, atomically: false, encoding: .utf8)
}

func replayTrace(yardstick: String) throws {
    let rows = 10_000_000, operations = 200_000
    let directory = NSTemporaryDirectory()
    let input = directory + "/offsets-trace-\(getpid()).jsonl", output = directory + "/offsets-trace-\(getpid()).out"
    defer { unlink(input); unlink(output) }
    try generateTrace(rows: rows, operations: operations, to: input)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: yardstick)
    process.arguments = ["offsets", "--input", input, "--output", output]
    let start = now()
    try process.run()
    process.waitUntilExit()
    let elapsed = Double(now() - start)
    let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
    let errorLines = lines.filter { $0.hasPrefix("{\"error\"") }
    let errors = errorLines.count
    var kinds = [Substring: Int]()
    for line in errorLines { kinds[line.prefix(60), default: 0] += 1 }
    print("")
    print("== trace replay: \(operations.formatted()) mixed operations on \(rows.formatted()) rows ==")
    print("command: \(yardstick) offsets --input TRACE --output OUT (exit status \(process.terminationStatus))")
    print(String(format: "wall time %.2f s (%.2f µs per line, including process start and the 10M-row reset); %d output lines, %d errors",
                 elapsed / 1e9, elapsed / 1e3 / Double(operations), lines.count, errors))
    for (kind, count) in kinds.sorted(by: { $0.value > $1.value }) { print("  \(count)× \(kind)") }
}

// MARK: - Main

let arguments = CommandLine.arguments
let skipTrace = arguments.contains("--skip-trace")
let traceOnly = arguments.contains("--trace-only")
var yardstickPath = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent().appendingPathComponent("yardstick").path
if let index = arguments.firstIndex(of: "--yardstick"), index + 1 < arguments.count { yardstickPath = arguments[index + 1] }

if !traceOnly {
    print("OffsetsBenchmark: RowOffsetCache vs a plain prefix-sum array rebuilt from the changed row")
    print("(per operation, fastest of 5 rounds; random rows and ys from a seeded generator; sets, queries and")
    print(" anchors ×1,000,000, cache inserts and deletes ×100,000, plain O(n) operations ×max(10, 2×10^7 / n))")

    // The 10M-row cache runs first, so its peak RSS is not mixed with anything else.
    let large = try benchmarkCache(rows: 10_000_000, measurePeak: true)
    let largePlain = benchmarkPlain(rows: 10_000_000)
    let small = try benchmarkCache(rows: 1_000_000, measurePeak: false)
    let smallPlain = benchmarkPlain(rows: 1_000_000)
    report(rows: 1_000_000, small, smallPlain)
    print(String(format: "random set: cache is %.0f× faster than the plain array", smallPlain.set / small.set))
    report(rows: 10_000_000, large, largePlain)
    let sectioned = try benchmarkSections(rows: 10_000_000, sections: 10_000)
    print("")
    print("== 10,000,000 rows in 10,000 sections of 1,000 (header 30 pt, footer 10 pt) ==")
    row("build, all rows estimated", sectioned.build, nil)
    row("set a random row's height", sectioned.set, nil)
    row("offset of a random row", sectioned.offset, nil)
    row("row at a random y", sectioned.rowAt, nil)
    row("anchor capture", sectioned.capture, nil)
    print("")
    print("== memory, 10,000,000-row cache phase (VmHWM reset before it via /proc/self/clear_refs) ==")
    print(String(format: "peak RSS %.1f MB = %.2f bytes per row (RSS before the phase %.1f MB; net %.2f bytes per row)",
                 Double(large.peakBytes) / 1e6, Double(large.peakBytes) / 1e7,
                 Double(large.baseBytes) / 1e6, Double(large.peakBytes - large.baseBytes) / 1e7))
    print(String(format: "process peak RSS over the whole run so far (includes the plain arrays): %.1f MB", Double(procStatus("VmHWM")) / 1e6))
}

if !skipTrace {
    if FileManager.default.isExecutableFile(atPath: yardstickPath) {
        try replayTrace(yardstick: yardstickPath)
    } else {
        print("")
        print("trace replay skipped: no yardstick executable at \(yardstickPath) (build it, or pass --yardstick PATH)")
    }
}
print("")
print("checksum \(checksum)")
