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
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: try jsonBody(value)))
    }

    /// A value as the API's JSON: keys sorted, slashes as they are.
    static func jsonBody(_ value: some Encodable) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ByteBuffer(bytes: try encoder.encode(value))
    }

    /// See other: where a form post sends the browser next (post, redirect, get).
    static func seeOther(_ location: String) -> Response { .redirect(to: location, type: .normal) }
}
