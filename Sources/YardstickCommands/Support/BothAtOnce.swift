import YardstickLayout

/// Runs two independent steps of a command, at once on two threads unless `threads` is 1 (then
/// `first`, then `second`). When both fail, `first`'s error is thrown, as it would be one after
/// the other; when `first` fails, `second`'s work is wasted, never reported.
package func bothAtOnce<A, B>(threads: Int, _ first: () throws -> A, _ second: () throws -> B) throws -> (A, B) {
    guard threads != 1 else { return (try first(), try second()) }
    var a: Result<A, any Error>?
    var b: Result<B, any Error>?
    Parallel.forEach(count: 2, threads: 2, chunk: 1) { i, _ in
        if i == 0 { a = Result { try first() } } else { b = Result { try second() } }
    }
    return (try a!.get(), try b!.get())
}
