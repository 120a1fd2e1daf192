import Foundation
import Testing
import VaultCore

@Suite struct ReceiptFileTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

    @Test(
        "the type is read from the first bytes",
        arguments: [
            ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], ReceiptType.jpeg),
            ([0xFF, 0xD8, 0xFF, 0xDB], .jpeg),
            (png, .png),
            (Array("RIFF".utf8) + [0x1A, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
            (Array("%PDF-1.7\n".utf8), .pdf),
        ] as [([UInt8], ReceiptType)])
    func detects(bytes: [UInt8], type: ReceiptType) throws {
        #expect(ReceiptType(detecting: bytes) == type)
        #expect(try ReceiptFile.check(bytes) == type)
    }

    @Test(
        "anything else is not a receipt",
        arguments: [
            Array("This is a note, not a photo.\n".utf8),  // a text file renamed .jpg
            Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8),  // SVG can carry scripts
            Array("GIF89a".utf8) + [1, 0, 1, 0],
            [0xFF, 0xD8],  // a JPEG cut after two bytes
            Array(png.prefix(7)),  // a PNG signature cut short
            Array("RIFF".utf8) + [0x1A, 0, 0, 0] + Array("WAVEfmt ".utf8),  // RIFF, but a sound
            Array(" %PDF-1.4".utf8),  // junk before the PDF header
            [0x00, 0x00, 0x00, 0x18] + Array("ftypheic".utf8),  // HEIC: browsers convert it, GhostVault does not
        ] as [[UInt8]])
    func refuses(bytes: [UInt8]) {
        #expect(ReceiptType(detecting: bytes) == nil)
        #expect(throws: ReceiptFile.Refusal.unsupportedType) { try ReceiptFile.check(bytes) }
    }

    @Test("the refusal says what is accepted")
    func refusalMessage() {
        let message = ReceiptFile.Refusal.unsupportedType.description
        #expect(message.contains("JPEG, PNG, WebP or PDF"))
        #expect(ReceiptType.acceptedNames == "JPEG, PNG, WebP or PDF")
    }

    @Test("a file over 10 MiB is refused with the limit in the message; one at the limit is kept")
    func sizeLimit() throws {
        #expect(ReceiptFile.maximumSize == 10 * 1024 * 1024)
        var atLimit = [UInt8](repeating: 0, count: ReceiptFile.maximumSize)
        atLimit.replaceSubrange(0..<3, with: [0xFF, 0xD8, 0xFF])
        #expect(try ReceiptFile.check(atLimit) == .jpeg)
        atLimit.append(0)
        #expect(throws: ReceiptFile.Refusal.tooLarge(size: ReceiptFile.maximumSize + 1)) {
            try ReceiptFile.check(atLimit)
        }
        let message = ReceiptFile.Refusal.tooLarge(size: 30_000_000).description
        #expect(message.contains("28.6 MiB"))
        #expect(message.contains("10 MiB"))
        #expect(throws: ReceiptFile.Refusal.empty) { try ReceiptFile.check([UInt8]()) }
    }

    @Test(
        "file names keep their last part, lose control characters, and fall back to the type",
        arguments: [
            ("IMG_0001.JPG", ReceiptType.jpeg, "IMG_0001.JPG"),
            ("C:\\Users\\jo\\scan.pdf", .pdf, "scan.pdf"),
            ("../../etc/passwd", .png, "passwd.png"),
            ("statement.html", .pdf, "statement.html.pdf"),
            ("photo.jpeg", .jpeg, "photo.jpeg"),
            ("fake.jpg", .png, "fake.jpg.png"),
            ("bad\u{0}\nname.png", .png, "badname.png"),
            ("  ", .webp, "receipt.webp"),
            ("..", .jpeg, "receipt.jpg"),
        ] as [(String, ReceiptType, String)])
    func names(sent: String, type: ReceiptType, kept: String) {
        #expect(ReceiptFile.name(sent, type: type) == kept)
    }

    @Test("a long name is cut to 200 characters, keeping its extension")
    func longName() {
        let name = ReceiptFile.name(String(repeating: "a", count: 300) + ".jpeg", type: .jpeg)
        #expect(name.count == ReceiptFile.maximumNameLength)
        #expect(name.hasSuffix("aaa.jpeg"))
        #expect(ReceiptFile.name(nil, type: .pdf) == "receipt.pdf")
    }
}
