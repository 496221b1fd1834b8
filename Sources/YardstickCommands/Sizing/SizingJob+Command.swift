import Foundation
import YardstickFormats
import YardstickLayout
import YardstickOffsets
import YardstickTable
import YardstickTemplates

/// `yardstick measure DATA.csv --config CONFIG.json` as the command line runs it: the options,
/// the choice between a table read in blocks and one read whole, the replay, the summary.
extension SizingJob {
    /// The whole `measure --config` command: reads the config (errors name its path) and the
    /// CSV, then either measures every row and writes heights and offsets, or replays a trace on
    /// the lazily sized table. Returns the summary of an eager run (nil for a replay); its
    /// warnings and notes go to `diagnostics`, those found before an error too.
    package static func runCommand(csvPath: String, configPath: String, format: Format, threads: Int, replayPath: String?,
                                  outputPath: String?, fonts given: TextOptions, cache: (directory: String, limitBytes: Int)? = nil,
                                  shard: (index: Int, count: Int)? = nil, progress: ((Int, Int) -> Void)? = nil,
                                  diagnostics: inout Diagnostics) throws -> String? {
        let limit = given.maxLineBytes
        // (Read once: the bytes also go into a heights file's configuration hash.)
        let configuration = try CommandInput.read(configPath, maxLineBytes: limit)
        var sizing = try Result { () throws(ConfigError) in try SizingConfig(json: configuration) }.mapError { CommandError("\(configPath): \($0)") }.get()
        let fonts = try given.following(&sizing, path: configPath)
        let start = DispatchTime.now().uptimeNanoseconds
        let streams = replayPath == nil && StreamedSizing.applies(to: sizing)
        let blocksNeeded = "the table read in blocks: no \"sections\" grouping and no --replay"
        if shard != nil && !streams { throw CommandError("--shard with --config needs \(blocksNeeded)") }
        var cache = cache
        if cache != nil && !streams {
            // A cache is only ever a saving.
            diagnostics.warn("--cache is not used: with --config it needs \(blocksNeeded)")
            cache = nil
        }
        // A trace over a regular file: rows read as the trace needs them.
        if let replayPath, StreamedSizing.rereads(csvPath, fonts: fonts), !LazyTable.needsEveryRow(sizing) {
            let index = try CSVFileIndex(path: csvPath, maxFieldBytes: limit)
            let (engine, made) = try fonts.makeEngine(styles: sizing.fontStyles)
            diagnostics.append(made)
            let lazy: LazyTable
            do { lazy = try LazyTable(.file(index), columns: index.columns, sizing: sizing, engine: engine, threads: threads) } catch let e as ConfigError {
                throw CommandError("\(configPath): \(e)")
            }
            diagnostics.noteUnshownOverrides(sizing, shown: [""]) // (one section, not grouped)
            var replayer = SizingReplayer(table: lazy, config: sizing)
            try replay(&replayer, replayPath: replayPath, outputPath: outputPath, maxLineBytes: limit)
            let notes = index.notes(complete: replayer.lazy.isIndexed)
            diagnostics.noteRead(replaced: index.replacedInvalidUTF8, skipped: notes.skippedBlankLines, ragged: notes.ragged, columns: index.columns.count,
                                 scope: replayer.lazy.isIndexed ? nil : "in the rows read so far")
            diagnostics.warnAmbiguous(replayer.table.ambiguousLayouts)
            diagnostics.warnMissing(replayer.table.missingGlyphs, systemFallback: fonts.systemFallback)
            return nil
        }
        // A regular file is read once per pass; other input once, whole.
        let whole = streams && StreamedSizing.rereads(csvPath, fonts: fonts) ? nil : try CommandInput.read(csvPath, maxLineBytes: limit)
        if streams {
            var streamed = StreamedSizing(csvPath: csvPath, bytes: whole, configPath: configPath, configuration: configuration, sizing: sizing,
                                          format: format, threads: threads, fonts: fonts)
            streamed.cache = cache
            streamed.shard = shard
            if let summary = try streamed.run(outputPath: outputPath, start: start, progress: progress, diagnostics: &diagnostics) { return summary }
        }
        let csv = try whole ?? CommandInput.read(csvPath, maxLineBytes: limit)
        let (data, replaced, skipped, ragged) = try table(csv: csv, maxFieldBytes: limit)
        let (engine, made) = try fonts.makeEngine(for: fonts.systemFallback ? [String(decoding: csv, as: UTF8.self)] : [], styles: sizing.fontStyles)
        diagnostics.append(made)
        let job = SizingJob(config: sizing, format: format, threads: threads)
        var layout: TableLayout<TableData.Row>
        do { layout = try job.layout(data, engine: engine) } catch let e as ConfigError { throw CommandError("\(configPath): \(e)") }
        diagnostics.noteRead(replaced: replaced, skipped: skipped, ragged: ragged, columns: data.columns.count)
        diagnostics.noteUnshownOverrides(sizing, shown: layout.sectionKeys)
        diagnostics.warnAmbiguous(layout.ambiguousLayouts)
        if let replayPath {
            var replayer = SizingReplayer(table: LazyTable(holding: layout, columns: data.columns), config: sizing)
            try replay(&replayer, replayPath: replayPath, outputPath: outputPath, maxLineBytes: limit)
            diagnostics.warnMissing(replayer.table.missingGlyphs, systemFallback: fonts.systemFallback)
            return nil
        }
        layout.keepsPreparedText = false
        do { try layout.measureAll(progress: progress) } catch { throw CommandError("\(error)") }
        diagnostics.warnMissing(layout.missingGlyphs, systemFallback: fonts.systemFallback)
        if format == .bin {
            let hash = try Fingerprint.of(settings: ["measure --config", String(decoding: configuration, as: UTF8.self)], engine: engine)
            try CommandOutput.write(heightsFile(layout, sectioned: sizing.grouping != nil, configurationHash: hash), to: outputPath)
        } else {
            try CommandOutput.write(write(layout, format: format, sectioned: sizing.grouping != nil), to: outputPath)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return "rows: \(data.rows.count) (column names not counted)\nsections: \(layout.sectionCount)\n"
            + "total height: \(OutputNumber.format(layout.totalHeight.points)) pt\nseconds: \(String(format: "%.3f", seconds))"
    }
}

extension SizingJob {
    /// Answers a trace's lines: from standard input line by line (for a driver that waits for
    /// each answer), or from a file read whole before the output is written (it may be the same file).
    static func replay(_ replayer: inout SizingReplayer, replayPath: String, outputPath: String?, maxLineBytes: Int) throws {
        if replayPath == "-" {
            try JSONLines.stream(inputPath: nil, outputPath: outputPath, maxLineBytes: maxLineBytes) { line, out in
                replayer.replay(line: line, appendingTo: &out)
            }
            // (Each line after it said so too: the answers stand, the run fails.)
            if let fatal = replayer.fatal { throw CommandError(fatal.message) }
            return
        }
        let trace = try CommandInput.read(replayPath, maxLineBytes: maxLineBytes)
        var out: [UInt8] = []
        for line in JSONLines.lines(trace) {
            line.withUnsafeBufferPointer { replayer.replay(line: $0, appendingTo: &out) }
            if let fatal = replayer.fatal { throw CommandError(fatal.message) } // (a file that is not CSV: nothing written)
            out.append(0x0A)
        }
        try CommandOutput.write(out, to: outputPath)
    }
}

extension Diagnostics {
    /// A note when `sectionOverrides` name sections the table does not show (`shown`).
    package mutating func noteUnshownOverrides(_ sizing: SizingConfig, shown: [String]) {
        let keys = Set(shown)
        let missing = sizing.overriddenSections.filter { !keys.contains($0) }
        if !missing.isEmpty {
            note("sectionOverrides name sections the table does not show: \(missing.sorted().map { "\"\($0)\"" }.joined(separator: ", "))")
        }
    }

    /// The warning and notes about a table read whole (`SizingJob.table(csv:)`).
    /// `scope` (a table read as needed): which rows the counts cover.
    package mutating func noteRead(replaced: Int, skipped: Int, ragged: RaggedRows, columns: Int, scope: String? = nil) {
        let scope = scope.map { " (\($0))" } ?? ""
        if replaced > 0 { warn("\(replaced) invalid UTF-8 sequence(s) replaced by U+FFFD" + scope) }
        if skipped > 0 { note("\(skipped) empty line(s) skipped (not rows)" + scope) }
        if let note = ragged.note(columns: columns) { add(scope.isEmpty ? note : note + scope) }
    }
}
