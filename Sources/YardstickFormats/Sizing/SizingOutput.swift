import YardstickOffsets

/// How `measure --config` writes what it sized, section by section and a block of rows at a
/// time, so a whole table and a table read in blocks write the same bytes:
/// - CSV: `row,height,offset` (`section,item,height,offset` with sections, headers and footers
///   as items);
/// - JSON Lines: `{"section","header","y"}`, `{"section","row","height","y"}`, `{"section","footer","y"}`;
/// - a heights file (`HeightsFile`), its sections holding the header and footer frames.
/// Heights exclude the spacing between rows; offsets include it. Lengths in points, exact
/// multiples of 1/64 (`OutputNumber.appendUnits`).
///
/// A shard (`isShard`, a heights file) holds runs of the table's rows (`shardRows`), tops from
/// 0, and keeps the one section's frame for `yardstick merge` (`HeightsFile.TableFrame`).
///
/// The plain grid (`measure --max-column-width`) writes through it too, unframed: rows only (no
/// `beginSection`/`endSection`), its header row being row 0 (`firstRowIsHeader`).
package struct SizingOutput {
    package let format: SizingJob.Format
    package let sectioned: Bool
    package var isShard = false
    /// Whether the table has header and footer frames (a config's); a shard then keeps them.
    package var framed = true
    /// Whether row 0 is the table's header row (the plain grid's, but a shard's other than 0).
    package var firstRowIsHeader = false
    private var frameHeader = RowOffsetCache.VerticalSpan(top: .zero, height: .zero)
    /// The spacing after every row (1/64 pt), part of a row's stored height.
    package let spacing: Int64
    private var file: HeightsFileWriter
    private var section = -1
    private var y: Int64 = 0

    package init(format: SizingJob.Format, sectioned: Bool, spacing: Int64, configurationHash: UInt64 = 0) {
        self.format = format
        self.sectioned = sectioned
        self.spacing = spacing
        file = HeightsFileWriter(configurationHash: configurationHash)
    }

    /// What comes before the first section.
    package mutating func start() -> [UInt8] {
        switch format {
        case .csv: Array((sectioned ? "section,item,height,offset\n" : "row,height,offset\n").utf8)
        case .jsonl: []
        case .bin: file.header(hasSectionLines: sectioned, firstRowIsHeader: firstRowIsHeader, isShard: isShard, hasTableFrame: isShard && framed)
        }
    }

    package mutating func beginSection(header: RowOffsetCache.VerticalSpan) -> [UInt8] {
        section += 1
        y = header.top.units + header.height.units
        if isShard { frameHeader = header; y = 0; return [] }
        if format == .bin { file.beginSection(header: header); return [] }
        return part("header", header)
    }

    /// Rows `firstRow...` of the current section, by their stored heights (spacing included).
    package mutating func rows(_ stored: [Int64], firstRow: Int) -> [UInt8] {
        var out: [UInt8] = []
        if format == .bin {
            out.reserveCapacity(stored.count * 16)
            for h in stored { file.appendRow(top: y, height: h - spacing, to: &out); y += h }
            return file.rows(out)
        }
        if format == .csv {
            stored.withUnsafeBufferPointer { OutputNumber.appendRowLines($0, firstRow: firstRow, section: sectioned ? section : nil, spacing: spacing, offset: &y, to: &out) }
            return out
        }
        out.reserveCapacity(stored.count * 48)
        var r = firstRow
        for h in stored {
            text("{\"section\":", &out); OutputNumber.appendInteger(UInt64(section), to: &out)
            text(",\"row\":", &out); OutputNumber.appendInteger(UInt64(r), to: &out)
            text(",\"height\":", &out); OutputNumber.appendUnits(h - spacing, to: &out)
            text(",\"y\":", &out); OutputNumber.appendUnits(y, to: &out)
            text("}\n", &out)
            y += h
            r += 1
        }
        return out
    }

    /// A shard's run of the table's rows `firstRow ..< firstRow + stored.count`.
    package mutating func shardRows(_ stored: [Int64], firstRow: Int) -> [UInt8] {
        file.addShardRun(firstRow: firstRow, count: stored.count)
        return rows(stored, firstRow: firstRow)
    }

    /// Where the current section's rows end (its footer's top).
    package var rowsEnd: LayoutLength { LayoutLength(units: y) }

    package mutating func endSection(footer: RowOffsetCache.VerticalSpan) -> [UInt8] {
        if isShard {
            file.setTableFrame(HeightsFile.TableFrame(header: frameHeader, spacing: LayoutLength(units: spacing), footerHeight: footer.height))
            return []
        }
        if format == .bin { file.endSection(footer: footer); return [] }
        return part("footer", footer)
    }

    /// What comes after the last section.
    package mutating func finish(columnWidths: [Double], shard: HeightsFile.ShardInfo? = nil) -> [UInt8] {
        if let shard { file.setShard(shard) }
        return format == .bin ? file.trailer(columnWidths: columnWidths) : []
    }

    private func text(_ s: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    private func part(_ name: String, _ frame: RowOffsetCache.VerticalSpan) -> [UInt8] {
        var out: [UInt8] = []
        if format == .jsonl {
            text("{\"section\":", &out); OutputNumber.appendInteger(UInt64(section), to: &out)
            out += Array(",\"\(name)\":".utf8); OutputNumber.appendUnits(frame.height.units, to: &out)
            text(",\"y\":", &out); OutputNumber.appendUnits(frame.top.units, to: &out)
            text("}\n", &out)
        } else if sectioned {
            OutputNumber.appendInteger(UInt64(section), to: &out)
            out += Array(",\(name),".utf8); OutputNumber.appendUnits(frame.height.units, to: &out)
            out.append(UInt8(ascii: ",")); OutputNumber.appendUnits(frame.top.units, to: &out); out.append(0x0A)
        }
        return out
    }
}
