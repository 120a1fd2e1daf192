import Foundation
import HTTPTypes
import Hummingbird
import MultipartKit
import NIOCore
import VaultCore
import VaultServices

/// A receipt file (or another uploaded file, such as a bank file) as an upload carries it: the part named `file` of a `multipart/form-data` body (what a
/// page's form and most HTTP clients send), or the whole body of any other request (`Content-Type:
/// image/jpeg` and the like, with the name in `?name=` or a `Content-Disposition` header).
///
/// The declared content type is never trusted: the service reads the type from the bytes.
struct ReceiptUpload: Sendable {
    var fileName: String?
    var content: Data
    /// The form's other fields (a page's CSRF token), empty for a raw body.
    var fields: [String: String] = [:]

    /// Room in a multipart body for what surrounds the file: the boundaries, each part's headers (a long file
    /// name included) and the small fields beside it (the CSRF token). 16 KiB is several times what browsers
    /// and curl send, and small beside the file.
    static let multipartOverhead = 16 * 1024

    /// The largest body an upload route reads: one receipt at its size limit plus the multipart overhead. The
    /// rest of the app keeps its 256 KiB (`WebContext.maximumBodySize`).
    static let maximumBodySize = ReceiptFile.maximumSize + multipartOverhead

    /// What a body over the limit is told; nothing was read past the limit and nothing is written.
    static var tooLarge: VaultError {
        VaultError(
            .tooLarge,
            "The upload is larger than the \(ReceiptFile.maximumSizeText) a receipt may be; "
                + "take the photo at a lower resolution or scale it down, then attach it again.")
    }

    /// Reads the upload, refusing a body over `maximumBodySize` before reading the rest of it.
    static func read(_ request: Request) async throws -> ReceiptUpload {
        try await read(request, upTo: maximumBodySize, tooLarge: tooLarge)
    }

    /// Reads an upload of another kind of file (a bank file), refusing a body over `limit` with `tooLarge`.
    static func read(_ request: Request, upTo limit: Int, tooLarge: VaultError) async throws -> ReceiptUpload {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw tooLarge
        }
        let contentType = request.headers[.contentType] ?? ""
        guard contentType.lowercased().hasPrefix("multipart/form-data") else {
            let name =
                request.queryForm["name"]
                ?? request.headers[.contentDisposition].flatMap { Self.parameters($0)["filename"] }
            return ReceiptUpload(fileName: name, content: Data(body.readableBytesView))
        }
        guard let boundary = parameters(contentType)["boundary"], !boundary.isEmpty else {
            throw unreadable("The multipart/form-data body has no boundary in its Content-Type.")
        }
        return try multipart(body, boundary: boundary)
    }

    /// The file part (named `file`, else the first with a file name) and the plain fields of a multipart body.
    static func multipart(_ body: ByteBuffer, boundary: String) throws -> ReceiptUpload {
        let parts = try MultipartForm.parts(body, boundary: boundary)
        let file = parts.first { $0.name == "file" } ?? parts.first { $0.fileName != nil }
        guard let file else {
            throw VaultError(
                InvalidInput(
                    field: "file", "Choose the file to upload (a multipart form sends it as the field 'file')."))
        }
        var fields: [String: String] = [:]
        for part in parts where part.fileName == nil {
            if let name = part.name, fields[name] == nil { fields[name] = part.text }
        }
        return ReceiptUpload(fileName: file.fileName, content: file.content, fields: fields)
    }

    static func unreadable(_ what: String) -> VaultError {
        VaultError(
            InvalidInput(
                field: "file",
                what + " Send the receipt as the field 'file' of a multipart/form-data form, "
                    + "or as the whole body with its type (Content-Type: image/jpeg)."))
    }

    /// The parameters of a header value such as `form-data; name="file"; filename="a;b.jpg"` or
    /// `multipart/form-data; boundary=xyz`, names lower-cased; quoted values unquoted (with `\` escapes), and
    /// `filename*=UTF-8''...` (RFC 6266) decoded and preferred to `filename`.
    static func parameters(_ value: String) -> [String: String] {
        var result: [String: String] = [:]
        var extended: [String: String] = [:]
        var scalars = Substring(value).unicodeScalars[...]
        // Skip the leading token ("form-data", the media type).
        while let first = scalars.first, first != ";" { scalars.removeFirst() }
        while !scalars.isEmpty {
            scalars.removeFirst()  // ";"
            var name = ""
            while let first = scalars.first, first != "=", first != ";" {
                name.unicodeScalars.append(first)
                scalars.removeFirst()
            }
            name = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard scalars.first == "=" else { continue }
            scalars.removeFirst()
            while scalars.first == " " { scalars.removeFirst() }
            var parameter = ""
            if scalars.first == "\"" {
                scalars.removeFirst()
                while let next = scalars.popFirst(), next != "\"" {
                    if next == "\\", let escaped = scalars.popFirst() {
                        parameter.unicodeScalars.append(escaped)
                    } else {
                        parameter.unicodeScalars.append(next)
                    }
                }
                while let first = scalars.first, first != ";" { scalars.removeFirst() }
            } else {
                while let first = scalars.first, first != ";" {
                    parameter.unicodeScalars.append(first)
                    scalars.removeFirst()
                }
                parameter = parameter.trimmingCharacters(in: .whitespaces)
            }
            guard !name.isEmpty else { continue }
            if name.hasSuffix("*") {
                // charset'language'percent-encoded; only UTF-8 is read.
                let pieces = parameter.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
                if pieces.count == 3, pieces[0].lowercased() == "utf-8",
                    let decoded = String(pieces[2]).removingPercentEncoding
                {
                    extended[String(name.dropLast())] = decoded
                }
            } else if result[name] == nil {
                result[name] = parameter
            }
        }
        return result.merging(extended) { _, preferred in preferred }
    }
}

/// A `multipart/form-data` body as its parts: each with its field name, its file name when it is a file, and
/// its bytes. The Add page sends its fields and receipts this way.
enum MultipartForm {
    struct Part: Sendable {
        var name: String?
        var fileName: String?
        var content: Data
        var text: String { String(decoding: content, as: UTF8.self) }
    }

    /// The parts of `body`; a malformed body is refused with what to do.
    static func parts(_ body: ByteBuffer, boundary: String) throws -> [Part] {
        var parts: [Part] = []
        var headers: [(String, String)] = []
        var content = ByteBuffer()
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in headers.append((name, value)) }
        parser.onBody = { chunk in content.writeBuffer(&chunk) }
        parser.onPartComplete = {
            let disposition =
                headers.first { $0.0.lowercased() == "content-disposition" }.map { ReceiptUpload.parameters($0.1) }
                ?? [:]
            parts.append(
                Part(
                    name: disposition["name"], fileName: disposition["filename"],
                    content: Data(content.readableBytesView)))
            headers = []
            content = ByteBuffer()
        }
        do {
            try parser.execute(body)
        } catch {
            throw ReceiptUpload.unreadable("The multipart/form-data body is malformed.")
        }
        return parts
    }

    /// The boundary of a `multipart/form-data` content type; nil for any other type.
    static func boundary(_ contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        return ReceiptUpload.parameters(contentType)["boundary"].flatMap { $0.isEmpty ? nil : $0 }
    }
}
