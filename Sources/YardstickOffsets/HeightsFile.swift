#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A heights file (`yardstick measure --format bin`): every row's top and height in the row-offset
/// cache's exact unit (1/64 pt), mapped into memory and read in place, without parsing.
///
/// Format, version 1, all integers little-endian (docs/formats.md):
///
/// | at | bytes | what |
/// |---|---|---|
/// | 0 | 8 | magic `59 53 48 54 0D 0A 1A 0A` ("YSHT", CR LF, ^Z, LF) |
/// | 8 | 4 | version (1) |
/// | 12 | 4 | flags: bit 0 sections have header and footer lines, bit 1 row 0 is a header row, bit 2 a shard, bit 3 a shard's table frame |
/// | 16 | 16 × rows | per row: top (Int64 units), height (Int64 units) |
/// | … | 8 × columns | column widths (Float64 points) |
/// | … | 48 × sections | first row, row count (UInt64); header top, header height, footer top, footer height (Int64 units) |
/// | … | 32 | with flag bit 3 only: the table's header top and height, the spacing after each row, the footer height (Int64 units) |
/// | end − 64 | 64 | trailer: rows at, row count, columns at, column count, sections at, section count, configuration hash, checksum (UInt64 each) |
///
/// A shard (`measure --shard I/N`) holds some of a table's rows: its sections are the runs of
/// table rows it holds (first row as numbered in the whole table), in order (a shard without
/// rows: one empty run), and its tops count from 0. In each run the header's top and height
/// hold the table's row count and N, the footer's top and height I and the CRC-32 of the CSV
/// input; `yardstick merge` joins shards into the file of the whole table. A shard of a table
/// sized by a config (`measure --config … --shard I/N`) also carries the table's frame (flag bit
/// 3): its one section's header, the spacing after each row and its footer's height, which the
/// merged file's section and tops are made from.
///
/// The checksum is the CRC-32 (zlib's) of every byte before it. Opening checks the structure in
/// O(1) and, unless told not to, the checksum in O(size); `row(_:)` is O(1).
public struct HeightsFile: Sendable {
    /// The version this build writes and reads.
    public static let currentVersion = 1
    /// The file's first eight bytes.
    public static let magic: [UInt8] = [0x59, 0x53, 0x48, 0x54, 0x0D, 0x0A, 0x1A, 0x0A]
    static let headerSize = 16
    static let trailerSize = 64
    static let sectionSize = 48
    static let frameSize = 32

    /// A section: its rows and the frames of its header and footer (zero heights when none).
    public struct Section: Equatable, Sendable {
        public var firstRow: Int
        public var rowCount: Int
        public var header: RowOffsetCache.VerticalSpan
        public var footer: RowOffsetCache.VerticalSpan

        public init(firstRow: Int, rowCount: Int, header: RowOffsetCache.VerticalSpan, footer: RowOffsetCache.VerticalSpan) {
            self.firstRow = firstRow
            self.rowCount = rowCount
            self.header = header
            self.footer = footer
        }
    }

    private let storage: MappedBytes
    public let version: Int
    /// Sections have header and footer lines in the text output (`section,item,height,offset`).
    public let hasSectionLines: Bool
    /// Row 0 is the table's header row (the plain grid).
    public let firstRowIsHeader: Bool
    /// The file holds a share of a table's rows (see above).
    public let isShard: Bool
    /// What a shard of a config-sized table knows of the whole table's one section.
    public struct TableFrame: Hashable, Sendable {
        public var header: RowOffsetCache.VerticalSpan
        /// The spacing after each row (part of the tops, not of the heights).
        public var spacing: LayoutLength
        public var footerHeight: LayoutLength

        public init(header: RowOffsetCache.VerticalSpan, spacing: LayoutLength, footerHeight: LayoutLength) {
            self.header = header
            self.spacing = spacing
            self.footerHeight = footerHeight
        }
    }
    /// A shard's table frame (flag bit 3), if it has one.
    public let tableFrame: TableFrame?

    /// What a shard says of its table.
    public struct ShardInfo: Equatable, Sendable {
        public var index: Int
        public var count: Int
        /// Rows of the whole table.
        public var tableRows: Int
        /// CRC-32 of the CSV input the table was read from.
        public var inputChecksum: UInt32

        public init(index: Int, count: Int, tableRows: Int, inputChecksum: UInt32) {
            self.index = index
            self.count = count
            self.tableRows = tableRows
            self.inputChecksum = inputChecksum
        }
    }

