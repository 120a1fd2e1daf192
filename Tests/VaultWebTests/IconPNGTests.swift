import Foundation
import Testing

@testable import VaultWeb

@Suite struct IconPNGTests {
    @Test("the icon PNG has a valid signature, header and checksums, and is white in the middle, brand at the corner")
    func validPNG() throws {
        let png = IconPNG.png(size: 180)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // Every chunk's CRC matches; IHDR says 180 x 180, 8-bit indexed.
        var offset = 8
        var types: [String] = []
        while offset < png.count {
            let length =
                Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            let typed = Array(png[offset + 4..<offset + 8 + length])
            let crc = png[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(IconPNG.crc32(typed) == crc)
            types.append(String(decoding: typed.prefix(4), as: UTF8.self))
            if types.last == "IHDR" { #expect(Array(typed[4..<17]) == [0, 0, 0, 180, 0, 0, 0, 180, 8, 3, 0, 0, 0]) }
            offset += 12 + length
        }
        #expect(types == ["IHDR", "PLTE", "IDAT", "IEND"])
        #expect(IconPNG.isGhost(x: 32, y: 40) && !IconPNG.isGhost(x: 2, y: 2) && !IconPNG.isGhost(x: 26, y: 28))
    }
}
