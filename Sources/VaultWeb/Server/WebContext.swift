import Hummingbird
import NIOCore
import VaultCore
import VaultStore

/// The request context: who is signed in (set by `SessionMiddleware`) and where the request came from.
public struct WebContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    /// The signed-in person, when the request carried a live session cookie or bearer token.
    var signedIn: SignedIn?
    /// The client's address from a trusted proxy's `X-Forwarded-For`, when the server is configured to trust it.
    var forwardedFor: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Forms and JSON bodies are small; a setup token is a few hundred bytes. 256 KiB is plenty.
    public var maxUploadSize: Int { 256 * 1024 }

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
