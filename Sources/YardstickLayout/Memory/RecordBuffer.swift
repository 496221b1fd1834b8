#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable run of plain values (no references, no deinitialisation) in `malloc` memory that
/// it never frees by itself: its owner either hands the memory on (`PreparedStorage` adopts a
/// batch's buffers without copying them) or calls `free()`.
///
/// Appending costs a capacity check and a store: no reference counting, no uniqueness check.
/// Growth doubles (amortised O(1)). A value of three words; copies share the memory, so only one
/// copy may mutate it or free it.
struct RecordBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    /// - Parameter capacity: elements to make room for now; 0 allocates nothing until the first append.
    init(capacity: Int = 0) {
        self.capacity = max(0, capacity)
        base = self.capacity == 0
            ? UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)! // never read: capacity 0
            : malloc(self.capacity * MemoryLayout<Element>.stride)!.assumingMemoryBound(to: Element.self)
    }

    /// Frees the memory; the buffer must not be used afterwards.
    func free() { if capacity > 0 { freeMemory(base) } }

    var isEmpty: Bool { count == 0 }

    /// The elements, valid until the next mutation.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always) subscript(i: Int) -> Element {
        get { base[i] }
        set { base[i] = newValue }
    }

    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        if count + elements.count > capacity { grow(to: count + elements.count) }
        (base + count).initialize(from: source, count: elements.count)
        count += elements.count
    }

    /// Grows the buffer by `added` elements and returns where they start: the caller
    /// initializes all of them before the next call (a batch copy without a check per element).
    @inline(__always) mutating func appendUninitialized(_ added: Int) -> UnsafeMutablePointer<Element> {
        if count + added > capacity { grow(to: count + added) }
        let start = base + count
        count += added
        return start
    }

    /// Keeps the first `newCount` elements.
    mutating func removeLast(from newCount: Int) { count = min(count, newCount) }

    mutating func removeAll() { count = 0 }

    /// Gives up the memory, shrunk to the elements: the caller owns it (release it with `free`).
    /// The buffer is left empty, holding no memory.
    mutating func take() -> UnsafeBufferPointer<Element> {
        guard capacity > 0 else { return UnsafeBufferPointer(start: malloc(MemoryLayout<Element>.stride)!.assumingMemoryBound(to: Element.self), count: 0) }
        let shrunk = realloc(base, max(1, count) * MemoryLayout<Element>.stride)!.assumingMemoryBound(to: Element.self)
        let result = UnsafeBufferPointer(start: shrunk, count: count)
        capacity = 0
        count = 0
        base = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)! // never read: capacity 0
        return result
    }

    private mutating func grow(to needed: Int) {
        var grown = max(16, capacity * 2)
        while grown < needed { grown *= 2 }
        let bytes = grown * MemoryLayout<Element>.stride
        base = (capacity == 0 ? malloc(bytes) : realloc(base, bytes))!.assumingMemoryBound(to: Element.self)
        capacity = grown
    }
}

/// The C library's `free`, named so `RecordBuffer.free()` does not shadow it.
@inline(__always) private func freeMemory(_ pointer: UnsafeMutableRawPointer) { free(pointer) }
