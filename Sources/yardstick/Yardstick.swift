import ArgumentParser
import Foundation
import YardstickCommands
import YardstickFonts
import YardstickLayout
import YardstickFormats

@main
struct Yardstick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "yardstick",
        abstract: "Measure how tall text is in table cells (HarfBuzz + FreeType + ICU, headless).",
        subcommands: [LayoutCommand.self, MeasureCommand.self, OffsetsCommand.self, InspectCommand.self, MergeCommand.self, RenderCommand.self])

    static func main() {
        FileDescriptor.reserveStandardStreams()
        ProcessHeap.preferHugePages()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            // Help and the like print as the parser prints them; every error has one prefix.
            guard code != .success else { exit(withError: error) }
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            StandardError.printLines("yardstick: error: " + message)
            Foundation.exit(code.rawValue)
        }
    }
}

/// `--weight`: a UIKit weight name or a number from 1 to 1000.
extension FontWeight: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var defaultCompletionKind: CompletionKind { .list(FontWeight.named.map(\.name)) }
}

/// `--profile`: default or ios.
extension Profile: ExpressibleByArgument {
    public static var defaultCompletionKind: CompletionKind { .list(Profile.allCases.map(\.rawValue)) }
}

/// `--style`: a Dynamic Type text style, any letter case.
extension DynamicType.TextStyle: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
}

/// `--category`: a content size category, any letter case.
extension DynamicType.ContentSizeCategory: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
}

/// `measure --format`: csv, jsonl (with --config) or bin.
enum MeasureFormat: String, CaseIterable, ExpressibleByArgument { case csv, jsonl, bin }

/// `--progress`: bar, json or none.
extension ProgressBar.Mode: ExpressibleByArgument {}

/// `--sizing-rule`: typographic or oversize.
extension LabelRules.SizingRule: ExpressibleByArgument {
    public static var defaultCompletionKind: CompletionKind { .list(LabelRules.SizingRule.allCases.map(\.rawValue)) }
}

/// Writes the run's summary to standard output (when the data went to a file).
func printSummary(_ text: String) throws {
    try FileDescriptor.standardOutput.write(Array((text + "\n").utf8))
}

/// Font and size options shared by `layout` and `measure`.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("font"), help: ArgumentHelp("A font file or folder tried before the bundled fonts (repeatable).", valueName: "FILE"))
    var fonts: [String] = []

    @Option(help: ArgumentHelp("A font family resolved through fontconfig, tried after --font.", valueName: "NAME"))
    var family: String?

    @Flag(help: "Break overlong words without a hyphen (UIKit byWordWrapping; always with --profile ios); by default a word broken between letters shows one, as Pango does.")
    var noHyphens = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Worker threads (default: all cores).", valueName: "N"))
    var threads: Int = 0

    @Flag(help: "For characters no given or bundled font covers, ask fontconfig for an installed font that does (off by default: heights then depend on the machine's fonts).")
    var systemFallback = false

    @Option(parsing: .unconditional, help: ArgumentHelp("The longest line any input may have, in bytes (default 64 MiB).", valueName: "BYTES"))
    var maxLineBytes: Int = InputLimits.lineBytes

    @Flag(help: "Keep faces with an optical-size (opsz) axis at their default instead of setting them to the point size, and the ios profile's Inter at every size (with --config: \"opticalSizing\": false).")
    var noOpticalSizing = false

    @Option(help: ArgumentHelp("The platform measured for: default (Noto Sans, Pango's rules) or ios (Inter and Inter Display, UILabel's rules and word breaking, heights rounded up to 1/3 pt); or config \"profile\".", valueName: "PROFILE"))
    var profile: Profile?

    @Option(help: ArgumentHelp("Which faces set a line's height: typographic (the label's font only; the ios profile's), oversize (the label's font and every face on the line), pango (the faces on the line; the default profile's); or config \"sizingRule\".", valueName: "RULE"))
    var sizingRule: LabelRules.SizingRule?

    /// The shared options as the jobs take them.
    var textOptions: TextOptions {
        var text = TextOptions()
        text.fontFiles = fonts
        text.family = family
        text.hyphenate = !noHyphens
        text.threads = threads
        text.systemFallback = systemFallback
        text.maxLineBytes = maxLineBytes
        text.opticalSizing = !noOpticalSizing
        text.profile = profile
        text.sizingRule = sizingRule
        return text
    }
}

