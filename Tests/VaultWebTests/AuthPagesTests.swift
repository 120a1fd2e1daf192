import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultStore
import VaultWeb

@Suite struct AuthPagesTests {
    @Test("signing up creates a user with a household, signs them in and starts onboarding")
    func signUp() async throws {
        try await withWeb { world in
            // Given / When
            let browser = try await world.signedUp("Jo@Example.com")
            // Then
            let user = try #require(try await world.environment.database.users.credentials(email: "jo@example.com"))
            #expect(user.user.email == "jo@example.com")
            #expect(user.passwordHash.hasPrefix("$2"))
            let household = try #require(try await world.environment.database.households.find(user.user.householdID))
            #expect(household.timeZone.identifier == "America/New_York")
            #expect(browser.cookie("gv_session") != nil)
            let page = try await browser.page("/onboarding")
            #expect(page.status == .ok)
            #expect(page.html.contains("Get Started"))
        }
    }

    @Test("a refused sign-up shows every problem and creates nothing")
    func signUpRefused() async throws {
        try await withWeb { world in
            let browser = world.browser()
            let response = try await browser.submit(
                "/signup", from: "/signup", ["email": "not-an-email", "password": "short", "confirmation": "other"])
            #expect(response.status == .unprocessableContent)
            let html = String(buffer: response.body)
            #expect(html.contains("Enter an email address"))
            #expect(html.contains("at least 8 characters"))
            #expect(html.contains("The two passwords differ"))
            #expect(try await world.environment.database.households.all().isEmpty)
            #expect(browser.cookie("gv_session") == nil)
        }
    }

    @Test("an email can sign up once")
    func duplicateEmail() async throws {
        try await withWeb { world in
            _ = try await world.signedUp("jo@example.com")
            let response = try await world.browser().submit(
                "/signup", from: "/signup",
                ["email": "JO@example.com", "password": "another password", "confirmation": "another password"])
            #expect(response.status == .unprocessableContent)
            #expect(String(buffer: response.body).contains("exists already"))
            #expect(try await world.environment.database.households.all().count == 1)
        }
    }

