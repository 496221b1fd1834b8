import Foundation
import YardstickLayout
import YardstickOffsets
import YardstickTable
import YardstickTemplates

/// `yardstick measure DATA.csv --config CONFIG.json`: every row of a CSV table sized as the
/// configuration says (a SwiftDataTables grid or a list of templates, in sections or not), and
/// written as CSV (`row,height,offset`, or `section,item,height,offset` with sections) or JSON
/// Lines. Heights and offsets are exact multiples of 1/64 pt.
package struct SizingJob {
    package enum Format: String { case csv, jsonl, bin }
    package var config: SizingConfig
    package var format: Format
    package var threads: Int

    package init(config: SizingConfig, format: Format, threads: Int) {
        self.config = config
        self.format = format
        self.threads = threads
    }

    /// The table read from CSV bytes: the first record names the columns. Also counts the rows
    /// whose number of fields differs from the header's (short ones read as empty cells) and
    /// names the lines of the first few.
    package static func table(csv bytes: [UInt8], maxFieldBytes: Int = InputLimits.lineBytes) throws
        -> (data: TableData, replacedInvalidUTF8: Int, skippedBlankLines: Int, ragged: RaggedRows) {
        let reader = try Result { () throws(CSVParser.ParseError) in try CSVReader(bytes: bytes, maxFieldBytes: maxFieldBytes) }
            .mapError { CommandError($0.description) }.get()
        guard !reader.rows.isEmpty else { throw CommandError("the CSV file has no header record") }
        let width = reader.rows[0].count
        var ragged = RaggedRows()
        for r in reader.rows.indices.dropFirst() where reader.rows[r].count != width { ragged.add(line: reader.lines[r]) }
        return (TableData(records: reader.rows), reader.replacedInvalidUTF8, reader.skippedBlankLines, ragged)
    }

    /// The table laid out with every row estimated or known (nothing measured yet); with
    /// `block`, `data` is one block of a table read in blocks (`StreamedSizing`): one section,
    /// a grid at the given column widths, headers and footers told the table's row count.
    package func layout(_ data: TableData, engine: TextEngine,
                        block: (columns: GridColumns?, tableRowCount: Int)? = nil) throws -> TableLayout<TableData.Row> {
        var c = config
        try checkColumnNames(data)
        if let name = c.heightColumn {
            guard let column = data.columnIndex(name) else { throw ConfigError(path: "heightColumn", message: "no column named \"\(name)\"") }
            for (r, row) in data.rows.enumerated() { _ = try Self.height(row[column: column], row: r, column: name) }
            let read: @Sendable (RowPosition, TableData.Row) -> Double? = { _, row in try? Self.height(row[column: column], row: 0, column: name) }
            c.grid.heightForRowAt = read
            c.list?.heightForRowAt = read
        }
        do {
            var table: TableLayout<TableData.Row>
            if let block {
                table = try TableLayout.block(data, grid: c.grid, list: c.list, columns: block.columns, tableRowCount: block.tableRowCount,
                                              engine: engine, threads: threads)
            } else if let list = c.list {
                table = try TableLayout.list(data, configuration: list, grouping: c.grouping, engine: engine, threads: threads)
            } else {
                table = try TableLayout.grid(data, configuration: c.grid, engine: engine, threads: threads)
            }
            table.estimateFollowsMedian = c.estimateFollowsMedian
            return table
        } catch {
            throw error.forConfig
        }
    }

    /// A column the config names twice over in the CSV header is ambiguous: an error.
    package func checkColumnNames(_ data: TableData) throws {
        var seen: Set<String> = [], twice: Set<String> = []
        for name in data.columns where !seen.insert(name).inserted { twice.insert(name) }
        guard !twice.isEmpty else { return }
        let named = config.namedColumns.filter { twice.contains($0) }
        if let name = named.sorted().first {
            throw CommandError("the CSV header names the column \"\(name)\" more than once; the config can't tell which one it means")
        }
    }

    /// A `heightColumn` value: empty is none; otherwise a decimal number of points from 0 to
    /// the tallest row a table holds (no hexadecimal, no `inf` or `nan`).
    package static func height(_ text: String?, row: Int, column: String) throws -> Double? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let decimal = trimmed.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D || $0 == 0x65 || $0 == 0x45 }
        guard decimal, let v = Double(trimmed), v.isFinite, v >= 0, v <= TemplateLayout.maximumLength else {
            throw CommandError("row \(row), column \"\(column)\": \"\(text.prefix(40))\" is not a height (a number of points from 0 to \(Int(TemplateLayout.maximumLength)), or empty)")
        }
        return v
    }

    /// A CSV file sized as a config file says, with `engine`'s fonts, as the bytes of the heights
    /// file `measure --config --format bin` writes (for the C interface: `ys_size_table`).
    /// - Throws: `ConfigError` for the config (with its path), `CommandError` otherwise.
    package static func heightsFile(csvPath: String, configPath: String, engine: TextEngine, threads: Int) throws -> [UInt8] {
        let configuration = try CommandInput.read(configPath)
        let sizing = try LazyTable.sizing(json: configuration, engine: engine)
        let (data, _, _, _) = try table(csv: try CommandInput.read(csvPath))
        var layout = try SizingJob(config: sizing, format: .bin, threads: threads).layout(data, engine: engine)
        layout.keepsPreparedText = false
        do { try layout.measureAll() } catch { throw CommandError("\(error)") }
        let hash = try Fingerprint.of(settings: ["measure --config", String(decoding: configuration, as: UTF8.self)], engine: engine)
        return heightsFile(layout, sectioned: sizing.grouping != nil, configurationHash: hash)
    }

    /// The table as a heights file (`HeightsFile`): rows as the CSV output has them (heights
    /// without the spacing between rows, tops with it), sections with their header and footer.
    package static func heightsFile(_ table: TableLayout<TableData.Row>, sectioned: Bool, configurationHash: UInt64) -> [UInt8] {
        write(table, format: .bin, sectioned: sectioned, configurationHash: configurationHash)
    }

    /// The heights and offsets of every row (and, with sections or in JSON Lines, of every
    /// header and footer), in table order (`SizingOutput`).
    package static func write(_ table: TableLayout<TableData.Row>, format: Format, sectioned: Bool, configurationHash: UInt64 = 0) -> [UInt8] {
        var output = SizingOutput(format: format, sectioned: sectioned, spacing: table.interRowSpacing.units, configurationHash: configurationHash)
        var out = output.start()
        let rowCounts = table.rowCounts
        for s in 0..<table.sectionCount {
            out += output.beginSection(header: try! table.offsets.headerFrame(ofSection: s))
            let stored = (0..<rowCounts[s]).map { try! table.offsets.height(of: RowPosition(section: s, row: $0)).units }
            out += output.rows(stored, firstRow: 0)
            out += output.endSection(footer: try! table.offsets.footerFrame(ofSection: s))
        }
        out += output.finish(columnWidths: table.columnWidths)
        return out
    }
}
