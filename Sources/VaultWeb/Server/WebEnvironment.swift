import Foundation
import Logging
import NIOCore
import SimpleFIN
import VaultCore
import VaultServices
import VaultStore

/// What the web app runs on: the database, the key that seals SimpleFIN access, the SimpleFIN client and
/// the clock. `ghostvault serve` builds one; tests build one over an in-memory database and a fixed clock.
public struct WebEnvironment: Sendable {
    public let database: VaultDatabase
    public let secrets: SecretBox
    public let simpleFIN: SimpleFINClient
    public let configuration: WebConfiguration
    let clock: @Sendable () -> Date
    let limiter: LoginLimiter
    /// Answers kept until their household's data or day changes.
    let answers = KeptAnswers()
    /// Sessions looked up in the last two seconds.
    let sessions = SessionCache(lifetime: .seconds(2))

    public init(
        database: VaultDatabase, secrets: SecretBox, simpleFIN: SimpleFINClient, configuration: WebConfiguration,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.secrets = secrets
        self.simpleFIN = simpleFIN
        self.configuration = configuration
        self.clock = clock
        limiter = LoginLimiter(
            database: database, perAccount: configuration.loginAttemptsPerAccount,
            perAddress: configuration.loginAttemptsPerAddress,
            window: configuration.loginWindow)
    }

    /// The vault acting as `user` (the change log records who did what), or as the system.
    func vault(for user: User? = nil) -> Vault {
        Vault(
            database: database, actor: user.map { ChangeActor(rawValue: "web:\($0.id)") } ?? .system, clock: clock)
    }

    /// The person's household: the only data a request of theirs can reach.
    func household(of user: User) -> HouseholdScope { vault(for: user).household(user.householdID) }

    /// Bank sync for the person's household.
    func sync(for user: User) -> SyncService {
        SyncService(scope: household(of: user), secrets: secrets, client: simpleFIN)
    }

    /// Sign-up, sign-in and sessions.
    var users: UserService { vault().users(passwordCost: configuration.passwordCost) }

    /// The session a token belongs to: kept for a moment after it is looked up (`SessionCache`).
    func session(token: String) async throws -> UserDirectory.Session? {
        if let kept = sessions.session(for: token, now: clock()) { return kept }
        let generation = sessions.generation
        guard let session = try await users.session(token: token) else { return nil }
        sessions.keep(session, for: token, lookedUpAt: generation)
        return session
    }

    /// Signs a token out, here and in the database.
    func endSession(token: String) async throws {
        try await users.endSession(token: token)
        sessions.forget(token: token)
    }

    /// Starts a sign-in attempt (see `LoginLimiter`): nil when it may go ahead, else why it must wait. A refusal
    /// is logged with the address and the account's id (`user`; `none` when the typed address is no account), so
    /// a person running the server can see an attack. The typed email is never logged: it may be anyone's.
    func beginSignIn(email: String, address: String, now: Date, logger: Logger) async throws -> LoginLimiter.Refusal? {
        guard let refusal = try await limiter.begin(email: email, address: address, now: now) else { return nil }
        let user = try await database.users.credentials(email: email)?.user.id
        logger.warning(
            "Sign-in refused: too many failures",
            metadata: [
                "user": "\(user.map { "\($0)" } ?? "none")", "address": "\(address)",
                "reason": "\(refusal.reason.rawValue)",
                "retryInSeconds": "\(Int(refusal.until.timeIntervalSince(now).rounded(.up)))",
            ])
        return refusal
    }

    /// Saves a person's theme, layout and onboarding state; their next request sees them.
    func savePreferences(_ user: User) async throws {
        try await users.savePreferences(user)
        sessions.forget(user: user.id)
    }
}

/// The answers the web app keeps in memory (see `AnswerCache`).
final class KeptAnswers: Sendable {
    /// The dashboard's reports, per household and month, for the page and the API.
    let dashboards = AnswerCache<DashboardData>(capacity: 256)
    /// The dashboard API's encoded answer, per household, month and layout.
    let dashboardJSON = AnswerCache<ByteBuffer>(capacity: 256)
}
