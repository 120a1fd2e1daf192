import Foundation
import NIOCore

/// A `multipart/form-data` body as a browser sends it: plain fields, then files.
struct ReceiptUploadBody {
    static let boundary = "----GhostVaultTestBoundary7MA4YWxkTrZu0gW"
    static let contentType = "multipart/form-data; boundary=\(boundary)"

    var fields: [(String, String)] = []
    var files: [(field: String, fileName: String, type: String, content: Data)] = []

    var buffer: ByteBuffer {
        var data = Data()
        for (name, value) in fields {
            data.append(Data("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8))
            data.append(Data("\(value)\r\n".utf8))
        }
        for file in files {
            data.append(
                Data(
                    ("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; "
                        + "filename=\"\(file.fileName)\"\r\nContent-Type: \(file.type)\r\n\r\n").utf8))
            data.append(file.content)
            data.append(Data("\r\n".utf8))
        }
        data.append(Data("--\(Self.boundary)--\r\n".utf8))
        return ByteBuffer(bytes: data)
    }

    /// One file in the field `file`.
    static func file(_ name: String, _ type: String, _ content: Data, csrf: String? = nil) -> ReceiptUploadBody {
        ReceiptUploadBody(
            fields: csrf.map { [("csrf", $0)] } ?? [],
            files: [(field: "file", fileName: name, type: type, content: content)])
    }
}
