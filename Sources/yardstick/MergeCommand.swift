import ArgumentParser
import YardstickCommands
import YardstickOffsets
import YardstickFormats

/// `yardstick merge SHARD.bin… --output FILE`: shards of one table joined into one heights file.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the shards of a table (measure --shard I/N --format bin) into the heights file one run writes.")

    @Argument(help: ArgumentHelp("The shard files, in any order.", valueName: "SHARD.bin")) var shards: [String] = []
    @Option(help: ArgumentHelp("Output file (standard output only when it is not a terminal).", valueName: "FILE")) var output: String?

    func run() throws {
        do {
            try CommandOutput.checkBinary(to: output)
            var files: [(path: String, file: HeightsFile)] = []
            for path in shards {
                do { files.append((path, try HeightsFile(path: path))) } catch {
                    if case .cannotRead = error { throw CommandError("\(error)") } // (it names the file)
                    throw CommandError("\(path): \(error)")
                }
            }
            try CommandOutput.checkNotInput(output, inputs: shards)
            let out = try CommandOutput(path: output)
            try MergeJob.run(files) { bytes throws(CommandError) in try out.write(bytes) }
            try out.commit()
        } catch { fail(error) }
    }
}