    /// A shard's index, shard count, table rows and input checksum (nil for a whole table).
    public var shard: ShardInfo? {
        guard isShard, sectionCount > 0 else { return nil }
        let s = section(0)
        return ShardInfo(index: Int(s.footer.top.units), count: Int(s.header.height.units), tableRows: Int(s.header.top.units),
                         inputChecksum: UInt32(truncatingIfNeeded: s.footer.height.units))
    }
    public let rowCount: Int
    public let columnCount: Int
    public let sectionCount: Int
    /// A hash of the configuration, fonts and engine version that produced the file.
    public let configurationHash: UInt64
    /// The CRC-32 stored in the file.
    public let checksum: UInt32
    private let rowsAt: Int, columnsAt: Int, sectionsAt: Int

    /// Maps the file at `path`.
    /// - Throws: `HeightsFileError` when it cannot be read, is not a heights file, has another
    ///   version, is truncated or inconsistent, or (when `verifying`) fails its checksum.
    public init(path: String, verifying: Bool = true) throws(HeightsFileError) {
        try self.init(storage: MappedBytes(path: path), verifying: verifying)
    }

    /// Reads a heights file held in memory.
    public init(bytes: [UInt8], verifying: Bool = true) throws(HeightsFileError) {
        try self.init(storage: MappedBytes(copying: bytes), verifying: verifying)
    }

    private init(storage: MappedBytes, verifying: Bool) throws(HeightsFileError) {
        self.storage = storage
        let size = storage.count
        guard size >= 8, (0..<8).allSatisfy({ storage.byte($0) == Self.magic[$0] }) else { throw .notAHeightsFile }
        guard size >= Self.headerSize + Self.trailerSize else { throw .truncated(size: size) }
        version = Int(storage.uint32(at: 8))
        guard version == Self.currentVersion else { throw .unsupportedVersion(version) }
        let flags = storage.uint32(at: 12)
        guard flags < 16 else { throw .inconsistent("it has flags this version does not know (\(flags))") }
        hasSectionLines = flags & 1 != 0
        firstRowIsHeader = flags & 2 != 0
        isShard = flags & 4 != 0
        let hasFrame = flags & 8 != 0
        guard !hasFrame || isShard else { throw .inconsistent("it has a table frame but is not a shard") }
        guard !hasFrame || size >= Self.headerSize + Self.trailerSize + Self.frameSize else { throw .truncated(size: size) }
        let t = size - Self.trailerSize
        let sectionsEnd = t - (hasFrame ? Self.frameSize : 0)
        let fields = (0..<8).map { storage.uint64(at: t + 8 * $0) }
        // Every count and place must fit the file exactly, in order, before anything is read.
        guard fields[0] == UInt64(Self.headerSize), fields[1] <= UInt64(size) / 16,
              fields[2] == fields[0] + 16 * fields[1], fields[3] <= UInt64(size) / 8,
              fields[4] == fields[2] + 8 * fields[3], fields[5] <= UInt64(size) / UInt64(Self.sectionSize),
              fields[4] + UInt64(Self.sectionSize) * fields[5] == UInt64(sectionsEnd) else {
            throw .inconsistent("its trailer does not describe a file of \(size) bytes (truncated or corrupt)")
        }
        rowsAt = Int(fields[0]); rowCount = Int(fields[1])
        columnsAt = Int(fields[2]); columnCount = Int(fields[3])
        sectionsAt = Int(fields[4]); sectionCount = Int(fields[5])
        configurationHash = fields[6]
        if hasFrame {
            let frame = (0..<4).map { LayoutLength(units: storage.int64(at: sectionsEnd + 8 * $0)) }
            guard frame[0] >= .zero, frame[1] >= .zero, frame[2] >= .zero, frame[3] >= .zero else {
                throw .inconsistent("its table frame has a negative length")
            }
            tableFrame = TableFrame(header: .init(top: frame[0], height: frame[1]), spacing: frame[2], footerHeight: frame[3])
        } else {
            tableFrame = nil
        }
        guard fields[7] <= UInt64(UInt32.max) else { throw .inconsistent("its checksum field is not a CRC-32") }
        checksum = UInt32(fields[7])
        if verifying { try verifyChecksum() }
        var next = 0, held = 0
        for s in 0..<sectionCount {
            let section = self.section(s)
            // A whole table's sections follow each other from row 0; a shard's runs only go up.
            guard section.firstRow >= 0, section.rowCount >= 0, section.rowCount <= rowCount - held,
                  section.firstRow <= Int.max - section.rowCount, // (a first row near Int.max would overflow)
                  isShard ? section.firstRow >= next : section.firstRow == next else {
                throw .inconsistent("section \(s) does not start where the one before ends")
            }
            next = section.firstRow + section.rowCount
            held += section.rowCount
        }
        guard held == rowCount else { throw .inconsistent("its sections hold \(held) rows, not \(rowCount)") }
        if isShard {
            guard let info = shard, info.count >= 1, info.index >= 0, info.index < info.count, info.tableRows >= next,
                  (0..<sectionCount).allSatisfy({ self.section($0).header == self.section(0).header && self.section($0).footer == self.section(0).footer }) else {
                throw .inconsistent("its shard runs do not agree on the table they belong to")
            }
        }
        for c in 0..<columnCount where !(columnWidth(c).isFinite && columnWidth(c) >= 0) {
            throw .inconsistent("column \(c) has width \(columnWidth(c))")
        }
        if verifying {
            for r in 0..<rowCount {
                let row = self.row(r)
                guard row.height >= .zero, row.height <= RowOffsetCache.maximumHeight, row.top >= .zero else {
                    throw .inconsistent("row \(r) has height \(row.height.units) and top \(row.top.units) (units of 1/64 pt)")
                }
            }
        }
    }

