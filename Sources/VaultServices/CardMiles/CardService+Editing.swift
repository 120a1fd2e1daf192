import Foundation
import VaultCore
import VaultStore

extension CardService {
    /// A card's fields as a person types them, for a custom card or an edit: nil leaves a field as it is (an
    /// edit) or unset (a new card); an empty threshold, rate, last four or notes clears it.
    public struct Fields: Sendable {
        public var bank: String?
        public var network: String?
        public var name: String?
        public var lastFourDigits: String?
        /// An ISO 4217 code; a new card without one takes its account's currency, or the household's.
        public var currency: String?
        public var minimumSpend: String?
        public var maximumSpend: String?
        /// 1 to 31 for a statement month; empty or `calendar` for the calendar month.
        public var statementDay: String?
        public var localRate: String?
        public var foreignRate: String?
        public var baseRate: String?
        public var notes: String?
        /// The card's caps, replacing all of them; nil leaves them, empty removes them.
        public var caps: [Cap]?
        /// The credit-card account whose transactions count (id or name); on a new card nil or empty makes a
        /// manual account for it.
        public var account: String?

        /// One cap as typed.
        public struct Cap: Sendable {
            /// Bonus category names or keys; usually one.
            public var categories: [String]
            public var minimumSpend: String?
            public var cap: String
            public var bonusRate: String

            public init(categories: [String], minimumSpend: String? = nil, cap: String, bonusRate: String) {
                self.categories = categories
                self.minimumSpend = minimumSpend
                self.cap = cap
                self.bonusRate = bonusRate
            }
        }

        public init(
            bank: String? = nil, network: String? = nil, name: String? = nil, lastFourDigits: String? = nil,
            currency: String? = nil, minimumSpend: String? = nil, maximumSpend: String? = nil,
            statementDay: String? = nil, localRate: String? = nil, foreignRate: String? = nil,
            baseRate: String? = nil, notes: String? = nil, caps: [Cap]? = nil, account: String? = nil
        ) {
            self.bank = bank
            self.network = network
            self.name = name
            self.lastFourDigits = lastFourDigits
            self.currency = currency
            self.minimumSpend = minimumSpend
            self.maximumSpend = maximumSpend
            self.statementDay = statementDay
            self.localRate = localRate
            self.foreignRate = foreignRate
            self.baseRate = baseRate
            self.notes = notes
            self.caps = caps
            self.account = account
        }
    }

    /// The most cards a household keeps: far more than anyone carries, and a bound on every page.
    public static let maximumCards = 50

    /// Adds a copy of library card `template` (its id, `uob-visa-signature`), with the person's last four
    /// digits, statement day, categories for caps they pick (UOB Lady's Solitaire) and account.
    public func addFromLibrary(
        _ template: String, lastFourDigits: String? = nil, statementDay: String? = nil,
        chosenCategories: [String] = [], account: String? = nil
    ) async throws -> MilesCard {
        try await scope.write { session in
            guard let found = Self.library.first(where: { $0.id == template.trimmingCharacters(in: .whitespaces) })
            else {
                throw VaultError(
                    .notFound, "There is no library card '\(template)'; `ghostvault cards library` lists them.")
            }
            var problems: [Problem] = []
            var chosen: [BonusCategory] = []
            for text in chosenCategories {
                if let category = Self.bonusCategory(text, field: "categories").value(collecting: &problems),
                    let category
                {
                    chosen.append(category)
                }
            }
            let cycle = Self.cycle(statementDay).value(collecting: &problems)
            guard problems.isEmpty else { throw InvalidInput(problems) }
            let card: MilesCard
            do {
                card = try found.makeCard(
                    id: scope.vault.newID(), householdID: scope.householdID, chosenCategories: chosen,
                    lastFourDigits: TransactionFields.optional(lastFourDigits), cycle: cycle ?? nil)
            } catch let error as CardTemplateError { throw InvalidInput(field: "categories", error.description) }
            if !card.problems.isEmpty { throw InvalidInput(card.problems) }
            return try await Self.insert(card, account: account, session: session, newID: { scope.vault.newID() })
        }
    }

