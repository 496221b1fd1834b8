import YardstickFonts
import Foundation
import YardstickLayout
import YardstickShaping
import YardstickTable
import YardstickOffsets

/// `yardstick measure`: a CSV table in, each row's height and offset out.
///
/// Columns are as wide as their widest single-line cell, capped at the maximum column width;
/// every cell wraps in its column; a row is as tall as its tallest cell; the header row (the
/// first) is set in bold. Output CSV: `row,height,offset`, row 0 being the header row, heights
/// and offsets in points, exact multiples of 1/64 pt (the row-offset cache's unit).
package struct MeasureJob {
    package var maxColumnWidth: Double
    package var attributes: TextAttributes
    package var threads: Int

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
        /// Empty lines that were not rows (see `CSVReader`).
        package var skippedBlankLines: Int
        /// Clusters no face covers, over every cell.
        package var missingGlyphs = MissingGlyphs.none
        /// Rows whose number of fields is not the header's (each field is still measured, in the
        /// column of its position).
        package var raggedRows = 0
        package var cellsPerSecond: Double { seconds > 0 ? Double(cells) / seconds : 0 }

        package var text: String {
            "rows: \(rows) (header included)\ncells: \(cells)\ntotal height: \(OutputNumber.format(totalHeight)) pt\n"
                + "seconds: \(String(format: "%.3f", seconds))\ncells per second: \(String(format: "%.0f", cellsPerSecond))"
        }
    }

    package func run(csv bytes: [UInt8], engine: TextEngine, progress: ((Int, Int) -> Void)? = nil) throws -> (output: [UInt8], summary: Summary) {
        try TextOptions.checkWidth(maxColumnWidth, "--max-column-width")
        let start = DispatchTime.now().uptimeNanoseconds
        let table: CSVReader
        do { table = try CSVReader(bytes: bytes) } catch let e as CSVReader.ParseError { throw CommandError(e.description) }
        guard !table.rows.isEmpty else { throw CommandError("the CSV file has no rows") }
        let measurer = TableMeasurer(engine: engine, attributes: attributes, maxColumnWidth: maxColumnWidth, threads: threads)
        let m: TableMeasurement
        do { m = try measurer.measure(table.rows, hasHeader: true, progress: progress) } catch { throw CommandError("\(error)") }
        var out = "row,height,offset\n"
        out.reserveCapacity(m.rowCount * 24)
        // Heights and offsets are exact multiples of 1/64 pt: printed in full, each offset is
        // exactly the sum of the heights above it.
        var y: Int64 = 0
        for r in 0..<m.rowCount {
            let h = try! m.offsets.height(of: RowPosition(section: 0, row: r))
            out += "\(r),\(JSONWriter.numberText(h.points)),\(JSONWriter.numberText(LayoutLength(units: y).points))\n"
            y += h.units
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (Array(out.utf8), Summary(rows: m.rowCount, cells: m.cellCount, totalHeight: m.totalHeight, seconds: seconds,
                             replacedInvalidUTF8: table.replacedInvalidUTF8, skippedBlankLines: table.skippedBlankLines,
                             missingGlyphs: m.missingGlyphs, raggedRows: table.rows.dropFirst().filter { $0.count != table.rows[0].count }.count))
    }
}
