/// The kinds of file a receipt may be, each recognised by its magic number (the first bytes every file of the
/// kind starts with), so a text file renamed `.jpg` is not taken for a photo.
public enum ReceiptType: String, CaseIterable, Hashable, Sendable, Codable {
    case jpeg = "image/jpeg"
    case png = "image/png"
    case webp = "image/webp"
    case pdf = "application/pdf"

    /// The media type, as stored and sent in `Content-Type`.
    public var mediaType: String { rawValue }

    /// The name a person knows the kind by.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .pdf: "PDF"
        }
    }

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .pdf: "pdf"
        }
    }

    /// Whether a browser shows it as a picture (a PDF is opened or downloaded instead).
    public var isImage: Bool { self != .pdf }

    /// The kinds accepted, as a sentence says them: "JPEG, PNG, WebP or PDF".
    public static var acceptedNames: String {
        let names = allCases.map(\.name)
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// The kind of file these bytes are, from their first bytes; nil for anything else.
    ///
    /// - JPEG: `FF D8 FF` (the start-of-image marker and the next marker's first byte).
    /// - PNG: the eight-byte signature `89 50 4E 47 0D 0A 1A 0A`.
    /// - WebP: a RIFF container, `RIFF`, four length bytes, then `WEBP`.
    /// - PDF: `%PDF-` at the very start (a file with junk before the header is refused, though some readers
    ///   tolerate it: what is stored is then exactly what a strict reader opens).
    public init?(detecting bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("%PDF-".utf8)) {
            self = .pdf
        } else {
            return nil
        }
    }
}
