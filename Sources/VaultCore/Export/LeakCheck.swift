import Foundation

/// The check run on every LLM export before it is offered (spec `ghostvault.md` section 14, issue 20): the text
/// must hold no account or institution name, no account number or last four digits, no payee or description
/// word that is not a category word, no email address, no calendar date inside the period, and, when rounding
/// is on, no amount that escaped the rounding.
///
/// The rules, and where they draw the line between a real leak and a false alarm:
/// - **Words.** Names (accounts, nicknames, institutions, payees, descriptions) are split into words of two or
///   more letters. A word is *allowed* when it is a word of a category name or of the export's own fixed
///   vocabulary (its headings, templates, JSON keys, account kinds, bucket names: `LLMExport.vocabulary`).
///   Every other word of a name that appears as a whole word in the export is a leak. So a payee named like a
///   category ("Dining") or a merchant whose name is a common template word ("Target", "Total") is not
///   reported, since the export writes those words anyway and they identify no one; but an account nicknamed
///   "Alice's Checking" leaks "alice" the moment that word appears, and "Shell" leaks unless a category is
///   called Shell. Words are compared case-insensitively, whole words only ("art" does not match "start").
/// - **Numbers.** An account's bank id, and the last four digits of any run of four or more digits in an
///   account's name, nickname or bank id, must not appear as a run of digits of their own. Amounts of money are
///   blanked before this test, so a balance of $4,829 is not taken for the card ending 4829.
/// - **Emails**: anything shaped `name@domain.tld`.
/// - **Dates**: `2026-11-15`, `2026/11/15`, `11/15/2026`, `15/11/2026`, `11/15`, `Nov 15`, `15 November`, and a
///   full month name alone, when that day (or month) lies inside the period, read either way round.
/// - **Amounts**, only when rounding is on: every amount of money written (`$1,250` in Markdown, and every JSON
///   number except those under `LLMExport.nonMoneyKeys`) must be left unchanged by the rounding. An amount that
///   rounds to itself ($50.00 at nearest 10) is not a leak even when a transaction was exactly $50.00: the
///   export prints it only as a rounded figure, and says no more about that transaction than rounding allows.
///   An amount the rounding would change is a leak, named as a transaction's or balance's exact amount when it
///   is one.
public struct LeakCheck: Sendable {
    /// What must not appear, gathered by the service from the household's data for the period.
    public struct Sensitive: Sendable {
        /// Names to scrub, each with what it is (`account name`, `payee`, ...).
        public var names: [(what: String, text: String)]
        /// Account numbers (bank ids) whose full text must not appear.
        public var accountNumbers: [String]
        /// Words that may appear though they are in a name: category words (the export's vocabulary is added).
        public var allowedWords: Set<String>
        /// Exact amounts (minor units, magnitudes) of the period's transactions and of the balances.
        public var exactAmounts: Set<Int64>
        public var period: DateRange
        public var currency: Currency

        public init(
            names: [(what: String, text: String)], accountNumbers: [String], allowedWords: Set<String>,
            exactAmounts: Set<Int64>, period: DateRange, currency: Currency
        ) {
            self.names = names
            self.accountNumbers = accountNumbers
            self.allowedWords = allowedWords
            self.exactAmounts = exactAmounts
            self.period = period
            self.currency = currency
        }

        /// Everything sensitive about these accounts, institutions, transactions (the period's, as a digest) and
        /// categories.
        public init(
            accounts: [Account], institutions: [Institution], transactions: TransactionDigest, tree: CategoryTree,
            period: DateRange, currency: Currency
        ) {
            var names: [(String, String)] = []
            var numbers: [String] = []
            var amounts: Set<Int64> = []
            for account in accounts {
                names.append(("account name", account.name))
                if let nickname = account.nickname, !nickname.isEmpty { names.append(("account nickname", nickname)) }
                if let bank = account.bankAccountID, !bank.isEmpty { numbers.append(bank) }
                amounts.insert(Int64(account.balance.minorUnits.magnitude))
            }
            for institution in institutions {
                names.append(("institution", institution.name))
                if let domain = institution.domain, !domain.isEmpty { names.append(("institution", domain)) }
            }
            var seen: Set<String> = []
            for group in transactions.groups {
                for (what, text) in [("payee", group.payee ?? ""), ("description", group.description)]
                where !text.isEmpty && seen.insert(what + "\u{0}" + text).inserted {
                    names.append((what, text))
                }
            }
            amounts.formUnion(transactions.magnitudes)
            var allowed: Set<String> = []
            for category in tree.categories { allowed.formUnion(LeakCheck.words(category.name)) }
            allowed.insert(LeakCheck.words(CategoryLine.uncategorizedName).first ?? "uncategorized")
            self.init(
                names: names, accountNumbers: numbers, allowedWords: allowed, exactAmounts: amounts, period: period,
                currency: currency)
        }
    }