    /// Adds a card the person describes field by field.
    public func addCustom(_ fields: Fields) async throws -> MilesCard {
        try await scope.write { session in
            let household = try await session.household()
            let accounts = try await session.accounts.all()
            var problems: [Problem] = []
            var currency = household.baseCurrency
            if let reference = TransactionFields.optional(fields.account),
                let account = Reference.account(reference, in: accounts).value(collecting: &problems)
            {
                currency = account.currency
            }
            var card = MilesCard(
                id: scope.vault.newID(), householdID: household.id, bank: .other, network: .other, name: "",
                currency: currency)
            if fields.name == nil { problems.append(Problem(field: "name", message: "Give the card a name.")) }
            Self.apply(fields, to: &card, problems: &problems)
            problems += card.problems
            guard problems.isEmpty else { throw InvalidInput(problems) }
            return try await Self.insert(
                card, account: fields.account, session: session, newID: { scope.vault.newID() })
        }
    }

    /// Changes a card; returns it and the names of the fields that changed.
    public func edit(_ reference: String, _ fields: Fields) async throws -> (card: MilesCard, changed: [String]) {
        try await scope.write { session in
            let cards = try await session.milesCards.all()
            var card = try Self.resolve(reference, in: cards)
            var problems: [Problem] = []
            Self.apply(fields, to: &card, problems: &problems)
            var newAccount: Account?
            if let reference = TransactionFields.optional(fields.account) {
                let accounts = try await session.accounts.all()
                if let account = Reference.account(reference, in: accounts).value(collecting: &problems),
                    account.id != card.linkedAccountID
                {
                    problems += Self.linkProblems(account, cards: cards, except: card.id)
                    newAccount = account
                }
            }
            problems += card.problems
            guard problems.isEmpty else { throw InvalidInput(problems) }
            if let newAccount {
                // A card that made its own account leaves it (and its manual expenses) with the household.
                card.linkedAccountID = newAccount.id
                card.ownsAccount = false
            }
            return (card, try await session.milesCards.update(card))
        }
    }

    /// Puts the cards in the order given (ids, names or last fours); cards not named keep their order after them.
    public func reorder(_ references: [String]) async throws -> [MilesCard] {
        try await scope.write { session in
            let cards = try await session.milesCards.all()
            var ordered: [MilesCard] = []
            for reference in references {
                let card = try Self.resolve(reference, in: cards)
                if !ordered.contains(where: { $0.id == card.id }) { ordered.append(card) }
            }
            ordered += cards.filter { card in !ordered.contains { $0.id == card.id } }
            for (index, var card) in ordered.enumerated() where card.sortOrder != index {
                card.sortOrder = index
                try await session.milesCards.update(card)
            }
            return try await session.milesCards.all()
        }
    }

    /// Moves one card up (negative `offset`) or down the list.
    public func move(_ reference: String, by offset: Int) async throws -> [MilesCard] {
        let cards = try await list()
        let card = try Self.resolve(reference, in: cards)
        var ids = cards.map(\.id)
        guard let from = ids.firstIndex(of: card.id) else { return cards }
        let to = min(max(from + offset, 0), ids.count - 1)
        ids.remove(at: from)
        ids.insert(card.id, at: to)
        return try await reorder(ids.map(\.description))
    }

    /// What deleting a card takes with it: its manual expenses, and the account made for it.
    public struct Removal: Sendable {
        public let card: MilesCard
        /// Manual transactions deleted with the card.
        public let expensesDeleted: Int
        /// The account made for the card, deleted with it; nil when the card was linked to an account of the
        /// household's, which stays with its bank-synced transactions.
        public let accountDeleted: Account?
    }

    /// How many manual expenses deleting the card would delete.
    public func expensesGoing(with reference: String) async throws -> Int {
        try await scope.read { session in
            let card = try Self.resolve(reference, in: try await session.milesCards.all())
            return try await Self.going(with: card, session: session).count
        }
    }

    /// Deletes a card. With manual expenses to go with it, asks for `confirmed` first and says how many.
    /// Bank-synced transactions are never deleted.
    public func remove(_ reference: String, confirmed: Bool) async throws -> Removal {
        try await scope.write { session in
            let card = try Self.resolve(reference, in: try await session.milesCards.all())
            let going = try await Self.going(with: card, session: session)
            if !going.isEmpty, !confirmed {
                throw VaultError(
                    .confirmationRequired,
                    "Deleting \(card.title) also deletes its \(going.count) manual expense"
                        + "\(going.count == 1 ? "" : "s"). Confirm to go ahead.")
            }
            for id in going {
                guard let transaction = try await session.transactions.find(id) else { continue }
                _ = try await TransactionService.delete(transaction, session: session)
            }
            var accountDeleted: Account?
            if card.ownsAccount, let id = card.linkedAccountID, let account = try await session.accounts.find(id),
                account.isManual, try await session.accounts.transactionCount(id) == 0
            {
                _ = try await session.accounts.delete(id)
                accountDeleted = account
            }
            _ = try await session.milesCards.delete(card.id)
            return Removal(card: card, expensesDeleted: going.count, accountDeleted: accountDeleted)
        }
    }

