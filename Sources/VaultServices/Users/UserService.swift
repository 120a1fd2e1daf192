import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix
import Synchronization
import VaultCore
import VaultStore

/// Signing up, signing in and out, and a person's own preferences.
///
/// Passwords are hashed with bcrypt (on NIO's thread pool, so a slow hash never blocks request handling).
/// Sessions are random 256-bit tokens; only their SHA-256 is stored.
public struct UserService: Sendable {
    let vault: Vault
    /// bcrypt's work factor: 12 by default (about a quarter of a second on these machines); tests lower it.
    let passwordCost: UInt8

    /// The default bcrypt cost (OWASP's recommendation for bcrypt is 10 or more).
    public static let defaultPasswordCost: UInt8 = 12
    /// The shortest password accepted (NIST SP 800-63B asks for at least 8 characters).
    public static let minimumPasswordLength = 8
    /// bcrypt reads at most 72 bytes; a longer password would be silently cut, so it is refused instead.
    public static let maximumPasswordBytes = 72
    /// How long a browser stays signed in without signing in again.
    public static let browserSessionLifetime: TimeInterval = 30 * 86_400
    /// How long a native app's or script's token lasts.
    public static let apiTokenLifetime: TimeInterval = 90 * 86_400

    /// What a person gives to sign up.
    public struct SignUp: Sendable {
        public var email: String
        public var password: String
        public var confirmation: String
        /// The new household's time zone (the browser's, when it says); nil for this server's.
        public var timeZone: String?
        /// The new household's currency; nil for USD.
        public var currency: String?

        public init(
            email: String, password: String, confirmation: String, timeZone: String? = nil, currency: String? = nil
        ) {
            self.email = email
            self.password = password
            self.confirmation = confirmation
            self.timeZone = timeZone
            self.currency = currency
        }
    }

    /// A session just started: the token to hand to the browser or app (shown once, never stored).
    public struct StartedSession: Sendable {
        public let token: String
        public let csrfToken: String
        public let user: User
        public let expiresAt: Date
    }

