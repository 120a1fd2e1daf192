import Foundation
import HTTPTypes
import Hummingbird
import VaultCore
import VaultServices
import VaultStore

/// Signing up, signing in and signing out in the browser.
///
/// The forms shown before signing in are protected by a double-submit token: a random value in a
/// SameSite=Strict cookie that the form must echo, which a page on another site cannot read.
struct AuthPages {
    let environment: WebEnvironment

    static let formCookie = "gv_form"

    /// Routes anyone may reach, signed in or not.
    func addRoutes(to router: some RouterMethods<WebContext>) {
        router.get("/") { _, context in
            context.signedIn == nil ? Response.seeOther("/login") : Response.seeOther("/dashboard")
        }
        router.get("/login") { request, context in try signIn(request, context) }
        router.post("/login") { request, context in try await signIn(post: request, context) }
        router.get("/signup") { request, context in try signUp(request, context) }
        router.post("/signup") { request, context in try await signUp(post: request, context) }
        router.post("/logout") { request, context in try await signOut(request, context) }
    }

    // MARK: - Sign in

    func signIn(
        _ request: Request, _ context: WebContext, email: String = "", problems: [String] = [],
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        if context.signedIn?.kind == .browser, problems.isEmpty { return .seeOther("/dashboard") }
        let next = request.queryForm["next"].flatMap(Self.localPath) ?? ""
        return formPage(
            request, title: "Sign in", status: status,
            body: { token in
                """
                <h1>Sign in to GhostVault</h1>
                \(Layout.problems(problems))
                <form class="stack card" method="post" action="/login\(next.isEmpty ? "" : "?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))">
                <input type="hidden" name="csrf" value="\(token)">
                <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="\(email)">
                <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
                <p><button type="submit">Sign in</button></p>
                </form>
                <p>New here? <a href="/signup">Create an account</a></p>
                """
            })
    }

    func signIn(post request: Request, _ context: WebContext) async throws -> Response {
        let form = try await Form.read(request, context: context)
        try Self.checkFormToken(request, form)
        let email = User.normalizedEmail(form["email"] ?? "")
        let now = environment.clock()
        if let retry = try await environment.beginSignIn(
            email: email, address: context.clientAddress, now: now, logger: context.logger)?.until
        {
            let minutes = max(1, Int((retry.timeIntervalSince(now) / 60).rounded(.up)))
            var response = try signIn(
                request, context, email: email,
                problems: ["Too many failed sign-ins. Wait \(minutes) minute(s), then try again."],
                status: .tooManyRequests)
            response.headers[.retryAfter] = String(max(1, Int(retry.timeIntervalSince(now).rounded(.up))))
            return response
        }
        let user: User
        do {
            user = try await environment.users.authenticate(email: email, password: form.raw("password"))
        } catch let error as VaultError where error.code == .unauthorized {
            return try signIn(request, context, email: email, problems: [error.message], status: .unauthorized)
        }
        try await environment.limiter.succeeded(email: email, address: context.clientAddress, now: now)
        let next = request.queryForm["next"].flatMap(Self.localPath)
        return try await startSession(user, location: next ?? (user.onboardedAt == nil ? "/onboarding" : "/dashboard"))
    }

    // MARK: - Sign up

    func signUp(
        _ request: Request, _ context: WebContext, email: String = "", problems: [String] = [],
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        formPage(
            request, title: "Create an account", status: status,
            body: { token in
                """
                <h1>Create your GhostVault account</h1>
                <p class="muted">Your data stays on this server. Use at least \(UserService.minimumPasswordLength) characters for the password.</p>
                \(Layout.problems(problems))
                <form class="stack card" method="post" action="/signup">
                <input type="hidden" name="csrf" value="\(token)">
                <input type="hidden" name="timeZone" id="time-zone" value="">
                <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="\(email)">
                <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="\(UserService.minimumPasswordLength)" required>
                <label for="confirmation">Confirm password</label><input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required>
                <label for="currency">Currency</label><input id="currency" name="currency" type="text" value="USD" maxlength="3" autocapitalize="characters">
                <p><button type="submit">Create account</button></p>
                </form>
                <p>Have an account? <a href="/login">Sign in</a></p>
                """
            })
    }

    func signUp(post request: Request, _ context: WebContext) async throws -> Response {
        let form = try await Form.read(request, context: context)
        try Self.checkFormToken(request, form)
        do {
            let user = try await environment.users.signUp(
                .init(
                    email: form["email"] ?? "", password: form.raw("password"), confirmation: form.raw("confirmation"),
                    timeZone: form["timeZone"], currency: form["currency"]?.uppercased()))
            return try await startSession(user, location: "/onboarding")
        } catch let error as VaultError where error.code == .invalidInput {
            return try signUp(
                request, context, email: form["email"] ?? "", problems: error.problems.map(\.message),
                status: .unprocessableContent)
        }
    }

    // MARK: - Sign out

    func signOut(_ request: Request, _ context: WebContext) async throws -> Response {
        let form = try await Form.read(request, context: context)
        guard let signedIn = context.signedIn else { return .seeOther("/login") }
        guard constantTimeEquals(form["csrf"] ?? "", signedIn.csrfToken) else { throw PageError.forgedForm }
        try await environment.endSession(token: signedIn.token)
        var response = Response.seeOther("/login")
        response.setCookie(sessionCookie("", maxAge: 0))
        return response
    }

    // MARK: - Helpers

    func startSession(_ user: User, location: String) async throws -> Response {
        let session = try await environment.users.startSession(for: user, kind: .browser)
        var response = Response.seeOther(location)
        response.setCookie(sessionCookie(session.token, maxAge: Int(UserService.browserSessionLifetime)))
        response.setCookie(
            Cookie(name: Self.formCookie, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
        return response
    }

    func sessionCookie(_ value: String, maxAge: Int) -> Cookie {
        Cookie(
            name: SessionMiddleware.cookieName, value: value, maxAge: maxAge, path: "/",
            secure: environment.configuration.secureCookies, httpOnly: true, sameSite: .lax)
    }

    /// A signed-out form page with a fresh double-submit token (reusing the browser's, so two tabs agree).
    func formPage(_ request: Request, title: String, status: HTTPResponse.Status, body: (String) -> HTML) -> Response {
        let token = request.cookies[Self.formCookie]?.value.nonEmpty ?? UserService.newToken()
        var response = Response.html(Layout.page(title: title, signedIn: nil, body: body(token)), status: status)
        response.setCookie(
            Cookie(
                name: Self.formCookie, value: token, maxAge: 3_600, path: "/",
                secure: environment.configuration.secureCookies, httpOnly: true, sameSite: .strict))
        return response
    }

    static func checkFormToken(_ request: Request, _ form: Form) throws {
        guard let cookie = request.cookies[formCookie]?.value, !cookie.isEmpty,
            constantTimeEquals(form["csrf"] ?? "", cookie)
        else { throw PageError.forgedForm }
    }

    /// A path on this site to go to after signing in; nil for anything that could lead elsewhere.
    ///
    /// Browsers drop tabs and line breaks from URLs and read a backslash as `/`, so `/<tab>/evil.example` would
    /// become `//evil.example`: only printable ASCII without backslashes is accepted.
    static func localPath(_ path: String) -> String? {
        guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"), !path.contains("://"),
            path.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
        else { return nil }
        return path
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}

extension Form {
    /// The first value exactly as sent (passwords keep their spaces).
    func raw(_ name: String) -> String { all(name).first ?? "" }
}
