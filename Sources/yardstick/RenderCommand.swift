import ArgumentParser
import YardstickCommands
import YardstickFonts
import YardstickLayout
import YardstickFormats

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a measured table (rows as sized, headers, lines, every cell element) or one text (--text) as a PNG picture.")

    @Argument(help: ArgumentHelp("The CSV file (first record: the column names); not with --text.", valueName: "FILE.csv")) var file: String?
    @Option(help: ArgumentHelp("The table's sizing, as for measure (default: SwiftDataTables' grid).", valueName: "CONFIG.json")) var config: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Rows to draw, from 0, both ends included (default: all), with their section's header and footer.", valueName: "A-B")) var rows: String?
    @Option(help: ArgumentHelp("Draw this text instead of a table (with --width).", valueName: "TEXT")) var text: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("With --text: the width to lay it out at, in points.", valueName: "PT")) var width: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("With --text: font size in points (default 17: body at large).", valueName: "PT")) var size: Double?
    @Option(help: ArgumentHelp("With --text: a Dynamic Type text style (body, headline, …).", valueName: "STYLE")) var style: DynamicType.TextStyle?
    @Option(help: ArgumentHelp("With --text: a Dynamic Type content size category.", valueName: "CATEGORY")) var category: DynamicType.ContentSizeCategory?
    @Option(parsing: .unconditional, help: ArgumentHelp("With --text: the weight (ultraLight … black, or 1–1000; default: the style's).", valueName: "WEIGHT")) var weight: FontWeight?
    @Flag(help: "With --text: italic.") var italic = false
    @Option(parsing: .unconditional, help: ArgumentHelp("With --text: most lines, the last truncated with an ellipsis (0, the default: no limit).", valueName: "N")) var maxLines: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp("With --text: the blank margin around it, in points (default 10).", valueName: "PT")) var margin: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Pixels a point, 1 to 8 (2: a Retina picture).", valueName: "N")) var scale: Double = 2
    @Option(help: ArgumentHelp("The PNG file to write (- for standard output, not a terminal).", valueName: "FILE.png")) var output: String
    @OptionGroup var fontOptions: FontOptions

    func run() throws {
        do {
            try RenderJob.checkScale(scale)
            var job = RenderJob()
            job.scale = scale
            var fonts = fontOptions.textOptions
            try CommandOutput.checkBinary(to: output, what: "a PNG picture")
            if let text {
                guard file == nil, config == nil, rows == nil else { throw CommandError("--text draws one text: give no CSV file, --config or --rows with it") }
                guard let width else { throw CommandError("--text needs --width PT") }
                try TextOptions.checkWidth(width, "--width")
                let margin = self.margin ?? 10
                guard margin.isFinite, margin >= 0, margin <= 1000 else { throw CommandError("--margin must be from 0 to 1000 points") }
                fonts.size = size
                fonts.style = style
                fonts.category = category
                fonts.maxLines = maxLines ?? 0
                fonts.weight = weight
                fonts.italic = italic
                let attributes = try fonts.attributes()
                try CommandOutput.checkNotInput(output, inputs: fontOptions.fonts)
                let (engine, diagnostics) = try fonts.makeEngine(for: fonts.systemFallback ? [text] : [], styles: [attributes.fontStyle])
                StandardError.print(diagnostics)
                let png = try job.text(text, width: width, margin: margin, attributes: attributes, engine: engine)
                try CommandOutput.write(png, to: output)
                return
            }
            guard let file else { throw CommandError("give a CSV file to draw, or --text TEXT --width PT") }
            guard width == nil, size == nil, style == nil, category == nil, maxLines == nil, margin == nil, weight == nil, !italic else {
                throw CommandError("--width, --size, --style, --category, --weight, --italic, --max-lines and --margin go with --text; a table takes its sizes from --config")
            }
            guard fontOptions.maxLineBytes > 0 else { throw CommandError("--max-line-bytes must be above 0") }
            guard !fontOptions.noHyphens else { throw CommandError("--no-hyphens goes with --text; template texts never hyphenate unless they say \"hyphenate\": true") }
            try TextOptions.checkThreads(fontOptions.threads)
            let range = try rows.map(RenderJob.rows)
            try CommandOutput.checkNotInput(output, inputs: [file, config] + fontOptions.fonts)
            let csv = try CommandInput.read(file, maxLineBytes: fonts.maxLineBytes)
            var sizing = try config.map { path in try SizingConfig.read(path, maxLineBytes: fonts.maxLineBytes) } ?? SizingConfig.grid
            fonts = try fonts.following(&sizing, path: config ?? "the config")
            var (engine, diagnostics) = try fonts.makeEngine(for: fonts.systemFallback ? [String(decoding: csv, as: UTF8.self)] : [], styles: sizing.fontStyles)
            let png: [UInt8]
            do {
                png = try job.table(csv: csv, config: sizing, configPath: config, rows: range, engine: engine, threads: fontOptions.threads,
                                    fonts: fonts, diagnostics: &diagnostics)
            } catch {
                StandardError.print(diagnostics)
                throw error
            }
            StandardError.print(diagnostics)
            try CommandOutput.write(png, to: output)
        } catch { fail(error) }
    }
}
