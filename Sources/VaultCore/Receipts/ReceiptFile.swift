import Foundation

/// The checks a file passes before it is kept as a receipt: its size and its type, both read from the bytes
/// themselves, and a clean name to show and download it by.
public enum ReceiptFile {
    /// The largest receipt kept: 10 MiB.
    ///
    /// A photo straight from a phone camera (12 to 48 megapixels, JPEG) is 2 to 8 MB and a scanned
    /// multi-page PDF a few MB, so every receipt a person would attach fits even when nothing scales it down
    /// first (the CLI, the API, a page without scripts); the web page's own downscaling makes them about
    /// 300 KB. Receipts live in the database, so the cap also bounds what one upload adds to a backup, and
    /// the server holds at most one receipt's bytes in memory per upload in flight.
    public static let maximumSize = 10 * 1024 * 1024

    /// The longest file name kept, in characters; longer names are cut, keeping their extension.
    public static let maximumNameLength = 200

    /// The limit as a person reads it: "10 MiB".
    public static var maximumSizeText: String { "\(maximumSize / (1024 * 1024)) MiB" }

    /// Why a file cannot be a receipt.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        case empty
        case tooLarge(size: Int)
        case unsupportedType

        public var description: String {
            switch self {
            case .empty:
                "The file is empty; choose the photo or PDF of the receipt again."
            case .tooLarge(let size):
                "The file is \(ReceiptFile.sizeText(size)), larger than the \(ReceiptFile.maximumSizeText) "
                    + "a receipt may be; take the photo at a lower resolution or scale it down, then attach it again."
            case .unsupportedType:
                "This file is not a receipt GhostVault can keep: a receipt must be a \(ReceiptType.acceptedNames) "
                    + "file (its type is read from its contents, not from its name)."
            }
        }
    }

    /// The receipt's type, or why these bytes are refused.
    public static func check(_ bytes: some Collection<UInt8>) throws(Refusal) -> ReceiptType {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maximumSize else { throw .tooLarge(size: bytes.count) }
        guard let type = ReceiptType(detecting: bytes) else { throw .unsupportedType }
        return type
    }

    /// A name to keep for a file: the last part of what was sent (browsers and scripts may send a path),
    /// without control characters, at most `maximumNameLength` characters; "receipt.jpg" (by type) when
    /// nothing is left.
    public static func name(_ sent: String?, type: ReceiptType) -> String {
        let last = (sent ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var cleaned = String(
            String.UnicodeScalarView(
                last.unicodeScalars.filter { !($0.properties.generalCategory == .control || $0 == "\u{7F}") })
        ).trimmingCharacters(in: .whitespaces)
        if cleaned.isEmpty || cleaned == "." || cleaned == ".." { cleaned = "receipt" }
        // The extension always names the type read from the bytes, so a download never opens as something
        // else (`statement.html` holding a PDF is kept as `statement.html.pdf`).
        var suffix = "." + type.fileExtension
        let extensions = [suffix] + (type == .jpeg ? [".jpeg"] : [])
        if let dot = cleaned.lastIndex(of: "."), extensions.contains(cleaned[dot...].lowercased()) {
            suffix = String(cleaned[dot...])  // as sent: `IMG_0001.JPG` stays
            cleaned = String(cleaned[..<dot])
        }
        return String(cleaned.prefix(maximumNameLength - suffix.count)) + suffix
    }

    /// A size as a person reads it: "812 bytes", "340 KiB", "30.0 MiB".
    public static func sizeText(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1024 * 1024 { return "\(bytes / 1024) KiB" }
        let tenths = bytes * 10 / (1024 * 1024)
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
