/// Writes a heights file (`HeightsFile`) as a stream: the header, then rows block by block as
/// they are measured, then the columns, sections and trailer once they are known. Nothing is
/// written twice, so the file can go to a pipe. Keeps the running CRC-32 and counts only.
package struct HeightsFileWriter {
    private var crc: UInt32 = 0
    private var written = 0
    package private(set) var rowCount = 0
    private var sections: [HeightsFile.Section] = []
    private let configurationHash: UInt64
    private var isShard = false
    private var hasSectionLines = false
    private var shard: HeightsFile.ShardInfo?
    private var hasTableFrame = false
    private var tableFrame: HeightsFile.TableFrame?

    package init(configurationHash: UInt64) { self.configurationHash = configurationHash }

    /// The file's first bytes.
    package mutating func header(hasSectionLines: Bool, firstRowIsHeader: Bool, isShard: Bool = false, hasTableFrame: Bool = false) -> [UInt8] {
        var out = HeightsFile.magic
        Self.append(UInt32(HeightsFile.currentVersion), to: &out)
        Self.append(UInt32((hasSectionLines ? 1 : 0) | (firstRowIsHeader ? 2 : 0) | (isShard ? 4 : 0) | (hasTableFrame ? 8 : 0)), to: &out)
        self.hasTableFrame = hasTableFrame
        self.isShard = isShard
        self.hasSectionLines = hasSectionLines
        return counted(out)
    }

    /// Appends a row (top and height in 1/64 pt) to `out`, the bytes of the block being built;
    /// pass the block through `rows(_:)` before writing it.
    @inline(__always)
    package mutating func appendRow(top: Int64, height: Int64, to out: inout [UInt8]) {
        Self.append(UInt64(bitPattern: top), to: &out)
        Self.append(UInt64(bitPattern: height), to: &out)
        rowCount += 1
    }

    /// A block of rows built with `appendRow`, counted into the checksum.
    package mutating func rows(_ block: [UInt8]) -> [UInt8] { counted(block) }

    /// Starts a section at the current row.
    package mutating func beginSection(header: RowOffsetCache.VerticalSpan) {
        sections.append(HeightsFile.Section(firstRow: rowCount, rowCount: 0, header: header,
                                            footer: RowOffsetCache.VerticalSpan(top: .zero, height: .zero)))
    }

    /// A shard's run of table rows `firstRow ..< firstRow + count`, the next `count` rows appended
    /// (a run right after the last one extends it).
    package mutating func addShardRun(firstRow: Int, count: Int) {
        let none = RowOffsetCache.VerticalSpan(top: .zero, height: .zero)
        if let last = sections.last, last.firstRow + last.rowCount == firstRow {
            sections[sections.count - 1].rowCount += count
        } else {
            sections.append(HeightsFile.Section(firstRow: firstRow, rowCount: count, header: none, footer: none))
        }
    }

    /// What a shard says of the table it belongs to (written into each of its runs).
    package mutating func setShard(_ info: HeightsFile.ShardInfo) { shard = info }
    /// A config-sized table's frame, for a shard begun with `hasTableFrame`.
    package mutating func setTableFrame(_ frame: HeightsFile.TableFrame) { tableFrame = frame }

    /// Ends the current section with its footer.
    package mutating func endSection(footer: RowOffsetCache.VerticalSpan) {
        sections[sections.count - 1].rowCount = rowCount - sections[sections.count - 1].firstRow
        sections[sections.count - 1].footer = footer
    }

    /// The last bytes: column widths, sections (one holding every row when none was begun; a
    /// shard with no rows has none) and
    /// the trailer with the checksum.
    package mutating func trailer(columnWidths: [Double]) -> [UInt8] {
        let none = RowOffsetCache.VerticalSpan(top: .zero, height: .zero)
        if sections.isEmpty && !hasSectionLines {
            // A whole table: one section of every row; a shard without rows: an empty run at the
            // end. (A table in sections that shows none has none.)
            sections = [HeightsFile.Section(firstRow: isShard ? shard?.tableRows ?? 0 : 0, rowCount: rowCount, header: none, footer: none)]
        }
        if isShard, let shard {
            for k in sections.indices {
                sections[k].header = .init(top: .units(Int64(shard.tableRows)), height: .units(Int64(shard.count)))
                sections[k].footer = .init(top: .units(Int64(shard.index)), height: .units(Int64(shard.inputChecksum)))
            }
        }
        let rowsAt = UInt64(HeightsFile.headerSize)
        var out: [UInt8] = []
        for w in columnWidths { Self.append(w.bitPattern, to: &out) }
        for s in sections {
            Self.append(UInt64(s.firstRow), to: &out)
            Self.append(UInt64(s.rowCount), to: &out)
            for v in [s.header.top, s.header.height, s.footer.top, s.footer.height] { Self.append(UInt64(bitPattern: v.units), to: &out) }
        }
        if hasTableFrame {
            let frame = tableFrame ?? HeightsFile.TableFrame(header: none, spacing: .zero, footerHeight: .zero)
            for v in [frame.header.top, frame.header.height, frame.spacing, frame.footerHeight] { Self.append(UInt64(bitPattern: v.units), to: &out) }
        }
        let columnsAt = rowsAt + 16 * UInt64(rowCount)
        let sectionsAt = columnsAt + 8 * UInt64(columnWidths.count)
        for v in [rowsAt, UInt64(rowCount), columnsAt, UInt64(columnWidths.count), sectionsAt, UInt64(sections.count), configurationHash] {
            Self.append(v, to: &out)
        }
        let final = CRC32.update(crc, out)
        Self.append(UInt64(final), to: &out)
        written += out.count
        return out
    }

    private mutating func counted(_ bytes: [UInt8]) -> [UInt8] {
        crc = CRC32.update(crc, bytes)
        written += bytes.count
        return bytes
    }

    @inline(__always)
    static func append(_ v: UInt32, to out: inout [UInt8]) {
        withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
    }

    @inline(__always)
    static func append(_ v: UInt64, to out: inout [UInt8]) {
        withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
    }
}
