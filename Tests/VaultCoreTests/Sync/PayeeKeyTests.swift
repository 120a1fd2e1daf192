import Testing
import VaultCore

@Suite struct PayeeKeyTests {
    @Test(
        "store numbers, card suffixes, processor prefixes and punctuation fold away",
        arguments: [
            ("SQ *CAFE LUNA #1234", "cafe luna"), ("Café Luna", "cafe luna"), ("TRADER JOE'S #552", "trader joes"),
            ("AMAZON.COM*2X4 XX4829", "amazon com 2x4"), ("TST* PIZZA PALACE STORE 0042", "pizza palace"),
            ("PAYPAL *SPOTIFY", "spotify"), ("Shell Oil 57442", "shell oil"),
        ])
    func normalize(text: String, key: String) {
        #expect(PayeeKey.normalize(text) == key)
    }

    @Test("keys are similar when equal or one begins the other at a word boundary")
    func similarity() {
        #expect(PayeeKey.similar("cafe luna", "cafe luna san francisco"))
        #expect(PayeeKey.similar("cafe luna", "cafe luna"))
        #expect(!PayeeKey.similar("cafe", "cafeteria"))
        #expect(!PayeeKey.similar("", "cafe"))
    }
}
