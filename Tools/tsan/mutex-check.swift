// Shows that ThreadSanitizer on Linux does not see Synchronization.Mutex: a correct counter
// behind a Mutex is reported as racing (the same with NSLock is not). `make sanitize` runs it
// before the suppressions in suppressions.txt, which name the Mutex-guarded code only.
import Synchronization
import Dispatch
final class Box: @unchecked Sendable { var value = 0 }
let lock = Mutex(0)
let box = Box()
DispatchQueue.concurrentPerform(iterations: 4) { _ in
    for _ in 0..<1000 { lock.withLock { _ in box.value += 1 } }
}
print(box.value == 4000 ? "the Mutex counted right (4000)" : "wrong count \(box.value)")
