import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import VaultCore

extension Response {
    /// The policy a receipt is served under: it may show itself and nothing else, runs no script, and is
    /// sandboxed as if from another origin, so a crafted file opened on its own can do nothing in the app.
    static let receiptContentSecurityPolicy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"

    /// A receipt's bytes with its checked type. Images are shown in place (`inline`); a PDF is downloaded
    /// (`attachment`): browsers' PDF viewers do not open under a sandbox, and a PDF may carry scripts.
    static func receipt(_ receipt: Receipt, content: Data) -> Response {
        var headers: HTTPFields = [
            .contentType: receipt.type.mediaType,
            .contentDisposition: contentDisposition(receipt.type.isImage ? "inline" : "attachment", receipt.fileName),
            .contentSecurityPolicy: receiptContentSecurityPolicy,
            .xContentTypeOptions: "nosniff",
        ]
        headers[.contentLength] = String(content.count)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: content)))
    }

    /// `inline; filename="receipt.jpg"; filename*=UTF-8''...` (RFC 6266): a plain ASCII name for old clients
    /// (anything else, quotes and backslashes as `_`), and the exact name percent-encoded for the rest.
    static func contentDisposition(_ kind: String, _ fileName: String) -> String {
        let ascii = String(
            String.UnicodeScalarView(
                fileName.unicodeScalars.map { scalar in
                    scalar.isASCII && scalar.value >= 0x20 && scalar != "\"" && scalar != "\\" && scalar != "\u{7F}"
                        ? scalar : "_"
                }))
        // RFC 5987's attr-char: ASCII letters and digits and a few marks; everything else is percent-encoded.
        let allowed = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~")
        let encoded = fileName.addingPercentEncoding(withAllowedCharacters: allowed) ?? ascii
        return "\(kind); filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}
