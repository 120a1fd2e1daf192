import Foundation
import Logging
import SimpleFIN

/// How `ghostvault serve` runs. Every key is documented in the README's Configuration table.
public struct WebConfiguration: Sendable {
    /// The address to listen on (`--host`, `GHOSTVAULT_HOST`); loopback by default, so nothing is exposed
    /// until a person chooses to.
    public var host: String
    /// The port (`--port`, `GHOSTVAULT_PORT`).
    public var port: Int
    /// bcrypt's work factor for new passwords.
    public var passwordCost: UInt8
    /// Whether cookies carry `Secure` (`--secure-cookies`): turn it on behind TLS.
    public var secureCookies: Bool
    /// How often the scheduled sync looks for connections that are due; nil turns it off.
    public var syncCheckInterval: Duration?
    /// The address people and native apps reach this server at, shown in Settings; nil to use the request's.
    public var publicURL: String?
    /// Failed sign-ins allowed per account, and per client address, within `loginWindow`.
    public var loginAttemptsPerAccount: Int
    public var loginAttemptsPerAddress: Int
    public var loginWindow: Duration
    public var logLevel: Logger.Level
    /// Whether SimpleFIN bridges on this server's own network may be used (`--allow-private-bridges`; `--demo`).
    /// The SimpleFIN client enforces it on every request: build the server's client with `bridgePolicy`.
    public var allowPrivateBridges: Bool
    /// Whether to take the client's address from `X-Forwarded-For` (its last entry): turn on only behind a
    /// reverse proxy that sets it, or every client shares the proxy's address for sign-in limits.
    public var trustForwardedFor: Bool

    public init(
        host: String = "127.0.0.1", port: Int = 8080, passwordCost: UInt8 = 12, secureCookies: Bool = false,
        syncCheckInterval: Duration? = .seconds(15 * 60), publicURL: String? = nil, loginAttemptsPerAccount: Int = 5,
        loginAttemptsPerAddress: Int = 20, loginWindow: Duration = .seconds(15 * 60), logLevel: Logger.Level = .info,
        allowPrivateBridges: Bool = false, trustForwardedFor: Bool = false
    ) {
        self.host = host
        self.port = port
        self.passwordCost = passwordCost
        self.secureCookies = secureCookies
        self.syncCheckInterval = syncCheckInterval
        self.publicURL = publicURL
        self.loginAttemptsPerAccount = loginAttemptsPerAccount
        self.loginAttemptsPerAddress = loginAttemptsPerAddress
        self.loginWindow = loginWindow
        self.logLevel = logLevel
        self.allowPrivateBridges = allowPrivateBridges
        self.trustForwardedFor = trustForwardedFor
    }

    /// The addresses the server's SimpleFIN client may call: public ones, unless private bridges are allowed.
    public var bridgePolicy: AddressPolicy { allowPrivateBridges ? .allowPrivate : .publicOnly }
}

/// The server's version, reported by `/api/v1/info`.
public enum GhostVaultServer {
    public static let version = "0.1.0"
    public static let apiVersion = "v1"
}
