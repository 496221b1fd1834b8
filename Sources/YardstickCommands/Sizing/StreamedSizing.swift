#if canImport(Glibc)
import Glibc
#endif
import Foundation
import YardstickFonts
import YardstickTemplates
import YardstickLayout
import YardstickOffsets
import YardstickTable
import YardstickFormats

/// `measure --config` over a table read in blocks, when nothing ties a row to rows far from it
/// (no sections from grouping). A regular file is read again for each pass, and memory holds a
/// block, not the table; other input (standard input, a pipe, and any input with
/// `--system-fallback`, whose fonts depend on the text) is read whole first and its bytes passed
/// over. The output is byte for byte the whole table's.
///
/// The input is read in passes of 16,384-record blocks:
/// 1. rows counted (headers and footers are told the table's row count), `heightColumn` values
///    checked, and for a grid what its width modes need of every row (`ColumnWidthPass`);
/// 2. for a grid whose modes sample rows, the samples;
/// 3. each block laid out as one section at the table's column widths, measured, written.
/// A grid whose modes measure every value (`maxMeasured`, Auto Layout over `all`) prepares each
/// value once more in pass 1. A file must not change between passes (size, time and inode are
/// compared).
struct StreamedSizing {
    let csvPath: String
    /// The input's bytes when read whole (nil: the regular file at `csvPath`, read per pass).
    let bytes: [UInt8]?
    let configPath: String
    let configuration: [UInt8]
    let sizing: SizingConfig
    let format: SizingJob.Format
    let threads: Int
    let fonts: TextOptions
    /// `--cache DIR` and its limit in bytes.
    var cache: (directory: String, limitBytes: Int)?
    /// `--shard I/N` (a heights file): only the rows `ShardDealer` deals shard I are measured.
    var shard: (index: Int, count: Int)?
    static let blockRecords = 16_384
    /// Whether the table can be sized in blocks: no grouping.
    static func applies(to sizing: SizingConfig) -> Bool { sizing.grouping == nil }

