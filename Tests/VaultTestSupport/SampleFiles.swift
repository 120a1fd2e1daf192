import Foundation

/// Tiny but valid files of each receipt type, made here so no binary fixture is checked in.
public enum SampleFiles {
    /// A 1×1 PNG of one colour: signature, IHDR, one IDAT (zlib with a stored block), IEND, with real CRCs.
    public static func png(red: UInt8 = 200, green: UInt8 = 30, blue: UInt8 = 60) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(bigEndian: UInt32(1))
        header.append(bigEndian: UInt32(1))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8 bits, RGB, deflate, no filter, no interlace
        data.append(chunk: "IHDR", header)
        let raw: [UInt8] = [0, red, green, blue]  // filter byte "none", then the pixel
        var zlib = Data([0x78, 0x01, 0x01])  // zlib header; one final stored block
        zlib.append(contentsOf: [UInt8(raw.count), 0, ~UInt8(raw.count), 0xFF])
        zlib.append(contentsOf: raw)
        zlib.append(bigEndian: adler32(raw))
        data.append(chunk: "IDAT", zlib)
        data.append(chunk: "IEND", Data())
        return data
    }

    /// An 8×8 grey baseline JPEG: SOI, a flat quantisation table, one 8×8 component, Huffman tables of one
    /// code each (DC difference 0, end of block), one block of entropy-coded data, EOI.
    public static func jpeg() -> Data {
        var data = Data([0xFF, 0xD8])  // SOI
        data.append(contentsOf: [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64))  // DQT
        data.append(contentsOf: [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00])  // SOF0
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]  // one code of length 1, symbol 0
        data.append(contentsOf: [0xFF, 0xC4, 0x00, 0x14, 0x00] + oneCode)  // DHT: DC table 0
        data.append(contentsOf: [0xFF, 0xC4, 0x00, 0x14, 0x10] + oneCode)  // DHT: AC table 0
        data.append(contentsOf: [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00])  // SOS
        data.append(0x3F)  // DC "0", AC end of block "0", padded with ones
        data.append(contentsOf: [0xFF, 0xD9])  // EOI
        return data
    }

    /// A RIFF/WEBP header (enough for the type check; not a picture).
    public static func webpHeader() -> Data { Data("RIFF".utf8) + Data([26, 0, 0, 0]) + Data("WEBPVP8L".utf8) }

    /// A one-page PDF's first bytes (enough for the type check).
    public static func pdfHeader() -> Data { Data("%PDF-1.4\n%\u{E2}\u{E3}\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8) }

    /// Text that is not a picture, whatever its name says.
    public static func text() -> Data { Data("This is a note, not a photo of a receipt.\n".utf8) }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static func crc32(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

extension Data {
    fileprivate mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
        ])
    }

    fileprivate mutating func append(chunk type: String, _ body: Data) {
        append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        append(typed)
        append(bigEndian: SampleFiles.crc32(typed))
    }
}
