import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// The SimpleFIN protocol client: claiming a setup token, `/info`, and `/accounts`.
///
/// Every outcome is decided by the HTTP status and the shape of the body, never by message text.
/// Redirects are not followed, so Basic credentials are never replayed to another host. The access
/// URL is never logged: log lines name the server root with `***` for the credentials.
///
/// Every request (the claim, `/info`, `/accounts`) goes only where the client's `AddressPolicy`
/// allows: the host is resolved, every address it resolves to is checked, and the connection is made
/// to the checked address (AsyncHTTPClient's `dnsOverride`, which keeps the name for TLS and `Host`).
/// The access URL a claim returns is checked before it is handed back, so it is never stored.
public final class SimpleFINClient: Sendable {
    /// The HTTP settings every request starts from; each request adds its checked address.
    private let configuration: HTTPClient.Configuration
    /// The client used when the policy leaves resolution to AsyncHTTPClient (`allowPrivate`).
    private let shared: HTTPClient
    /// Where requests may go.
    public let policy: AddressPolicy
    private let userAgent: String
    private let timeout: Duration
    private let logger: Logger

    /// The User-Agent sent with every request; the bridge's proxy blocks anonymous clients.
    public static let defaultUserAgent = "GhostVault/0.1 (self-hosted personal finance; SimpleFIN client)"

    /// How long one request may take. Answers for many accounts are slow (reference 5.4: 60 s was not always enough).
    public static let defaultTimeout: Duration = .seconds(120)

    /// A client that sends requests only where `policy` allows: public addresses by default.
    public init(
        policy: AddressPolicy = .publicOnly, userAgent: String = SimpleFINClient.defaultUserAgent,
        timeout: Duration = SimpleFINClient.defaultTimeout, logger: Logger = Logger(label: "ghostvault.simplefin")
    ) {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout = .init(connect: .seconds(15), read: .seconds(Int64(timeout.components.seconds)))
        self.configuration = configuration
        self.shared = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.policy = policy
        self.userAgent = userAgent
        self.timeout = timeout
        self.logger = logger
    }