    @Test("sign-in and sign-up forms without their double-submit token are refused")
    func forgedSignedOutForms() async throws {
        try await withWeb { world in
            _ = try await world.signedUp("jo@example.com")
            let browser = world.browser()
            _ = try await browser.page("/login")
            let forged = try await browser.submit(
                "/login", from: "/login", ["email": "jo@example.com", "password": "correct horse battery"],
                csrf: "forged")
            #expect(forged.status == .forbidden)
            #expect(browser.cookie("gv_session") == nil)
            let noCookie = try await world.client.execute(
                uri: "/signup", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "csrf=x&email=a%40b.co&password=12345678&confirmation=12345678"))
            #expect(noCookie.status == .forbidden)
            #expect(try await world.environment.database.households.all().count == 1)
        }
    }

    @Test("signing in with the right password lands on the dashboard; a wrong one says so")
    func signIn() async throws {
        try await withWeb { world in
            let first = try await world.signedUp("jo@example.com")
            _ = try await first.submit("/onboarding/finish", from: "/onboarding/review", [:])
            let browser = world.browser()
            let wrong = try await browser.submit(
                "/login", from: "/login", ["email": "jo@example.com", "password": "wrong password"])
            #expect(wrong.status == .unauthorized)
            #expect(String(buffer: wrong.body).contains("The email or password is not right"))
            let unknown = try await browser.submit(
                "/login", from: "/login", ["email": "nobody@example.com", "password": "wrong password"])
            #expect(String(buffer: unknown.body).contains("The email or password is not right"))
            let right = try await browser.submit(
                "/login", from: "/login", ["email": "JO@example.com", "password": "correct horse battery"])
            #expect(right.status == .seeOther)
            #expect(right.headers[.location] == "/dashboard")
            let cookie = try #require(right.headers[values: .setCookie].first { $0.hasPrefix("gv_session=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(!cookie.contains("Secure"))
            #expect(try await browser.page("/dashboard").status == .ok)
        }
    }

    @Test("after five failures an account is locked for a while, and the wait is said")
    func rateLimited() async throws {
        try await withWeb(loginAttempts: 5) { world in
            _ = try await world.signedUp("jo@example.com")
            let browser = world.browser()
            for _ in 1...5 {
                let response = try await browser.submit(
                    "/login", from: "/login", ["email": "jo@example.com", "password": "guess"])
                #expect(response.status == .unauthorized)
            }
            // Even the right password waits now.
            let limited = try await browser.submit(
                "/login", from: "/login", ["email": "jo@example.com", "password": "correct horse battery"])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(String(buffer: limited.body).contains("Too many failed sign-ins"))
            #expect(browser.cookie("gv_session") == nil)
            // The API shares the count.
            let api = try await world.client.execute(
                uri: "/api/v1/auth/login", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"email":"jo@example.com","password":"correct horse battery"}"#))
            #expect(api.status == .tooManyRequests)
        }
    }

    @Test(
        "signing in never redirects to another site",
        arguments: [
            "//evil.example/x", "https://evil.example", "/\\evil", "/\t/evil.example", "/\n/evil.example", "/ /evil",
        ])
    func noOpenRedirect(next: String) async throws {
        try await withWeb { world in
            _ = try await world.signedUp("jo@example.com")
            let browser = world.browser()
            let encoded = next.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            #expect(!encoded.isEmpty)
            let token = try await browser.csrfToken(on: "/login")
            let response = try await browser.request(
                "/login?next=\(encoded)", method: .post,
                body: Browser.encode(["csrf": token, "email": "jo@example.com", "password": "correct horse battery"]))
            #expect(response.status == .seeOther)
            let location = try #require(response.headers[.location])
            #expect(location.hasPrefix("/") && !location.hasPrefix("//"))
            #expect(!location.contains("evil"))
        }
    }

    @Test("signed-out visitors are sent to sign in, and back afterwards")
    func pagesNeedSignIn() async throws {
        try await withWeb { world in
            for path in ["/dashboard", "/connections", "/settings", "/menu", "/onboarding"] {
                let response = try await world.client.execute(uri: path, method: .get)
                #expect(response.status == .seeOther, "\(path)")
                #expect(response.headers[.location]?.hasPrefix("/login?next=") == true, "\(path)")
            }
            _ = try await world.signedUp("jo@example.com")
            let browser = world.browser()
            let token = try await browser.csrfToken(on: "/login")
            let response = try await browser.request(
                "/login?next=%2Fsettings", method: .post,
                body: Browser.encode(["csrf": token, "email": "jo@example.com", "password": "correct horse battery"]))
            #expect(response.headers[.location] == "/settings")
        }
    }

    @Test("signing out needs the form's token, ends the session and forgets the cookie")
    func signOut() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let session = try #require(browser.cookie("gv_session"))
            let forged = try await browser.submit("/logout", from: "/settings", [:], csrf: "forged")
            #expect(forged.status == .forbidden)
            #expect(try await browser.page("/settings").status == .ok)
            let response = try await browser.submit("/logout", from: "/settings", [:])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/login")
            #expect(browser.cookie("gv_session") == nil)
            // The old cookie no longer works even if replayed.
            let replay = try await world.client.execute(
                uri: "/dashboard", method: .get, headers: [.cookie: "gv_session=\(session)"])
            #expect(replay.status == .seeOther)
        }
    }

    @Test("sign-in attempts sent all at once are counted before the passwords are checked")
    func concurrentGuesses() async throws {
        try await withWeb(loginAttempts: 5) { world in
            _ = try await world.signedUp("jo@example.com")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await world.client.execute(
                            uri: "/api/v1/auth/login", method: .post, headers: [.contentType: "application/json"],
                            body: ByteBuffer(string: #"{"email":"jo@example.com","password":"guess \#(index)"}"#)
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.count { $0 == .unauthorized } == 5)
            #expect(statuses.count { $0 == .tooManyRequests } == 15)
        }
    }

    @Test("a password is used exactly as typed, spaces included")
    func passwordWithSpaces() async throws {
        try await withWeb { world in
            _ = try await world.signedUp("jo@example.com", password: "  spaced out phrase ")
            let browser = world.browser()
            let trimmed = try await browser.submit(
                "/login", from: "/login", ["email": "jo@example.com", "password": "spaced out phrase"])
            #expect(trimmed.status == .unauthorized)
            let exact = try await browser.submit(
                "/login", from: "/login", ["email": "jo@example.com", "password": "  spaced out phrase "])
            #expect(exact.status == .seeOther)
        }
    }
}

@Suite struct SignUpInputTests {
    @Test("an unknown time zone at sign-up is refused, not turned into UTC")
    func unknownTimeZone() async throws {
        try await withWeb { world in
            let browser = world.browser()
            let response = try await browser.submit(
                "/signup", from: "/signup",
                [
                    "email": "jo@example.com", "password": "correct horse battery",
                    "confirmation": "correct horse battery", "timeZone": "Mars/Olympus_Mons",
                ])
            #expect(response.status == .unprocessableContent)
            #expect(String(buffer: response.body).contains("is not a time zone"))
            let api = try await world.client.execute(
                uri: "/api/v1/auth/signup", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(
                    string: #"{"email":"al@example.com","password":"correct horse battery","timeZone":"Nowhere/City"}"#)
            )
            #expect(api.status == .unprocessableContent)
            #expect(String(buffer: api.body).contains("timeZone"))
        }
    }
}