    /// Checks the stored CRC-32 against the bytes. O(size).
    public func verifyChecksum() throws(HeightsFileError) {
        let found = storage.crc32(upTo: storage.count - 8)
        guard found == checksum else { throw .checksumMismatch(stored: checksum, computed: found) }
    }

    /// Row `index` (0 ..< rowCount, in table order): its top and height. O(1).
    public func row(_ index: Int) -> RowOffsetCache.VerticalSpan {
        precondition(index >= 0 && index < rowCount, "row \(index) is outside 0..<\(rowCount)")
        let at = rowsAt + 16 * index
        return RowOffsetCache.VerticalSpan(top: LayoutLength(units: storage.int64(at: at)), height: LayoutLength(units: storage.int64(at: at + 8)))
    }

    /// Column `index`'s width in points. O(1).
    public func columnWidth(_ index: Int) -> Double {
        precondition(index >= 0 && index < columnCount, "column \(index) is outside 0..<\(columnCount)")
        return Double(bitPattern: storage.uint64(at: columnsAt + 8 * index))
    }

    /// Section `index`. O(1).
    public func section(_ index: Int) -> Section {
        precondition(index >= 0 && index < sectionCount, "section \(index) is outside 0..<\(sectionCount)")
        let at = sectionsAt + Self.sectionSize * index
        func span(_ k: Int) -> RowOffsetCache.VerticalSpan {
            RowOffsetCache.VerticalSpan(top: LayoutLength(units: storage.int64(at: at + 16 + 8 * k)), height: LayoutLength(units: storage.int64(at: at + 24 + 8 * k)))
        }
        return Section(firstRow: Int(truncatingIfNeeded: storage.uint64(at: at)), rowCount: Int(truncatingIfNeeded: storage.uint64(at: at + 8)),
                       header: span(0), footer: span(2))
    }
}

/// Why a heights file cannot be read.
public enum HeightsFileError: Error, Equatable, CustomStringConvertible {
    case cannotRead(path: String, reason: String)
    case notAHeightsFile
    case truncated(size: Int)
    case unsupportedVersion(Int)
    case inconsistent(String)
    case checksumMismatch(stored: UInt32, computed: UInt32)

    public var description: String {
        switch self {
        case let .cannotRead(path, reason): "cannot read \(path): \(reason)"
        case .notAHeightsFile: "not a Yardstick heights file (its first bytes are not \"YSHT\")"
        case let .truncated(size): "the heights file is truncated (\(size) bytes, shorter than its header and trailer)"
        case let .unsupportedVersion(v): "the heights file has version \(v); this build reads version \(HeightsFile.currentVersion)"
        case let .inconsistent(what): "the heights file is corrupt: \(what)"
        case let .checksumMismatch(stored, computed):
            "the heights file is corrupt: its checksum is \(hex(stored)) but its bytes give \(hex(computed))"
        }
    }

    private func hex(_ v: UInt32) -> String { "0x" + String(v, radix: 16) }
}