    /// Whether `csvPath` is read once per pass: a regular file, and fonts that do not depend on
    /// the text. Otherwise it is read whole first (`bytes`).
    static func rereads(_ csvPath: String, fonts: TextOptions) -> Bool {
        guard !fonts.systemFallback, csvPath != "-" else { return false }
        var info = stat()
        return stat(csvPath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// What identifies the file's contents between passes (nothing for bytes in memory).
    private func identity() throws -> [Int] {
        guard bytes == nil else { return [] }
        var info = stat()
        guard stat(csvPath, &info) == 0 else { throw CommandError("cannot read \(csvPath): \(FileDescriptor.lastErrorText())") }
        return [Int(info.st_size), Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }

    /// Reads the file: `header` gets the first record as text, `body` each block as read with
    /// the record its rows start at (1 in the first block, after the header), in order. Rows are
    /// made text only where needed (`row`). Returns the empty lines skipped.
    private func forEachBlock(header: (_ names: [String], _ replacedInvalidUTF8: Int) throws -> Void, checksum: ((UInt32) -> Void)? = nil,
                              _ body: (CSVBlock, _ firstRecord: Int) throws -> Void) throws -> Int {
        let input = try bytes.map { InputChunks(bytes: $0, name: csvPath, maxLineBytes: fonts.maxLineBytes) }
            ?? InputChunks(path: csvPath, maxLineBytes: fonts.maxLineBytes)
        let reader = BlockReader(input: input, records: Self.blockRecords, checksum: checksum != nil)
        defer { reader.stop() }
        var seenHeader = false
        while let (block, _) = try reader.next() {
            let firstRecord = seenHeader ? 0 : 1
            if !seenHeader, block.count > 0 {
                let (row, replaced) = RowSizer.row(block, 0)
                try header(row.fields, replaced)
                seenHeader = true
            }
            if block.count > firstRecord { try body(block, firstRecord) } // (a file of only a header, or nothing)
        }
        guard seenHeader else { throw CommandError("the CSV file has no header record") }
        checksum?(reader.inputChecksum)
        return reader.skippedBlankLines
    }

    /// A sizing error as the whole-table path reports it: with the config's path, or (no path)
    /// the data's fault.
    private func reported(_ body: () throws -> Void) throws {
        do {
            do { try body() } catch let e as SizingError { throw e.forConfig }
        } catch let e as ConfigError { throw CommandError("\(configPath): \(e)") }
    }

    /// Passes 1 and 2: the rows counted and checked, and what the grid's width modes need.
    private func survey(engine: TextEngine, job: SizingJob) throws -> TableSurvey {
        var widths: ColumnWidthPass?
        var columns: [String] = []
        var rowCount = 0
        var ragged = RaggedRows()
        var heightIndex: Int?
        // Pass 1: rows counted and checked; what the widths need of every row.
        let skipped = try forEachBlock(header: { names, _ in
            columns = names
            heightIndex = try check(names, job: job)
            if sizing.list == nil {
                try reported { widths = try ColumnWidthPass(columns: names, configuration: sizing.grid, engine: engine, threads: threads) }
            }
        }) { block, first in
            let n = block.count - first
            for r in first..<block.count where block.fieldCount(r) != columns.count { ragged.add(line: block.lines[r]) }
            if let heightIndex, let name = sizing.heightColumn {
                for r in first..<block.count {
                    let text = heightIndex < block.fieldCount(r) ? block.string(r, heightIndex).text : nil
                    _ = try SizingJob.height(text, row: rowCount + r - first, column: name)
                }
            }
            widths?.count(rows: n, fieldCount: { block.fieldCount(first + $0) }, row: { RowSizer.row(block, first + $0).row })
            rowCount += n
        }
        // Pass 2: the samples a grid's width modes take.
        if rowCount > 0 && widths?.needsSamples == true {
            _ = try forEachBlock(header: { _, _ in }) { block, first in
                widths?.sample(rows: block.count - first, fieldCount: { block.fieldCount(first + $0) }, row: { RowSizer.row(block, first + $0).row })
            }
        }
        return TableSurvey(columns: columns, rowCount: rowCount, ragged: ragged, skippedBlankLines: skipped, bases: widths?.bases() ?? [])
    }

    /// Checks the column names against the config; returns the height column's index.
    private func check(_ names: [String], job: SizingJob) throws -> Int? {
        try job.checkColumnNames(TableData(columns: names, rows: []))
        guard let name = sizing.heightColumn else { return nil }
        guard let index = names.firstIndex(of: name) else {
            throw CommandError("\(configPath): \(ConfigError(path: "heightColumn", message: "no column named \"\(name)\""))")
        }
        return index
    }

    /// Sizes and writes the table; nil when it has no rows (the whole-table path sizes that).
    func run(outputPath: String?, start: UInt64, progress: ((Int, Int) -> Void)?, diagnostics: inout Diagnostics) throws -> String? {
        let before = try identity()
        let (engine, made) = try fonts.makeEngine(for: fonts.systemFallback ? [String(decoding: bytes ?? [], as: UTF8.self)] : [], styles: sizing.fontStyles)
        diagnostics.append(made)
        let job = SizingJob(config: sizing, format: format, threads: threads)
        // With a cache, a survey of this very file kept by an earlier run spares passes 1 and 2.
        let settings = String(decoding: configuration, as: UTF8.self)
        let kept: (path: String, identity: [Int64], fingerprint: UInt64)?
        if let directory = cache?.directory, bytes == nil, let identity = TableSurvey.identity(of: csvPath) {
            let fingerprint = try Fingerprint.of(settings: ["measure --config survey", settings], engine: engine)
            kept = (directory + "/survey-" + CellCacheFile.hex(fingerprint) + ".yss", identity, fingerprint)
        } else {
            kept = nil
        }
        var survey: TableSurvey
        var surveyed = false
        if let kept, let found = TableSurvey.load(kept.path, identity: kept.identity, fingerprint: kept.fingerprint) {
            survey = found
            _ = try check(found.columns, job: job)
        } else {
            survey = try self.survey(engine: engine, job: job)
            surveyed = true
        }
        let columns = survey.columns, rowCount = survey.rowCount
        guard rowCount > 0 else { return nil }
        var replaced = 0
        var gridColumns: GridColumns?
        if sizing.list == nil {
            try reported {
                gridColumns = try ColumnWidthPass.columns(columns, configuration: sizing.grid, engine: engine, threads: threads, bases: survey.bases)
            }
        }
        if survey.skippedBlankLines > 0 { diagnostics.note("\(survey.skippedBlankLines) empty line(s) skipped (not rows)") }
        if let note = survey.ragged.note(columns: columns.count) { diagnostics.add(note) }
        diagnostics.noteUnshownOverrides(sizing, shown: [""]) // (one section, not grouped)

        // Pass 3: each block one section of the table, measured (or taken from the cache) and written.
        let hash = format == .bin
            ? try Fingerprint.of(settings: ["measure --config", String(decoding: configuration, as: UTF8.self)], engine: engine) : 0
        let out = try CommandOutput(path: outputPath)
        var done = 0
        var missing = MissingGlyphs.none
        var output: SizingOutput!
        var footer = LayoutLength.zero
        var columnWidths: [Double] = []
        var sizer: RowSizer!
        var ambiguous: [AmbiguousLayout] = []
        /// The table of the first row: the section's header and footer, the columns, the cells
        /// every row is sized at (`RowSizer`).
        func firstLayout(_ row: TableData.Row) throws -> TableLayout<TableData.Row> {
            var layout: TableLayout<TableData.Row>?
            try reported { layout = try job.layout(TableData(columns: columns, rows: [row]), engine: engine, block: (gridColumns, rowCount)) }
            guard var layout, layout.sectionCount == 1 else { throw CommandError("internal: a block of \(csvPath) is not one section") }
            layout.keepsPreparedText = false
            do { try layout.measureAll() } catch { throw CommandError("\(error)") }
            return layout
        }
        var cache: SizingCache?
        if let (directory, limit) = self.cache {
            // A row's height depends on the config, the fonts and the column widths.
            let keyed = ["measure --config --cache", settings]
                + (gridColumns?.configuredWidths.map { String($0.bitPattern, radix: 16) } ?? [])
            do {
                cache = try SizingCache(directory: directory, limitBytes: limit, fingerprint: try Fingerprint.of(settings: keyed, engine: engine))
            } catch { diagnostics.warn("\(error); measuring without a cache") } // a cache is only ever a saving
            for warning in cache?.file.newWarnings() ?? [] { diagnostics.warn("--cache: \(warning)") }
            if surveyed, cache != nil, let kept {
                do { try survey.save(kept.path, identity: kept.identity, fingerprint: kept.fingerprint) } catch { diagnostics.warn("--cache: \(error)") }
            }
        }
        progress?(0, rowCount)
        var inputChecksum: UInt32 = 0
        var shardRows = 0
        _ = try forEachBlock(header: { _, count in replaced += count }, checksum: shard == nil ? nil : { inputChecksum = $0 }) { block, firstRecord in
            let n = block.count - firstRecord
            guard n > 0 else { return }
            if output == nil {
                // The section's header, footer and the columns, from a layout of the first row
                // (the same whatever the cache holds).
                let first = try firstLayout(RowSizer.row(block, firstRecord).row)
                output = SizingOutput(format: format, sectioned: false, spacing: first.interRowSpacing.units, configurationHash: hash)
                output.isShard = shard != nil
                try out.write(output.start() + output.beginSection(header: try first.offsets.headerFrame(ofSection: 0)))
                missing.formUnion(first.planMissingGlyphs) // (its row is measured again with its block)
                footer = try first.offsets.footerFrame(ofSection: 0).height
                columnWidths = first.columnWidths
                ambiguous = first.ambiguousLayouts
                sizer = RowSizer(first)
            }
            // Rows to size, by index in the block: their lengths, and which may be kept in a
            // cache (nothing to report: no invalid UTF-8 replaced, no missing glyphs).
            let measure = { (indices: [Int]) throws -> (heights: [Int64], keep: [Bool]) in
                // Errors name a row as the file numbers it.
                let base = done
                let sized: RowSizer.Sized
                do {
                    sized = try sizer.lengths(block, records: indices.map { firstRecord + $0 }) { k in
                        "row \(base + indices[k]) (line \(block.lines[firstRecord + indices[k]]))"
                    }
                } catch { throw CommandError("\(error)") }
                replaced += sized.replaced
                return (sized.lengths.map(\.units), sized.clean)
            }
            if let shard {
                // Only this shard's runs of rows.
                for run in ShardDealer(index: shard.index, count: shard.count).runs(first: done, records: n) {
                    let heights = try cache?.heights(of: Array(run), block: block, firstRecord: firstRecord, measure: measure).heights
                        ?? measure(Array(run)).heights
                    try out.write(output.shardRows(heights, firstRow: done + run.lowerBound))
                    shardRows += run.count
                }
                done += n
                progress?(done, rowCount)
                return
            }
            let stored = try cache?.heights(rows: n, block: block, firstRecord: firstRecord, fields: columns.count, measure: measure)
                ?? measure(Array(0..<n)).heights
            try out.write(output.rows(stored, firstRow: done))
            done += n
            progress?(done, rowCount)
        }
        guard done == rowCount, try identity() == before else { throw CommandError("\(csvPath) changed while it was read") }
        guard output != nil else { return nil }
        missing.formUnion(sizer.missingGlyphs)
        let end = RowOffsetCache.VerticalSpan(top: output.rowsEnd, height: footer)
        let shardInfo = shard.map { HeightsFile.ShardInfo(index: $0.index, count: $0.count, tableRows: rowCount, inputChecksum: inputChecksum) }
        try out.write(output.endSection(footer: end) + output.finish(columnWidths: columnWidths, shard: shardInfo))
        try out.commit()
        if replaced > 0 { diagnostics.warn("\(replaced) invalid UTF-8 sequence(s) replaced by U+FFFD") }
        diagnostics.warnAmbiguous(ambiguous)
        diagnostics.warnMissing(missing, systemFallback: fonts.systemFallback)
        if let cache = cache?.file {
            // The heights are written: a cache that cannot be saved costs the next run time only.
            do { try cache.save() } catch { diagnostics.warn("--cache: \(error); the cache was not updated") }
            for warning in cache.newWarnings() { diagnostics.warn("--cache: \(warning)") }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if let shard {
            return "rows: \(shardRows) (shard \(shard.index)/\(shard.count) of \(rowCount); column names not counted)\n"
                + "total height: \(OutputNumber.format(output.rowsEnd.points)) pt (of this shard's rows)\nseconds: \(String(format: "%.3f", seconds))"
                + ((cache?.cachedRows ?? 0) > 0 ? "\nrows from the cache: \(cache!.cachedRows)" : "")
        }
        return "rows: \(rowCount) (column names not counted)\nsections: 1\n"
            + "total height: \(OutputNumber.format(end.bottom.points)) pt\nseconds: \(String(format: "%.3f", seconds))"
            + ((cache?.cachedRows ?? 0) > 0 ? "\nrows from the cache: \(cache!.cachedRows)" : "")
    }
}
