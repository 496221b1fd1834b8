import YardstickLayout
import YardstickRender
import YardstickTable
import YardstickTemplates
import YardstickFormats

/// `yardstick render`: a PNG picture of a measured table (rows as they were sized, with their
/// headers, lines and every element of their cells) or of one text at a width, as pango-view
/// draws. The glyphs drawn are those measured: the same engine lays the texts out at the same
/// widths, so lines break and truncate where the heights say.
package struct RenderJob {
    /// Pixels a point (1–8).
    package var scale = 2.0
    package var style = Painter.Style()

    package init() {}

    /// The scale a picture is drawn at: 1 to 8 pixels a point.
    package static func checkScale(_ scale: Double) throws {
        guard scale.isFinite, scale >= 1, scale <= 8 else { throw CommandError("--scale must be from 1 to 8 (pixels a point; got \(scale))") }
    }

    /// `A-B` (rows from 0, both included) or `A`.
    package static func rows(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        func row(_ s: Substring) throws -> Int {
            guard !s.isEmpty, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw CommandError("--rows takes A-B or A, row numbers from 0 (got \"\(text)\")")
            }
            guard let v = Int(s) else { throw CommandError("--rows: \(s) is past any table's last row") }
            return v
        }
        let a = try row(parts[0]), b = parts.count == 2 ? try row(parts[1]) : a
        guard a <= b else { throw CommandError("--rows \(text): the first row is after the last") }
        return a...b
    }

    /// One text laid out at `width` with `margin` points around it.
    package func text(_ text: String, width: Double, margin: Double, attributes: TextAttributes, engine: TextEngine) throws -> [UInt8] {
        let layout = engine.layout(text, width: width, attributes: attributes)
        let painter = try painter()
        // (A word wider than the width, whose clusters cannot break, makes the picture wider.)
        var canvas = try picture(hint: scale > 1 ? "lower --scale, or shorten the text" : "shorten the text") { () throws(PictureError) in
            try painter.canvas(width: max(width, layout.width) + 2 * margin, height: layout.height + 2 * margin)
        }
        painter.draw(layout, in: CellDrawing.Rect(x: margin, y: margin, width: max(width, layout.width), height: layout.height), on: &canvas)
        return try png(canvas)
    }

    /// Rows `rows` (all when nil) of a table sized by `config` (SwiftDataTables' default grid
    /// when nil), read from `configPath` (named in errors). Notes and warnings about the data go
    /// to `diagnostics`, as `measure` gives them.
    package func table(csv: [UInt8], config: SizingConfig, configPath: String? = nil, rows: ClosedRange<Int>?, engine: TextEngine,
                       threads: Int, fonts: TextOptions = TextOptions(), diagnostics: inout Diagnostics) throws -> [UInt8] {
        let (data, replaced, skipped, ragged) = try SizingJob.table(csv: csv, maxFieldBytes: fonts.maxLineBytes)
        var layout: TableLayout<TableData.Row>
        do { layout = try SizingJob(config: config, format: .csv, threads: threads).layout(data, engine: engine) } catch let e as ConfigError {
            throw CommandError(configPath.map { "\($0): \(e)" } ?? "\(e)")
        }
        diagnostics.noteRead(replaced: replaced, skipped: skipped, ragged: ragged, columns: data.columns.count)
        let count = layout.totalRowCount
        guard count > 0 else { throw CommandError("the table has no rows to draw") }
        let range = rows ?? 0...(count - 1)
        guard range.upperBound < count else {
            throw CommandError("--rows \(range.lowerBound)-\(range.upperBound): the table has \(count) row(s), numbered 0 to \(count - 1)")
        }
        layout.keepsPreparedText = false
        do { try layout.measure(rows: range) } catch { throw CommandError("\(error)") }
        let drawing = try Result { () throws(SizingError) in try layout.drawing(rows: range) }.mapError { CommandError("\($0)") }.get()
        let painter = try painter()
        let canvas = try picture(hint: "draw fewer rows (--rows)" + (scale > 1 ? " or lower --scale" : "")) { () throws(PictureError) in try painter.draw(drawing) }
        diagnostics.warnAmbiguous(layout.ambiguousLayouts)
        diagnostics.warnMissing(layout.missingGlyphs, systemFallback: fonts.systemFallback)
        return try png(canvas)
    }

    private func painter() throws -> Painter {
        do { return try Painter(scale: scale, style: style) } catch { throw CommandError("\(error)") }
    }

    private func picture(hint: String, _ make: () throws(PictureError) -> Canvas) throws -> Canvas {
        do { return try make() } catch { throw CommandError("\(error.description); \(hint)") }
    }

    private func png(_ canvas: Canvas) throws -> [UInt8] {
        do { return try PNGImage.encode(rgb: canvas.pixels, width: canvas.width, height: canvas.height) } catch { throw CommandError("PNG: \(error)") }
    }
}
