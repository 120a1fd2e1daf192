import Foundation

/// What `/accounts` answered, in one shape whatever the protocol version (v1, v2, or a mix of both).
///
/// v1 names each account's institution in `org` and reports problems as `errors` strings; v2 lists
/// `connections`, gives each account a `conn_id`, and reports problems as structured `errlist`
/// entries. Both are read; `messages` holds every problem and notice, v1, v2 and `x-api-message` alike.
public struct AccountSet: Hashable, Sendable {
    public var accounts: [Account]
    /// The logins at institutions (v2), or one per distinct v1 `org`.
    public var connections: [Connection]
    /// Problems and notices, in the order given; show them, they are partial-failure signals on a 200.
    public var messages: [Message]
    /// Whether the server answered in the v2 shape.
    public var isVersion2: Bool

    public init(accounts: [Account], connections: [Connection], messages: [Message], isVersion2: Bool) {
        self.accounts = accounts
        self.connections = connections
        self.messages = messages
        self.isVersion2 = isVersion2
    }

    /// One login at one institution.
    public struct Connection: Hashable, Sendable {
        /// The v2 `conn_id`; for v1, derived from the org (`org:<id or domain or name>`).
        public var id: String
        public var name: String
        public var institutionID: String?
        public var institutionName: String?
        public var institutionURL: String?
        public var institutionDomain: String?

        public init(
            id: String, name: String, institutionID: String? = nil, institutionName: String? = nil,
            institutionURL: String? = nil, institutionDomain: String? = nil
        ) {
            self.id = id
            self.name = name
            self.institutionID = institutionID
            self.institutionName = institutionName
            self.institutionURL = institutionURL
            self.institutionDomain = institutionDomain
        }
    }

    /// One account as the bank reports it.
    public struct Account: Hashable, Sendable {
        public var id: String
        public var name: String
        /// The connection it belongs to (see `Connection.id`).
        public var connectionID: String
        /// An ISO 4217 code, or a URL for a custom currency.
        public var currency: String
        /// The balance as exact decimal text (`"-500.25"`).
        public var balance: String
        public var availableBalance: String?
        public var balanceDate: Date
        public var transactions: [Transaction]
        public var holdings: [Holding]
    }

    /// One transaction as the bank reports it.
    public struct Transaction: Hashable, Sendable {
        /// Unique within its account, and never reused there; may repeat across accounts.
        public var id: String
        /// When it posted; nil when the bank sent `0` (pending items).
        public var posted: Date?
        /// Exact decimal text; positive is money into the account.
        public var amount: String
        public var description: String
        public var payee: String?
        public var memo: String?
        public var transactedAt: Date?
        public var isPending: Bool
    }

    /// An investment position (a bridge extension).
    public struct Holding: Hashable, Sendable {
        public var id: String
        public var symbol: String?
        public var description: String?
        public var shares: String?
        public var marketValue: String?
        public var costBasis: String?
        public var currency: String?
    }

    /// A problem or notice from the server.
    public struct Message: Hashable, Sendable {
        /// The v2 code (`con.auth`, `act.failed`, ...); `gen` for v1 strings, `api` for `x-api-message`.
        public var code: String
        /// The text, cleaned of control characters; show it, never match on it.
        public var text: String
        public var connectionID: String?
        public var accountID: String?

        /// The code's prefix (`con` for `con.auth`): unknown subcodes mean the bare prefix (reference 3.2).
        public var kind: String { String(code.split(separator: ".").first ?? "gen") }
    }
}
