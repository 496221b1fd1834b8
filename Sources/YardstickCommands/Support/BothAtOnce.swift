import Dispatch

/// Runs two independent steps of a command, at once on two threads unless `threads` is 1 (then
/// `first`, then `second`). When both fail, `first`'s error is thrown, as it would be one after
/// the other; when `first` fails, `second`'s work is wasted, never reported.
///
/// `first` runs on the calling thread and `second` on a queue of its own, not both inside one
/// `concurrentPerform`: a parallel loop nested in one gets a share of the cores for its whole
/// run (libdispatch divides the width), which halved `layout`'s parsing of large inputs.
package func bothAtOnce<A, B>(threads: Int, _ first: () throws -> A, _ second: () throws -> B) throws -> (A, B) {
    guard threads != 1 else { return (try first(), try second()) }
    return try withoutActuallyEscaping(second) { second in
        let work = Unchecked(second), out = Unchecked(ResultBox<B>())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { out.value.result = Result { try work.value() } }
        let a = Result { try first() }
        group.wait() // `second` is not used after this: it never outlives the call
        return (try a.get(), try out.value.result!.get())
    }
}

/// A value handed to the other thread of `bothAtOnce`, which is waited for before the call
/// returns: nothing is shared after that, so no check is needed.
private struct Unchecked<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

private final class ResultBox<T> {
    var result: Result<T, any Error>?
}
