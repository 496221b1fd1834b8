import YardstickOffsets
import YardstickFormats

/// `yardstick inspect FILE`: a heights file's header as text, or a range of its rows in the CSV
/// `measure` writes (all of them: the very bytes `--format csv` gives).
package enum InspectJob {
    /// Rows to print: none (the header only), all, or FIRST-LAST (inclusive, in table order; in
    /// a shard's file, the table's row numbers, of which it prints those it holds).
    package enum Rows: Equatable {
        case none, all
        case range(ClosedRange<Int>)

        /// "all", "N" or "FIRST-LAST".
        package init(parsing text: String) throws(CommandError) {
            if text == "all" { self = .all; return }
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                  let first = Int(parts[0]), let last = Int(parts.last!), first <= last else {
                throw CommandError("--rows takes all, N or FIRST-LAST (row numbers from 0, FIRST ≤ LAST); got \"\(text)\"")
            }
            self = .range(first...last)
        }
    }

    /// The text to print for `file`.
    package static func run(_ file: HeightsFile, path: String, rows: Rows) throws(CommandError) -> [UInt8] {
        switch rows {
        case .none: return Array(summary(file, path: path).utf8)
        case .all: return csv(file, rows: 0..<file.rowCount, withSectionLines: true)
        case .range(let r) where file.isShard:
            if let tableRows = file.shard?.tableRows, r.lowerBound >= tableRows {
                throw CommandError("--rows starts at row \(r.lowerBound); the table has \(tableRows) row(s), 0 to \(tableRows - 1)")
            }
            // A shard's rows go by their numbers in the table: those of `r` it holds, which are
            // consecutive in the file (its runs are in table order).
            var below = 0, through = 0
            for s in 0..<file.sectionCount {
                let section = file.section(s)
                let held = section.firstRow..<(section.firstRow + section.rowCount)
                below += held.clamped(to: 0..<r.lowerBound).count
                through += held.clamped(to: 0..<(r.upperBound == .max ? .max : r.upperBound + 1)).count
            }
            guard below < through else {
                throw CommandError("--rows \(r.lowerBound)-\(r.upperBound): shard \(file.shard!.index)/\(file.shard!.count) holds none of those rows (row numbers are the table's; its runs: \(runs(file)))")
            }
            return csv(file, rows: below..<through, withSectionLines: false)
        case .range(let r):
            guard r.lowerBound < file.rowCount else {
                throw CommandError(file.rowCount == 0 ? "--rows: the file has no rows"
                    : "--rows starts at row \(r.lowerBound); the file has \(file.rowCount) row(s), 0 to \(file.rowCount - 1)")
            }
            // A last row past the end stops at the end.
            return csv(file, rows: r.lowerBound..<(min(file.rowCount - 1, r.upperBound) + 1), withSectionLines: false)
        }
    }

    static func summary(_ file: HeightsFile, path: String) -> String {
        var bottom: Int64 = 0
        if file.rowCount > 0 { let last = file.row(file.rowCount - 1); bottom = last.top.units + last.height.units }
        // A shard's rows end after the spacing below its last one, as `measure` counts them.
        if file.isShard, file.rowCount > 0, let frame = file.tableFrame { bottom += frame.spacing.units }
        if file.sectionCount > 0 && !file.isShard { bottom = max(bottom, file.section(file.sectionCount - 1).footer.bottom.units) }
        let widths = (0..<min(file.columnCount, 12)).map { OutputNumber.format(file.columnWidth($0)) }.joined(separator: ", ")
            + (file.columnCount > 12 ? ", …" : "")
        return """
            heights file: \(path)
            version: \(file.version)
            rows: \(file.rowCount)\(file.firstRowIsHeader ? " (row 0 is the header row)" : "")\(file.shard.map { " (shard \($0.index)/\($0.count) of a table of \($0.tableRows) rows, in \(file.sectionCount) run(s) of up to 4,096; yardstick merge joins the shards)" } ?? "")
            \(file.isShard ? "runs of rows" : "sections"): \(file.sectionCount)\(file.tableFrame.map { "\ntable frame: header \(OutputNumber.unitsText($0.header.height.units)) pt at \(OutputNumber.unitsText($0.header.top.units)) pt, \(OutputNumber.unitsText($0.spacing.units)) pt after each row, footer \(OutputNumber.unitsText($0.footerHeight.units)) pt" } ?? "")
            columns: \(file.columnCount)\(file.columnCount > 0 ? " (widths in pt: \(widths))" : "")
            total height: \(OutputNumber.unitsText(bottom)) pt\(file.isShard ? " (of this shard's rows)" : "")
            configuration hash: \(hex(file.configurationHash, digits: 16))
            checksum: \(hex(UInt64(file.checksum), digits: 8)) (CRC-32, verified)

            """
    }

    /// A shard's first runs of rows in table numbers: "0-4095, 16384-20479, …".
    private static func runs(_ file: HeightsFile) -> String {
        let held = (0..<file.sectionCount).map(file.section).filter { $0.rowCount > 0 }
        let shown = held.prefix(4).map { section in
            section.rowCount == 1 ? "\(section.firstRow)" : "\(section.firstRow)-\(section.firstRow + section.rowCount - 1)"
        }
        return (shown.isEmpty ? "none" : shown.joined(separator: ", ")) + (held.count > 4 ? ", …" : "")
    }

    private static func hex(_ v: UInt64, digits: Int) -> String {
        let s = String(v, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, digits - s.count)) + s
    }

    /// Rows as `measure` writes them in CSV: `row,height,offset`, or with section lines
    /// `section,item,height,offset` (headers and footers only when `withSectionLines`).
    static func csv(_ file: HeightsFile, rows: Range<Int>, withSectionLines: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * 28 + 32)
        let sectioned = file.hasSectionLines
        out += Array((sectioned ? "section,item,height,offset\n" : "row,height,offset\n").utf8)
        func line(_ prefix: String, _ span: RowOffsetCache.VerticalSpan) {
            out += Array(prefix.utf8)
            OutputNumber.appendUnits(span.height.units, to: &out)
            out.append(UInt8(ascii: ","))
            OutputNumber.appendUnits(span.top.units, to: &out)
            out.append(0x0A)
        }
        // Rows are numbered as in their file (`rows` is in those numbers); a shard's lines carry
        // the table's row numbers.
        var local = 0
        for s in 0..<file.sectionCount {
            let section = file.section(s)
            let held = local..<(local + section.rowCount)
            local += section.rowCount
            let shown = held.clamped(to: rows)
            if sectioned && withSectionLines { line("\(s),header,", section.header) }
            for r in shown {
                let number = file.isShard ? section.firstRow + (r - held.lowerBound) : r
                line(sectioned ? "\(s),\(r - held.lowerBound)," : "\(number),", file.row(r))
            }
            if sectioned && withSectionLines { line("\(s),footer,", section.footer) }
        }
        return out
    }
}
