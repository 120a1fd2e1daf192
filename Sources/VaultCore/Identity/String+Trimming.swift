import Foundation

extension String {
    /// The text without leading and trailing `CharacterSet.whitespaces` (spaces of every kind and tabs):
    /// `trimmingCharacters(in: .whitespaces)`, which on Linux copies every string through `NSString`. Text
    /// rarely has anything to trim, so text whose ends are visible ASCII is returned as it is (a bank file's
    /// import trims several cells of each of 100k rows, and each amount again; the copies cost more than the
    /// rest of reading them).
    func trimmingWhitespace() -> String {
        guard let first = utf8.first, let last = utf8.last, Self.isVisibleASCII(first), Self.isVisibleASCII(last)
        else { return trimmingCharacters(in: .whitespaces) }
        return self
    }

    private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}
