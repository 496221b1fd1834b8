import ArgumentParser
import YardstickCommands
import YardstickOffsets
import YardstickFormats

/// `yardstick inspect FILE`: a heights file (`measure --format bin`) as text.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print a heights file's header (measure --format bin), or a range of its rows as CSV.")

    @Argument(help: ArgumentHelp("The heights file.", valueName: "FILE")) var file: String
    @Option(parsing: .unconditional, help: ArgumentHelp("Print these rows as CSV instead: N, FIRST-LAST (from 0, inclusive; in a shard, the table's row numbers) or all (the very bytes --format csv writes).", valueName: "RANGE"))
    var rows: String?
    @Option(help: ArgumentHelp("Output file (default: standard output).", valueName: "FILE")) var output: String?

    func run() throws {
        do {
            let range = try rows.map { try InspectJob.Rows(parsing: $0) } ?? .none
            try CommandOutput.checkNotInput(output, inputs: [file])
            let heights: HeightsFile
            do { heights = try HeightsFile(path: file) } catch {
                // (An unreadable file's message names it already.)
                if case .cannotRead = error { throw CommandError("\(error)") }
                throw CommandError("\(file): \(error)")
            }
            try CommandOutput.write(InspectJob.run(heights, path: file, rows: range), to: output)
        } catch { fail(error) }
    }
}
