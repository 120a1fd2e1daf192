import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultStore
import VaultWeb

@Suite struct ConnectionsPagesTests {
    @Test("pasting a setup token connects, and the page shows the snapshot and one row per institution")
    func connect() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let (status, html) = try await browser.page("/connections")
            #expect(status == .ok)
            for heading in ["Connect Bank via SimpleFIN", "Account Snapshot", "Linked Institutions"] {
                #expect(html.contains(">\(heading)<"), "\(heading)")
            }
            for column in ["Institution", "Status", "Accounts", "Last Sync", "Actions"] {
                #expect(html.contains("<th>\(column)</th>") || html.contains("<th class=\"num\">\(column)</th>"))
            }
            let rows = Browser.all(#"name="institution" value="([0-9a-f-]{36})""#, in: html)
            #expect(rows.count >= 2)
            #expect(Set(rows).count == rows.count)
            #expect(html.contains("SUCCESS"))
            #expect(html.contains("Net Worth"))
        }
    }

    @Test("a bad token is refused with the reason and nothing is saved")
    func badToken() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let response = try await browser.submit("/connections", from: "/connections", ["setupToken": "not a token"])
            #expect(response.status == .unprocessableContent)
            #expect(String(buffer: response.body).contains("class=\"alert error\""))
            #expect(try await browser.page("/connections").html.contains("No institutions linked yet."))
            let forged = try await browser.submit(
                "/connections", from: "/connections", ["setupToken": world.setupToken], csrf: "nope")
            #expect(forged.status == .forbidden)
        }
    }

    @Test("Sync runs the institution's connection; Remove asks first, then deletes its accounts")
    func syncAndRemove() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let html = try await browser.page("/connections").html
            let institution = try #require(Browser.first(#"name="institution" value="([0-9a-f-]{36})""#, in: html))
            let sync = try await browser.submit("/connections/sync", from: "/connections", ["institution": institution])
            #expect(sync.status == .seeOther)
            #expect(sync.headers[.location] == "/connections")
            #expect(try await browser.page("/connections").html.contains("Synced: "))
            let confirm = try await browser.page("/connections/remove?institution=\(institution)")
            #expect(confirm.status == .ok)
            #expect(confirm.html.contains("This deletes its"))
            // Without the confirmation field, nothing is removed.
            let unconfirmed = try await browser.submit(
                "/connections/remove", from: "/connections", ["institution": institution])
            #expect(unconfirmed.headers[.location] == "/connections/remove?institution=\(institution)")
            #expect(try await browser.page("/connections").html.contains(institution))
            let removed = try await browser.submit(
                "/connections/remove", from: "/connections", ["institution": institution, "confirm": "yes"])
            #expect(removed.status == .seeOther)
            #expect(!(try await browser.page("/connections").html.contains("value=\"\(institution)\"")))
            let unknown = try await browser.submit("/connections/sync", from: "/connections", ["institution": "x"])
            #expect(unknown.status == .notFound)
        }
    }
}