    /// Sets the bonus category (and, when said, the foreign flag) of one transaction on a card, and remembers
    /// the category for its payee on that card unless asked not to. Returns the card.
    public func choose(
        _ category: String, foreign: Bool? = nil, transaction id: String, rememberForPayee: Bool = true
    ) async throws -> MilesCard {
        try await scope.write { session in
            let transaction = try await TransactionService.find(id, session: session)
            guard
                let card = try await session.milesCards.all().first(where: {
                    $0.linkedAccountID == transaction.accountID
                })
            else {
                throw VaultError(
                    .conflict,
                    "This transaction's account is not counted by any card; link a card to the account first.")
            }
            var problems: [Problem] = []
            let chosen = Self.bonusCategory(category, field: "bonusCategory").value(collecting: &problems) ?? nil
            let bonus = chosen ?? .general
            if problems.isEmpty, card.hasCategoryCaps, !card.bonusCategoryChoices.contains(bonus) {
                problems.append(Self.notOnCard(bonus, card: card))
            }
            guard problems.isEmpty else { throw InvalidInput(problems) }
            try await session.milesCards.choose(bonus, foreign: foreign, for: transaction.id)
            let key = PayeeKey.normalize(transaction.payee ?? transaction.description)
            if rememberForPayee, card.hasCategoryCaps, !key.isEmpty {
                try await session.milesCards.remember(bonus, payeeKey: key, card: card.id)
            }
            return card
        }
    }

    /// The card, its account and bonus category for a manual expense logged with a card (`TransactionInput.card`);
    /// nil when none is given or it does not resolve (with the problem collected).
    ///
    /// What is said beside the card is answered, never dropped (issue 34):
    /// - The entry is a purchase, so its amount must be below zero; money back on the card is an entry on the
    ///   card's account without the card.
    /// - The entry goes into the card's account; another account named beside the card is refused (naming the
    ///   card's own account is what happens anyway, and is accepted).
    /// - The bonus category is the person's choice, stored only when given: none given stores none, so the
    ///   payee's remembered category or the suggestion decides, as for any other transaction of the card. On a
    ///   card without caps only `foreignCurrency` (a foreign purchase) and `general` mean anything; any other
    ///   category is refused.
    static func card(
        for input: TransactionInput, accounts: [Account], session: HouseholdSession, problems: inout [Problem]
    ) async throws -> (card: MilesCard, account: Account, bonusCategory: BonusCategory?)? {
        guard let reference = TransactionFields.optional(input.card) else { return nil }
        let card: MilesCard
        do {
            card = try resolve(reference, in: try await session.milesCards.all())
        } catch let error as VaultError {
            problems.append(Problem(field: "card", message: error.message))
            return nil
        }
        let bonus = bonusCategory(input.bonusCategory, field: "bonusCategory").value(collecting: &problems) ?? nil
        if let bonus {
            if card.hasCategoryCaps, !card.bonusCategoryChoices.contains(bonus) {
                problems.append(notOnCard(bonus, card: card))
            } else if !card.hasCategoryCaps, bonus != .foreignCurrency, bonus != .general {
                problems.append(
                    Problem(
                        field: "bonusCategory",
                        message: "\(card.title) has no bonus categories: it earns its local or foreign rate on all "
                            + "spend, so \(bonus) would change nothing. Leave the bonus category out (for a purchase "
                            + "charged in a foreign currency, say it is foreign)."))
            }
        }
        if let parsed = try? Money(parsing: input.amount.trimmingCharacters(in: .whitespaces), currency: card.currency),
            !parsed.isNegative
        {
            problems.append(
                Problem(
                    field: "amount",
                    message: parsed.isZero
                        ? "A purchase on \(card.title) cannot be zero; give the amount spent."
                        : "A purchase on \(card.title) is money spent, so its amount is below zero. Money back on "
                            + "the card (a refund) is an entry on its account without the card."))
        }
        guard let account = accounts.first(where: { $0.id == card.linkedAccountID }) else {
            problems.append(Problem(field: "card", message: "\(card.title) has no account; link it to one first."))
            return nil
        }
        if let named = TransactionFields.optional(input.account),
            (try? Reference.account(named, in: accounts).get())?.id != account.id
        {
            problems.append(
                Problem(
                    field: "account",
                    message: "A purchase on \(card.title) goes into the card's account, '\(account.displayName)', "
                        + "not '\(named)'. Leave the account out, or give no card to add it to '\(named)'."))
        }
        if account.currency != card.currency {
            problems.append(
                Problem(
                    field: "card",
                    message: "\(card.title) counts '\(account.displayName)', which is in \(account.currency.code), "
                        + "not the card's \(card.currency.code); link it to an account in \(card.currency.code)."))
        }
        return (card, account, bonus)
    }

