import Foundation
import Testing
import VaultServices

@Suite struct SecretBoxTests {
    @Test("the key file is created once, owner-only, and secrets open only for the row they were sealed for")
    func keyFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ghostvault-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("secret.key")
        let box = try SecretBox(keyFile: file)
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let sealed = try box.seal("https://user:pass@bridge.example/simplefin", context: "connection-1")
        #expect(!sealed.contains("pass"))
        let again = try SecretBox(keyFile: file)
        #expect(try again.open(sealed, context: "connection-1") == "https://user:pass@bridge.example/simplefin")
        #expect(throws: VaultError.self) { try again.open(sealed, context: "connection-2") }
        #expect(throws: VaultError.self) {
            try SecretBox(key: Data(repeating: 1, count: 32)).open(sealed, context: "connection-1")
        }
    }
}
