import Dispatch
import Synchronization

/// Deterministic parallel map: work is handed out in chunks from a shared counter, and each
/// result is written at its own index, so the output never depends on thread scheduling.
public enum Parallel {
    /// `body(i)` for i in 0..<count on up to `threads` threads (0 = all cores), results in order.
    /// Inlinable so callers get it specialised for their element type (no generic dispatch per element).
    @inlinable
    public static func map<T>(count: Int, threads: Int, chunk: Int = 64, _ body: (Int) -> T) -> [T] {
        let workers = max(1, min(threads > 0 ? threads : System.coreCount, (count + chunk - 1) / chunk))
        if workers == 1 {
            var out: [T] = []
            out.reserveCapacity(count)
            for i in 0..<count { out.append(body(i)) }
            return out
        }
        let results = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let start = next.add(chunk, ordering: .relaxed).oldValue
                if start >= count { break }
                for i in start..<min(count, start + chunk) { (results.baseAddress! + i).initialize(to: body(i)) }
            }
        }
        let array = Array(results)
        results.baseAddress!.deinitialize(count: count)
        results.deallocate()
        return array
    }
}