    static func notOnCard(_ category: BonusCategory, card: MilesCard) -> Problem {
        Problem(
            field: "bonusCategory",
            message: "\(category) is not one of \(card.title)'s bonus categories; choose "
                + card.bonusCategoryChoices.map(\.description).joined(separator: ", ") + ".")
    }

    /// The manual expenses that go with `card`: every transaction of the account made for it, else the manual
    /// transactions logged with the card picker into the account it is linked to.
    static func going(with card: MilesCard, session: HouseholdSession) async throws -> [Transaction.ID] {
        guard let account = card.linkedAccountID else { return [] }
        if card.ownsAccount, let found = try await session.accounts.find(account), found.isManual {
            return try await session.milesCards.manualExpenses(account: account, loggedWithCard: false)
        }
        return try await session.milesCards.manualExpenses(account: account, loggedWithCard: true)
    }

    /// Links the new card to the account named (it must be a credit card no other card counts, in the card's
    /// currency), or makes a manual credit-card account for it, and keeps the card.
    static func insert(
        _ card: MilesCard, account reference: String?, session: HouseholdSession,
        newID: @Sendable () -> Account.ID
    ) async throws -> MilesCard {
        var card = card
        let cards = try await session.milesCards.all()
        guard cards.count < maximumCards else {
            throw VaultError(
                .conflict, "A household keeps at most \(maximumCards) cards; delete one you no longer use.")
        }
        let accounts = try await session.accounts.all()
        card.sortOrder = (cards.map(\.sortOrder).max() ?? -1) + 1
        if let reference = TransactionFields.optional(reference) {
            var problems: [Problem] = []
            if let account = Reference.account(reference, in: accounts).value(collecting: &problems) {
                problems += linkProblems(account, cards: cards, except: nil)
                card.linkedAccountID = account.id
            }
            guard problems.isEmpty else { throw InvalidInput(problems) }
            card.ownsAccount = false
        } else {
            let household = try await session.household()
            let names = Set(accounts.flatMap { [$0.name.lowercased(), $0.nickname?.lowercased()] }.compactMap { $0 })
            let base = card.fullName + (card.lastFourDigits.map { " \($0)" } ?? "")
            var name = base
            var suffix = 2
            while names.contains(name.lowercased()) {
                name = "\(base) (\(suffix))"
                suffix += 1
            }
            let account = Account(
                id: newID(), householdID: household.id, name: name, kind: .creditCard,
                netWorthCategory: .liabilities, currency: card.currency, balance: .zero(card.currency),
                balanceDate: household.today(at: session.now),
                sortOrder: min((accounts.map(\.sortOrder).max() ?? -1) + 1, AccountService.sortOrders.upperBound))
            try await session.accounts.insert(account)
            card.linkedAccountID = account.id
            card.ownsAccount = true
        }
        try await session.milesCards.insert(card)
        return card
    }

    /// Why a card cannot count `account`: not a credit card, or counted by another card.
    static func linkProblems(_ account: Account, cards: [MilesCard], except id: MilesCard.ID?) -> [Problem] {
        if account.kind != .creditCard {
            return [
                Problem(
                    field: "account",
                    message: "'\(account.displayName)' is not a credit card account; a card counts the "
                        + "transactions of its credit card account.")
            ]
        }
        if let other = cards.first(where: { $0.linkedAccountID == account.id && $0.id != id }) {
            return [
                Problem(
                    field: "account", message: "'\(account.displayName)' is already counted by \(other.title).")
            ]
        }
        return []
    }

    /// A statement day as typed: empty or `calendar` is the calendar month; nil text leaves it.
    static func cycle(_ text: String?) -> Result<CardCycle?, Problem> {
        guard let text else { return .success(nil) }
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.isEmpty || trimmed == "calendar" || trimmed == "calendar month" { return .success(.calendarMonth) }
        guard let day = Int(trimmed), (1...31).contains(day) else {
            return .failure(
                Problem(
                    field: "statementDay",
                    message: "A statement day is a day of the month, 1 to 31; leave it empty for the calendar month."))
        }
        return .success(.statementMonth(day: day))
    }

