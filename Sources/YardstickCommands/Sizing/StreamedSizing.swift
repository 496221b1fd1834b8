#if canImport(Glibc)
import Glibc
#endif
import Foundation
import YardstickFonts
import YardstickTemplates
import YardstickLayout
import YardstickOffsets
import YardstickTable

/// `measure --config` over a table read in blocks, when nothing ties a row to rows far from it:
/// no sections from grouping, and a file that can be read again. Memory holds a block, not the
/// table; the output is byte for byte the whole table's.
///
/// The file is read in passes of 16,384-record blocks:
/// 1. rows counted (headers and footers are told the table's row count), `heightColumn` values
///    checked, and for a grid what its width modes need of every row (`ColumnWidthPass`);
/// 2. for a grid whose modes sample rows, the samples;
/// 3. each block laid out as one section at the table's column widths, measured, written.
/// A grid whose modes measure every value (`maxMeasured`, Auto Layout over `all`) prepares each
/// value once more in pass 1. The file must not change between passes (size, time and inode are
/// compared).
struct StreamedSizing {
    let csvPath: String
    let configPath: String
    let configuration: [UInt8]
    let sizing: SizingConfig
    let format: SizingJob.Format
    let threads: Int
    let fonts: TextOptions
    static let blockRecords = 16_384
    /// Shaped runs an engine may hold before a fresh one measures the next block (unique words
    /// would otherwise grow it with every row; results do not depend on it).
    static let shapedRunLimit = 100_000

