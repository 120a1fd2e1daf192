import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import VaultTestSupport

@testable import VaultWeb

@Suite struct SecurityHeadersMiddlewareTests {
    /// The headers every response carries, whatever made it.
    static func expectHardened(_ response: TestResponse, _ what: String) {
        #expect(response.headers[.contentSecurityPolicy] == SecurityHeadersMiddleware.contentSecurityPolicy, "\(what)")
        #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(what)")
        #expect(response.headers[.xFrameOptions] == "DENY", "\(what)")
        #expect(response.headers[.referrerPolicy] == "no-referrer", "\(what)")
    }

    @Test("redirects, the router's own 404 and OPTIONS answers carry the security headers too")
    func everyResponse() async throws {
        try await withWeb { world in
            let redirect = try await world.client.execute(uri: "/dashboard", method: .get)
            #expect(redirect.status == .seeOther)
            Self.expectHardened(redirect, "a redirect to sign in")
            let root = try await world.client.execute(uri: "/", method: .get)
            Self.expectHardened(root, "the root redirect")
            let missing = try await world.client.execute(uri: "/no/such/page", method: .get)
            #expect(missing.status == .notFound)
            Self.expectHardened(missing, "a 404 page")
            #expect(missing.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(String(buffer: missing.body).contains("Page not found"))
            #expect(String(buffer: missing.body).contains("/assets/"))  // the app's own style
            let options = try await world.client.execute(uri: "/dashboard", method: .options)
            Self.expectHardened(options, "OPTIONS")
            let asset = try await world.client.execute(uri: "/assets/app.css", method: .get)
            Self.expectHardened(asset, "an asset")
        }
    }

    @Test("an unknown API path answers JSON not_found with the headers")
    func apiNotFound() async throws {
        try await withWeb { world in
            let response = try await world.client.execute(uri: "/api/v1/nothing-here", method: .get)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(String(buffer: response.body).contains("\"not_found\""))
            Self.expectHardened(response, "an API 404")
        }
    }

    @Test("an API body over the limit answers 413 with the limit, not 500")
    func apiBodyTooLarge() async throws {
        try await withWeb { world in
            let huge = String(repeating: "a", count: WebContext.maximumBodySize + 10)
            let response = try await world.client.execute(
                uri: "/api/v1/auth/login", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"email":"\#(huge)","password":"x"}"#))
            #expect(response.status == .contentTooLarge)
            let body = String(buffer: response.body)
            #expect(body.contains("\"too_large\""))
            #expect(body.contains("256 KiB"))
            Self.expectHardened(response, "a 413")
        }
    }

    @Test("a form over the limit answers a page saying so")
    func formTooLarge() async throws {
        try await withWeb { world in
            let browser = world.browser()
            let huge = String(repeating: "a", count: WebContext.maximumBodySize + 10)
            let response = try await browser.submit("/login", from: "/login", ["email": huge, "password": "x"])
            #expect(response.status == .contentTooLarge)
            #expect(String(buffer: response.body).contains("256 KiB"))
        }
    }
}
