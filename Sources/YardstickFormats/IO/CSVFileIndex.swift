#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Synchronization
import YardstickTable

/// Where each record of a CSV file starts, found without reading the file through first: the
/// first piece (`firstPieceBytes`) before `init` returns, the rest on a thread of its own. Rows
/// are read when asked for, with `pread` into memory of their own: the file is never mapped, so
/// a file truncated or rewritten under the index is an error at the next read (`changed`),
/// never a fault, and its pages do not count against the process.
///
/// Until the index is complete only the first piece's rows can be read (`readableRows`), and the
/// row count is an estimate from the first piece's bytes per row (`estimatedRowCount`): both
/// depend only on the file, not on how far the thread has come, so what a caller answers from
/// them is the same on every run.
///
/// - Complexity: indexing O(file) once, one pass at parsing speed; memory 8 bytes a row. Reading
///   rows i..<j: one `pread` of their bytes, parsed.
package final class CSVFileIndex: @unchecked Sendable {
    package let path: String
    /// The column names (the first record).
    package let columns: [String]
    /// Rows found in the first piece: readable before the index is complete.
    package let firstPieceRows: Int
    /// The row count while the index is incomplete: the first piece's rows, and the bytes after
    /// them at the first piece's bytes per row. The true count once it is complete.
    package let estimatedRowCount: Int
    /// Whether the first piece was the whole file (the index complete before `init` returned).
    package let completeAtOpen: Bool
    /// Bytes read before `init` returns.
    package static let firstPieceBytes = 1 << 20
    private static let chunkBytes = 4 << 20

    private let fd: Int32
    private let identity: FileIdentity
    private let maxFieldBytes: Int
    private let shared: Shared
    private let indexing = DispatchGroup()
    /// Invalid UTF-8 sequences replaced in the rows read so far.
    private let replaced = Atomic<Int>(0)

    private struct FileIdentity: Equatable {
        var size: Int, inode: UInt64, seconds: Int, nanoseconds: Int
        init(_ info: stat) {
            size = Int(info.st_size); inode = UInt64(info.st_ino)
            seconds = Int(info.st_mtim.tv_sec); nanoseconds = Int(info.st_mtim.tv_nsec)
        }
    }

    /// What the indexing thread and readers share.
    private final class Shared: Sendable {
        struct State {
            /// Where each record starts, the header's first.
            var starts: [Int] = []
            /// Where the last record found ends (with the empty lines after it).
            var end = 0
            var complete = false
            var error: String?
            var skippedBlankLines = 0
            var ragged = RaggedRows()
        }
        let state = Mutex(State())
        let stop = Atomic<Bool>(false)
    }

    /// Opens `path` and indexes its first piece; the rest is indexed on a thread of its own.
    /// - Throws: `CommandError` for a file that cannot be read, is not CSV in its first piece, or
    ///   has no header record.
    package init(path: String, maxFieldBytes: Int) throws {
        self.path = path
        self.maxFieldBytes = maxFieldBytes
        let file = try FileDescriptor.open(reading: path)
        fd = file.raw
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            _ = Glibc.close(fd)
            throw CommandError("\(path) is not a regular file: a table read as needed must be a file it can read again")
        }
        identity = FileIdentity(info)
        shared = Shared()
        var parser = CSVParser()
        parser.keepsOffsets = true
        parser.maxFieldBytes = maxFieldBytes
        var position = 0
        var done = false
        var state = Shared.State()
        var header: [String]?
        do {
            // The first piece, and on until a row past the header is complete (a huge first row).
            while !done && (position < Self.firstPieceBytes || state.starts.count < 2) {
                let limit = position < Self.firstPieceBytes ? Self.firstPieceBytes - position : Self.chunkBytes
                done = try Self.read(fd, path, &parser, at: &position, size: identity.size, limit: limit, into: &state, header: &header)
            }
        } catch {
            _ = Glibc.close(fd)
            throw error
        }
        guard let header else {
            _ = Glibc.close(fd)
            throw CommandError("the CSV file has no header record")
        }
        columns = header
        firstPieceRows = state.starts.count - 1
        firstPieceNotes = (state.skippedBlankLines, state.ragged)
        completeAtOpen = done
        if done {
            estimatedRowCount = firstPieceRows
        } else {
            let bytesPerRow = Double(parser.nextRecordStart - state.starts[1]) / Double(firstPieceRows)
            let rest = Double(identity.size - parser.nextRecordStart) / max(bytesPerRow, 1)
            estimatedRowCount = firstPieceRows + Int(rest.rounded())
        }
        state.complete = done
        // Room for the whole index at once (the estimate and a tenth): no copy while it grows.
        if !done { state.starts.reserveCapacity(estimatedRowCount + estimatedRowCount / 10 + 2) }
        shared.state.withLock { $0 = state }
        guard !done else { return }
        indexing.enter()
        let shared = self.shared, fd = self.fd, path = self.path, size = identity.size
        nonisolated(unsafe) var rest = parser
        nonisolated(unsafe) var at = position
        let group = indexing
        Thread.detachNewThread {
            var local = Shared.State()
            var ignored: [String]? = [] // (the header is known)
            do {
                var finished = false
                while !finished && !shared.stop.load(ordering: .relaxed) {
                    finished = try Self.read(fd, path, &rest, at: &at, size: size, limit: Self.chunkBytes, into: &local, header: &ignored)
                    let found = local
                    local = Shared.State()
                    shared.state.withLock { s in
                        s.starts += found.starts
                        s.skippedBlankLines = found.skippedBlankLines
                        s.ragged.append(found.ragged)
                        s.end = found.end
                        if finished { s.complete = true }
                    }
                }
            } catch {
                shared.state.withLock { $0.error = "\(error)" }
            }
            group.leave()
        }
    }

    deinit {
        shared.stop.store(true, ordering: .relaxed)
        indexing.wait()
        _ = Glibc.close(fd)
    }

    /// Reads a chunk at `position` into the parser and the found records into `state`; true at
    /// the end of the file.
    private static func read(_ fd: Int32, _ path: String, _ parser: inout CSVParser, at position: inout Int, size: Int, limit: Int,
                             into state: inout Shared.State, header: inout [String]?) throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: min(limit, max(size - position, 0)))
        let count = chunk.isEmpty ? 0 : chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(position)) }
        guard count >= 0 else { throw CommandError("cannot read \(path): \(FileDescriptor.lastErrorText())") }
        guard count == chunk.count else { throw CommandError("\(path) changed while it was read (it is shorter than it was)") }
        do {
            try chunk.withUnsafeBufferPointer { try parser.feed($0) }
            if position + count >= size { try parser.finish() }
        } catch {
            throw CommandError("\(error)")
        }
        position += count
        let block = parser.take()
        var first = 0
        if header == nil, block.count > 0 {
            header = (0..<block.fieldCount(0)).map { block.string(0, $0).text }
            first = 1
        }
        let fields = parser.headerFieldCount ?? 0
        for r in first..<block.count where block.fieldCount(r) != fields { state.ragged.add(line: block.lines[r]) }
        state.starts += block.starts
        state.skippedBlankLines = parser.skippedBlankLines
        state.end = position >= size ? size : parser.nextRecordStart
        return position >= size
    }

    /// Whether every record has been found.
    package var isComplete: Bool { shared.state.withLock { $0.complete } }

    /// Waits until every record has been found; returns the row count.
    /// - Throws: `CommandError` when indexing failed (a CSV error, a read error) or the file changed.
    package func waitUntilComplete() throws -> Int {
        indexing.wait()
        let (count, error) = shared.state.withLock { ($0.starts.count - 1, $0.error) }
        if let error { throw CommandError(error) }
        try checkUnchanged()
        return count
    }

    /// Rows whose bytes are known now: the first piece's until the index is complete.
    package var readableRows: Int { shared.state.withLock { $0.complete ? $0.starts.count - 1 : firstPieceRows } }

    /// The error that stopped indexing (a CSV error past the first piece, a read error), once
    /// the thread has met one.
    package var failure: String? { shared.state.withLock { $0.error } }

    /// What the file held besides rows: the whole file's (`complete`, after `waitUntilComplete`)
    /// or the first piece's (the same on every run), empty lines skipped and ragged rows.
    package func notes(complete: Bool) -> (skippedBlankLines: Int, ragged: RaggedRows) {
        complete ? shared.state.withLock { ($0.skippedBlankLines, $0.ragged) } : firstPieceNotes
    }
    private let firstPieceNotes: (skippedBlankLines: Int, ragged: RaggedRows)

    /// Invalid UTF-8 sequences replaced in the rows read so far.
    package var replacedInvalidUTF8: Int { replaced.load(ordering: .relaxed) }

    /// The file's size, inode and modification time as when it was opened; else an error naming it.
    package func checkUnchanged() throws {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, stat(path, &named) == 0, FileIdentity(open) == identity, UInt64(named.st_ino) == identity.inode else {
            throw CommandError("\(path) changed while the table had it open (its size, time or inode differ); open it again")
        }
    }

    /// Rows `range` (each below `readableRows`), parsed from one read of their bytes.
    package func rows(_ range: Range<Int>) throws -> [TableData.Row] {
        guard !range.isEmpty else { return [] }
        let readable = readableRows
        guard range.lowerBound >= 0, range.upperBound <= readable else {
            throw CommandError("rows \(range.lowerBound) to \(range.upperBound - 1) of \(path) are not indexed yet (\(readable) are)")
        }
        try checkUnchanged()
        let (start, end) = shared.state.withLock { s -> (Int, Int) in
            (s.starts[range.lowerBound + 1], range.upperBound + 1 < s.starts.count ? s.starts[range.upperBound + 1] : s.end)
        }
        var bytes = [UInt8](repeating: 0, count: end - start)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(start)) }
        guard count >= 0 else { throw CommandError("cannot read \(path): \(FileDescriptor.lastErrorText())") }
        guard count == bytes.count else { throw CommandError("\(path) changed while the table had it open (it is shorter than it was)") }
        var parser = CSVParser(afterHeaderOf: columns.count)
        parser.maxFieldBytes = maxFieldBytes
        let block: CSVBlock
        do {
            try bytes.withUnsafeBufferPointer { try parser.feed($0) }
            try parser.finish()
            block = parser.take()
        } catch {
            throw CommandError("\(path) changed while the table had it open (\(error))")
        }
        guard block.count == range.count else { throw CommandError("\(path) changed while the table had it open (rows moved)") }
        var total = 0
        let rows = (0..<block.count).map { r in
            let (row, n) = RowSizer.row(block, r)
            total += n
            return row
        }
        if total > 0 { replaced.add(total, ordering: .relaxed) }
        return rows
    }
}