    /// Whether the table can be sized in blocks: no grouping, a regular file (read once per
    /// pass), fonts that do not depend on the text (`--system-fallback` reads it whole).
    static func applies(to sizing: SizingConfig, csvPath: String, fonts: TextOptions) -> Bool {
        guard sizing.grouping == nil, !fonts.systemFallback, csvPath != "-" else { return false }
        var info = stat()
        return stat(csvPath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// What identifies the file's contents between passes.
    private func identity() throws -> [Int] {
        var info = stat()
        guard stat(csvPath, &info) == 0 else { throw CommandError("cannot read \(csvPath): \(FileDescriptor.lastErrorText())") }
        return [Int(info.st_size), Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }

    /// Reads the file: `header` gets the first record, `body` each block's other records as
    /// rows (with the invalid UTF-8 sequences it replaced), in order. Returns the empty lines
    /// skipped.
    private func forEachBlock(header: ([String]) throws -> Void, _ body: ([TableData.Row], _ replaced: Int) throws -> Void) throws -> Int {
        let reader = BlockReader(input: try InputChunks(path: csvPath, maxLineBytes: fonts.maxLineBytes), records: Self.blockRecords)
        defer { reader.stop() }
        var seenHeader = false
        while let (block, _) = try reader.next() {
            var replaced = 0
            var rows: [TableData.Row] = []
            rows.reserveCapacity(block.count)
            for r in 0..<block.count {
                let fields = (0..<block.fieldCount(r)).map { c in
                    let (text, count) = block.string(r, c)
                    replaced += count
                    return text
                }
                if seenHeader { rows.append(TableData.Row(fields)) } else { try header(fields); seenHeader = true }
            }
            try body(rows, replaced)
        }
        guard seenHeader else { throw CommandError("the CSV file has no header record") }
        return reader.skippedBlankLines
    }

    /// A sizing error as the whole-table path reports it: with the config's path, or (no path)
    /// the data's fault.
    private func reported(_ body: () throws -> Void) throws {
        do { try body() } catch let e as SizingError {
            if e.path.isEmpty { throw CommandError(e.message) }
            throw CommandError("\(configPath): \(ConfigError(path: e.path, message: e.message))")
        } catch let e as ConfigError { throw CommandError("\(configPath): \(e)") }
    }

    /// Sizes and writes the table; nil when it has no rows (the whole-table path sizes that).
    func run(outputPath: String?, start: UInt64, progress: ((Int, Int) -> Void)?) throws -> String? {
        let before = try identity()
        var engine = try TextEngine(fonts: fonts.makeFonts())
        let job = SizingJob(config: sizing, format: format, threads: threads)
        var widths: ColumnWidthPass?
        var columns: [String] = []
        var rowCount = 0, replaced = 0, ragged = 0
        var heightIndex: Int?

        // Pass 1: rows counted and checked; what the widths need of every row.
        let skipped = try forEachBlock(header: { names in
            columns = names
            try job.checkColumnNames(TableData(columns: names, rows: []))
            if let name = sizing.heightColumn {
                guard let index = names.firstIndex(of: name) else {
                    throw CommandError("\(configPath): \(ConfigError(path: "heightColumn", message: "no column named \"\(name)\""))")
                }
                heightIndex = index
            }
            if sizing.list == nil {
                try reported { widths = try ColumnWidthPass(columns: names, configuration: sizing.grid, engine: engine, threads: threads) }
            }
        }) { rows, count in
            replaced += count
            for row in rows where row.fields.count != columns.count { ragged += 1 }
            if let heightIndex, let name = sizing.heightColumn {
                for (k, row) in rows.enumerated() { _ = try SizingJob.height(row[column: heightIndex], row: rowCount + k, column: name) }
            }
            widths?.count(rows)
            rowCount += rows.count
        }
        guard rowCount > 0 else { return nil }
        // Pass 2: the samples a grid's width modes take.
        if widths?.needsSamples == true {
            _ = try forEachBlock(header: { _ in }) { rows, _ in widths?.sample(rows) }
        }
        var gridColumns: GridColumns?
        if let widths { try reported { gridColumns = try widths.columns() } }

        if replaced > 0 { StandardError.print("yardstick: warning: \(replaced) invalid UTF-8 sequence(s) replaced by U+FFFD") }
        if skipped > 0 { StandardError.print("yardstick: note: \(skipped) empty line(s) skipped (not rows)") }
        if ragged > 0 {
            StandardError.print("yardstick: note: \(ragged) row(s) have a number of fields other than the header's \(columns.count) (missing cells are empty, extra ones unused)")
        }

        // Pass 3: each block one section of the table, measured and written.
        let hash = format == .bin
            ? try Fingerprint.of(settings: ["measure --config", String(decoding: configuration, as: UTF8.self)], fonts: engine.fonts) : 0
        var output: SizingOutput?
        let out = try CommandOutput(path: outputPath)
        var done = 0
        var missing = MissingGlyphs.none
        var footer = LayoutLength.zero
        var columnWidths: [Double] = []
        progress?(0, rowCount)
        _ = try forEachBlock(header: { _ in }) { rows, _ in
            guard !rows.isEmpty else { return }
            var layout: TableLayout<TableData.Row>?
            try reported { layout = try job.layout(TableData(columns: columns, rows: rows), engine: engine, block: (gridColumns, rowCount)) }
            guard var layout, layout.sectionCount == 1 else { throw CommandError("internal: a block of \(csvPath) is not one section") }
            layout.keepsPreparedText = false
            do { try layout.measureAll() } catch { throw CommandError("\(error)") }
            if output == nil {
                output = SizingOutput(format: format, sectioned: false, spacing: layout.interRowSpacing.units, configurationHash: hash)
                try out.write(output!.start() + output!.beginSection(header: try layout.offsets.headerFrame(ofSection: 0)))
            }
            let stored = (0..<rows.count).map { try! layout.offsets.height(of: RowPosition(section: 0, row: $0)).units }
            try out.write(output!.rows(stored, firstRow: done))
            done += rows.count
            missing.formUnion(layout.missingGlyphs)
            footer = try layout.offsets.footerFrame(ofSection: 0).height
            columnWidths = layout.columnWidths
            progress?(done, rowCount)
            if engine.cache.store.count > Self.shapedRunLimit { engine = try TextEngine(fonts: engine.fonts, features: engine.features) }
        }
        guard done == rowCount, try identity() == before else { throw CommandError("\(csvPath) changed while it was read") }
        guard var output else { return nil }
        let end = RowOffsetCache.VerticalSpan(top: output.rowsEnd, height: footer)
        try out.write(output.endSection(footer: end) + output.finish(columnWidths: columnWidths))
        try out.commit()
        StandardError.warnMissing(missing, fonts: fonts)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return "rows: \(rowCount) (column names not counted)\nsections: 1\n"
            + "total height: \(OutputNumber.format(end.bottom.points)) pt\nseconds: \(String(format: "%.3f", seconds))"
    }
}
