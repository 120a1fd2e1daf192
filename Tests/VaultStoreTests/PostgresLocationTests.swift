import Foundation
import NIOSSL
import Testing
import VaultTestSupport

@testable import VaultStore

/// Reading a `postgres://` URL: loopback, `sslmode` and `sslrootcert`, and the TLS settings they make.
/// Nothing here connects (see `PostgresLocation+ConnectionTests` for a server with TLS).
@Suite struct PostgresLocationTests {
    @Test(
        "loopback is localhost, all of 127.0.0.0/8 and ::1; anything else is another machine",
        arguments: [
            ("localhost", true), ("LocalHost", true), ("127.0.0.1", true), ("127.0.0.2", true),
            ("127.255.255.254", true), ("::1", true), ("0:0:0:0:0:0:0:1", true), ("::ffff:127.0.0.9", true),
            ("128.0.0.1", false), ("126.255.255.255", false), ("10.0.0.1", false), ("::2", false), ("::", false),
            ("::ffff:10.0.0.1", false), ("db.example", false), ("localhost.example", false),
            ("127.0.0.1.example", false),
        ])
    func loopback(host: String, isLoopback: Bool) {
        #expect(PostgresLocation.isLoopback(host) == isLoopback)
    }

    @Test(
        "without sslmode, loopback is reached in clear and another machine only over TLS",
        arguments: [
            ("postgres://u@localhost/db", "localhost", PostgresTLSMode.disable),
            ("postgres://u@127.0.0.2:5433/db", "127.0.0.2", .disable),
            ("postgres://u@[::1]:5433/db", "::1", .disable),
            ("postgresql://u@db.example/db", "db.example", .require),
            ("postgres://u@192.168.1.20/db", "192.168.1.20", .require),
            ("postgres://u@[2001:db8::5]/db", "2001:db8::5", .require),
        ])
    func defaultMode(url: String, host: String, mode: PostgresTLSMode) throws {
        let location = try PostgresLocation(url: url)
        #expect(location.host == host)
        #expect(location.tlsMode == mode)
    }

    @Test("an IPv6 host loses its brackets for connecting and keeps them in the shown URL, without the password")
    func ipv6Description() throws {
        let location = try PostgresLocation(url: "postgres://u:secret@[::1]:5433/db?schema=s1")
        #expect(location.port == 5433)
        #expect(location.description == "postgres://u@[::1]:5433/db?sslmode=disable&schema=s1")
    }

    @Test("every libpq mode but allow is read", arguments: PostgresTLSMode.allCases)
    func everyMode(mode: PostgresTLSMode) throws {
        #expect(try PostgresLocation(url: "postgres://u@db.example/db?sslmode=\(mode.rawValue)").tlsMode == mode)
    }

