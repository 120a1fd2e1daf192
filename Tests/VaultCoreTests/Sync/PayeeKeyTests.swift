import Testing
import VaultCore

@Suite struct PayeeKeyTests {
    @Test(
        "store numbers, card suffixes, processor prefixes and punctuation fold away",
        arguments: [
            ("SQ *CAFE LUNA #1234", "cafe luna"), ("Café Luna", "cafe luna"), ("TRADER JOE'S #552", "trader joes"),
            ("AMAZON.COM*2X4 XX4829", "amazon com 2x4"), ("TST* PIZZA PALACE STORE 0042", "pizza palace"),
            ("PAYPAL *SPOTIFY", "spotify"), ("Shell Oil 57442", "shell oil"),
            // ASCII text folds without Foundation; the same name in other text gives the same key.
            ("O'REILLY AUTO\t#12", "oreilly auto"), ("O\u{2019}Reilly Auto", "oreilly auto"),
            ("ÖREILLY AUTO", "oreilly auto"), ("  Cafe  Luna  ", "cafe luna"),
        ])
    func normalize(text: String, key: String) {
        #expect(PayeeKey.normalize(text) == key)
    }

    @Test(
        "reference and confirmation numbers fold away for series",
        arguments: [
            ("ONLINE TRANSFER TO SAVINGS REF #IB000012", "online transfer to savings"),
            ("Online Transfer to Savings REF #IB000013", "online transfer to savings"),
            ("CITY WATER PAYMENT CONF# 8H2K9Q", "city water payment"),
            ("CITY WATER PAYMENT Confirmation Number 55213", "city water payment"),
            ("ACME PAYROLL PPD ID: 9876543210", "acme payroll ppd"),
            ("ZELLE TO J SMITH TXN 24A9F7", "zelle to j smith"),
            ("ACH DEBIT GEICO AUTO X7Y8Z90123", "debit geico auto"),
        ])
    func folded(text: String, key: String) {
        #expect(PayeeKey.folded(text) == key)
    }

    @Test(
        "digits that name a merchant are kept when references fold",
        arguments: [
            ("21ST CENTURY INSURANCE", "21st century insurance"), ("PIER 1 IMPORTS #1042", "pier imports"),
            ("AMAZON.COM*2X4 XX4829", "amazon com 2x4"), ("TRADER JOE'S #552", "trader joes"),
            ("3M COMPANY STORE", "3m company"), ("ID ME VERIFY", "id me verify"),
        ])
    func foldedKeepsNames(text: String, key: String) {
        #expect(PayeeKey.folded(text) == key)
        // Folding never merges what `normalize` told apart here.
        #expect(PayeeKey.folded(text) == PayeeKey.normalize(text))
    }

    @Test("two merchants with different names but shared reference shapes stay apart")
    func foldedKeepsMerchantsApart() {
        #expect(PayeeKey.folded("SHELL OIL REF 4411A") != PayeeKey.folded("CHEVRON REF 4411A"))
        #expect(PayeeKey.folded("21ST CENTURY INSURANCE") != PayeeKey.folded("CENTURY INSURANCE"))
    }

    @Test("keys are similar when equal or one begins the other at a word boundary")
    func similarity() {
        #expect(PayeeKey.similar("cafe luna", "cafe luna san francisco"))
        #expect(PayeeKey.similar("cafe luna", "cafe luna"))
        #expect(!PayeeKey.similar("cafe", "cafeteria"))
        #expect(!PayeeKey.similar("", "cafe"))
    }
}
