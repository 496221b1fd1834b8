#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import YardstickAnalysis
import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

/// The text-measurement engine: fonts, a shared shaping cache, and a pool of per-thread
/// preparers. Answers "how tall is this text in this width?".
///
/// `prepare` does the expensive, size-independent work once (analysis, fallback, shaping —
/// HarfBuzz only on shaping-cache misses); a `PreparedText` then lays out at any width and
/// size by arithmetic. The batch methods spread work over threads and return results in input
/// order; output is identical whatever the thread count. Thread-safe.
///
/// Cost: building one loads and shapes nothing but the ellipsis and hyphens (the fonts are
/// loaded by `FontCollection`). `prepare` is O(text length) plus HarfBuzz on shaping-cache
/// misses; `layout` is `prepare` plus O(segments). Memory: the shaping cache grows with the
/// distinct words seen up to `shapedRunLimit` runs, then starts afresh (a new generation:
/// texts prepared before keep the runs they name), plus one preparer (scratch buffers) per thread.
public final class TextEngine: Sendable {
    public let fonts: FontCollection
    public let features: [FontFeature]
    /// How lines break and stack: Pango's (the default) or UILabel's.
    public let rules: LabelRules
    let metrics: FaceMetricsTable
    /// The shaping cache of the current generation, and its number.
    private let generations: Mutex<Generation>
    /// Whether the engine starts a new generation when the store is full: not when its cache
    /// was given (it may be shared with other engines).
    private let bounded: Bool
    private let pool: Mutex<[TextPreparer]>
    /// The chunk entries the preparers of multi-thread runs share, made by the first such run
    /// of a generation, and how many runs use it now.
    private let sharedChunks = Mutex<(table: SharedChunkTable?, runs: Int, generation: Int)>((nil, 0, 0))

    /// A shaping cache and its number: preparers shape into one generation, and a text names
    /// runs of its preparer's store only.
    struct Generation: @unchecked Sendable { // (a ShapingCache is thread-safe)
        var cache: ShapingCache
        var number: Int
    }

    /// The shaping cache of the current generation.
    package var cache: ShapingCache { generations.withLock { $0.cache } }
    /// Whether preparers remember resolved segments and chunks, each in its own cache (off
    /// only to check that path against the whole-paragraph one).
    let reusesSegments: Bool

    /// - Parameters:
    ///   - fonts: the faces and their fallback chains.
    ///   - features: OpenType features applied to all text (HarfBuzz defaults otherwise: kerning
    ///     and standard ligatures on).
    ///   - rules: where lines break and how tall they are: Pango's, or UILabel's (`.uiLabel`).
    /// - Throws: `TextEngineError.analysisUnavailable` when ICU cannot open its break iterators.
    public convenience init(fonts: FontCollection, features: [FontFeature] = [], rules: LabelRules = .pango) throws {
        try self.init(fonts: fonts, features: features, rules: rules, cache: ShapingCache(), reusingSegments: true)
    }

    /// A new engine of the same fonts, features and rules, with empty caches.
    public func renewed() throws -> TextEngine {
        try TextEngine(fonts: fonts, features: features, rules: rules)
    }

    /// Shaped runs a generation's store may hold: past it, the next call starts a new
    /// generation (a table's unique words, ids and notes, would otherwise grow the store with
    /// every row). Results never depend on it: the caches only save shaping again.
    package static let shapedRunLimit = 100_000

    /// An engine with a given shaping cache: `ShapingCache(enabled: false)` shapes every time.
    /// Engines may share one only with the same `fonts` (the same object) and `features`.
    /// - Throws: `CacheServesOtherFonts` when `cache` serves other fonts or
    ///   features.
    /// Its store is not bounded (`shapedRunLimit`): other engines may share it.
    package convenience init(fonts: FontCollection, features: [FontFeature] = [], rules: LabelRules = .pango, cache: ShapingCache) throws {
        try self.init(fonts: fonts, features: features, rules: rules, cache: cache, reusingSegments: true, bounded: false)
    }