    /// Creates a client, runs `body` with it, and shuts it down, also when `body` throws.
    public static func using<T>(
        policy: AddressPolicy = .publicOnly, timeout: Duration = SimpleFINClient.defaultTimeout,
        _ body: (SimpleFINClient) async throws -> T
    ) async throws -> T {
        let client = SimpleFINClient(policy: policy, timeout: timeout)
        do {
            let result = try await body(client)
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// Closes the client's connections.
    public func shutdown() async throws {
        try await shared.shutdown()
    }

    /// Checks that the policy allows the server `url` names, without sending anything; for an access
    /// URL that was pasted rather than claimed, before it is stored.
    public func checkAddress(of url: URL) async throws(SimpleFINError) {
        _ = try await admit(url, what: "an access URL")
    }

    /// The policy's decision on `url`, with a log line (host only, never credentials) when it refuses.
    private func admit(_ url: URL, what: String) async throws(SimpleFINError) -> IPAddress? {
        do {
            return try await policy.admit(url)
        } catch {
            if error.code == .privateAddress {
                logger.notice(
                    "Refused a SimpleFIN request to this server's own network",
                    metadata: ["host": "\(url.host ?? "")", "request": "\(what)"])
            }
            throw error
        }
    }

    /// Exchanges a claim URL for an access URL (reference 2.2). A token can be claimed once: a 403
    /// means it was used before or never existed, and it may be compromised.
    public func claim(_ claimURL: URL) async throws(SimpleFINError) -> AccessURL {
        var request = HTTPClientRequest(url: claimURL.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Length", value: "0")
        let (status, body) = try await send(request, what: "the claim")
        switch status {
        case 200:
            let text = String(decoding: body, as: UTF8.self)
            let access: AccessURL
            do {
                access = try AccessURL(text)
            } catch {
                // Whatever came back, it is not a credential: never store it.
                throw SimpleFINError(
                    .malformedResponse,
                    "SimpleFIN accepted the token but did not return an access URL; try a new token.",
                    status: status)
            }
            // The answer names the server every later sync calls: a bridge must not point it at this network.
            _ = try await admit(access.root, what: "the access URL the claim returned")
            return access
        case 403:
            throw SimpleFINError(
                .claimRefused,
                "SimpleFIN refused this setup token: it was already used or does not exist. If you did not use it, "
                    + "someone else may have; disable it at SimpleFIN Bridge and create a new one.", status: status)
        default:
            throw Self.unexpected(status, body, what: "the claim")
        }
    }

    /// The protocol versions the server says it speaks (`/info`); not a reliable feature probe (reference 1).
    public func info(root: URL) async throws(SimpleFINError) -> [String] {
        let (status, body) = try await send(
            HTTPClientRequest(url: root.appendingPathComponent("info").absoluteString), what: "/info")
        guard status == 200 else { throw Self.unexpected(status, body, what: "/info") }
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let versions = object["versions"] as? [String]
        else {
            throw SimpleFINError(.malformedResponse, "SimpleFIN's /info answer lists no versions.", status: status)
        }
        return versions
    }

    /// Fetches accounts (and, unless `balancesOnly`, transactions) in the query's window.
    public func accounts(_ access: AccessURL, _ query: AccountsQuery) async throws(SimpleFINError) -> AccountSet {
        guard
            var components = URLComponents(
                url: access.root.appendingPathComponent("accounts"), resolvingAgainstBaseURL: false)
        else {
            throw SimpleFINError(.invalidAccessURL, "The access URL could not be used; claim a new setup token.")
        }
        components.percentEncodedQueryItems = query.queryItems
        guard let url = components.url else {
            throw SimpleFINError(.invalidAccessURL, "The access URL could not be used; claim a new setup token.")
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Authorization", value: access.basicAuthorization)
        logger.debug(
            "GET /accounts", metadata: ["server": "\(access)", "query": "\(components.percentEncodedQuery ?? "")"])
        let (status, body) = try await send(request, what: "/accounts")
        switch status {
        case 200:
            return try AccountSet(json: body)
        case 402:
            throw SimpleFINError(
                .paymentRequired,
                "Your SimpleFIN subscription has lapsed; renew it at SimpleFIN Bridge, then sync again.",
                status: status)
        case 403 where Self.looksLikeHTML(body):
            // A proxy's block page, not the bridge refusing the credentials: a new token would not help.
            throw SimpleFINError(
                .unexpectedStatus,
                "SimpleFIN's network blocked this request (an HTML 'access denied' page). Your access is probably fine; "
                    + "try again later, and do not reset the token for this.", status: status)
        case 403:
            throw SimpleFINError(
                .accessRevoked,
                "SimpleFIN no longer accepts this connection's access (it was revoked or disabled). "
                    + "Create a new setup token at SimpleFIN Bridge and reconnect.", status: status)
        case 429:
            let detail = (try? AccountSet(json: body))?.messages.first?.text
            throw SimpleFINError(
                .rateLimited,
                "SimpleFIN says there were too many requests today" + (detail.map { " (\($0))" } ?? "")
                    + ". Sync again tomorrow.", status: status)
        default:
            throw Self.unexpected(status, body, what: "/accounts")
        }
    }

    /// Sends a request to the address the policy checked, with the User-Agent and deadline; maps transport
    /// failures to typed errors.
    private func send(_ request: HTTPClientRequest, what: String) async throws(SimpleFINError) -> (Int, Data) {
        guard let url = URL(string: request.url) else {
            throw SimpleFINError(.invalidAccessURL, "The SimpleFIN address is not a URL; use a new setup token.")
        }
        let pinned = try await admit(url, what: what)
        var request = request
        request.headers.replaceOrAdd(name: "User-Agent", value: userAgent)
        request.headers.replaceOrAdd(name: "Accept", value: "application/json")
        // A pinned request gets its own short-lived HTTP client: `dnsOverride` is per client, and a pooled
        // connection made for an earlier answer must not serve a name that was checked again.
        let pinnedClient = pinned.flatMap { address in
            AddressPolicy.connectionHost(of: url).map { host in
                var configuration = self.configuration
                configuration.dnsOverride = [host: address.description]
                return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            }
        }
        do {
            let answer = try await execute(request, on: pinnedClient ?? shared, what: what)
            try? await pinnedClient?.shutdown()
            return answer
        } catch {
            try? await pinnedClient?.shutdown()
            throw error
        }
    }

    /// Runs one request on `http` and reads its whole body.
    private func execute(
        _ request: HTTPClientRequest, on http: HTTPClient, what: String
    )
        async throws(SimpleFINError) -> (Int, Data)
    {
        do {
            let response = try await http.execute(request, timeout: .seconds(Int64(timeout.components.seconds)))
            let body = try await response.body.collect(upTo: Self.maximumBody)
            return (Int(response.status.code), Data(body.readableBytesView))
        } catch let error as HTTPClientError
            where error == .deadlineExceeded || error == .readTimeout
            || error == .connectTimeout
        {
            throw SimpleFINError(.timeout, "SimpleFIN did not answer \(what) in time; try again later.")
        } catch {
            throw SimpleFINError(
                .transport,
                "Could not reach SimpleFIN for \(what): \(Self.describe(error)). Check the network and try again.")
        }
    }

    /// Whether a body is an HTML page rather than the bridge's own answer.
    static func looksLikeHTML(_ body: Data) -> Bool {
        let start = String(decoding: body.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            .lowercased()
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }

    /// The largest body read (10 MB): years of transactions for many accounts fit well inside it.
    static let maximumBody = 10 * 1024 * 1024

    /// A status the protocol does not define for this request, said without repeating the body.
    static func unexpected(_ status: Int, _ body: Data, what: String) -> SimpleFINError {
        let looksLikeJSON = (try? JSONSerialization.jsonObject(with: body)) != nil
        return SimpleFINError(
            looksLikeJSON || status >= 500 ? .unexpectedStatus : .notJSON,
            "SimpleFIN answered \(what) with HTTP \(status)"
                + (status >= 500 ? ", a temporary problem on its side" : "") + "; try again later.", status: status)
    }

    /// A short description of a transport error that cannot contain the request URL's credentials.
    static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError { return "\(error)" }
        return String(describing: type(of: error))
    }
}

/// What to ask `/accounts` for (reference 2.6).
public struct AccountsQuery: Hashable, Sendable {
    /// Include transactions on or after this instant.
    public var start: Date?
    /// Include transactions before (not on) this instant.
    public var end: Date?
    /// Ask for pending transactions; the bridge checks only presence, so false omits the parameter.
    public var pending: Bool
    /// Only these accounts (each repeated as `account=`); empty for all.
    public var accountIDs: [String]
    /// Balances without transactions, for discovering accounts.
    public var balancesOnly: Bool
    /// Ask for the v2 shape; both shapes are understood either way.
    public var version2: Bool

    public init(
        start: Date? = nil, end: Date? = nil, pending: Bool = true, accountIDs: [String] = [],
        balancesOnly: Bool = false, version2: Bool = true
    ) {
        self.start = start
        self.end = end
        self.pending = pending
        self.accountIDs = accountIDs
        self.balancesOnly = balancesOnly
        self.version2 = version2
    }

    /// The percent-encoded query items, in a stable order.
    var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let start {
            items.append(URLQueryItem(name: "start-date", value: String(Int64(start.timeIntervalSince1970))))
        }
        if let end { items.append(URLQueryItem(name: "end-date", value: String(Int64(end.timeIntervalSince1970)))) }
        if pending { items.append(URLQueryItem(name: "pending", value: "1")) }
        for id in accountIDs {
            let encoded = id.addingPercentEncoding(withAllowedCharacters: .simpleFINQueryValue) ?? id
            items.append(URLQueryItem(name: "account", value: encoded))
        }
        if balancesOnly { items.append(URLQueryItem(name: "balances-only", value: "1")) }
        if version2 { items.append(URLQueryItem(name: "version", value: "2")) }
        return items
    }
}

extension CharacterSet {
    /// Characters left as they are in a query value; everything else (spaces, `&`, `+`, `=`) is escaped.
    static let simpleFINQueryValue: CharacterSet = {
        var set = CharacterSet.alphanumerics
        set.insert(charactersIn: "-._~")
        return set
    }()
}
