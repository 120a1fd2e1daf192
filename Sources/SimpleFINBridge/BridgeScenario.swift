import Foundation

/// Everything a local SimpleFIN bridge serves: users, their claim tokens, institutions, accounts and
/// transactions, and the quirks to reproduce (reference section 8). Loaded from a JSON file or built
/// in code (`DemoHousehold`). Dates are Unix seconds, amounts decimal text, as on the wire. Settings
/// that a scenario file may leave out are optional, and the bridge applies the documented defaults.
public struct BridgeScenario: Codable, Hashable, Sendable {
    /// What `/info` lists.
    public var versions: [String]? = ["1.0"]
    /// The shape served when a request names no version (the real bridge still defaults to 1).
    public var defaultVersion: Int? = 1
    /// Serve both `errors`/`org` and `errlist`/`connections` at once (the migration shape).
    public var mixedShape: Bool? = false
    public var users: [User]
    public var connections: [Connection]
    public var accounts: [Account]
    public var quota: Quota? = Quota()
    /// Seconds to wait before answering `/accounts` (to test time-outs).
    public var delaySeconds: Double? = 0
    /// Answer the next N `/accounts` requests with a non-JSON proxy error instead (`error code: 524`).
    public var proxyErrors: Int? = 0
    /// Answer the next N `/accounts` requests with the proxy's HTML "access denied" page and a 403.
    public var proxyBlocks: Int? = 0
    /// Answer claims with 200 and this text instead of an access URL (a broken bridge, or a hostile one that
    /// names an address on the client's own network).
    public var brokenClaimAnswer: String?

    public init(users: [User], connections: [Connection], accounts: [Account]) {
        self.users = users
        self.connections = connections
        self.accounts = accounts
    }

    /// A SimpleFIN Bridge user: the access credentials and the setup tokens that claim them.
    public struct User: Codable, Hashable, Sendable {
        public var username: String
        public var password: String
        /// Setup tokens (the part after `/claim/`) that yield this user's access URL.
        public var claimTokens: [String]
        /// Tokens that can be claimed again and again, like the real bridge's `DEMO`.
        public var reusableTokens: [String]? = []
        /// `active`, `lapsed` (402) or `revoked` (403).
        public var status: Status? = .active
        /// The connections this user sees; empty means all.
        public var connectionIDs: [String]? = []

        public enum Status: String, Codable, Hashable, Sendable { case active, lapsed, revoked }

        public init(username: String, password: String, claimTokens: [String], reusableTokens: [String] = []) {
            self.username = username
            self.password = password
            self.claimTokens = claimTokens
            self.reusableTokens = reusableTokens
        }
    }

    /// One login at one institution.
    public struct Connection: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        public var orgID: String
        public var orgName: String
        public var orgDomain: String
        public var orgURL: String
        /// `con.auth` or another code: the bank login needs the person; its accounts come back stale.
        public var failure: String?

        public init(id: String, name: String, orgID: String, orgName: String, orgDomain: String, orgURL: String) {
            self.id = id
            self.name = name
            self.orgID = orgID
            self.orgName = orgName
            self.orgDomain = orgDomain
            self.orgURL = orgURL
        }
    }

    /// One account and its full history; the bridge serves the part a request's window asks for.
    public struct Account: Codable, Hashable, Sendable {
        public var id: String
        public var connectionID: String
        public var name: String
        public var currency: String
        public var balance: String
        public var availableBalance: String?
        public var balanceDate: Int64
        public var transactions: [Transaction]
        public var holdings: [Holding]?
        /// `act.failed` or `act.missingdata`: a partial failure reported on a 200, without transactions.
        public var failure: String?
        /// From this instant on, transactions dated up to it are served under new ids (a bank re-issuing ids).
        public var reissueIDsAfter: Int64?

        public init(
            id: String, connectionID: String, name: String, currency: String, balance: String,
            availableBalance: String? = nil, balanceDate: Int64, transactions: [Transaction], holdings: [Holding] = []
        ) {
            self.id = id
            self.connectionID = connectionID
            self.name = name
            self.currency = currency
            self.balance = balance
            self.availableBalance = availableBalance
            self.balanceDate = balanceDate
            self.transactions = transactions
            self.holdings = holdings
        }
    }

    /// One transaction. A pending one may `become` a posted one under a new id once its posting time
    /// has come; one with `vanishesAt` stops appearing then (authorisations that never post).
    public struct Transaction: Codable, Hashable, Sendable {
        public var id: String
        /// Unix seconds; `0` for a pending item with no posting date yet.
        public var posted: Int64
        public var amount: String
        public var description: String
        public var payee: String?
        public var memo: String?
        public var transactedAt: Int64?
        public var pending: Bool?
        public var becomes: Posted?
        public var vanishesAt: Int64?

        /// The posted form of a pending transaction.
        public struct Posted: Codable, Hashable, Sendable {
            public var id: String
            public var posted: Int64
            public var amount: String

            public init(id: String, posted: Int64, amount: String) {
                self.id = id
                self.posted = posted
                self.amount = amount
            }
        }

        public init(
            id: String, posted: Int64, amount: String, description: String, payee: String? = nil, memo: String? = nil,
            transactedAt: Int64? = nil, pending: Bool = false
        ) {
            self.id = id
            self.posted = posted
            self.amount = amount
            self.description = description
            self.payee = payee
            self.memo = memo
            self.transactedAt = transactedAt
            self.pending = pending
        }
    }

    /// An investment position.
    public struct Holding: Codable, Hashable, Sendable {
        public var id: String
        public var symbol: String
        public var description: String
        public var shares: String
        public var marketValue: String
        public var costBasis: String
        public var currency: String
        public var created: Int64
    }

    /// The daily request budget per user (UTC days), as the real bridge enforces it (reference 4).
    public struct Quota: Codable, Hashable, Sendable {
        /// Requests beyond this many in a day carry a warning message.
        public var warnAfter: Int = 24
        /// Requests beyond this many are answered 429.
        public var rejectAfter: Int = 48
        /// Requests beyond this many disable the access token for good (403).
        public var disableAfter: Int = 96

        public init(warnAfter: Int = 24, rejectAfter: Int = 48, disableAfter: Int = 96) {
            self.warnAfter = warnAfter
            self.rejectAfter = rejectAfter
            self.disableAfter = disableAfter
        }
    }
}

extension BridgeScenario {
    /// Reads a scenario from JSON (keys named as the Swift properties: `claimTokens`, `orgID`).
    public init(json data: Data) throws {
        self = try JSONDecoder().decode(BridgeScenario.self, from: data)
    }

    /// The scenario as JSON, for saving and editing.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
