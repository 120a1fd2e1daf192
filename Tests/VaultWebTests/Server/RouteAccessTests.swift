import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultTestSupport

@testable import VaultWeb

/// Sign-in is enforced by the router: every route outside the public list refuses a signed-out request.
@Suite struct RouteAccessTests {
    /// Routes anyone may reach. Adding to this list is a decision: say why in the route's comment.
    static let publicRoutes: Set<String> = [
        "GET /", "GET /login", "POST /login", "GET /signup", "POST /signup", "POST /logout",
        "GET /api/v1/info", "GET /api/v1/openapi.yaml", "POST /api/v1/auth/signup", "POST /api/v1/auth/login",
        // The installable app's manifest, service worker and offline page: the same for everyone, no one's data.
        "GET /manifest.webmanifest", "GET /sw.js", "GET /offline",
        // For a reverse proxy or an orchestrator: the process is up; the database answers and is current.
        "GET /healthz", "GET /readyz",
        // A phone's calendar subscribes with nothing but the secret link; without it the answer is a plain 404.
        "GET /calendar/{feed}",
    ]

    @Test("every route outside the public list answers 401 (API) or sends to sign-in (pages) when signed out")
    func signedOutRouteWalk() async throws {
        try await withWeb { world in
            let routes = buildRouter(world.environment).routes
            // The walk covers the whole app: if the table shrank to nothing, the test would pass vacuously.
            #expect(routes.count > 80)
            var checked = 0
            for route in routes {
                let key = "\(route.method) \(route.path)"
                if Self.publicRoutes.contains(key) || route.path.description.hasPrefix("/assets/") { continue }
                let uri = Self.concrete(route.path.description)
                let response = try await world.client.execute(
                    uri: uri, method: route.method, headers: [.contentType: "application/json"],
                    body: .init(string: "{}"))
                if uri.hasPrefix("/api/") {
                    #expect(response.status == .unauthorized, "\(key) answered \(response.status)")
                    #expect(String(buffer: response.body).contains("\"unauthorized\""), "\(key)")
                } else {
                    #expect(response.status == .seeOther, "\(key) answered \(response.status)")
                    #expect(response.headers[.location]?.hasPrefix("/login") == true, "\(key)")
                }
                checked += 1
            }
            #expect(checked > 70)
        }
    }

    @Test("the public routes are all still there, so the list above cannot hide a removed check")
    func publicRoutesExist() async throws {
        try await withWeb { world in
            let routes = Set(buildRouter(world.environment).routes.map { "\($0.method) \($0.path)" })
            #expect(Self.publicRoutes.isSubset(of: routes), "\(Self.publicRoutes.subtracting(routes))")
        }
    }

    @Test("a signed-out page sends back to where it was asked for after sign-in")
    func returnsAfterSignIn() async throws {
        try await withWeb { world in
            let response = try await world.client.execute(uri: "/transactions?search=coffee", method: .get)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/login?next=%2Ftransactions%3Fsearch%3Dcoffee")
        }
    }

    @Test("a session cookie sent to the API must carry its CSRF token to change anything")
    func cookieNeedsCSRFOnAPI() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let read = try await browser.request("/api/v1/me")
            #expect(read.status == .ok)
            let write = try await browser.request(
                "/api/v1/me", method: .patch, body: #"{"theme":"dark"}"#, contentType: "application/json")
            #expect(write.status == .forbidden)
            #expect(String(buffer: write.body).contains("\"csrf\""))
        }
    }

    /// A path with its parameters filled in: ids as UUIDs, anything else as a word.
    static func concrete(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { part in
            if part == ":id" { return "0193a5b0-0000-7000-8000-000000000001" }
            if part.hasPrefix(":") || part.hasPrefix("*") || part.hasPrefix("{") { return "x" }
            return String(part)
        }.joined(separator: "/")
    }
}
