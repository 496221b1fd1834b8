import YardstickFonts
import Foundation
import YardstickLayout
import YardstickShaping
import YardstickTable
import YardstickOffsets
import YardstickFormats

/// `yardstick measure`: a CSV table in, each row's height and offset out.
///
/// Columns are as wide as their widest single-line cell, capped at the maximum column width;
/// every cell wraps in its column; a row is as tall as its tallest cell; the header row (the
/// first) is set in bold. Output CSV: `row,height,offset`, row 0 being the header row, heights
/// and offsets in points, exact multiples of 1/64 pt (the row-offset cache's unit).
///
/// Streams: the input is read a chunk at a time, measured a block of records at a time and
/// written as it goes, in input order, so memory does not grow with the number of rows.
package struct MeasureJob {
    package var maxColumnWidth: Double
    package var attributes: TextAttributes
    package var threads: Int
    /// Records measured together (their distinct cells prepared in parallel batches).
    package var blockRecords = 16_384
    /// `row,height,offset` text (`.csv`), or a heights file (`.bin`, `HeightsFile`).
    package var format = SizingJob.Format.csv
    /// Written into a heights file: what produced it (`Fingerprint`).
    package var configurationHash: UInt64 = 0
    /// Cells measured by earlier runs (`--cache`).
    package var cache: CellCache?
    /// Measure only shard `index` of `count` (`--shard I/N`, a heights file): the records
    /// `ShardDealer` deals it (the header in run 0).
    package var shard: (index: Int, count: Int)?

    package init(maxColumnWidth: Double, attributes: TextAttributes, threads: Int) {
        self.maxColumnWidth = maxColumnWidth
        self.attributes = attributes
        self.threads = threads
    }

    /// What a run measured.
    package struct Summary {
        package var rows: Int
        package var cells: Int
        package var totalHeight: Double
        package var seconds: Double
        package var replacedInvalidUTF8: Int
        /// Empty lines that were not rows (see `CSVParser`).
        package var skippedBlankLines: Int
        /// Clusters no face covers, over every cell.
        package var missingGlyphs = MissingGlyphs.none
        /// Rows whose number of fields is not the header's (each field is still measured, in the
        /// column of its position), and the lines the first few start on.
        package var ragged = RaggedRows()
        /// Cells taken from the persistent cache.
        package var cachedCells = 0
        /// The shard measured (`--shard I/N`), if any.
        package var shard: (index: Int, count: Int)?
        package var cellsPerSecond: Double { seconds > 0 ? Double(cells) / seconds : 0 }

        package var text: String {
            "rows: \(rows) (\(shard.map { "shard \($0.index)/\($0.count)" } ?? "header included"))\ncells: \(cells)\ntotal height: \(OutputNumber.format(totalHeight)) pt\n"
                + "seconds: \(String(format: "%.3f", seconds))\ncells per second: \(String(format: "%.0f", cellsPerSecond))"
                + (cachedCells > 0 ? "\ncells from the cache: \(cachedCells)" : "")
        }
    }

    /// Reads `input` to its end, handing each block's rows to `write` as soon as they are
    /// measured (the caller commits or abandons the output).
    /// - Parameter progress: (rows done, input bytes read), after each block.
    package func run(input: InputChunks, engine: TextEngine, write: ([UInt8]) throws -> Void,
                     progress: ((Int, Int) -> Void)? = nil) throws -> Summary {
        try TextOptions.checkWidth(maxColumnWidth, "--max-column-width")
        let start = DispatchTime.now().uptimeNanoseconds
        var measurer = TableMeasurer(engine: engine, attributes: attributes, maxColumnWidth: maxColumnWidth, threads: threads)
        do { try measurer.validate() } catch { throw CommandError(error.description) }
        measurer.cache = cache
        var output = SizingOutput(format: format, sectioned: false, spacing: 0, configurationHash: configurationHash)
        output.framed = false
        output.isShard = shard != nil
        output.firstRowIsHeader = shard == nil || shard!.index == 0
        var text = output.start()
        var records = 0 // records read so far
        func flush(_ block: CSVBlock, bytesRead: Int) throws {
            guard block.count > 0 else { return }
            guard let shard else {
                text += output.rows(try measure(block).map(\.units), firstRow: measurer.rowCount - block.count)
                return try emit(bytesRead: bytesRead)
            }
            if records == 0 && shard.index != 0 { measurer.startWithoutHeader(headerFieldCount: block.fieldCount(0)) }
            for run in ShardDealer(index: shard.index, count: shard.count).runs(first: records, records: block.count) {
                text += output.shardRows(try measure(block.records(run)).map(\.units), firstRow: records + run.lowerBound)
                try emit(bytesRead: bytesRead)
            }
            records += block.count
        }
        func measure(_ block: CSVBlock) throws -> [LayoutLength] {
            do { return try measurer.measure(block) } catch { throw CommandError(error.description) }
        }
        func emit(bytesRead: Int) throws {
            try write(text)
            text.removeAll(keepingCapacity: true)
            progress?(measurer.rowCount, bytesRead)
        }
        let reader = BlockReader(input: input, records: blockRecords, checksum: shard != nil)
        defer { reader.stop() }
        while let (block, bytesRead) = try reader.next() { try flush(block, bytesRead: bytesRead) }
        guard measurer.rowCount > 0 || records > 0 else { throw CommandError("the CSV file has no rows") }
        if !text.isEmpty { try write(text) } // the header of a file without rows (a shard's)
        let shardInfo = shard.map { HeightsFile.ShardInfo(index: $0.index, count: $0.count, tableRows: records, inputChecksum: reader.inputChecksum) }
        if format == .bin { try write(output.finish(columnWidths: measurer.columnWidths, shard: shardInfo)) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Summary(rows: measurer.rowCount, cells: measurer.cellCount, totalHeight: output.rowsEnd.points, seconds: seconds,
                       replacedInvalidUTF8: measurer.replacedInvalidUTF8, skippedBlankLines: reader.skippedBlankLines,
                       missingGlyphs: measurer.missingGlyphs, ragged: measurer.ragged,
                       cachedCells: measurer.cachedCells, shard: shard)
    }

    /// A whole CSV file's bytes in, the whole output out (for tests and small tables).
    package func run(csv: [UInt8], engine: TextEngine) throws -> (output: [UInt8], summary: Summary) {
        var output: [UInt8] = []
        let summary = try run(input: InputChunks(bytes: csv, name: "the CSV"), engine: engine, write: { output += $0 })
        return (output, summary)
    }
}
