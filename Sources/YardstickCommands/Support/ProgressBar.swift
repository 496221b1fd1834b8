import Foundation

/// A one-line progress bar redrawn on standard error (only when it is a terminal).
package final class ProgressBar {
    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64 = 0
    private var drawn = false
    private let label: String

    package init(label: String) { self.label = label }

    /// Draws at most ten times a second, and only once the job has run half a second.
    package func update(_ done: Int, _ total: Int) {
        guard StandardError.isTerminal, total > 0 else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - start > 500_000_000, now - lastDraw > 100_000_000 || done == total else { return }
        lastDraw = now
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        StandardError.write("\r\(label) [\(bar)] \(done * 100 / total)%")
        drawn = true
    }

    /// Clears the bar.
    package func finish() {
        if drawn { StandardError.write("\r\u{1B}[K") }
    }
}
