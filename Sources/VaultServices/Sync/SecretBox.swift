import Crypto
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Encrypts secrets at rest (SimpleFIN access URLs) with AES-GCM under the server's key (DESIGN section 4).
///
/// The key is 32 random bytes kept base64-encoded in a file readable only by its owner (mode 0600),
/// created on first use. Sealed values are `v1:` and the base64 of nonce, ciphertext and tag; the
/// connection's id is bound in as associated data, so a sealed value copied onto another row will
/// not open.
public struct SecretBox: Sendable {
    private let keyBytes: Data

    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    /// Loads the key file, creating it (and its folder) with a fresh key when it does not exist.
    ///
    /// The file is created exclusively with mode 0600 from the start, so two processes starting at
    /// once never overwrite each other's key and no one else can read it even for a moment.
    public init(keyFile: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(
            at: keyFile.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let descriptor = Self.createExclusively(keyFile.path)
        if descriptor >= 0 {
            let fresh = Data(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString().utf8)
            let written = fresh.withUnsafeBytes { Self.writeAll(descriptor, $0) }
            guard written == fresh.count else {
                throw VaultError(.unavailable, "Could not write the secret key file \(keyFile.path).")
            }
        } else if errno != EEXIST {
            throw VaultError(
                .unavailable, "Could not create the secret key file \(keyFile.path); check the folder's permissions.")
        }
        // Another process may have created the file a moment ago and still be writing it.
        var data: Data?
        for _ in 0..<50 {
            let text = (try? String(contentsOf: keyFile, encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines)
            data = text.flatMap { Data(base64Encoded: $0) }
            if data?.count == 32 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        guard let data, data.count == 32 else {
            throw VaultError(
                .unavailable,
                "The secret key file \(keyFile.path) does not hold a 32-byte base64 key. Restore it from your backup; "
                    + "without it, stored SimpleFIN access cannot be read and connections need new setup tokens.")
        }
        self.keyBytes = data
    }

    /// A box with a given key (tests).
    public init(key: Data) {
        self.keyBytes = key
    }

    /// Encrypts `secret`, bound to `context` (the owning row's id).
    public func seal(_ secret: String, context: String) throws -> String {
        let box = try AES.GCM.seal(Data(secret.utf8), using: key, authenticating: Data(context.utf8))
        guard let combined = box.combined else { throw VaultError(.unavailable, "Encryption failed.") }
        return "v1:" + combined.base64EncodedString()
    }

    /// Decrypts a sealed value made for the same `context`.
    public func open(_ sealed: String, context: String) throws -> String {
        guard sealed.hasPrefix("v1:"), let data = Data(base64Encoded: String(sealed.dropFirst(3))) else {
            throw VaultError(.unavailable, "A stored secret is damaged; reconnect with a new setup token.")
        }
        do {
            let box = try AES.GCM.SealedBox(combined: data)
            let opened = try AES.GCM.open(box, using: key, authenticating: Data(context.utf8))
            return String(decoding: opened, as: UTF8.self)
        } catch {
            throw VaultError(
                .unavailable,
                "A stored secret could not be decrypted: the secret key file is not the one it was sealed with. "
                    + "Restore the original key file, or reconnect with a new setup token.")
        }
    }

    /// Creates a file only if it does not exist, readable and writable by its owner alone.
    private static func createExclusively(_ path: String) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        #else
        Darwin.open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        #endif
    }

    /// Writes the bytes and closes the file; returns how many bytes were written.
    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
        defer { Glibc.close(descriptor) }
        return Glibc.write(descriptor, bytes.baseAddress, bytes.count)
        #else
        defer { Darwin.close(descriptor) }
        return Darwin.write(descriptor, bytes.baseAddress, bytes.count)
        #endif
    }
}
