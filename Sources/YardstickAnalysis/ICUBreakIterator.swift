import CICU

/// Errors from the ICU layer.
public enum AnalysisError: Error, CustomStringConvertible {
    case icu(operation: String, status: Int32)
    public var description: String {
        switch self { case .icu(let operation, let status): return "ICU \(operation) failed with status \(status)" }
    }
}

/// Owns one ICU break iterator (line or character). Not thread-safe: one per thread.
///
/// Opening an ICU iterator costs microseconds, so analysis keeps them and resets the text.
final class ICUBreakIterator {
    private let iterator: OpaquePointer

    init(kind: Int32) throws {
        var status: Int32 = 0
        guard let it = yardstick_icu_break_open(kind, &status) else { throw AnalysisError.icu(operation: "ubrk_open", status: status) }
        iterator = it
    }

    deinit { yardstick_icu_break_close(iterator) }

    /// Calls `body` with each boundary after 0 in UTF-16 units, in order (the last one is `text.count`).
    @inline(__always)
    func forEachBoundary(in text: UnsafeBufferPointer<UInt16>, _ body: (Int) -> Void) {
        guard text.count > 0 else { return }
        let it = iterator
        _ = yardstick_icu_break_set_text(it, text.baseAddress, Int32(text.count))
        _ = yardstick_icu_break_first(it)
        while true {
            let b = yardstick_icu_break_next(it)
            if b < 0 { break }
            body(Int(b))
        }
    }
}

/// Owns one ICU bidi object. Not thread-safe.
final class ICUBidi {
    private let bidi: OpaquePointer

    init() throws {
        guard let b = yardstick_icu_bidi_open() else { throw AnalysisError.icu(operation: "ubidi_open", status: -1) }
        bidi = b
    }

    deinit { yardstick_icu_bidi_close(bidi) }

    /// Resolves levels per UTF-16 unit; returns the paragraph level.
    func resolve(_ text: UnsafeBufferPointer<UInt16>, paragraphLevel: UInt8, into levels: UnsafeMutablePointer<UInt8>) -> UInt8 {
        let r = yardstick_icu_bidi_resolve(bidi, text.baseAddress, Int32(text.count), paragraphLevel, levels)
        return r < 0 ? 0 : UInt8(r)
    }
}
