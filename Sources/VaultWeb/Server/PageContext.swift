import Foundation
import Hummingbird
import VaultCore
import VaultStore

/// The context of every page after sign-in: a browser session is there, by construction.
///
/// `buildRouter` puts the signed-in pages in a group with this context; Hummingbird makes it from the
/// request's `WebContext` before any handler runs, and a request without a browser session never reaches
/// one: it is sent to sign in (and back to the page it asked for, when it was a page).
struct PageContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The signed-in person and their session.
    let signedIn: SignedIn

    init(context: WebContext) throws {
        guard let signedIn = context.signedIn, signedIn.kind == .browser else {
            let back = context.requestMethod == .get ? context.requestTarget : "/dashboard"
            throw WebRedirect(
                location: "/login?next=" + (back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        }
        coreContext = context.coreContext
        self.signedIn = signedIn
    }

    var maxUploadSize: Int { WebContext.maximumBodySize }

    /// The signed-in person.
    var user: User { signedIn.user }

    /// The form this request posted, refused unless it carries the session's CSRF token.
    func form(_ request: Request) async throws -> Form {
        let form = try await Form.read(request, context: self)
        guard constantTimeEquals(form["csrf"] ?? "", signedIn.csrfToken) else { throw PageError.forgedForm }
        return form
    }
}
