import Foundation
import Hummingbird
import VaultCore
import VaultStore

/// The context of every API route after sign-in: a session or bearer token is there, by construction.
///
/// `buildRouter` puts the signed-in API in a group with this context; a request without a live session is
/// answered 401 before any handler runs, and one made with the browser's session cookie must carry its
/// `X-CSRF-Token` on anything but a read (a bearer token is never sent by a browser on its own).
struct APIContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The signed-in person and their session.
    let signedIn: SignedIn

    init(context: WebContext) throws {
        guard let signedIn = context.signedIn else { throw APIError.unauthorized }
        if signedIn.kind == .browser, !context.carriesCSRFToken { throw APIError.forged }
        coreContext = context.coreContext
        self.signedIn = signedIn
    }

    var maxUploadSize: Int { WebContext.maximumBodySize }

    /// The signed-in person.
    var user: User { signedIn.user }
}
