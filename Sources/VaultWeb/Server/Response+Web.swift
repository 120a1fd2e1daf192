import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension Response {
    /// An HTML page.
    static func html(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: html.text)))
    }

    /// A JSON body, encoded with sorted keys so answers are stable.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// See other: where a form post sends the browser next (post, redirect, get).
    static func seeOther(_ location: String) -> Response { .redirect(to: location, type: .normal) }
}
