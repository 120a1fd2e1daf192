import Foundation

extension Array {
    /// The array cut into consecutive pieces of at most `size` elements (for bulk statements and batches).
    public func chunked(by size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

extension Collection {
    /// The elements in the order of their keys (`key` read once each), each element copied once: the sort moves
    /// small keys, not the elements, which matters for large values (a `Transaction` is about 300 bytes, a planned
    /// change twice that; sorting 50,000 changes by moving them cost more than planning them).
    @inlinable
    public func sorted<First: Comparable, Second: Comparable>(byKey key: (Element) -> (First, Second)) -> [Element] {
        let elements = Array(self)
        let keys = elements.map(key)
        return keys.indices.sorted { keys[$0] < keys[$1] }.map { elements[$0] }
    }
}
