import Foundation
import SimpleFIN
import Testing

@Suite struct SetupTokenTests {
    @Test("a pasted token decodes with whitespace and line breaks ignored")
    func whitespace() throws {
        let token = "aHR0cHM6Ly9iZXRhLWJyaWRnZS5zaW1wbGVmaW4ub3JnL3NpbXBsZWZpbi9jbGFpbS9ERU1P"
        let pasted = "  " + token.prefix(30) + "\n" + token.dropFirst(30) + " \n"
        #expect(
            try SetupToken(parsing: pasted)
                == .claim(URL(string: "https://beta-bridge.simplefin.org/simplefin/claim/DEMO")!))
    }

    @Test("a pasted claim URL or access URL is understood too")
    func urls() throws {
        #expect(
            try SetupToken(parsing: "https://bridge.example/simplefin/claim/ABC")
                == .claim(URL(string: "https://bridge.example/simplefin/claim/ABC")!))
        guard case .access(let access) = try SetupToken(parsing: "https://u:p@bridge.example/simplefin") else {
            Issue.record("an access URL was not recognised")
            return
        }
        #expect(access.username == "u")
    }

    @Test(
        "text that is not a token is refused with advice",
        arguments: [
            "", "not base64 !!!", Data("just words".utf8).base64EncodedString(),
            Data("http://bridge.example/claim/X".utf8).base64EncodedString(), "ftp://x/claim/y",
        ])
    func refused(text: String) {
        do {
            _ = try SetupToken(parsing: text)
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.code == .invalidSetupToken || error.code == .invalidAccessURL)
            #expect(!error.message.isEmpty)
        }
    }

    @Test("access URLs: escapes decoded, port and path kept, credentials hidden, HTTPS outside loopback")
    func accessURL() throws {
        let access = try AccessURL(" https://us%20er:pa%40ss%3Aword@bridge.example:8443/simplefin/ \n")
        #expect(access.username == "us er")
        #expect(access.password == "pa@ss:word")
        #expect(access.root.absoluteString == "https://bridge.example:8443/simplefin")
        #expect(!access.description.contains("pa@ss") && !access.description.contains("us er"))
        #expect(throws: SimpleFINError.self) { try AccessURL("http://u:p@bridge.example/simplefin") }
        #expect(throws: SimpleFINError.self) { try AccessURL("https://bridge.example/simplefin") }
        #expect(throws: SimpleFINError.self) { try AccessURL("Forbidden") }
        #expect(throws: SimpleFINError.self) { try AccessURL("http://u:p@127.evil.example/simplefin") }
        #expect(throws: SimpleFINError.self) { try AccessURL("http://u:p@127.0.0.1.example/simplefin") }
        _ = try AccessURL("http://u:p@127.0.0.1:9999/simplefin")
        _ = try AccessURL("http://u:p@[::1]:9999/simplefin")
        _ = try AccessURL("http://u:p@localhost/simplefin")
    }
}