    /// Creates a user with a household of their own (default categories, built-in rules), or refuses the
    /// input whole with every problem listed.
    public func signUp(_ input: SignUp) async throws -> User {
        try await vaultOperation {
            let email = User.normalizedEmail(input.email)
            var problems: [Problem] = []
            if !Self.looksLikeEmail(email) {
                problems.append(Problem(field: "email", message: "Enter an email address such as you@example.com."))
            }
            problems += Self.passwordProblems(input.password, confirmation: input.confirmation)
            // No zone given (a browser without JavaScript) is the server's; a zone given must be a real one.
            var zone = TimeZone.current
            if let text = input.timeZone?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
                if let known = TimeZone(identifier: text) {
                    zone = known
                } else {
                    problems.append(
                        Problem(
                            field: "timeZone",
                            message: "'\(text.prefix(64))' is not a time zone; use a name such as Europe/Paris "
                                + "or America/New_York."))
                }
            }
            if problems.isEmpty, try await vault.database.users.credentials(email: email) != nil {
                problems.append(
                    Problem(field: "email", message: "An account with this email exists already; sign in instead."))
            }
            guard problems.isEmpty else { throw InvalidInput(problems) }
            let hash = try await hash(input.password)
            let household = HouseholdService.Input(
                name: String(email.prefix { $0 != "@" }), timeZone: zone.identifier, currency: input.currency ?? "USD")
            var created: User?
            _ = try await vault.households.create(household, unlessAnyExists: false) { session, household in
                let user = User(id: vault.newID(), email: email, householdID: household.id, role: .owner)
                try await vault.database.users.insert(user, passwordHash: hash, in: session)
                created = user
            }
            guard let created else { throw VaultError(.unavailable, "The account could not be created.") }
            return created
        }
    }

    /// Gives an existing household (one made with `ghostvault init`, say) a sign-in, or refuses the input whole.
    /// The household's first sign-in is its owner; later ones are members.
    public func addMember(email rawEmail: String, password: String, to household: Household.ID) async throws -> User {
        try await vaultOperation {
            let email = User.normalizedEmail(rawEmail)
            var problems: [Problem] = []
            if !Self.looksLikeEmail(email) {
                problems.append(Problem(field: "email", message: "Enter an email address such as you@example.com."))
            }
            problems += Self.passwordProblems(password, confirmation: password)
            if problems.isEmpty, try await vault.database.users.credentials(email: email) != nil {
                problems.append(Problem(field: "email", message: "An account with this email exists already."))
            }
            guard problems.isEmpty else { throw InvalidInput(problems) }
            let hash = try await hash(password)
            return try await vault.write(household) { session in
                _ = try await session.household()
                // The first sign-in of a household (one `ghostvault init` made) is its owner.
                let first = try await vault.database.users.members(of: household, in: session).isEmpty
                let user = User(
                    id: vault.newID(), email: email, householdID: household, role: first ? .owner : .member,
                    onboardedAt: vault.now)
                try await vault.database.users.insert(user, passwordHash: hash, in: session)
                return user
            }
        }
    }

    /// The user whose email and password these are.
    ///
    /// - Throws: `VaultError.unauthorized` with one message for an unknown email and a wrong password
    ///   alike, after the same amount of work, so the answer does not reveal who has an account.
    public func authenticate(email: String, password: String) async throws -> User {
        try await vaultOperation {
            let credentials = try await vault.database.users.credentials(email: email)
            let hash: String
            if let credentials { hash = credentials.passwordHash } else { hash = try await decoyHash() }
            let matches = try await verify(password, hash: hash)
            guard let credentials, matches else {
                throw VaultError(.unauthorized, "The email or password is not right. Check both and try again.")
            }
            return credentials.user
        }
    }

    /// Starts a session for `user`: a cookie session for a browser or a bearer token for an app.
    public func startSession(for user: User, kind: UserDirectory.SessionKind) async throws -> StartedSession {
        try await vaultOperation {
            let token = Self.randomToken()
            let csrf = Self.randomToken()
            let lifetime = kind == .browser ? Self.browserSessionLifetime : Self.apiTokenLifetime
            let expires = vault.now.addingTimeInterval(lifetime)
            try await vault.database.users.createSession(
                tokenHash: Self.digest(token), user: user.id, kind: kind, csrfToken: csrf, at: vault.now,
                expiresAt: expires)
            return StartedSession(token: token, csrfToken: csrf, user: user, expiresAt: expires)
        }
    }

    /// The live session a token belongs to; nil when the token is unknown, ended or expired.
    public func session(token: String) async throws -> UserDirectory.Session? {
        guard !token.isEmpty, token.utf8.count <= 200 else { return nil }
        return try await vaultOperation {
            try await vault.database.users.session(tokenHash: Self.digest(token), at: vault.now)
        }
    }

    /// Ends the session a token belongs to (signing out); false when there was none.
    @discardableResult
    public func endSession(token: String) async throws -> Bool {
        try await vaultOperation { try await vault.database.users.deleteSession(tokenHash: Self.digest(token)) }
    }

    /// Saves a person's theme, dashboard layout and onboarding state.
    public func savePreferences(_ user: User) async throws {
        try await vaultOperation { try await vault.database.users.savePreferences(user) }
    }

    // MARK: - Rules

    /// Every reason a password is refused.
    static func passwordProblems(_ password: String, confirmation: String) -> [Problem] {
        var problems: [Problem] = []
        if password.count < minimumPasswordLength {
            problems.append(
                Problem(field: "password", message: "Use a password of at least \(minimumPasswordLength) characters."))
        } else if password.utf8.count > maximumPasswordBytes {
            problems.append(
                Problem(
                    field: "password",
                    message: "Use a password of at most \(maximumPasswordBytes) bytes (bcrypt ignores the rest)."))
        }
        if password != confirmation {
            problems.append(
                Problem(field: "confirmation", message: "The two passwords differ; type the same one twice."))
        }
        return problems
    }

    /// A light check that catches typing mistakes; the address is never mailed.
    static func looksLikeEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace)
        else { return false }
        return true
    }

    // MARK: - Hashing

    /// Valid bcrypt hashes of random strings, one per cost, checked when the email is unknown so both paths
    /// cost the same.
    private static let decoys = Mutex<[UInt8: String]>([:])

    private func decoyHash() async throws -> String {
        if let cached = Self.decoys.withLock({ $0[passwordCost] }) { return cached }
        let made = try await hash(Self.randomToken())
        Self.decoys.withLock { $0[passwordCost] = made }
        return made
    }

    private func hash(_ password: String) async throws -> String {
        let cost = passwordCost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    private func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// A new random token (for CSRF double-submit cookies, say).
    public static func newToken() -> String { randomToken() }

    /// 256 random bits, URL-safe base64 without padding.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The SHA-256 of a token, hex: what the store keeps.
    static func digest(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).hexString
    }
}

extension Vault {
    /// Sign-up, sign-in and sessions; `passwordCost` is bcrypt's work factor.
    public func users(passwordCost: UInt8 = UserService.defaultPasswordCost) -> UserService {
        UserService(vault: self, passwordCost: passwordCost)
    }
}