    /// One thing that leaked.
    public struct Leak: Hashable, Sendable, Codable, CustomStringConvertible {
        public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
            case name, accountNumber = "account-number", email, date, amount
        }

        public let kind: Kind
        /// The text found in the export.
        public let found: String
        /// Where it comes from: `payee “Shell Gas Station #492”`, `a date inside the period`.
        public let source: String

        public var description: String { "\u{201C}\(found)\u{201D} (\(source))" }
    }

    /// Every leak found, in a stable order (kind, then text, then source); empty when the export is safe.
    public let leaks: [Leak]

    public var passed: Bool { leaks.isEmpty }

    /// One line for a person: `Passed: no names, ...` or what leaked.
    public var summary: String {
        passed
            ? "Passed: no account or institution names, account numbers, payee words, emails or dates found"
                + "; amounts checked against the rounding."
            : "Blocked: the export would reveal " + leaks.map(\.description).joined(separator: "; ") + "."
    }

    /// Checks `output`, the export as it would be offered, written with `rounding`.
    public init(output: String, format: ExportFormat, rounding: ExportRounding, sensitive: Sensitive) {
        var leaks: Set<Leak> = []
        let money = Self.moneyFigures(in: output, format: format, currency: sensitive.currency)

        // Names, word by word.
        let allowed = sensitive.allowedWords.union(LLMExport.vocabulary).union(Self.words(sensitive.currency.code))
        let present = Set(Self.words(output))
        for (what, text) in sensitive.names {
            for word in Self.words(text) where !allowed.contains(word) && present.contains(word) {
                leaks.insert(Leak(kind: .name, found: word, source: "\(what) \u{201C}\(text)\u{201D}"))
            }
        }

        // Account numbers, with the money blanked out.
        var blanked = Array(output.unicodeScalars)
        for figure in money { for index in figure.range { blanked[index] = " " } }
        let digitRuns = Set(Self.digitRuns(blanked))
        let text = String(String.UnicodeScalarView(blanked)).lowercased()
        var lastFours: [(String, String)] = []
        for number in sensitive.accountNumbers where number.count >= 4 {
            if text.contains(number.lowercased()) {
                leaks.insert(Leak(kind: .accountNumber, found: number, source: "an account number"))
            }
        }
        for (what, name) in sensitive.names where what.hasPrefix("account") {
            for run in Self.digitRuns(Array(name.unicodeScalars)) where run.count >= 4 {
                lastFours.append((String(run.suffix(4)), "\(what) \u{201C}\(name)\u{201D}"))
            }
        }
        for number in sensitive.accountNumbers {
            for run in Self.digitRuns(Array(number.unicodeScalars)) where run.count >= 4 {
                lastFours.append((String(run.suffix(4)), "an account number"))
            }
        }
        for (four, source) in lastFours where digitRuns.contains(four) {
            leaks.insert(Leak(kind: .accountNumber, found: four, source: "last four digits of \(source)"))
        }

        for email in Self.emails(in: output) {
            leaks.insert(Leak(kind: .email, found: email, source: "an email address"))
        }
        for date in Self.dates(in: output, period: sensitive.period) {
            leaks.insert(Leak(kind: .date, found: date, source: "a date inside the period"))
        }

        if rounding.isOn {
            for figure in money where !rounding.isFixedPoint(figure.amount) {
                let exact = sensitive.exactAmounts.contains(Int64(figure.amount.minorUnits.magnitude))
                leaks.insert(
                    Leak(
                        kind: .amount, found: figure.text,
                        source: exact
                            ? "the exact amount of a transaction or balance" : "an amount that was not rounded"))
            }
        }
        self.leaks = leaks.sorted {
            (Leak.Kind.allCases.firstIndex(of: $0.kind)!, $0.found, $0.source)
                < (Leak.Kind.allCases.firstIndex(of: $1.kind)!, $1.found, $1.source)
        }
    }

    /// The words of a text: runs of two or more letters, lowercased (`Alice's` is `alice`).
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter {
                current.append(character)
            } else {
                if current.count >= 2 { words.append(current) }
                current = ""
            }
        }
        if current.count >= 2 { words.append(current) }
        return words
    }

    static func digitRuns(_ scalars: [Unicode.Scalar]) -> [String] {
        var runs: [String] = []
        var current = ""
        for scalar in scalars {
            if ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else {
                if !current.isEmpty { runs.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }
}
