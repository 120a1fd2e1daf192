import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import VaultTestSupport

@testable import VaultWeb

/// The check behind the CSRF token: a browser's state-changing request from another site is refused.
@Suite struct OriginCheckMiddlewareTests {
    static let login = ByteBuffer(string: #"{"email":"jo@example.com","password":"correct horse battery"}"#)

    static var configuration: WebConfiguration {
        var configuration = WebConfiguration(passwordCost: 4, syncCheckInterval: nil)
        configuration.publicURL = "https://money.example.com"
        return configuration
    }

    /// A JSON request's headers with `fields` added.
    static func headers(_ fields: [String: String]) -> HTTPFields {
        var headers: HTTPFields = [.contentType: "application/json"]
        for (name, value) in fields { headers[HTTPField.Name(name)!] = value }
        return headers
    }

    @Test(
        "a request a browser marks as from elsewhere is refused before anything reads it",
        arguments: [
            ["Sec-Fetch-Site": "cross-site"], ["Sec-Fetch-Site": "same-site"], ["Origin": "https://evil.example"],
            ["Origin": "null"], ["Origin": "https://money.example.com.evil.example"],
            ["Origin": "http://money.example.com"],  // another scheme's default port is another origin
        ])
    func refused(_ fields: [String: String]) async throws {
        try await withApp(Self.configuration) { browser in
            var headers = Self.headers(fields)
            let api = try await browser.client.execute(
                uri: "/api/v1/auth/login", method: .post, headers: headers, body: Self.login)
            #expect(api.status == .forbidden)
            #expect(String(buffer: api.body).contains("\"cross_site\""))
            headers[.contentType] = "application/x-www-form-urlencoded"
            let page = try await browser.client.execute(
                uri: "/signup", method: .post, headers: headers, body: ByteBuffer(string: "email=a%40b.c"))
            #expect(page.status == .forbidden)
            #expect(String(buffer: page.body).contains("another site"))
        }
    }

    @Test(
        "requests from this server's own pages, typed by hand, or from scripts go through",
        arguments: [
            [:], ["Sec-Fetch-Site": "same-origin"], ["Sec-Fetch-Site": "none"],
            ["Origin": "https://money.example.com"], ["Origin": "https://MONEY.example.com:443"],
        ])
    func allowed(_ fields: [String: String]) async throws {
        try await withApp(Self.configuration) { browser in
            let headers = Self.headers(fields)
            let api = try await browser.client.execute(
                uri: "/api/v1/auth/login", method: .post, headers: headers, body: Self.login)
            // Unknown account: the check let it through to the password check.
            #expect(api.status == .unauthorized)
        }
    }

    /// A way the server is set up, for `scheme`.
    enum Setup: String, CaseIterable, Sendable {
        case plain, secureCookies, forwardedHTTPS, forwardedHTTP

        var configuration: WebConfiguration {
            var configuration = OriginCheckMiddlewareTests.configuration
            configuration.secureCookies = self == .secureCookies || self == .forwardedHTTP
            configuration.trustForwardedFor = self == .forwardedHTTPS || self == .forwardedHTTP
            return configuration
        }
        /// The scheme people reach the server by in this setup.
        var scheme: String { self == .secureCookies || self == .forwardedHTTPS ? "https" : "http" }
        var headers: [String: String] {
            switch self {
            case .plain, .secureCookies: [:]
            case .forwardedHTTPS: ["X-Forwarded-Proto": "https"]
            case .forwardedHTTP: ["X-Forwarded-Proto": "http"]  // the proxy's word wins over the setting
            }
        }
    }

    @Test(
        "an Origin naming the address the request reached passes only with the scheme it was reached by",
        arguments: Setup.allCases)
    func scheme(_ setup: Setup) async throws {
        try await withApp(setup.configuration) { browser in
            // The router tests reach the server at `localhost`.
            for scheme in ["http", "https"] {
                let headers = Self.headers(setup.headers.merging(["Origin": "\(scheme)://localhost"]) { $1 })
                let api = try await browser.client.execute(
                    uri: "/api/v1/auth/login", method: .post, headers: headers, body: Self.login)
                #expect(
                    api.status == (scheme == setup.scheme ? .unauthorized : .forbidden), "\(scheme) in \(setup)")
            }
        }
    }

    @Test("reads are never refused, whatever site they come from")
    func readsPass() async throws {
        try await withWeb { world in
            let response = try await world.client.execute(
                uri: "/api/v1/info", method: .get, headers: [.secFetchSite: "cross-site"])
            #expect(response.status == .ok)
        }
    }
}
