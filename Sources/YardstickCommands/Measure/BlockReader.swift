import Foundation
import YardstickOffsets
import YardstickTable
import YardstickFormats

/// Reads and parses a CSV input on a thread of its own, a block of records at a time, while the
/// caller measures the block before: the reading and parsing (a fifth of a warm run) overlap
/// the measuring. At most two blocks wait, so memory stays bounded. Blocks come out in input
/// order, exactly as one thread would cut them.
final class BlockReader: @unchecked Sendable { // state behind `condition`
    private let condition = NSCondition()
    private var ready: [(block: CSVBlock, bytesRead: Int)] = []
    private var done = false
    private var failure: Error?
    private var stopped = false
    private var exited = false
    /// Lines skipped as blank, once the input is read.
    private(set) var skippedBlankLines = 0
    /// CRC-32 of the whole input, once read (when asked for).
    private(set) var inputChecksum: UInt32 = 0

    /// Starts reading `input` in blocks of `records` records or `bytes` bytes of fields, whichever
    /// comes first (the last may be shorter); `checksum`: also the CRC-32 of the input.
    init(input: InputChunks, records: Int, bytes: Int = 8 << 20, checksum: Bool = false) {
        let thread = Thread { [self] in
            var parser = CSVParser()
            parser.maxFieldBytes = input.maxLineBytes
            var crc: UInt32 = 0
            do {
                while try input.next({ chunk in
                    if checksum { crc = CRC32.update(crc, UnsafeRawBufferPointer(chunk)) }
                    try parser.feed(chunk)
                }) {
                    if parser.pendingRecords >= records || parser.pendingBytes >= bytes, !put(parser.take(), input.bytesRead) { return finish() }
                }
                try parser.finish()
                _ = put(parser.take(), input.bytesRead)
                condition.lock()
                skippedBlankLines = parser.skippedBlankLines
                inputChecksum = crc
                condition.unlock()
            } catch let e as CSVParser.ParseError {
                fail(CommandError(e.description))
            } catch {
                fail(error)
            }
            finish()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    private func put(_ block: CSVBlock, _ bytesRead: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while ready.count >= 2 && !stopped { condition.wait() }
        guard !stopped else { return false }
        ready.append((block, bytesRead))
        condition.broadcast()
        return true
    }

    private func fail(_ error: Error) {
        condition.lock()
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    private func finish() {
        condition.lock()
        done = true
        exited = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next block and the input bytes read when it was cut; nil at the end.
    /// - Throws: the reader's error (a parse error, a failed read) once the blocks before it are taken.
    func next() throws -> (block: CSVBlock, bytesRead: Int)? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !done && failure == nil { condition.wait() }
        if !ready.isEmpty { let first = ready.removeFirst(); condition.broadcast(); return first }
        if let failure { throw failure }
        return nil
    }

    /// Stops the reader and waits until its thread no longer touches the input.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while !exited { condition.wait() }
        condition.unlock()
    }
}