@Suite struct OnboardingPagesTests {
    @Test("the first-run flow: welcome, SimpleFIN, token, accounts, review, dashboard")
    func flow() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            #expect(try await browser.page("/onboarding").html.contains("href=\"/onboarding/simplefin\""))
            let simpleFIN = try await browser.page("/onboarding/simplefin").html
            #expect(simpleFIN.contains("I have a SimpleFIN token"))
            #expect(simpleFIN.contains("I need a SimpleFIN account"))
            let bad = try await browser.submit(
                "/connections", from: "/onboarding/token",
                ["setupToken": "nope", "next": "/onboarding/accounts", "back": "/onboarding/token"])
            #expect(bad.headers[.location] == "/onboarding/token")
            #expect(try await browser.page("/onboarding/token").html.contains("class=\"alert error\""))
            let connected = try await browser.submit(
                "/connections", from: "/onboarding/token",
                ["setupToken": world.setupToken, "next": "/onboarding/accounts", "back": "/onboarding/token"])
            #expect(connected.headers[.location] == "/onboarding/accounts")
            let accounts = try await browser.page("/onboarding/accounts").html
            #expect(accounts.contains("Connected! Synced: "))
            let ids = Browser.all(#"name="account" value="([0-9a-f-]{36})""#, in: accounts)
            #expect(ids.count >= 4)
            // Hide the first account, exclude the second.
            let token = try await browser.csrfToken(on: "/onboarding/accounts")
            var body = "csrf=\(token)&hide=\(ids[0])&exclude=\(ids[1])"
            for id in ids { body += "&account=\(id)" }
            let saved = try await browser.request("/onboarding/accounts", method: .post, body: body)
            #expect(saved.headers[.location] == "/onboarding/review")
            let after = try await browser.page("/onboarding/accounts").html
            #expect(after.contains("name=\"hide\" value=\"\(ids[0])\" checked"))
            #expect(after.contains("name=\"exclude\" value=\"\(ids[1])\" checked"))

            let review = try await browser.page("/onboarding/review").html
            for section in ["Paychecks", "Transfers", "Credit card payments"] {
                #expect(review.contains("<h2>\(section) ("), "\(section)")
            }
            let transaction = try #require(Browser.first(#"name="transaction" value="([0-9a-f-]{36})""#, in: review))
            let corrected = try await browser.submit(
                "/onboarding/review", from: "/onboarding/review",
                ["transaction": transaction, "classification": "income", "applyToPayee": "1"])
            #expect(corrected.headers[.location] == "/onboarding/review")
            #expect(try await browser.page("/onboarding/review").html.contains("is income."))
            let finish = try await browser.submit("/onboarding/finish", from: "/onboarding/review", [:])
            #expect(finish.headers[.location] == "/dashboard")
            let user = try #require(try await world.environment.database.users.credentials(email: "jo@example.com"))
                .user
            #expect(user.onboardedAt != nil)
        }
    }

    @Test("skipping bank sync starts with a manual account; a bad one is refused with the reason")
    func manualStart() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let refused = try await browser.submit(
                "/onboarding/manual", from: "/onboarding/manual", ["name": "", "kind": "spaceship", "balance": "x"])
            #expect(refused.status == .unprocessableContent)
            let added = try await browser.submit(
                "/onboarding/manual", from: "/onboarding/manual",
                ["name": "Wallet", "kind": "cash", "balance": "40.25"])
            #expect(added.status == .seeOther)
            #expect(try await browser.page("/onboarding/accounts").html.contains("$40.25"))
            let html = try await browser.page("/dashboard").html
            #expect(html.contains("Wallet"))
            #expect(html.contains("$40.25"))
        }
    }
}

@Suite struct AssetsAndDocumentTests {
    @Test("assets are served by the app with an ETag, and pages load nothing from elsewhere")
    func assets() async throws {
        try await withWeb { world in
            for name in ["app.css", "app.js", "icon.svg"] {
                let response = try await world.client.execute(uri: "/assets/\(name)", method: .get)
                #expect(response.status == .ok)
                let etag = try #require(response.headers[.eTag])
                let again = try await world.client.execute(
                    uri: "/assets/\(name)", method: .get, headers: [.ifNoneMatch: etag])
                #expect(again.status == .notModified)
            }
            #expect(try await world.client.execute(uri: "/assets/evil.js", method: .get).status == .notFound)
            let browser = try await world.connected("jo@example.com")
            for path in ["/dashboard", "/connections", "/settings", "/onboarding/review", "/login"] {
                let response = try await browser.request(path)
                let html = String(buffer: response.body)
                #expect(
                    Browser.all(#"(?:src|href)="(https?:[^"]*)""#, in: html).allSatisfy { $0.contains("simplefin.org") }
                )
                #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
                #expect(response.headers[.init("X-Frame-Options")!] == "DENY")
            }
        }
    }

