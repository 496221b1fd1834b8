import Dispatch
import Synchronization

/// Deterministic parallel loops: work is handed out in chunks from a shared counter, and each
/// result is written at its own index (straight into the returned array), so the output never
/// depends on thread scheduling and no thread gathers results afterwards.
package enum Parallel {
    /// `body(i)` for i in 0..<count on up to `threads` threads (0 = all cores), results in order.
    /// Inlinable so callers get it specialised for their element type (no generic dispatch per element).
    @inlinable
    package static func map<T>(count: Int, threads: Int, chunk: Int = 64, _ body: (Int) -> T) -> [T] {
        map(count: count, threads: threads, chunk: chunk) { i, _ in body(i) }
    }

    /// `body(i, worker)` for i in 0..<count on up to `threads` threads, results in order. `worker`
    /// (0 ..< `workerCount(…)`) names one of the concurrent loops that take indices from the
    /// shared counter: no two calls with the same worker number ever run at once, so a caller
    /// can give each worker its own state.
    @inlinable
    package static func map<T>(count: Int, threads: Int, chunk: Int = 64, _ body: (Int, Int) -> T) -> [T] {
        Array(unsafeUninitializedCapacity: count) { out, initialized in
            let base = out.baseAddress
            forEach(count: count, threads: threads, chunk: chunk) { i, worker in (base! + i).initialize(to: body(i, worker)) }
            initialized = count
        }
    }

    /// `body(i, worker)` for i in 0..<count on up to `threads` threads, for callers that write
    /// each result in place (no array of results to gather afterwards on one thread). `worker` is
    /// as in `map`.
    @inlinable
    package static func forEach(count: Int, threads: Int, chunk: Int = 64, _ body: (Int, Int) -> Void) {
        let workers = workerCount(count: count, threads: threads, chunk: chunk)
        if workers == 1 {
            for i in 0..<count { body(i, 0) }
            return
        }
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            while true {
                let start = next.add(chunk, ordering: .relaxed).oldValue
                if start >= count { break }
                for i in start..<min(count, start + chunk) { body(i, worker) }
            }
        }
    }

    /// How many workers `map` uses: `threads` (0 = all cores), at most one per chunk.
    package static func workerCount(count: Int, threads: Int, chunk: Int) -> Int {
        max(1, min(threads > 0 ? threads : Machine.coreCount, (count + chunk - 1) / chunk))
    }
}
