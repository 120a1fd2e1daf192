import Foundation

/// The kinds of bank file GhostVault reads, and the limits it reads them within.
public enum BankFileFormat: String, CaseIterable, Hashable, Sendable, Codable {
    case csv, ofx, qfx, qif

    /// The largest file read: 20 MB holds about 200,000 CSV rows of a typical bank export, years of any
    /// household's history; a larger upload is refused before it is parsed.
    public static let maximumBytes = 20 * 1024 * 1024
    /// The most transactions one file may hold.
    public static let maximumRows = 200_000

    /// The format a file name's extension says, if it says one.
    public init?(fileName: String) {
        let ext = fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        self.init(rawValue: ext == "txt" ? "csv" : ext)
    }

    /// The format a file's first bytes show (in any encoding `BankFileEncoding` tells): OFX and QFX start with an
    /// `OFXHEADER` or an XML prolog naming OFX, QIF with `!Type:`, `!Account` or `!Option`; anything else is CSV.
    public static func sniff(_ data: Data) -> BankFileFormat {
        // The head in the file's own encoding, so a UTF-16 OFX or QIF file is known too.
        let prefix = data.prefix(1024)
        let text = (try? BankFileEncoding.decode(prefix))?.text ?? String(decoding: prefix, as: UTF8.self)
        let head = text.uppercased()
        let trimmed = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if trimmed.hasPrefix("OFXHEADER") || head.contains("<OFX>") || head.contains("<?OFX") { return .ofx }
        if trimmed.hasPrefix("!TYPE:") || trimmed.hasPrefix("!ACCOUNT") || trimmed.hasPrefix("!OPTION") { return .qif }
        return .csv
    }

    /// Refuses a file over `maximumBytes`, before anything reads it.
    public static func checkSize(_ count: Int) throws(BankFileError) {
        guard count <= maximumBytes else {
            throw BankFileError(
                .tooLarge,
                "The file is \(count / 1024 / 1024) MB; bank files up to \(maximumBytes / 1024 / 1024) MB are read. "
                    + "Export a shorter period and import it in parts.")
        }
    }
}