    @Test("the OpenAPI document describes exactly the API's routes")
    func openAPIMatchesRoutes() async throws {
        try await withWeb { world in
            let response = try await world.client.execute(uri: "/api/v1/openapi.yaml", method: .get)
            #expect(response.status == .ok)
            let yaml = String(buffer: response.body)
            // Paths sit two spaces in under `paths:`, their methods four.
            var documented: Set<String> = []
            var path: String?
            var inPaths = false
            for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
                if line == "paths:" { inPaths = true; continue }
                guard inPaths else { continue }
                if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                    path = "/api/v1" + line.dropFirst(2).dropLast()
                } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "),
                    let method = ["get", "post", "put", "patch", "delete"].first(where: { line == "    \($0):" })
                {
                    documented.insert("\(method) \(path)")
                }
            }
            let router = buildRouter(world.environment)
            let routes = router.routes.map { route in
                (
                    method: route.method.rawValue.lowercased(),
                    // `:id` and the other path parameters (`:bucket`, `:category`) are `{id}`, `{bucket}` in the document.
                    path: route.path.description.replacingOccurrences(
                        of: #":([A-Za-z]+)"#, with: "{$1}", options: .regularExpression)
                )
            }.filter { $0.path.hasPrefix("/api/v1") }
            let routed = Set(routes.map { "\($0.method) \($0.path)" })
            #expect(routed.count >= 20)
            #expect(documented == routed)
            // And every route answers (not the router's 404) for a signed-out client.
            for route in routes {
                let uri = route.path.replacingOccurrences(
                    of: #"\{[A-Za-z]+\}"#, with: UUID().uuidString.lowercased(), options: .regularExpression)
                let answer = try await world.client.execute(
                    uri: uri, method: HTTPRequest.Method(rawValue: route.method.uppercased())!,
                    headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}"))
                #expect(
                    [.ok, .unauthorized, .badRequest, .unprocessableContent].contains(answer.status),
                    "\(route.method) \(route.path) answered \(answer.status)")
            }
        }
    }
}

@Suite struct OpenAPISchemaTests {
    /// The lines of one schema under `components/schemas` in the document.
    static func schema(_ name: String, in yaml: String) -> String {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring("    \(name):")) else { return "" }
        let rest = lines[(start + 1)...].prefix { $0.hasPrefix("      ") || $0.isEmpty }
        return rest.joined(separator: "\n")
    }

    @Test("every field the API sends is in its documented schema")
    func fields() async throws {
        try await withWeb { world in
            let yaml = String(
                buffer: try await world.client.execute(uri: "/api/v1/openapi.yaml", method: .get).body)
            let signup = try await world.client.execute(
                uri: "/api/v1/auth/signup", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"email":"jo@example.com","password":"correct horse battery"}"#))
            let tokenBody = try json(signup)
            let token = try #require(tokenBody["token"] as? String)
            let auth: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            let connected = try json(
                try await world.client.execute(
                    uri: "/api/v1/connections", method: .post, headers: auth,
                    body: ByteBuffer(string: #"{"setupToken":"\#(world.setupToken)"}"#)))
            let samples: [(String, [String: Any])] = [
                ("Token", tokenBody),
                ("Me", try #require(tokenBody["user"] as? [String: Any])),
                ("Info", try json(try await world.client.execute(uri: "/api/v1/info", method: .get))),
                ("SyncReport", connected),
                (
                    "Connection",
                    try #require(
                        try jsonArray(
                            try await world.client.execute(uri: "/api/v1/connections", method: .get, headers: auth)
                        )
                        .first)
                ),
                (
                    "Account",
                    try #require(
                        try jsonArray(
                            try await world.client.execute(uri: "/api/v1/accounts", method: .get, headers: auth)
                        )
                        .first)
                ),
            ]
            for (name, sample) in samples {
                let schema = Self.schema(name, in: yaml)
                #expect(!schema.isEmpty, "schema \(name)")
                for key in sample.keys {
                    #expect(schema.contains(" \(key):"), "\(name).\(key) is not documented")
                }
            }
        }
    }
}
