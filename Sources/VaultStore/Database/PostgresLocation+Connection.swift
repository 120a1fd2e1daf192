import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// How GhostVault connects to the server a `PostgresLocation` names: its TLS settings, and one direct
/// connection at open whose failure says why (the pool would retry a refused certificate until the open deadline).
extension PostgresLocation {
    /// The settings of the connection pool: the server, the credentials, the schema and TLS.
    func clientConfiguration() throws(StoreError) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            try tlsConfiguration().map { tlsMode == .prefer ? .prefer($0) : .require($0) } ?? .disable
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = connectTimeout
        if let schema {
            configuration.options.additionalStartupParameters = [("search_path", schema)]
        }
        return configuration
    }

    /// NIOSSL's settings for `tlsMode` and `trustedRoots`; nil for `disable`.
    func tlsConfiguration() throws(StoreError) -> TLSConfiguration? {
        var settings = TLSConfiguration.makeClientConfiguration()
        switch (tlsMode, trustedRoots) {
        case (.disable, _): return nil
        case (.prefer, _), (.require, .system): settings.certificateVerification = .none
        case (.require, .file), (.verifyCA, _): settings.certificateVerification = .noHostnameVerification
        case (.verifyFull, _): settings.certificateVerification = .fullVerification
        }
        if case .file(let path) = trustedRoots {
            settings.trustRoots = .certificates(try Self.certificates(inPEMFile: path))
        }
        return settings
    }

    /// Connects once and disconnects, throwing a `StoreError` that says what went wrong and what to do.
    func checkConnection(logger: Logger) async throws(StoreError) {
        let tls: PostgresConnection.Configuration.TLS
        do {
            tls =
                try tlsConfiguration().map { try NIOSSLContext(configuration: $0) }
                .map { tlsMode == .prefer ? .prefer($0) : .require($0) } ?? .disable
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.configuration, "The TLS settings for \(self) could not be made: \(error).")
        }
        let configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            try? await connection.close()
        } catch {
            // A server not up yet (refused, starting) is an outage the caller may wait out; TLS and
            // certificate failures are explained at once.
            let cause = (error as? PSQLError)?.underlying ?? error
            let tls =
                cause is NIOSSLError || cause is NIOSSLExtraError || (error as? PSQLError)?.code == .sslUnsupported
            if !tls, let outage = StoreError.outage(from: error) { throw outage }
            throw explain(connectionFailure: error)
        }
    }

    /// A person's reading of a failed connection: TLS refused, a certificate not trusted or not for this host,
    /// or what the server or the network said.
    func explain(connectionFailure error: any Error) -> StoreError {
        let server = "The PostgreSQL server at \(self)"
        let psql = error as? PSQLError
        if psql?.code == .sslUnsupported {
            let implied = tlsMode == .require && !Self.isLoopback(host) ? " (the default off loopback)" : ""
            return StoreError(
                .unavailable,
                "\(server) does not offer TLS, and sslmode=\(tlsMode)\(implied) needs it. Turn on ssl in its "
                    + "postgresql.conf, or use sslmode=prefer or disable on a network you trust.")
        }
        let cause = psql?.underlying ?? error
        if let extra = cause as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return StoreError(
                .unavailable,
                "\(server) has a certificate that is not for \(host) (sslmode=verify-full checks the name). "
                    + "Connect with a host name the certificate names, or give the server a certificate for "
                    + "\(host); sslmode=verify-ca checks the CA alone.")
        }
        if let tlsError = cause as? NIOSSLError, case .handshakeFailed(let detail) = tlsError {
            guard "\(detail)".contains("CERTIFICATE_VERIFY_FAILED") else {
                return StoreError(.unavailable, "\(server) could not be reached over TLS: \(detail).")
            }
            let roots =
                switch trustedRoots {
                case .system: "the system's trusted certificates"
                case .file(let path): "sslrootcert=\(path)"
                }
            return StoreError(
                .unavailable,
                "\(server) has a certificate that \(roots) do not vouch for (signed by another CA, or expired; "
                    + "sslmode=\(tlsMode) checks it). Give the CA that signed it as sslrootcert=/path/to/ca.pem.")
        }
        let detail =
            psql.map { error in
                error.serverInfo?[.message] ?? error.underlying.map { String(describing: $0) } ?? "\(error.code)"
            } ?? String(describing: error)
        return StoreError(
            .unavailable,
            "Could not connect to the PostgreSQL server at \(self): \(detail). "
                + "Check that the server is running and that the URL is right.")
    }

    /// The certificates in a PEM file, or an error naming the file and what is wrong with it.
    static func certificates(inPEMFile path: String) throws(StoreError) -> [NIOSSLCertificate] {
        let what = "sslrootcert=\(path)"
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError(
                .configuration,
                "\(what) does not exist; give the path of the PEM file holding the CA certificate "
                    + "that signed the server's certificate.")
        }
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw StoreError(.configuration, "\(what) could not be read; check that this user may read it.")
        }
        let certificates = try? NIOSSLCertificate.fromPEMBytes(Array(contents))
        guard let certificates, !certificates.isEmpty else {
            throw StoreError(
                .configuration,
                "\(what) holds no certificate in PEM form (-----BEGIN CERTIFICATE-----); "
                    + "give the CA certificate that signed the server's certificate.")
        }
        return certificates
    }
}