/// Ends a command that has written everything and said what it had to: the process exits at
/// once and leaves its memory (the engine's caches, the records) to the kernel, which takes it
/// back faster than freeing it object by object would (8 of 250 ms of a 58,000-record `layout`).
func finish() -> Never {
    Foundation.exit(0)
}

/// Prints `yardstick: error: …` and exits 1; a closed output pipe (`… | head`) ends quietly
/// with status 141, as the pipe's signal would.
func fail(_ error: Error) -> Never {
    if let error = error as? CommandError, error.isBrokenPipe { Foundation.exit(141) }
    StandardError.print("yardstick: error: \(error)")
    Foundation.exit(1)
}

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out JSON Lines records {\"text\": ..., \"width\": ...}; one JSON line out per line in.")

    @Option(parsing: .unconditional, help: ArgumentHelp("Width in points for records without a \"width\".", valueName: "PT")) var width: Double?
    @Option(help: ArgumentHelp("Lay every record out at each of these widths instead (its \"width\" unused): one output line per width, in this order.", valueName: "PT,PT,…")) var widths: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Font size in points (default 17: body at the large category).", valueName: "PT")) var size: Double?
    @Option(help: ArgumentHelp("A Dynamic Type text style (body, headline, caption1, …).", valueName: "STYLE")) var style: DynamicType.TextStyle?
    @Option(help: ArgumentHelp("A Dynamic Type content size category (large, accessibilityExtraLarge, …).", valueName: "CATEGORY")) var category: DynamicType.ContentSizeCategory?
    @Option(parsing: .unconditional, help: ArgumentHelp("The weight: ultraLight, thin, light, regular, medium, semibold, bold, heavy, black, or 1–1000 (default: the style's; headline is semibold).", valueName: "WEIGHT")) var weight: FontWeight?
    @Flag(help: "Italic.") var italic = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Most lines per text, the last truncated with an ellipsis (0: no limit).", valueName: "N")) var maxLines: Int = 0
    @Option(help: ArgumentHelp("JSON Lines input (default: standard input).", valueName: "FILE")) var input: String?
    @Option(help: ArgumentHelp("Output file (default: standard output).", valueName: "FILE")) var output: String?
    @OptionGroup var fontOptions: FontOptions

    func run() throws {
        do {
            var text = fontOptions.textOptions
            text.size = size
            text.style = style
            text.category = category
            text.weight = weight
            text.italic = italic
            text.maxLines = maxLines
            let each = try widths.map { try LayoutJob.widths($0) }
            guard each == nil || width == nil else { throw CommandError("give --width or --widths, not both") }
            let attributes = try text.attributes()
            let job = LayoutJob(defaultWidth: each?.first ?? width, attributes: attributes, threads: fontOptions.threads)
            try CommandOutput.checkNotInput(output, inputs: [input] + fontOptions.fonts)
            let bytes = try CommandInput.read(input, maxLineBytes: text.maxLineBytes)
            // Every line is checked before output starts. The fonts load meanwhile (after the
            // input, with --system-fallback: they depend on its characters); a bad input is reported first.
            // (The input is read before the fonts start: read beside them, a closed standard input's
            // descriptor could be taken by a font file and read as the input.)
            let records: LayoutRecords, made: (engine: TextEngine, diagnostics: Diagnostics)
            if text.systemFallback {
                records = try job.parse(bytes)
                made = try text.makeEngine(for: (0..<records.count).map(records.text), styles: [attributes.fontStyle])
            } else {
                (records, made) = try bothAtOnce(threads: job.threads, { try job.parse(bytes) },
                                                 { try text.makeEngine(styles: [attributes.fontStyle]) })
            }
            StandardError.print(made.diagnostics)
            let engine = made.engine
            let out = try CommandOutput(path: output)
            let report = try job.run(records, widths: each, engine: engine) { try out.write($0) }
            try out.commit()
            if report.replacedInvalidUTF8 > 0 {
                StandardError.print("yardstick: warning: \(report.replacedInvalidUTF8) invalid UTF-8 sequence(s) or unpaired surrogate escape(s) replaced by U+FFFD")
            }
            StandardError.warnMissing(report.missingGlyphs, fonts: text)
            finish()
        } catch { fail(error) }
    }
}

struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Size every row of a CSV table: a SwiftDataTables grid or a list of cell templates (--config), or wrapped cells in capped columns.")

    @Argument(help: ArgumentHelp("The CSV file (first record: the column names).", valueName: "FILE.csv")) var file: String
    @Option(help: ArgumentHelp("The table's sizing: layout, cells, column widths, sections (see the README).", valueName: "CONFIG.json")) var config: String?
    @Option(help: ArgumentHelp("Output format: csv (default), bin (a heights file, see `yardstick inspect`), or with --config jsonl.", valueName: "FORMAT")) var format: MeasureFormat?
    @Option(help: ArgumentHelp("With --config: replay a trace of scrolls and edits on a lazily sized table, one JSON answer per line.", valueName: "TRACE.jsonl")) var replay: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Without --config: widest a column may be, in points.", valueName: "PT")) var maxColumnWidth: Double?
    @Option(help: ArgumentHelp("Without --config: Dynamic Type content size category for the body style (default: large).", valueName: "CATEGORY")) var category: DynamicType.ContentSizeCategory?
    @Option(help: ArgumentHelp("Output file (default: standard output).", valueName: "FILE")) var output: String?
    @Option(help: ArgumentHelp("With --format bin: measure only shard I of N (from 0) for `yardstick merge` (with --config: no sections, no --replay).", valueName: "I/N")) var shard: String?
    @Option(help: ArgumentHelp("Keep measured cells (with --config: rows) and blocks of rows in this folder, so a rerun measures only what it has not seen.", valueName: "DIR")) var cache: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Most the --cache folder may hold, in MiB (default 1024).", valueName: "MIB")) var cacheLimit: Int?
    @Option(help: ArgumentHelp("Progress on standard error: bar (default; only on a terminal), json (a line per second) or none.", valueName: "MODE")) var progress: ProgressBar.Mode = .bar
    @OptionGroup var fontOptions: FontOptions

    /// `--cache-limit` in bytes (1 GiB by default).
    var cacheLimitBytes: Int { (cacheLimit ?? 1024) << 20 }

    /// The options that contradict each other, or are out of range, before anything is read.
    func validate() throws {
        if cache == "" { throw CommandError("--cache needs a folder (the path is empty)") }
        if [file, config, replay].filter({ $0 == "-" }).count > 1 {
            throw CommandError("standard input can be one input only: give FILE.csv, --config and --replay as files where more than one would be -")
        }
        if let cacheLimit {
            guard cache != nil else { throw CommandError("--cache-limit needs --cache DIR (the folder it limits)") }
            guard cacheLimit > 0, cacheLimit <= 1 << 30 else { throw CommandError("--cache-limit must be from 1 to \(1 << 30) MiB") }
        }
        if config != nil {
            guard maxColumnWidth == nil else { throw CommandError("--max-column-width does not apply with --config; set \"maxColumnWidth\" in the config") }
            guard category == nil else { throw CommandError("--category does not apply with --config; set \"category\" in the config") }
            if shard != nil && format != .bin { throw CommandError("--shard writes a heights file: give --format bin (then yardstick merge)") }
            guard !fontOptions.noHyphens else { throw CommandError("--no-hyphens does not apply with --config: template texts never hyphenate unless they say \"hyphenate\": true") }
            guard !fontOptions.noOpticalSizing else { throw CommandError("--no-optical-sizing does not apply with --config; set \"opticalSizing\": false in the config") }
            guard format == nil || replay == nil else { throw CommandError("--format does not apply with --replay (the answers are JSON Lines)") }
            try TextOptions.checkThreads(fontOptions.threads)
            guard fontOptions.maxLineBytes > 0 else { throw CommandError("--max-line-bytes must be above 0") }
        } else {
            guard replay == nil else { throw CommandError("--replay needs --config") }
            if format == .jsonl { throw CommandError("--format jsonl needs --config; without it the formats are csv and bin") }
            guard maxColumnWidth != nil else { throw CommandError("give --config CONFIG.json, or --max-column-width PT for the plain grid") }
            if shard != nil && format != .bin { throw CommandError("--shard writes a heights file: give --format bin (then yardstick merge)") }
        }
    }

    func run() throws {
        do {
            try CommandOutput.checkNotInCache(output, cache: cache)
            try CommandOutput.checkNotInput(output, inputs: [file, config] + fontOptions.fonts) // (a trace is read whole first: it may be the output)
            if config != nil { return try runConfigured() }
            let format: SizingJob.Format = format == .bin ? .bin : .csv
            let maxColumnWidth = maxColumnWidth!
            var text = fontOptions.textOptions
            text.category = category
            var job = MeasureJob(maxColumnWidth: maxColumnWidth, attributes: try text.attributes(), threads: fontOptions.threads)
            job.format = format
            if let shard { job.shard = try MergeJob.shard(shard) }
            if format == .bin { try CommandOutput.checkBinary(to: output) }
            try TextOptions.checkWidth(maxColumnWidth, "--max-column-width")
            // With --system-fallback the fonts depend on every character: the input is read whole first.
            let input: InputChunks
            let made: (engine: TextEngine, diagnostics: Diagnostics)
            if text.systemFallback {
                let bytes = try CommandInput.read(file, maxLineBytes: text.maxLineBytes)
                input = InputChunks(bytes: bytes, name: file, maxLineBytes: text.maxLineBytes)
                made = try text.makeEngine(for: [String(decoding: bytes, as: UTF8.self)], styles: TextOptions.gridStyles(job.attributes))
            } else {
                input = try InputChunks(path: file, maxLineBytes: text.maxLineBytes)
                made = try text.makeEngine(styles: TextOptions.gridStyles(job.attributes))
            }
            StandardError.print(made.diagnostics)
            let engine = made.engine
            // What produced the heights: written into a heights file, and the key of a cache.
            let fingerprint = format == .bin || cache != nil
                ? try Fingerprint.of(settings: ["measure", "max-column-width \(maxColumnWidth)", "\(job.attributes)"], engine: engine) : 0
            job.configurationHash = fingerprint
            var cellCache: CellCacheFile?
            if let cache {
                // A cache is only ever a saving: one that cannot be opened is a warning.
                do { cellCache = try CellCacheFile(directory: cache, fingerprint: fingerprint, limitBytes: cacheLimitBytes) } catch {
                    StandardError.print("yardstick: warning: \(error); measuring without a cache")
                }
                for warning in cellCache?.newWarnings() ?? [] { StandardError.print("yardstick: warning: --cache: \(warning)") }
                job.cache = cellCache
            }
            let bar = ProgressBar(label: "measuring", mode: progress, dataOnTerminal: output == nil || output == "-")
            let out = try CommandOutput(path: output)
            let summary = try job.run(input: input, engine: engine, write: { try out.write($0) }) { rows, bytes in
                bar.update(rows: rows, fraction: input.size.map { $0 > 0 ? Double(bytes) / Double($0) : 1 })
            }
            bar.finish(rows: summary.rows)
            try out.commit()
            // The heights are written: a cache that cannot be saved costs the next run time only.
            do { try cellCache?.save() } catch { StandardError.print("yardstick: warning: --cache: \(error); the cache was not updated") }
            for warning in cellCache?.newWarnings() ?? [] { StandardError.print("yardstick: warning: --cache: \(warning)") }
            if summary.replacedInvalidUTF8 > 0 {
                StandardError.print("yardstick: warning: \(summary.replacedInvalidUTF8) invalid UTF-8 sequence(s) replaced by U+FFFD")
            }
            if summary.skippedBlankLines > 0 {
                StandardError.print("yardstick: note: \(summary.skippedBlankLines) empty line(s) skipped (not rows)")
            }
            if let note = summary.ragged.note(columns: nil, effect: "each field is measured in the column of its position; missing cells are empty") {
                StandardError.print(note)
            }
            StandardError.warnMissing(summary.missingGlyphs, fonts: text)
            // The summary goes where it does not mix with the data.
            if output == nil || output == "-" { StandardError.printLines(summary.text) } else { try printSummary(summary.text) }
            finish()
        } catch { fail(error) }
    }

    /// `measure DATA.csv --config CONFIG.json [--format csv|jsonl] [--replay TRACE.jsonl]`.
    func runConfigured() throws {
        let shard = try shard.map { try MergeJob.shard($0) }
        let format = SizingJob.Format(rawValue: (format ?? .csv).rawValue)!
        if format == .bin { try CommandOutput.checkBinary(to: output) }
        let bar = ProgressBar(label: "measuring", mode: progress, dataOnTerminal: output == nil || output == "-")
        var diagnostics = Diagnostics()
        let summary: String?
        do {
            summary = try SizingJob.runCommand(csvPath: file, configPath: config!, format: format, threads: fontOptions.threads,
                                               replayPath: replay, outputPath: output, fonts: fontOptions.textOptions,
                                               cache: cache.map { ($0, cacheLimitBytes) }, shard: shard, progress: { bar.update($0, $1) },
                                               diagnostics: &diagnostics)
        } catch {
            bar.finish()
            StandardError.print(diagnostics)
            throw error
        }
        bar.finish()
        StandardError.print(diagnostics)
        // The summary goes where it does not mix with the data.
        if let summary { if output == nil || output == "-" { StandardError.printLines(summary) } else { try printSummary(summary) } }
        finish()
    }
}
