import Foundation

extension Array {
    /// The array cut into consecutive pieces of at most `size` elements (for bulk statements and batches).
    public func chunked(by size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
