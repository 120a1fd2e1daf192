import Foundation

/// The bridge's memory between requests: claimed tokens, each user's requests today, disabled tokens.
public actor BridgeState {
    public private(set) var scenario: BridgeScenario
    private let clock: @Sendable () -> Date
    private var claimedTokens: Set<String> = []
    private var disabledUsers: Set<String> = []
    private var requestsToday: [String: (day: Int64, count: Int)] = [:]
    private var proxyErrorsLeft: Int
    private var proxyBlocksLeft: Int

    public init(scenario: BridgeScenario, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.scenario = scenario
        self.clock = clock
        self.proxyErrorsLeft = scenario.proxyErrors ?? 0
        self.proxyBlocksLeft = scenario.proxyBlocks ?? 0
    }

    /// The bridge's current time.
    public var now: Date { clock() }

    /// Replaces what the bridge serves (tests change data between syncs); claims and quotas are kept.
    public func update(_ change: (inout BridgeScenario) -> Void) {
        change(&scenario)
    }

    /// Answers the next `proxyErrors` `/accounts` requests with a proxy's non-JSON 524, then the next `proxyBlocks`
    /// with its HTML 403 page, like `BridgeScenario.proxyErrors` and `proxyBlocks` but from now on (tests that let
    /// a first sync work and the next one fail).
    public func failNext(proxyErrors: Int = 0, proxyBlocks: Int = 0) {
        proxyErrorsLeft += max(0, proxyErrors)
        proxyBlocksLeft += max(0, proxyBlocks)
    }

    /// The outcome of `POST /claim/TOKEN`.
    enum Claim { case access(BridgeScenario.User), refused }

    /// A one-time token works once; a reusable one always; anything else is refused (403).
    func claim(_ token: String) -> Claim {
        for user in scenario.users {
            if (user.reusableTokens ?? []).contains(token) { return .access(user) }
            if user.claimTokens.contains(token) {
                guard claimedTokens.insert(token).inserted else { return .refused }
                return .access(user)
            }
        }
        return .refused
    }

    /// The outcome of checking a request's credentials and its place in today's budget.
    enum Admission {
        case allowed(BridgeScenario.User, warning: String?)
        case unauthorized
        case lapsed
        case tooManyRequests
        case proxyError
        case proxyBlock
    }

    /// Checks Basic credentials, then counts the request against the user's daily quota
    /// (reference 4): a warning past `warnAfter`, 429 past `rejectAfter`, the token disabled past `disableAfter`.
    func admit(username: String, password: String) -> Admission {
        guard let user = scenario.users.first(where: { $0.username == username && $0.password == password }),
            !disabledUsers.contains(username), user.status != .revoked
        else { return .unauthorized }
        if user.status == .lapsed { return .lapsed }
        if proxyErrorsLeft > 0 {
            proxyErrorsLeft -= 1
            return .proxyError
        }
        if proxyBlocksLeft > 0 {
            proxyBlocksLeft -= 1
            return .proxyBlock
        }
        let day = Int64(now.timeIntervalSince1970) / 86_400
        let previous = requestsToday[username]
        let count = (previous?.day == day ? previous!.count : 0) + 1
        requestsToday[username] = (day, count)
        let quota = scenario.quota ?? BridgeScenario.Quota()
        if count > quota.disableAfter {
            disabledUsers.insert(username)
            return .unauthorized
        }
        if count > quota.rejectAfter { return .tooManyRequests }
        let warning =
            count > quota.warnAfter
            ? "You have made \(count) requests today. Expected usage of this API is \(quota.warnAfter) requests per day; "
                + "further requests will be blocked." : nil
        return .allowed(user, warning: warning)
    }

    /// How many requests a user has made today (UTC).
    public func requestCount(for username: String) -> Int {
        let day = Int64(now.timeIntervalSince1970) / 86_400
        guard let entry = requestsToday[username], entry.day == day else { return 0 }
        return entry.count
    }
}
