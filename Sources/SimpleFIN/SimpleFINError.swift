/// A SimpleFIN failure, decided by status codes and shapes, never by matching message text
/// (reference section 2.2: a changed 403 body once made a client store error text as a credential).
public struct SimpleFINError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in terms a caller can act on.
    public enum Code: String, Hashable, Sendable {
        /// The pasted setup token is not base64 of a claim URL.
        case invalidSetupToken = "invalid_setup_token"
        /// The claim was refused (403): the token is unknown or was already used, and may be compromised.
        case claimRefused = "claim_refused"
        /// An access URL is malformed, lacks credentials, or is not HTTPS (plain HTTP is allowed on loopback only).
        case invalidAccessURL = "invalid_access_url"
        /// The bridge's address (the token's, or the access URL's) resolves to an address on this server's own
        /// machine or network, and the client's `AddressPolicy` does not allow it. Nothing was sent there.
        case privateAddress = "private_address"
        /// 402: the SimpleFIN subscription has lapsed.
        case paymentRequired = "payment_required"
        /// 403 on data: access was revoked or the credentials are wrong; a new setup token is needed.
        case accessRevoked = "access_revoked"
        /// 429: too many requests today.
        case rateLimited = "rate_limited"
        /// Any other unexpected status, such as a 5xx from the bridge's proxy.
        case unexpectedStatus = "unexpected_status"
        /// The body was not the JSON the protocol promises (an HTML error page, `error code: 524`).
        case notJSON = "not_json"
        /// The JSON lacked a required field or had one of the wrong type.
        case malformedResponse = "malformed_response"
        /// No answer in time.
        case timeout
        /// The connection failed before an answer arrived.
        case transport
    }

    public let code: Code
    /// What happened and what to do, safe to show: never contains credentials.
    public let message: String
    /// The HTTP status, when there was one.
    public let status: Int?

    public init(_ code: Code, _ message: String, status: Int? = nil) {
        self.code = code
        self.message = message
        self.status = status
    }

    public var description: String { message }
}
