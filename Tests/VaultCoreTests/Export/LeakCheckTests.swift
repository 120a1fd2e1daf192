import Testing
import VaultCore

/// The leak check against hostile data: names that look like categories or common words, a person's name in a
/// nickname, card digits, emails, dates, and amounts that round to themselves.
@Suite struct LeakCheckTests {
    static let period = DateRange(start: LocalDate(iso: "2026-09-01")!, end: LocalDate(iso: "2026-11-30")!)!

    static func sensitive(
        names: [(String, String)] = [], numbers: [String] = [],
        allowed: Set<String> = ["dining", "groceries", "housing"],
        amounts: Set<Int64> = []
    ) -> LeakCheck.Sensitive {
        LeakCheck.Sensitive(
            names: names.map { (what: $0.0, text: $0.1) }, accountNumbers: numbers, allowedWords: allowed,
            exactAmounts: amounts, period: period, currency: .usd)
    }

    static func check(
        _ output: String, _ sensitive: LeakCheck.Sensitive, rounding: ExportRounding = .nearest10,
        format: ExportFormat = .markdown
    ) -> LeakCheck {
        LeakCheck(output: output, format: format, rounding: rounding, sensitive: sensitive)
    }

    @Test("a payee named like a category is not a leak: the export writes category words anyway")
    func payeeNamedLikeACategory() {
        let result = Self.check("1. Category: Dining (12%): $450", Self.sensitive(names: [("payee", "Dining")]))
        #expect(result.passed)
    }

    @Test("an account nicknamed with a person's name leaks that name, not the kind word")
    func nickname() {
        let sensitive = Self.sensitive(names: [("account nickname", "Alice's Checking")])
        #expect(Self.check("- Asset_A (Checking): $1,250", sensitive).passed)
        let leaked = Self.check("- Asset_A (Checking): $1,250, kept by alice", sensitive)
        #expect(leaked.leaks.map(\.found) == ["alice"])
        #expect(leaked.summary.contains("Alice's Checking"))
    }

    @Test("a merchant named with a template word passes; its other words are caught")
    func commonWordMerchant() {
        let sensitive = Self.sensitive(names: [("payee", "Target"), ("payee", "Shell Gas Station #492")])
        #expect(Self.check("- Needs: 55% (target 50%, +5%): $1,200", sensitive).passed)
        let leaked = Self.check("Category: Fuel at Shell", sensitive)
        #expect(leaked.leaks.map(\.found) == ["shell"])
        // Whole words only: "start" does not contain the payee word "art".
        #expect(Self.check("period start", Self.sensitive(names: [("payee", "Art")])).passed)
    }

    @Test("amounts that round to themselves pass; an exact or unrounded amount is blocked")
    func amounts() {
        let sensitive = Self.sensitive(amounts: [5_000, 124_567])
        #expect(Self.check("- Category: Dining: $50", sensitive).passed)
        let exact = Self.check("- Total Income: $1,245.67", sensitive)
        #expect(exact.leaks.map(\.source) == ["the exact amount of a transaction or balance"])
        let unrounded = Self.check("- Net: -$1,245", sensitive)
        #expect(unrounded.leaks.map(\.found) == ["-$1,245"])
        #expect(unrounded.leaks.map(\.source) == ["an amount that was not rounded"])
        // With rounding off, exact amounts are what was asked for.
        #expect(Self.check("- Total Income: $1,245.67", sensitive, rounding: .off).passed)
    }

    @Test("JSON amounts are checked by key; percentages and counts are not amounts")
    func json() {
        let sensitive = Self.sensitive(amounts: [3_500, 124_567])
        let safe = "{\n  \"percentage\": 35,\n  \"itemCount\": 7,\n  \"balance\": 1250\n}\n"
        #expect(Self.check(safe, sensitive, format: .json).passed)
        let leaked = "{\n  \"balance\": 1245.67\n}\n"
        #expect(Self.check(leaked, sensitive, format: .json).leaks.map(\.found) == ["1245.67"])
    }

    @Test("last four digits of an account leak on their own, not inside an amount")
    func lastFour() {
        let sensitive = Self.sensitive(names: [("account name", "Chase Sapphire ...4829")], numbers: ["ACCT-998877"])
        #expect(Self.check("- Liability_A (Credit Card): -$4,829", sensitive, rounding: .off).passed)
        let leaked = Self.check("card 4829 and ACCT-998877", sensitive, rounding: .off)
        #expect(leaked.leaks.map(\.found) == ["4829", "ACCT-998877"])
    }

    @Test("an email address is a leak")
    func email() {
        let result = Self.check("write to alice.smith@example.com", Self.sensitive())
        #expect(result.leaks.map(\.found) == ["alice.smith@example.com"])
    }

    @Test(
        "calendar dates inside the period are leaks; relative dates, ratios and dates outside are not",
        arguments: [
            ("on 2026-11-15", true), ("on 11/15/2026", true), ("on 15/11/2026", true), ("on 11/15", true),
            ("on Nov 15", true), ("on 15 November", true), ("in October", true), ("on 2025-11-15", false),
            ("in January", false), ("Month 3, Day 15", false), ("ratio 1.18", false), ("50/30/20 Status", false),
            ("Month 1-3", false), ("T-Minus 14 Days", false),
        ])
    func dates(text: String, leaks: Bool) {
        #expect(Self.check(text, Self.sensitive()).passed == !leaks)
    }

    @Test("leaks are listed in a stable order")
    func order() {
        let sensitive = Self.sensitive(names: [("payee", "Zeta Mart"), ("payee", "Alpha Shop")])
        let result = Self.check("zeta alpha 2026-10-01 a@b.co", sensitive)
        #expect(result.leaks.map(\.kind) == [.name, .name, .email, .date])
        #expect(result.leaks.map(\.found).prefix(2) == ["alpha", "zeta"])
    }
}