    init(fonts: FontCollection, features: [FontFeature] = [], rules: LabelRules = .pango, cache: ShapingCache = ShapingCache(),
         reusingSegments: Bool, bounded: Bool = true) throws {
        guard cache.bind(fonts: fonts, features: features) else { throw CacheServesOtherFonts() }
        self.fonts = fonts
        generations = Mutex(Generation(cache: cache, number: 0))
        self.bounded = bounded
        self.features = features
        self.rules = rules
        self.reusesSegments = reusingSegments
        let first: TextPreparer
        do { first = try TextPreparer(fonts: fonts, features: features, rules: rules, cache: cache, reusesSegments: reusingSegments) } catch {
            throw TextEngineError.analysisUnavailable("\(error)")
        }
        let ellipsis = (0..<fonts.chainCount).map { ExtraRun.ellipsis(face: fonts.primaryFace(chain: $0), shaper: first.shaper) }
        let hyphens = fonts.faces.indices.map { ExtraRun.hyphen(face: $0, shaper: first.shaper) }
        metrics = FaceMetricsTable(fonts: fonts, ellipsis: ellipsis, hyphens: hyphens)
        pool = Mutex([first])
    }

    /// An engine over the bundled fonts.
    public convenience init() throws {
        try self.init(fonts: FontCollection.bundled())
    }

    /// Analyses and shapes a text once, for layout at any width and size.
    public func prepare(_ text: String, style: FontStyle = .regular) -> PreparedText {
        withPreparer { $0.prepare(1, text: { _ in text }, style: style, metrics: metrics)[0] }
    }

    /// Prepares and lays out in one step.
    public func layout(_ text: String, width: Double, attributes: TextAttributes = TextAttributes()) -> TextLayout {
        prepare(text, style: attributes.fontStyle).layout(width: width, attributes: attributes)
    }

    /// Prepares many texts on `threads` threads (0 = all cores). Results in input order; texts
    /// are prepared in batches of 64 that share storage.
    public func prepare(_ texts: [String], style: FontStyle = .regular, threads: Int = 0) -> [PreparedText] {
        parallelBatches(count: texts.count, threads: threads) { range, preparer, out in
            preparer.prepare(range.count, text: { texts[range.lowerBound + $0] }, style: style, metrics: metrics, into: out)
        }
    }

    /// Lays out many (text, width) pairs on `threads` threads (0 = all cores). Results in input order.
    public func layout(_ items: [(text: String, width: Double)], attributes: TextAttributes, threads: Int = 0) -> [TextLayout] {
        prepareEach(count: items.count, text: { items[$0].text }, style: attributes.fontStyle, threads: threads) { i, prepared in
            prepared.layout(width: items[i].width, attributes: attributes)
        }
    }

    /// Prepares many texts and measures each at `width` in the same pass (0 = all cores).
    /// Results in input order, identical to `prepare` followed by `PreparedText.measure`, and
    /// whatever the thread count.
    ///
    /// Each batch of 64 texts is measured as soon as it is prepared, while its records are
    /// still in the core's cache (prepared separately, they are written out to memory and read
    /// back: a one-thread pass over the benchmark's corpus reads 161,000 lines from memory
    /// instead of 543,000 in callgrind's model), and the threads go through the work once
    /// instead of twice. The prepared texts are kept for re-layout at other widths and sizes.
    /// `attributes.fontStyle` chooses the fonts the texts are shaped in.
    public func prepareAndMeasure(_ texts: [String], width: Double, attributes: TextAttributes, threads: Int = 0) -> [MeasuredText] {
        prepareEach(count: texts.count, text: { texts[$0] }, style: attributes.fontStyle, threads: threads) { _, prepared in
            MeasuredText(prepared, width: width, attributes: attributes)
        }
    }

    /// `prepareAndMeasure` with a width per text (a table's cells, each in its column's width).
    public func prepareAndMeasure(_ items: [(text: String, width: Double)], attributes: TextAttributes, threads: Int = 0) -> [MeasuredText] {
        prepareEach(count: items.count, text: { items[$0].text }, style: attributes.fontStyle, threads: threads) { i, prepared in
            MeasuredText(prepared, width: items[i].width, attributes: attributes)
        }
    }

    /// `result(i, prepared)` for each text, called as soon as the text's batch is prepared.
    package func prepareEach<T>(count: Int, text: (Int) -> String, style: FontStyle, threads: Int,
                                _ result: (Int, consuming PreparedText) -> T) -> [T] {
        eachBatch(count: count, threads: threads, result) { preparer, range, batch in
            preparer.prepare(range.count, text: { text(range.lowerBound + $0) }, style: style, metrics: metrics, into: batch)
        }
    }

