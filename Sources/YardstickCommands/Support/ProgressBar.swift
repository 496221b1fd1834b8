import Foundation
import YardstickFormats

/// Progress of a long run on standard error: a one-line bar (rows done, rows per second, time
/// left) redrawn in place when standard error is a terminal, or one JSON line per second for a
/// tool that drives the command (`--progress json`). Silent otherwise, and for runs under half
/// a second.
package final class ProgressBar {
    /// How progress is shown: `bar` (only on a terminal), `json` or `none`.
    package enum Mode: String, CaseIterable { case bar, json, none }

    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastReport: UInt64 = 0
    private var drawn = false
    private let label: String
    private let mode: Mode

    /// - Parameter dataOnTerminal: the data goes to standard output: no bar when that is the
    ///   terminal the bar would be drawn on (it would break the data's lines).
    package init(label: String, mode: Mode = .bar, dataOnTerminal: Bool = false) {
        self.label = label
        let terminalTaken = dataOnTerminal && isatty(STDOUT_FILENO) != 0
        self.mode = mode == .bar && (!StandardError.isTerminal || terminalTaken) ? .none : mode
        if self.mode == .json { startTicking() }
    }

    // JSON lines come from a timer, once a second, whatever the size of the blocks.
    private let state = NSLock()
    private var latest: (rows: Int, fraction: Double?) = (0, nil)
    private var ticking = false

    private func startTicking() {
        ticking = true
        let thread = Thread { [weak self] in
            while true {
                Thread.sleep(forTimeInterval: 1)
                guard let self else { return }
                // Under the lock, so no line follows the done line.
                self.state.lock()
                defer { self.state.unlock() }
                guard self.ticking else { return }
                self.report(rows: self.latest.rows, fraction: self.latest.fraction)
            }
        }
        thread.start()
    }

    /// Reports `rows` done and the fraction of the work done (nil when unknown: input from a
    /// pipe). Draws at most ten times a second (a JSON line at most once a second).
    package func update(rows: Int, fraction: Double?) {
        guard mode != .none else { return }
        if mode == .json {
            state.lock()
            latest = (rows, fraction)
            state.unlock()
            return
        }
        report(rows: rows, fraction: fraction)
    }

    private func report(rows: Int, fraction: Double?) {
        let now = DispatchTime.now().uptimeNanoseconds
        let elapsed = Double(now - start) / 1e9
        guard mode == .json || (now - start > 500_000_000 && now - lastReport >= 100_000_000) else { return }
        lastReport = now
        let rate = elapsed > 0 ? Double(rows) / elapsed : 0
        let left = fraction.flatMap { f in f > 0 ? elapsed * (1 - f) / f : nil }
        if mode == .json {
            var line = "{\"rows\":\(rows),\"rowsPerSecond\":\(Int(rate.rounded())),\"elapsed\":\(OutputNumber.format(elapsed, places: 1))"
            if let fraction { line += ",\"fraction\":\(OutputNumber.format(min(1, fraction), places: 4))" }
            if let left { line += ",\"secondsLeft\":\(OutputNumber.format(left, places: 1))" }
            StandardError.write(line + "}\n")
            return
        }
        let width = 24
        let filled = Int(Double(width) * min(1, fraction ?? 0))
        let bar = fraction == nil ? "" : "[" + String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled) + "] "
        let eta = left.map { " ETA \(Self.clock($0))" } ?? ""
        StandardError.write("\r\u{1B}[K\(label) \(bar)\(rows) rows, \(Int(rate.rounded())) rows/s\(eta)")
        drawn = true
    }

    /// Compatibility with callers that count (done, total) items.
    package func update(_ done: Int, _ total: Int) {
        update(rows: done, fraction: total > 0 ? Double(done) / Double(total) : nil)
    }

    /// Clears the bar; a JSON run ends with a line saying it is done.
    package func finish(rows: Int? = nil) {
        state.lock()
        defer { state.unlock() }
        ticking = false
        if drawn { StandardError.write("\r\u{1B}[K") }
        if mode == .json {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            StandardError.write("{\(rows.map { "\"rows\":\($0)," } ?? "")\"done\":true,\"elapsed\":\(OutputNumber.format(elapsed, places: 1))}\n")
        }
    }

    private static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
