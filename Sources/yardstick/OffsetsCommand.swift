import ArgumentParser
import YardstickCommands
import YardstickFormats

/// `yardstick offsets`: replays a JSON Lines trace of row-offset cache operations (reset, set,
/// invalidate, insert, delete, estimate, offset, at, total, anchor, restore, visible), writing
/// one JSON line per input line. The contract is documented on `OffsetTraceReplayer`.
struct OffsetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offsets",
        abstract: "Replay a JSON Lines trace of row-offset cache operations, one JSON answer line per input line.",
        discussion: """
            Each input line is an object such as {"op":"set","section":0,"row":12,"height":31.5}; \
            sections and rows are 0-based, heights and y are points. A line that cannot be carried out \
            is answered with {"error":"…"} and changes nothing.
            """)

    @Option(name: .long, help: ArgumentHelp("JSON Lines file to read (default: standard input).", valueName: "file"))
    var input: String?

    @Option(name: .long, help: ArgumentHelp("File to write the answers to (default: standard output).", valueName: "file"))
    var output: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The longest input line, in bytes (default 64 MiB).", valueName: "BYTES"))
    var maxLineBytes: Int = InputLimits.lineBytes

    func run() throws {
        // (Checked outside the `do`: a `throw` inside it crashes Swift 6.3's release compiler here.)
        if maxLineBytes <= 0 { fail(CommandError("--max-line-bytes must be above 0")) }
        do { try OffsetTraceReplayer.replayStream(inputPath: input, outputPath: output, maxLineBytes: maxLineBytes) } catch { fail(error) }
    }
}