    /// `prepareEach` of texts given as UTF-8 (no `String` made): `utf8(i)` is text `i`'s
    /// bytes, which must be well-formed UTF-8; it may be called on any worker.
    package func prepareEach<T>(count: Int, utf8: (Int) -> UnsafeBufferPointer<UInt8>, style: FontStyle, threads: Int,
                                _ result: (Int, consuming PreparedText) -> T) -> [T] {
        eachBatch(count: count, threads: threads, result) { preparer, range, batch in
            preparer.prepare(range.count, utf8: { utf8(range.lowerBound + $0) }, style: style, metrics: metrics, into: batch)
        }
    }

    /// `prepareEach` with one result per batch of consecutive texts instead of one per text:
    /// `result(range, prepared)` gets the batch's indices and its prepared texts, in order, so
    /// a caller writing one output per text (the command line's JSON lines) fills one buffer
    /// per batch instead of allocating per text. Results in batch order, whatever the thread count.
    package func prepareBatches<T>(count: Int, utf8: (Int) -> UnsafeBufferPointer<UInt8>, style: FontStyle, threads: Int,
                                   _ result: (Range<Int>, UnsafeBufferPointer<PreparedText>) -> T) -> [T] {
        let batches = (count + Self.batchSize - 1) / Self.batchSize
        return Array(unsafeUninitializedCapacity: batches) { out, initialized in
            let base = out.baseAddress
            forEachBatch(count: count, threads: threads) { b, range, preparer in
                withUnsafeTemporaryAllocation(of: PreparedText.self, capacity: range.count) { batch in
                    preparer.prepare(range.count, utf8: { utf8(range.lowerBound + $0) }, style: style, metrics: metrics, into: batch.baseAddress!)
                    (base! + b).initialize(to: result(range, UnsafeBufferPointer(batch)))
                    batch.baseAddress!.deinitialize(count: range.count)
                }
            }
            initialized = batches
        }
    }

    /// `prepare(preparer, range, batch)` for each batch, then `result` for each of its texts.
    private func eachBatch<T>(count: Int, threads: Int, _ result: (Int, consuming PreparedText) -> T,
                              prepare: (TextPreparer, Range<Int>, UnsafeMutablePointer<PreparedText>) -> Void) -> [T] {
        parallelBatches(count: count, threads: threads) { range, preparer, out in
            withUnsafeTemporaryAllocation(of: PreparedText.self, capacity: range.count) { batch in
                let first = range.lowerBound
                prepare(preparer, range, batch.baseAddress!)
                for k in 0..<range.count { (out + k).initialize(to: result(first + k, (batch.baseAddress! + k).move())) }
            }
        }
    }

    /// Texts per batch: a batch's texts share storage, and a worker takes a batch at a time.
    static let batchSize = 64

    /// Calls `body(range, preparer, out)` for consecutive batches of 64 indices on up to
    /// `threads` threads, each worker with its own preparer for the whole run; `body` initializes
    /// the batch's `range.count` results at `out`, their places in the returned array, so output
    /// never depends on scheduling (which preparer handles a batch changes speed only) and no
    /// thread gathers the results afterwards.
    func parallelBatches<T>(count: Int, threads: Int, _ body: (Range<Int>, TextPreparer, UnsafeMutablePointer<T>) -> Void) -> [T] {
        Array(unsafeUninitializedCapacity: count) { out, initialized in
            let base = out.baseAddress
            forEachBatch(count: count, threads: threads) { _, range, preparer in body(range, preparer, base! + range.lowerBound) }
            initialized = count
        }
    }

