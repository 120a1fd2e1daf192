import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport
import VaultWeb

/// The web app over a fresh in-memory database, with the demo household's bridge live on loopback, all at
/// the fixture clock. `client` is Hummingbird's `.router` client; `Browser` adds cookies and forms on top.
struct WebWorld: Sendable {
    let environment: WebEnvironment
    let client: any TestClientProtocol
    let bridge: URL
    /// The bridge's state, for tests that make its next requests fail.
    let bridgeState: BridgeState

    /// The demo household's setup token on this world's bridge.
    var setupToken: String { BridgeHarness.token(bridge, DemoHousehold.claimToken) }

    /// A new browser with no cookies.
    func browser() -> Browser { Browser(client: client) }

    /// A browser signed up (and so signed in) as `email`.
    func signedUp(_ email: String, password: String = "correct horse battery") async throws -> Browser {
        let browser = browser()
        let response = try await browser.submit(
            "/signup", from: "/signup",
            ["email": email, "password": password, "confirmation": password, "timeZone": "America/New_York"])
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/onboarding")
        return browser
    }

    /// The use cases of `email`'s household, for setting up and checking what a test's pages did.
    func scope(of email: String) async throws -> HouseholdScope {
        let user = try #require(try await environment.database.users.credentials(email: email)).user
        return Fixture.vault(environment.database).household(user.householdID)
    }

    /// A browser signed up as `email` whose household is connected to the demo bridge.
    func connected(_ email: String) async throws -> Browser {
        let browser = try await signedUp(email)
        let response = try await browser.submit("/connections", from: "/connections", ["setupToken": setupToken])
        #expect(response.status == .seeOther)
        return browser
    }
}

/// Runs `body` against the app. Login limits are small so a test can reach them.
func withWeb(
    loginAttempts: Int = 5, _ body: @Sendable (WebWorld) async throws -> Void
) async throws {
    try await TestBackend.sqlite.withDatabase { database in
        // The test bridge is on loopback, which a real deployment refuses: this app allows private bridges.
        try await SimpleFINClient.using(policy: .allowPrivate) { client in
            try await BridgeHarness.withBridge(
                DemoHousehold.scenario(now: Fixture.now), now: Int64(Fixture.now.timeIntervalSince1970)
            ) {
                root, state in
                let configuration = WebConfiguration(
                    passwordCost: 4, syncCheckInterval: nil, loginAttemptsPerAccount: loginAttempts,
                    allowPrivateBridges: true)
                let environment = WebEnvironment(
                    database: database, secrets: SecretBox(key: Data(repeating: 9, count: 32)), simpleFIN: client,
                    configuration: configuration, clock: { Fixture.now })
                let app = Application(router: buildRouter(environment))
                try await app.test(.router) { client in
                    try await body(WebWorld(environment: environment, client: client, bridge: root, bridgeState: state))
                }
            }
        }
    }
}

/// Runs `body` with a browser on the app configured as given, over a fresh database and no bridge.
func withApp(_ configuration: WebConfiguration, _ body: @Sendable (Browser) async throws -> Void) async throws {
    try await TestBackend.sqlite.withDatabase { database in
        try await SimpleFINClient.using(policy: configuration.bridgePolicy) { client in
            let environment = WebEnvironment(
                database: database, secrets: SecretBox(key: Data(repeating: 3, count: 32)), simpleFIN: client,
                configuration: configuration, clock: { Fixture.now })
            try await Application(router: buildRouter(environment)).test(.router) { client in
                try await body(Browser(client: client))
            }
        }
    }
}

/// A browser's view of the app: keeps cookies, reads CSRF tokens off pages, submits forms.
final class Browser: @unchecked Sendable {
    let client: any TestClientProtocol
    private let lock = NSLock()
    private var cookies: [String: String] = [:]

    init(client: any TestClientProtocol) { self.client = client }

    var cookieHeader: String {
        lock.withLock { cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
    }

    func cookie(_ name: String) -> String? { lock.withLock { cookies[name] } }

    /// Sends a request with this browser's cookies and keeps the cookies it sets.
    @discardableResult
    func request(
        _ uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: String? = nil,
        contentType: String = "application/x-www-form-urlencoded"
    ) async throws -> TestResponse {
        var headers = headers
        if body != nil, headers[.contentType] == nil { headers[.contentType] = contentType }
        return try await send(uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    /// Sends bytes (a file upload) with this browser's cookies and keeps the cookies it sets.
    @discardableResult
    func send(
        _ uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer?
    ) async throws -> TestResponse {
        var headers = headers
        if !cookieHeader.isEmpty { headers[.cookie] = cookieHeader }
        let response = try await client.execute(uri: uri, method: method, headers: headers, body: body)
        lock.withLock {
            for header in response.headers[values: .setCookie] {
                let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
                let name = String(pair[0]).trimmingCharacters(in: .whitespaces)
                let value = pair.count > 1 ? String(pair[1]) : ""
                if value.isEmpty || header.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
            }
        }
        return response
    }

    /// The page at `uri` as text.
    func page(_ uri: String) async throws -> (status: HTTPResponse.Status, html: String) {
        let response = try await request(uri)
        return (response.status, String(buffer: response.body))
    }

    /// Opens `page`, takes its CSRF token, and posts `fields` to `action` (with `csrf` overridable).
    @discardableResult
    func submit(
        _ action: String, from page: String, _ fields: [String: String], csrf: String? = nil
    ) async throws
        -> TestResponse
    {
        var token = csrf ?? ""
        if csrf == nil { token = try await csrfToken(on: page) }
        var all = fields
        all["csrf"] = token
        return try await request(action, method: .post, body: Self.encode(all))
    }

    /// The first CSRF token on a page.
    func csrfToken(on page: String) async throws -> String {
        let html = try await self.page(page).html
        return try #require(Self.first(#"name="csrf" value="([^"]+)""#, in: html))
    }

    static func encode(_ fields: [String: String]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.sorted { $0.key < $1.key }.map {
            "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
    }

    /// The first capture of `pattern` in `text` (the whole match when the pattern captures nothing).
    static func first(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: min(1, match.numberOfRanges - 1)), in: text)
        else { return nil }
        return String(text[range])
    }

    /// Every capture of `pattern` in `text` (whole matches when the pattern captures nothing).
    static func all(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: min(1, $0.numberOfRanges - 1)), in: text).map { String(text[$0]) }
        }
    }
}

/// JSON from a response body.
func json(_ response: TestResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
}

func jsonArray(_ response: TestResponse) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [[String: Any]])
}
