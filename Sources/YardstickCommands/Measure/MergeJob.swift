import YardstickOffsets
import YardstickFormats

/// `yardstick merge SHARD.bin…`: the shards of one table (`measure --shard I/N --format bin`)
/// joined into the heights file a single run writes, byte for byte: rows in table order, tops
/// counted again (from 0, or for a config-sized table from its header, with the spacing after
/// each row, in one section framed as the shards say), each column as wide as its widest shard says.
package enum MergeJob {
    /// Parses "I/N" (0 ≤ I < N ≤ 65,536).
    package static func shard(_ text: String) throws(CommandError) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 65_536, i < n else {
            throw CommandError("--shard takes I/N with 0 ≤ I < N ≤ 65536 (shard I of N, from 0); got \"\(text)\"")
        }
        return (i, n)
    }

    /// Writes the merged file through `write`, a few MiB at a time.
    /// - Throws: `CommandError` when the files are not shards of one table, or leave rows out
    ///   or hold some twice (before anything is written).
    package static func run(_ shards: [(path: String, file: HeightsFile)], write: ([UInt8]) throws(CommandError) -> Void) throws(CommandError) {
        guard let first = shards.first else { throw CommandError("give the shard files to merge") }
        for (path, file) in shards {
            guard file.isShard else { throw CommandError("\(path) is not a shard (measure --shard I/N --format bin writes shards)") }
            guard file.configurationHash == first.file.configurationHash, file.hasSectionLines == first.file.hasSectionLines,
                  file.tableFrame == first.file.tableFrame else {
                throw CommandError("\(path) and \(first.path) were measured with other settings or fonts (their configuration hashes differ)")
            }
        }
        // The same table cut the same way, every shard given once.
        guard let info = first.file.shard else { throw CommandError("\(first.path) is not a shard") }
        var seen = Set<Int>()
        for (path, file) in shards {
            guard let other = file.shard, other.count == info.count, other.tableRows == info.tableRows, other.inputChecksum == info.inputChecksum else {
                throw CommandError("\(path) and \(first.path) are shards of different tables (other CSV input or shard count)")
            }
            guard seen.insert(other.index).inserted else { throw CommandError("shard \(other.index)/\(info.count) is given twice (\(path)): give each shard once") }
        }
        if seen.count < info.count {
            let missing = (0..<info.count).filter { !seen.contains($0) }
            throw CommandError("shard\(missing.count > 1 ? "s" : "") \(missing.prefix(8).map { "\($0)/\(info.count)" }.joined(separator: ", "))\(missing.count > 8 ? ", …" : "") missing: give every shard of the table")
        }
        // Every run of rows, in table order: they must tile 0 ..< total.
        var runs: [(firstRow: Int, count: Int, shard: Int, localRow: Int)] = []
        for (k, (_, file)) in shards.enumerated() {
            var local = 0
            for s in 0..<file.sectionCount {
                let section = file.section(s)
                if section.rowCount > 0 { runs.append((section.firstRow, section.rowCount, k, local)) }
                local += section.rowCount
            }
        }
        runs.sort { $0.firstRow < $1.firstRow }
        var next = 0
        for run in runs {
            if run.firstRow > next { throw CommandError("no shard holds rows \(next) to \(run.firstRow - 1): give every shard of the table") }
            if run.firstRow < next { throw CommandError("row \(run.firstRow) is in two shards (\(shards[run.shard].path) and another): give each shard once") }
            next = run.firstRow + run.count
        }
        guard next == info.tableRows else { throw CommandError("the shards hold rows 0 to \(next - 1) of \(info.tableRows)") }
        guard next > 0 else { throw CommandError("the shards hold no rows") }
        var output = SizingOutput(format: .bin, sectioned: first.file.hasSectionLines, spacing: first.file.tableFrame?.spacing.units ?? 0,
                                  configurationHash: first.file.configurationHash)
        let frame = first.file.tableFrame
        output.framed = frame != nil
        output.firstRowIsHeader = shards[runs[0].shard].file.firstRowIsHeader
        try write(output.start())
        if let frame { try write(output.beginSection(header: frame.header)) }
        var stored: [Int64] = [] // heights with the spacing after each row
        for run in runs {
            let file = shards[run.shard].file
            stored.reserveCapacity(stored.count + run.count)
            for r in run.localRow..<(run.localRow + run.count) { stored.append(file.row(r).height.units + output.spacing) }
            if stored.count >= 1 << 18 { try write(output.rows(stored, firstRow: 0)); stored.removeAll(keepingCapacity: true) }
        }
        try write(output.rows(stored, firstRow: 0))
        if let frame { try write(output.endSection(footer: RowOffsetCache.VerticalSpan(top: output.rowsEnd, height: frame.footerHeight))) }
        var widths: [Double] = []
        for (_, file) in shards {
            for c in 0..<file.columnCount {
                if c == widths.count { widths.append(0) }
                widths[c] = max(widths[c], file.columnWidth(c))
            }
        }
        try write(output.finish(columnWidths: widths))
    }
}