    @Test("a mode that is not one names exactly the modes that work")
    func unknownMode() {
        let error = #expect(throws: StoreError.self) {
            try PostgresLocation(url: "postgres://u@db.example/db?sslmode=verify_full")
        }
        #expect(error?.code == .configuration)
        #expect(
            error?.message == "sslmode=verify_full is not a TLS mode; use one of disable, prefer, require, "
                + "verify-ca, verify-full (verify-full checks the server's certificate and name).")
    }

    @Test("libpq's allow is refused with the modes to use instead")
    func allowRefused() {
        let error = #expect(throws: StoreError.self) {
            try PostgresLocation(url: "postgres://u@db.example/db?sslmode=allow")
        }
        #expect(error?.message.contains("sslmode=prefer") == true)
        #expect(error?.message.contains("sslmode=verify-full") == true)
    }

    @Test("sslrootcert=system asks for verify-full, as in libpq 16, and refuses weaker modes")
    func systemRoots() throws {
        let location = try PostgresLocation(url: "postgres://u@db.example/db?sslrootcert=system")
        #expect(location.tlsMode == .verifyFull)
        #expect(location.trustedRoots == .system)
        let error = #expect(throws: StoreError.self) {
            try PostgresLocation(url: "postgres://u@db.example/db?sslrootcert=system&sslmode=require")
        }
        #expect(error?.message.hasPrefix("sslrootcert=system needs sslmode=verify-full") == true)
    }

    @Test(
        "contradictory or unsupported TLS keys are refused rather than ignored",
        arguments: [
            ("postgres://u@db.example/db?sslmode=disable&sslrootcert=/etc/ca.pem", "sslmode=disable turns TLS off"),
            ("postgres://u@db.example/db?sslmode=verify-full&sslcert=/etc/client.pem", "sslcert is not supported"),
        ])
    func refusedKeys(url: String, message: String) {
        let error = #expect(throws: StoreError.self) { try PostgresLocation(url: url) }
        #expect(error?.code == .configuration)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    @Test(
        "each mode verifies as libpq does: require with a CA file checks the chain like verify-ca",
        arguments: [
            ("sslmode=disable", nil),
            ("sslmode=prefer", CertificateVerification.none),
            ("sslmode=prefer&sslrootcert=CA", CertificateVerification.none),
            ("sslmode=require", CertificateVerification.none),
            ("sslmode=require&sslrootcert=CA", .noHostnameVerification),
            ("sslmode=verify-ca", .noHostnameVerification),
            ("sslmode=verify-ca&sslrootcert=CA", .noHostnameVerification),
            ("sslmode=verify-full", .fullVerification),
            ("sslmode=verify-full&sslrootcert=CA", .fullVerification),
            ("sslrootcert=system", .fullVerification),
        ] as [(String, CertificateVerification?)])
    func verification(options: String, expected: CertificateVerification?) throws {
        try withCAFile(Self.caPEM) { path in
            let url = "postgres://u@db.example/db?" + options.replacingOccurrences(of: "=CA", with: "=\(path)")
            let settings = try PostgresLocation(url: url).tlsConfiguration()
            #expect(settings?.certificateVerification == expected)
        }
    }

    @Test(
        "a missing sslrootcert, or one without a PEM certificate, says which file and what is wrong",
        arguments: [(nil, "does not exist"), ("not a certificate\n", "holds no certificate in PEM form")])
    func badRootCertificate(contents: String?, message: String) throws {
        try withCAFile(contents) { path in
            let location = try PostgresLocation(
                url: "postgres://u@db.example/db?sslmode=verify-full&sslrootcert=\(path)")
            let error = #expect(throws: StoreError.self) { try location.tlsConfiguration() }
            #expect(error?.code == .configuration)
            #expect(error?.message.hasPrefix("sslrootcert=\(path) \(message)") == true, "\(error?.message ?? "")")
        }
    }

    /// Runs `body` with the path of a temporary file holding `contents` (no file when nil), removed afterwards.
    func withCAFile(_ contents: String?, _ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString).pem").path
        if let contents { try contents.write(toFile: path, atomically: true, encoding: .utf8) }
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    /// A self-signed CA certificate made for this test with openssl (EC P-256, valid until 2126); its key was
    /// thrown away. Parsing is all that is asked of it.
    static let caPEM = """
        -----BEGIN CERTIFICATE-----
        MIIBoDCCAUegAwIBAgIULGMK/70nQE4dHVcKEe0WtkF2/Q8wCgYIKoZIzj0EAwIw
        JTEjMCEGA1UEAwwaR2hvc3RWYXVsdCBwYXJzaW5nIHRlc3QgQ0EwIBcNMjYxMTI0
        MTU1MjMxWhgPMjEyNjEwMzExNTUyMzFaMCUxIzAhBgNVBAMMGkdob3N0VmF1bHQg
        cGFyc2luZyB0ZXN0IENBMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEDBTn34NL
        vF8LGj5uFF7IXWLkaKupBZ0X+5ig6Hxq8rduKppoMcVAjkxR15o+ckbimAD/qgoM
        or3BhrfjVqiZl6NTMFEwHQYDVR0OBBYEFJPhOuEV71P/lF4KMl1w+UiUpaRUMB8G
        A1UdIwQYMBaAFJPhOuEV71P/lF4KMl1w+UiUpaRUMA8GA1UdEwEB/wQFMAMBAf8w
        CgYIKoZIzj0EAwIDRwAwRAIgK5MtA3ItbPTkEtcMUeRtiNYLQY9/G8+af8kcc3rV
        ms0CIAjuZ4xWK7xNOw6BW9EIXuSj7Jo70GC8L9UoXpTVOwvx
        -----END CERTIFICATE-----

        """

    @Test("connect_timeout bounds the wait for a connection; 5 s unless given; nonsense is refused with the range")
    func connectTimeout() throws {
        #expect(try PostgresLocation(url: "postgres://gv@127.0.0.1/ghostvault").connectTimeout == .seconds(5))
        #expect(
            try PostgresLocation(url: "postgres://gv@127.0.0.1/ghostvault?connect_timeout=12").connectTimeout
                == .seconds(12))
        for bad in ["0", "301", "-3", "2.5", "soon", ""] {
            #expect {
                try PostgresLocation(url: "postgres://gv@127.0.0.1/ghostvault?connect_timeout=\(bad)")
            } throws: { error in
                (error as? StoreError)?.code == .configuration
                    && "\(error)".contains("a whole number of seconds from 1 to 300")
            }
        }
    }
}