    /// Calls `body(b, range, preparer)` for each batch `b` (indices `range`) on up to `threads`
    /// threads, each worker with its own preparer for the whole run. Which worker takes a batch
    /// changes speed only: `body` must write its results where batch `b`'s belong.
    private func forEachBatch(count: Int, threads: Int, _ body: (Int, Range<Int>, TextPreparer) -> Void) {
        let batch = Self.batchSize
        let batches = (count + batch - 1) / batch
        let range = { (b: Int) in b * batch..<min(count, b * batch + batch) }
        let workers = Parallel.workerCount(count: batches, threads: threads, chunk: 1)
        if workers == 1 {
            withPreparer { p in
                for b in 0..<batches { body(b, range(b), p) }
            }
            return
        }
        // Every worker of a run shapes into one generation (they share chunks naming its runs).
        let generation = generations.withLock { $0 }
        let preparers = (0..<workers).map { _ in takePreparer(generation) }
        // The workers share the chunks they resolve; alone again, a preparer looks at no table
        // but its own. The table stays alive until no run uses it: a full one is replaced then,
        // and a new generation's first run makes its own.
        let shared = sharedChunks.withLock { state -> SharedChunkTable? in
            guard reusesSegments && generation.cache.isEnabled, generation.number >= state.generation else { return nil }
            if state.table == nil || generation.number > state.generation || (state.runs == 0 && state.table!.isFull) {
                state = (SharedChunkTable(), 0, generation.number)
            }
            state.runs += 1
            return state.table
        }
        for p in preparers { p.sharedChunks = shared }
        defer {
            for p in preparers { p.sharedChunks = nil }
            if let shared { sharedChunks.withLock { if $0.table === shared { $0.runs -= 1 } } }
            pool.withLock { $0.append(contentsOf: preparers) }
            startGenerationIfFull()
        }
        Parallel.forEach(count: batches, threads: workers, chunk: 1) { b, worker in
            precondition(worker < preparers.count, "Parallel.forEach uses workerCount(…) workers")
            body(b, range(b), preparers[worker])
        }
    }

    /// Borrows a preparer of the current generation from the pool (making one if none is free)
    /// for the duration of `body`.
    func withPreparer<T>(_ body: (TextPreparer) -> T) -> T {
        let preparer = takePreparer(generations.withLock { $0 })
        defer {
            pool.withLock { $0.append(preparer) }
            startGenerationIfFull()
        }
        return body(preparer)
    }

    /// A pooled preparer of `generation`, or a new one; pooled preparers of other generations
    /// met on the way are dropped (with their caches, which name that generation's runs).
    private func takePreparer(_ generation: Generation) -> TextPreparer {
        while let p = pool.withLock({ $0.popLast() }) {
            if p.generation == generation.number { return p }
        }
        return makePreparer(generation)
    }

    /// After a call: a new generation when the store holds more than `shapedRunLimit` runs.
    /// Texts prepared before keep their store alive (their storage holds it); calls running
    /// meanwhile finish in the generation they started in.
    private func startGenerationIfFull() {
        guard bounded else { return }
        generations.withLock { g in
            guard g.cache.store.count > Self.shapedRunLimit else { return }
            let fresh = ShapingCache(enabled: g.cache.isEnabled)
            _ = fresh.bind(fonts: fonts, features: features) // (a new cache binds to anything)
            g = Generation(cache: fresh, number: g.number + 1)
        }
    }

    private func makePreparer(_ generation: Generation) -> TextPreparer {
        if let p = try? TextPreparer(fonts: fonts, features: features, rules: rules, cache: generation.cache, reusesSegments: reusesSegments,
                                     generation: generation.number) { return p }
        // ICU opened once already (in init); failing now means memory is exhausted. Wait for a pooled one.
        while true {
            if let p = pool.withLock({ $0.popLast() }) { return p }
            sched_yield()
        }
    }
}

/// Why a `TextEngine` could not be made.
public enum TextEngineError: Error, Equatable, CustomStringConvertible {
    /// ICU could not open its line or character break iterators or its bidi object (its data
    /// missing or out of memory); the message is ICU's status.
    case analysisUnavailable(String)

    public var description: String {
        switch self {
        case .analysisUnavailable(let reason): return "text analysis is unavailable: \(reason)"
        }
    }
}

/// A shaping cache handed to a second engine already serves another font collection or
/// feature set (engines a user makes have their own caches).
package struct CacheServesOtherFonts: Error, Equatable, CustomStringConvertible {
    package var description: String { "this shaping cache already serves another font collection or feature set" }
}

/// Facts about the machine the engine runs on (package-internal: not part of the API; the
/// name does not shadow swift-system's `System` module for users).
package enum Machine {
    /// Cores available to this process.
    package static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
