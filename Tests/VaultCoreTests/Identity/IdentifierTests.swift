import Foundation
import Testing
import VaultCore

@Suite struct IdentifierTests {
    @Test("ids are version 7 UUIDs that sort by creation time")
    func uuidV7() {
        var generator = SystemRandomNumberGenerator()
        let early = Identifier<Account>.generate(at: Date(timeIntervalSince1970: 1_700_000_000), using: &generator)
        let late = Identifier<Account>.generate(at: Date(timeIntervalSince1970: 1_700_000_001), using: &generator)
        #expect(early < late)
        let text = early.description
        #expect(text == text.lowercased())
        #expect(Array(text)[14] == "7")
        #expect("89ab".contains(Array(text)[19]))
        #expect(Identifier<Account>(text.uppercased()) == early)
        #expect(Identifier<Account>("not-an-id") == nil)
    }
}
