extension Sequence<UInt8> {
    /// The bytes as lower-case hexadecimal, two digits each (token digests, ETags).
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension BinaryInteger {
    /// The number in decimal, zero-padded to `width` digits: `7.zeroPadded(2)` is `"07"`. Far cheaper than
    /// `String(format:)`, which every date printed in a page or an answer would otherwise go through.
    func zeroPadded(_ width: Int) -> String {
        let digits = String(self)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