    /// Applies typed fields to `card`, collecting what cannot be read.
    static func apply(_ fields: Fields, to card: inout MilesCard, problems: inout [Problem]) {
        if let text = fields.bank {
            if let bank = named(text, in: CardBank.allCases) {
                card.bank = bank
            } else {
                problems.append(
                    Problem(
                        field: "bank",
                        message: "'\(text)' is not a bank here; use one of "
                            + CardBank.allCases.map(\.description).joined(separator: ", ") + "."))
            }
        }
        if let text = fields.network {
            if let network = named(text, in: CardNetwork.allCases) {
                card.network = network
            } else {
                problems.append(
                    Problem(
                        field: "network",
                        message: "'\(text)' is not a network here; use Visa, Mastercard, AMEX or Other."))
            }
        }
        if let name = fields.name { card.name = name.trimmingCharacters(in: .whitespaces) }
        if let digits = fields.lastFourDigits { card.lastFourDigits = TransactionFields.optional(digits) }
        if let code = fields.currency {
            if let currency = Currency(isoCode: code) {
                card.currency = currency
            } else {
                problems.append(
                    Problem(
                        field: "currency", message: "'\(code)' is not a currency code; use three letters such as SGD."))
            }
        }
        let currency = card.currency
        func amount(_ text: String?, field: String, into value: inout Money?) {
            guard let text else { return }
            guard let trimmed = TransactionFields.optional(text) else {
                value = nil
                return
            }
            do { value = try Money(parsing: trimmed, currency: currency) } catch {
                problems.append(Problem(field: field, message: "\(error)"))
            }
        }
        amount(fields.minimumSpend, field: "minimumSpend", into: &card.minimumSpend)
        amount(fields.maximumSpend, field: "maximumSpend", into: &card.maximumSpend)
        if let cycle = cycle(fields.statementDay).value(collecting: &problems), let cycle { card.cycle = cycle }
        func rate(_ text: String?, field: String, into value: inout MilesRate?) {
            guard let text else { return }
            guard let trimmed = TransactionFields.optional(text) else {
                value = nil
                return
            }
            if let parsed = MilesRate(trimmed) {
                value = parsed
            } else {
                problems.append(
                    Problem(field: field, message: "'\(trimmed)' is not a rate; write miles per dollar such as 1.4."))
            }
        }
        rate(fields.localRate, field: "localRate", into: &card.localRate)
        rate(fields.foreignRate, field: "foreignRate", into: &card.foreignRate)
        rate(fields.baseRate, field: "baseRate", into: &card.baseRate)
        if let notes = fields.notes { card.notes = TransactionFields.optional(notes) }
        if let caps = fields.caps {
            var parsed: [CategoryCap] = []
            for (index, cap) in caps.enumerated() {
                let field = "categoryCaps[\(index)]"
                var categories: [BonusCategory] = []
                for text in cap.categories {
                    if let category = bonusCategory(text, field: field).value(collecting: &problems), let category {
                        categories.append(category)
                    }
                }
                var minimum: Money?
                amount(cap.minimumSpend, field: field, into: &minimum)
                var limit: Money?
                amount(cap.cap, field: field, into: &limit)
                var bonus: MilesRate?
                rate(cap.bonusRate, field: field, into: &bonus)
                guard let limit, let bonus else {
                    if limit == nil, TransactionFields.optional(cap.cap) == nil {
                        problems.append(
                            Problem(field: field, message: "Give the cap, the most spend that earns the bonus."))
                    }
                    if bonus == nil, TransactionFields.optional(cap.bonusRate) == nil {
                        problems.append(Problem(field: field, message: "Give the bonus rate in miles per dollar."))
                    }
                    continue
                }
                parsed.append(CategoryCap(categories, minimumSpend: minimum, cap: limit, bonusRate: bonus))
            }
            card.categoryCaps = parsed
        }
    }

    /// The case named by its raw value or description, ignoring case, spaces and dashes.
    static func named<Value: RawRepresentable<String> & CustomStringConvertible>(
        _ text: String, in cases: [Value]
    ) -> Value? {
        let fold = { (text: String) in
            text.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" }
        }
        let wanted = fold(text)
        return cases.first { fold($0.rawValue) == wanted || fold($0.description) == wanted }
    }
}
