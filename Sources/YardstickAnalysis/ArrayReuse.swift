/// Empties a scratch array, keeping its memory. `removeAll(keepingCapacity:)` goes through
/// `replaceSubrange` even when there is nothing to remove; the preparer empties scratch arrays
/// hundreds of thousands of times per batch of cells, most of them already empty. (A function,
/// not an `Array` extension: extension members of a module reach users who never import it.)
@inlinable @inline(__always)
public func clearKeepingCapacity<Element>(_ array: inout [Element]) {
    if !array.isEmpty { array.removeAll(keepingCapacity: true) }
}
