import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Settings' routes: the page (theme, Data & Sync, the server address, the danger zone's entry) and the theme
/// form. Sync Now posts to `/sync` (`AppPages`); the danger zone has its own routes (`DangerZonePages`).
struct SettingsPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/settings") { request, context in try await settings(request, context) }
        router.post("/settings/theme") { request, context in try await setTheme(request, context) }
    }

    func settings(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let connections = try await environment.sync(for: signedIn.user).overview()
        let household = try await environment.household(of: signedIn.user).details()
        let role = try await environment.vault(for: signedIn.user).households.role(of: signedIn.user)
        return .html(
            SettingsPage.render(
                signedIn: signedIn, connections: connections, household: household,
                serverAddress: environment.baseURL(request),
                role: role))
    }

    func setTheme(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        guard let theme = form["theme"].flatMap(User.Theme.init(rawValue:)) else {
            throw PageError(status: .badRequest, title: "Unknown theme", message: "Choose System, Light or Dark.")
        }
        var user = signedIn.user
        user.theme = theme
        try await environment.savePreferences(user)
        return .seeOther("/settings", flash: Flash(.notice, "Saved."))
    }

    /// The address this request reached the server at, for "the server address a native app should use".
    static func serverAddress(_ request: Request, secure: Bool) -> String {
        let host = request.head.authority ?? "127.0.0.1"
        return (secure ? "https://" : "http://") + host
    }
}

extension WebEnvironment {
    /// The address people and apps reach this server at: the configured public URL, else the request's own.
    func baseURL(_ request: Request) -> String {
        configuration.publicURL ?? SettingsPages.serverAddress(request, secure: configuration.secureCookies)
    }
}
