import HTTPTypes
import Hummingbird
import NIOCore
import VaultCore
import VaultStore

/// The request context before sign-in is known to be there: who is signed in, if anyone (set by
/// `SessionMiddleware`), and where the request came from. Routes for signed-in people use `PageContext` or
/// `APIContext`, which exist only when someone is.
public struct WebContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    /// The signed-in person, when the request carried a live session cookie or bearer token.
    var signedIn: SignedIn?
    /// The client's address from a trusted proxy's `X-Forwarded-For`, when the server is configured to trust it.
    var forwardedFor: String?
    /// The request's method and target (path and query), for sending a signed-out person back after sign-in.
    var requestMethod: HTTPRequest.Method = .get
    var requestTarget = "/"
    /// Whether the request is a read, or carries the signed-in session's CSRF token in `X-CSRF-Token`.
    var carriesCSRFToken = false

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Forms and JSON bodies are small; a setup token is a few hundred bytes. 256 KiB is plenty.
    static let maximumBodySize = 256 * 1024
    public var maxUploadSize: Int { Self.maximumBodySize }

    /// The client's address for rate limiting ("local" when the transport has none, as in router tests).
    var clientAddress: String { forwardedFor ?? remoteAddress?.ipAddress ?? "local" }
}

/// A live session and the person it belongs to.
struct SignedIn: Sendable {
    let user: User
    let kind: UserDirectory.SessionKind
    let csrfToken: String
    let token: String
    /// The one-time message the previous form left for this page, if any.
    var flash: Flash?
}
