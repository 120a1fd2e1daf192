import Foundation
import HTTPTypes
import Hummingbird
import MultipartKit
import NIOCore
import VaultCore
import VaultServices

/// A dataset `.zip` received from a page's form (the `multipart/form-data` part named `file`) or as an API
/// request's whole body, written straight to a private staging file as it arrives: a 200 MB upload never sits
/// in memory, and a body over the limit is refused as soon as it passes it.
struct DatasetUpload: Sendable {
    /// The largest dataset a person may upload: 200 MB (the command line has no such limit).
    static let maximumSize = 200 * 1024 * 1024
    static let maximumSizeText = "200 MB"

    /// The staged file.
    let file: URL
    /// The form's other fields (the CSRF token), empty for a raw body.
    let fields: [String: String]

    static var tooLarge: VaultError {
        VaultError(
            .tooLarge,
            "The upload is larger than the \(maximumSizeText) a dataset may be through the web; import it with "
                + "`ghostvault import dataset FILE` on the server instead. Nothing was imported.")
    }

    /// Receives the upload into `file` (created readable by the server alone).
    static func receive(_ request: Request, into file: URL) async throws -> DatasetUpload {
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else { throw VaultError(.invalidInput, "The server cannot stage the upload; check its temporary folder.") }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var written = 0
        func write(_ buffer: ByteBuffer) throws {
            written += buffer.readableBytes
            guard written <= maximumSize else { throw tooLarge }
            try handle.write(contentsOf: Data(buffer.readableBytesView))
        }
        let contentType = request.headers[.contentType] ?? ""
        guard let boundary = MultipartForm.boundary(contentType) else {
            for try await chunk in request.body { try write(chunk) }
            return DatasetUpload(file: file, fields: [:])
        }
        // A streaming multipart parse: the file part goes to disk, small fields are kept.
        let parser = MultipartParser(boundary: boundary)
        var headers: [(String, String)] = []
        var isFile: Bool?
        var field = ByteBuffer()
        var fields: [String: String] = [:]
        var sawFile = false
        var failure: (any Error)?
        parser.onHeader = { name, value in headers.append((name, value)) }
        parser.onBody = { chunk in
            guard failure == nil else { return }
            if isFile == nil {
                let disposition = Self.disposition(headers)
                isFile = disposition["filename"] != nil || disposition["name"] == "file"
            }
            if isFile == true {
                sawFile = true
                do { try write(chunk) } catch { failure = error }
            } else if field.readableBytes + chunk.readableBytes <= 4_096 {
                field.writeBuffer(&chunk)
            }
        }
        parser.onPartComplete = {
            let disposition = Self.disposition(headers)
            if isFile != true, let name = disposition["name"], disposition["filename"] == nil, fields[name] == nil {
                fields[name] = String(buffer: field)
            }
            if disposition["filename"] != nil || disposition["name"] == "file" { sawFile = true }
            headers = []
            isFile = nil
            field = ByteBuffer()
        }
        do {
            for try await chunk in request.body {
                try parser.execute(chunk)
                if let failure { throw failure }
            }
        } catch let error as VaultError {
            throw error
        } catch {
            throw ReceiptUpload.unreadable("The multipart/form-data body is malformed.")
        }
        guard sawFile, written > 0 else {
            throw VaultError(
                InvalidInput(field: "file", "Choose the dataset .zip to import (exported from Settings › Your data)."))
        }
        return DatasetUpload(file: file, fields: fields)
    }

    private static func disposition(_ headers: [(String, String)]) -> [String: String] {
        headers.first { $0.0.lowercased() == "content-disposition" }.map { ReceiptUpload.parameters($0.1) } ?? [:]
    }
}

/// Where uploads wait between the preview and Apply: one private folder, a file per upload named by its
/// household and a random token, removed on Apply or Cancel and after an hour.
struct DatasetStaging: Sendable {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghostvault-imports")
    static let lifetime: TimeInterval = 3_600

    /// A new staging file for `household`, and its token.
    static func make(for household: Household.ID) throws -> (token: String, file: URL) {
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        sweep()
        var bytes = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        let token = bytes.map { String(format: "%02x", $0) }.joined()
        return (token, file(for: household, token: token)!)
    }

    /// The staged file of `token` for `household`, nil when the token is not one (only hex digits are).
    static func file(for household: Household.ID, token: String) -> URL? {
        guard token.count == 32, token.allSatisfy(\.isHexDigit) else { return nil }
        return folder.appendingPathComponent("\(household)-\(token).zip")
    }

    /// Removes every staged file: at start, when no page holds a token this server should honour any more.
    static func removeAll() {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        for file in files { try? FileManager.default.removeItem(at: file) }
    }

    /// Removes `household`'s staged files: when its data is erased or it is deleted, an upload of it must not
    /// outlive it.
    static func remove(household: Household.ID) {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        for file in files where file.lastPathComponent.hasPrefix("\(household)-") {
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// Removes staged files older than `lifetime`.
    static func sweep() {
        let files =
            (try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        for file in files {
            let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
            if let modified, Date().timeIntervalSince(modified) > lifetime {
                try? FileManager.default.removeItem(at: file)
            }
        }
    }
}

extension Response {
    /// A file as an attachment, read and sent in chunks; the file is removed once sent (or on failure).
    static func download(_ file: URL, name: String, type: String) throws -> Response {
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        var headers: HTTPFields = [
            .contentType: type,
            .contentDisposition: contentDisposition("attachment", name),
            .cacheControl: "no-store",
            .xContentTypeOptions: "nosniff",
        ]
        headers[.contentLength] = String(size)
        let body = ResponseBody(contentLength: size) { writer in
            defer { try? FileManager.default.removeItem(at: file) }
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 256 * 1024), !chunk.isEmpty {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}
