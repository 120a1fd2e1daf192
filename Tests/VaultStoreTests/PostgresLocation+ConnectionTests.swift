import Foundation
import SQLKit
import Testing
import VaultTestSupport

@testable import VaultStore

/// The server with TLS on that `scripts/test` starts for these tests (`start_throwaway_postgres_tls` in
/// scripts/lib/postgres.sh): `GHOSTVAULT_TEST_POSTGRES_TLS_URL` on 127.0.0.1, and in
/// `GHOSTVAULT_TEST_POSTGRES_TLS_DIR` the CA that signed its certificate for `localhost` (`ca.pem`) and an
/// unrelated CA (`other-ca.pem`).
struct TLSTestServer {
    let port: Int
    let folder: String

    static let given: TLSTestServer? = {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["GHOSTVAULT_TEST_POSTGRES_TLS_URL"].flatMap(URLComponents.init(string:)),
            let port = url.port, let folder = environment["GHOSTVAULT_TEST_POSTGRES_TLS_DIR"]
        else { return nil }
        return TLSTestServer(port: port, folder: folder)
    }()

    /// A URL for this server on `host` with `options`, in a fresh schema so tests may run side by side.
    func url(host: String, _ options: String) -> String {
        let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return "postgres://postgres@\(host):\(port)/postgres?\(options)&schema=\(schema)"
            .replacingOccurrences(of: "CA_FILE", with: folder + "/ca.pem")
            .replacingOccurrences(of: "OTHER_CA", with: folder + "/other-ca.pem")
    }
}

/// TLS to a real PostgreSQL with `ssl = on`: each mode connects as libpq's does, the connection is really
/// encrypted (the server's `pg_stat_ssl` says so), and a certificate that is not trusted or not for the host
/// is refused at open with a message that says which. Runs in the PostgreSQL pass of `scripts/test`.
@Suite(
    .enabled(if: TestBackend.enabled.contains(.postgres) && TLSTestServer.given != nil),
    .timeLimit(.minutes(3)))
struct PostgresLocationConnectionTests {
    let server = TLSTestServer.given!

    /// Opens `url` (with no migrations: nothing but the connection is under test) and answers whether the
    /// session the pool gave is encrypted, as the server sees it.
    func isEncrypted(_ url: String) async throws -> Bool {
        try await VaultDatabase.using(try DatabaseLocation(parsing: url), migrations: []) { database in
            try await database.withConnection { sql in
                try await sql.raw("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
                    .first(decodingColumn: "ssl", as: Bool.self)
            } == true
        }
    }

    /// Expects opening `url` to fail with a store error of `code` whose message says `message`.
    func expectRefused(_ url: String, _ code: StoreError.Code = .unavailable, saying message: String) async {
        let error = await #expect(throws: StoreError.self) { _ = try await isEncrypted(url) }
        #expect(error?.code == code)
        #expect(error?.message.contains(message) == true, "the error said: \(error?.message ?? "")")
    }

    @Test(
        "modes that encrypt connect over TLS: require, verify-ca (chain, no name), verify-full (chain and name)",
        arguments: [
            ("127.0.0.1", "sslmode=require"),
            ("127.0.0.1", "sslmode=verify-ca&sslrootcert=CA_FILE"),
            ("localhost", "sslmode=verify-full&sslrootcert=CA_FILE"),
            ("127.0.0.1", "sslmode=prefer"),
        ])
    func encrypted(host: String, options: String) async throws {
        #expect(try await isEncrypted(server.url(host: host, options)))
    }

    @Test("sslmode=disable stays in clear even when the server offers TLS")
    func disableIsPlain() async throws {
        #expect(try await !isEncrypted(server.url(host: "127.0.0.1", "sslmode=disable")))
    }

    @Test("verify-full refuses a certificate made for another name")
    func verifyFullChecksTheName() async {
        // The certificate names localhost only; 127.0.0.1 is the same server, but not the name it vouches for.
        await expectRefused(
            server.url(host: "127.0.0.1", "sslmode=verify-full&sslrootcert=CA_FILE"),
            saying: "has a certificate that is not for 127.0.0.1")
    }

    @Test(
        "a certificate no trusted CA signed is refused, whichever roots were to vouch for it",
        arguments: [
            ("sslmode=verify-full&sslrootcert=OTHER_CA", "other-ca.pem do not vouch for"),
            ("sslmode=verify-ca", "that the system's trusted certificates do not vouch for"),
            // libpq's rule: require with a CA file checks the chain.
            ("sslmode=require&sslrootcert=OTHER_CA", "other-ca.pem do not vouch for"),
        ])
    func untrustedChain(options: String, message: String) async {
        await expectRefused(server.url(host: "localhost", options), saying: message)
    }

    @Test("a missing sslrootcert is a configuration error naming the file")
    func missingRootCertificate() async {
        await expectRefused(
            server.url(host: "localhost", "sslmode=verify-full&sslrootcert=/nonexistent/ca.pem"), .configuration,
            saying: "sslrootcert=/nonexistent/ca.pem does not exist")
    }

    @Test("against a server without TLS, prefer connects in clear and require is refused, saying why")
    func serverWithoutTLS() async throws {
        // Only the connection made at open, not a whole open: that would wait for the migration lock behind
        // every other test on the shared server. The server has no TLS, so what connects is in clear.
        let plain = try TestBackend.postgres.freshLocation()
        func check(_ mode: String) async throws {
            guard case .postgres(let location) = try DatabaseLocation(parsing: plain + "&sslmode=" + mode) else {
                throw StoreError(.configuration, "not a PostgreSQL URL: \(plain)")
            }
            try await location.checkConnection(logger: VaultDatabase.quietLogger)
        }
        try await check("prefer")
        let error = await #expect(throws: StoreError.self) { try await check("require") }
        #expect(error?.message.contains("does not offer TLS, and sslmode=require needs it") == true)
    }
}
