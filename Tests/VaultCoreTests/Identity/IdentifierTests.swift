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

    @Test("text round-trips, and ids order like their text, exactly as Foundation's UUID says")
    func textAndOrder() {
        var generator = SeededGenerator(seed: 7)
        let ids = (0..<500).map { index in
            Identifier<Account>.generate(
                at: Date(timeIntervalSince1970: 1_700_000_000 + Double(index % 3)), using: &generator)
        }
        for id in ids {
            #expect(id.description == id.uuid.uuidString.lowercased())
            #expect(Identifier<Account>(id.description) == id)
            #expect(Identifier<Account>(" \(id.description.uppercased()) ") == id)
        }
        #expect(ids.sorted().map(\.description) == ids.map(\.description).sorted())
        // Near misses of the 36-character form are refused, not misread.
        let text = ids[0].description
        for bad in [
            text.replacingOccurrences(of: "-", with: "x"), String(text.dropLast()) + "g", String(text.dropLast()),
            text.replacingOccurrences(of: "-", with: "") + "0000",
        ] {
            #expect(Identifier<Account>(bad) == nil, "\(bad)")
        }
    }
}
