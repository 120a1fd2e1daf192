import Foundation
import Synchronization
import VaultCore
import VaultStore

/// The card miles tracker (spec `card-miles.md`, issue 17): a household's cards, their cycles and progress,
/// the bonus category of each card transaction, and which card to use.
///
/// Every card counts the transactions of one credit-card account: one it is linked to (bank-synced or manual),
/// or a manual account made for it, which its manual expenses from the Add page go into. Those transactions
/// count toward the card when they are spending: classified as expenses (a refund, money back on the card,
/// takes spend back); card payments, transfers, income and ignored rows never count. Excluding a transaction
/// from the budget's totals does not stop it earning miles.
public struct CardService: Sendable {
    let scope: HouseholdScope

    /// Every card in the library, grouped by bank in the spec's order.
    public static var library: [CardTemplate] { CardLibrary.cards }

    /// How the transaction's bonus category was decided, as the card page says it.
    public enum CategorySource: Hashable, Sendable {
        /// A person chose it for this transaction (or when logging it).
        case chosen
        /// A person chose it for another transaction of the same payee on this card.
        case payee
        /// Suggested from the category and description, with the reason.
        case suggested(String)
    }

    /// One transaction as the card counts it.
    public struct Expense: Sendable, Hashable {
        public let row: MilesCardRepository.Row
        /// Spend: the transaction's amount with its sign turned (a purchase is positive).
        public let expense: CardExpense
        public let source: CategorySource
    }

    /// One card on the cards page.
    public struct Status: Sendable {
        public let card: MilesCard
        /// The account whose transactions count; nil only when it is gone.
        public let account: Account?
        /// The current cycle's dates, spend, bars and miles.
        public let report: CardCycleReport
        /// Why the card counts nothing, when it cannot (an account in another currency).
        public let problem: String?
        /// The transactions counted in the current cycle, oldest first.
        public let expenses: [Expense]
    }

    /// The cards page: the calendar month's spend across every card, then each card.
    public struct Overview: Sendable {
        public let today: LocalDate
        public let month: CalendarMonth
        /// Spend this calendar month across all cards, whatever each card's cycle, per currency.
        public let monthSpend: MoneyBag
        public let cards: [Status]
    }

    /// Every card with its current cycle.
    public func overview() async throws -> Overview {
        try await scope.read { session in
            let household = try await session.household()
            let today = household.today(at: session.now)
            let month = CalendarMonth(containing: today)
            let context = try await Context(session: session)
            var statuses: [Status] = []
            var monthSpend = MoneyBag()
            for card in context.cards {
                guard let cycle = card.cycle.range(containing: today) else { continue }
                let span = Self.span(cycle, month: month)
                let (kept, problem) = try await context.expenses(of: card, in: span, session: session)
                // Card spend is history: an entry dated after today is scheduled and earns from its day
                // (docs/figures.md).
                let expenses = kept.filter { $0.expense.date <= today }
                let counted = expenses.map(\.expense)
                for expense in counted where month.range.contains(expense.date) { try monthSpend.add(expense.amount) }
                statuses.append(
                    Status(
                        card: card, account: context.account(of: card),
                        report: try CardCycleReport(card: card, expenses: counted, range: cycle), problem: problem,
                        expenses: expenses.filter { cycle.contains($0.expense.date) }))
            }
            return Overview(today: today, month: month, monthSpend: monthSpend, cards: statuses)
        }
    }

    /// One card with its current cycle; `reference` is its id, its name or its last four digits.
    public func status(_ reference: String) async throws -> Status {
        let overview = try await overview()
        let card = try Self.resolve(reference, in: overview.cards.map(\.card))
        return overview.cards.first { $0.card.id == card.id }!
    }

    /// One card by id, name, "bank name", or last four digits.
    public func find(_ reference: String) async throws -> MilesCard {
        try await scope.read { session in try Self.resolve(reference, in: try await session.milesCards.all()) }
    }

    /// The cards in the cards page's order.
    public func list() async throws -> [MilesCard] {
        try await scope.read { try await $0.milesCards.all() }
    }

    /// One card's answer to "which card should I use?", with the card.
    public struct Recommendation: Sendable {
        public let card: MilesCard
        public let miles: Int64
        public let reason: String
        /// Whether the card can earn on the purchase at all (`CardRecommender.Choice.canEarn`); the cards that
        /// cannot come last, with the reason.
        public let canEarn: Bool
    }

    /// The cards ranked by the miles `amount` spent today (or on `date`) in `category` would earn now, given
    /// each card's progress in that day's cycle. The purchase is in `currency` (an ISO code); when not given, in
    /// the household's currency if any card is in it, else in the first card's. Cards in another currency cannot
    /// earn on it and come last, saying so. A card that cannot count its account's transactions is ranked on the
    /// spend it can see, none.
    public func best(
        amount text: String, category: String? = nil, foreign: Bool = false, date: String? = nil,
        currency code: String? = nil
    ) async throws -> [Recommendation] {
        try await scope.read { session in
            let household = try await session.household()
            let today = household.today(at: session.now)
            let context = try await Context(session: session)
            var problems: [Problem] = []
            // The household's currency when a card is in it; else the currency of the first card (a household
            // kept in USD that tracks only Singapore cards shops in SGD with them).
            var currency =
                context.cards.contains { $0.currency == household.baseCurrency }
                ? household.baseCurrency : context.cards.first?.currency ?? household.baseCurrency
            if let code = TransactionFields.optional(code) {
                if let named = Currency(isoCode: code) {
                    currency = named
                } else {
                    problems.append(
                        Problem(
                            field: "currency",
                            message: "'\(code)' is not a currency code; use three letters such as SGD."))
                }
            }
            var amount: Money?
            do {
                let parsed = try Money(parsing: text, currency: currency)
                if parsed.isPositive {
                    amount = parsed
                } else {
                    problems.append(
                        Problem(field: "amount", message: "Give the amount you will spend, more than zero."))
                }
            } catch { problems.append(Problem(field: "amount", message: "\(error)")) }
            let bonus = Self.bonusCategory(category, field: "category").value(collecting: &problems) ?? nil
            let day = TransactionFields.date(date ?? "today", today: today).value(collecting: &problems)
            guard problems.isEmpty, let amount, let day else { throw InvalidInput(problems) }
            guard !context.cards.isEmpty else {
                throw VaultError(.notFound, "There are no cards yet; add one from the library or make your own.")
            }
            var candidates: [(card: MilesCard, expenses: [CardExpense])] = []
            for card in context.cards {
                guard card.currency == currency, let cycle = card.cycle.range(containing: day) else {
                    // The recommender says why it cannot earn; its spend does not matter.
                    candidates.append((card, []))
                    continue
                }
                // Read as the cards page reads the day's cycle, so a kept read serves both.
                let span = Self.span(cycle, month: CalendarMonth(containing: day))
                let expenses = try await context.expenses(of: card, in: span, session: session).expenses
                candidates.append(
                    (card, expenses.map(\.expense).filter { cycle.contains($0.date) && $0.date <= today }))
            }
            let purchase = CardRecommender.Purchase(
                amount: amount, date: day, bonusCategory: bonus, isForeignCurrency: foreign)
            let byID = Dictionary(uniqueKeysWithValues: context.cards.map { ($0.id, $0) })
            return try CardRecommender.rank(purchase, cards: candidates).map {
                Recommendation(card: byID[$0.cardID]!, miles: $0.miles, reason: $0.reason, canEarn: $0.canEarn)
            }
        }
    }

    /// The days a card is read over: its cycle and the calendar month (the page's total counts the month).
    static func span(_ cycle: DateRange, month: CalendarMonth) -> DateRange {
        DateRange(start: min(cycle.start, month.range.start), end: max(cycle.end, month.range.end))!
    }

    /// What the reads above need: the cards, the accounts, the category tree, and each card's remembered payees.
    struct Context {
        let cards: [MilesCard]
        let accounts: [Account.ID: Account]
        let tree: CategoryTree
        let household: Household.ID
        /// The household's data version and change-log position: what the kept expenses (`CardExpenseCache`) are
        /// checked against.
        let dataVersion: Int64
        let changeSequence: Int64

        /// The most changes a kept answer is brought up to date with; past that the card's range is read again.
        static let catchUpLimit = 500
        /// What changed since a kept position, read once for all the cards that catch up from it.
        private let caughtUp = CatchUps()

        init(session: HouseholdSession) async throws {
            let (household, version, sequence) = try await session.logged()
            self.household = household.id
            dataVersion = version
            changeSequence = sequence
            cards = try await session.milesCards.all()
            accounts = Dictionary(uniqueKeysWithValues: try await session.accounts.all().map { ($0.id, $0) })
            tree = try await session.categories.tree()
        }

        func account(of card: MilesCard) -> Account? { card.linkedAccountID.flatMap { accounts[$0] } }

        /// The card's spending in `range`, each with its bonus category; or why none can count. Kept, and after
        /// a change brought up to date from the change log (`CardExpenseCache`).
        func expenses(
            of card: MilesCard, in range: DateRange, session: HouseholdSession
        ) async throws -> (expenses: [Expense], problem: String?) {
            let key = CardExpenseCache.Key(household: household, card: card, range: range)
            let kept = CardExpenseCache.shared.answer(for: key)
            if let kept, kept.dataVersion >= dataVersion { return (kept.expenses, kept.problem) }
            var readWhole = false
            var read: (expenses: [Expense], problem: String?)
            if let kept, let caughtUp = try await catchUp(kept, card: card, in: range, session: session) {
                read = caughtUp
            } else {
                read = try await self.read(card, in: range, session: session)
                readWhole = true
            }
            CardExpenseCache.shared.keep(
                .init(
                    expenses: read.expenses, problem: read.problem, dataVersion: dataVersion,
                    changeSequence: changeSequence, readWhole: readWhole),
                for: key)
            return read
        }

        /// Whether a change can alter a card's expenses only through the rows it names: a transaction's, or an
        /// account's balance or name (a purchase moves its account's balance) but not its currency.
        static func leavesOtherRows(_ change: ChangeRecord) -> Bool {
            switch change.entity {
            case "transaction": true
            case "account": change.operation == .update && !change.fields.contains("currency")
            default: false
            }
        }

        /// `kept` brought up to this context's change-log position when only transactions (and account balances)
        /// changed since it was read (the change log names every row a write touched): the changed rows of the
        /// card's range are read again and take their old selves' places. Nil when anything else changed (a
        /// category, an account's currency, the card's remembered payees, a pair), when the data version moved
        /// without a logged change (a migration), or when too much changed; the range is then read whole.
        private func catchUp(
            _ kept: CardExpenseCache.Answer, card: MilesCard, in range: DateRange, session: HouseholdSession
        ) async throws -> (expenses: [Expense], problem: String?)? {
            let unread = changeSequence - kept.changeSequence
            guard kept.problem == nil, unread > 0, unread <= Self.catchUpLimit, let account = account(of: card),
                account.currency == card.currency
            else { return nil }
            guard
                let changed = try await caughtUp.since(
                    kept.changeSequence, through: changeSequence, context: self, session: session)
            else { return nil }
            let rows = (changed.rows[account.id] ?? []).filter { range.contains($0.date) }
            var sorter = ExpenseSorter(
                card: card,
                payees: card.hasCategoryCaps && !rows.isEmpty
                    ? try await session.milesCards.payeeChoices(card: card.id) : [:],
                tree: tree)
            let expenses =
                (kept.expenses.filter { !changed.ids.contains($0.row.id) } + rows.compactMap { sorter.expense($0) })
                .sorted { ($0.row.date, $0.row.id) < ($1.row.date, $1.row.id) }
            return (expenses, nil)
        }

        /// The transactions changed between two change-log positions, with their rows now in the cards' accounts;
        /// nil when something other than transactions changed, or too much. Each span is read once per request.
        final class CatchUps: Sendable {
            struct Changed: Sendable {
                let ids: Set<Transaction.ID>
                let rows: [Account.ID: [MilesCardRepository.Row]]
            }

            private let read = Mutex<[Int64: Changed?]>([:])

            func since(
                _ start: Int64, through end: Int64, context: Context, session: HouseholdSession
            ) async throws -> Changed? {
                if let known = read.withLock({ $0[start] }) { return known }
                let found = try await Self.changed(from: start, through: end, context: context, session: session)
                read.withLock { $0[start] = found }
                return found
            }

            private static func changed(
                from start: Int64, through end: Int64, context: Context, session: HouseholdSession
            ) async throws -> Changed? {
                let unread = end - start
                let changes = try await session.changes(after: start, limit: Int(unread))
                guard changes.count == unread, changes.allSatisfy(Context.leavesOtherRows) else { return nil }
                let touched = changes.filter { $0.entity == "transaction" }
                let ids = Set(touched.compactMap { Transaction.ID($0.entityID) })
                guard ids.count == Set(touched.map(\.entityID)).count else { return nil }
                let accounts = context.cards.compactMap { context.account(of: $0) }
                return Changed(ids: ids, rows: try await session.milesCards.rows(ids: ids, in: accounts))
            }
        }

        private func read(
            _ card: MilesCard, in range: DateRange, session: HouseholdSession
        ) async throws -> (expenses: [Expense], problem: String?) {
            guard let account = account(of: card) else {
                return ([], "The account this card counted is gone; link the card to another account.")
            }
            guard account.currency == card.currency else {
                return (
                    [],
                    "'\(account.displayName)' is in \(account.currency.code) and this card's amounts are in "
                        + "\(card.currency.code), so its transactions cannot count (nothing is converted). "
                        + "Link an account in \(card.currency.code), or change the card's currency."
                )
            }
            let rows = try await session.milesCards.rows(account: account, in: range)
            var sorter = ExpenseSorter(
                card: card,
                payees: card.hasCategoryCaps ? try await session.milesCards.payeeChoices(card: card.id) : [:],
                tree: tree)
            return (rows.compactMap { sorter.expense($0) }, nil)
        }
    }

    /// Turns a card's transactions into expenses, deciding each bonus category once per merchant and category:
    /// a month of a card holds the same few hundred merchants again and again.
    struct ExpenseSorter {
        let card: MilesCard
        let payees: [String: BonusCategory]
        let tree: CategoryTree
        private struct Merchant: Hashable {
            let description: String
            let payee: String?
            let categoryID: Category.ID?
        }
        private var suggestions: [Merchant: BonusCategorySuggestion] = [:]
        private var payeeKeys: [String: String] = [:]

        init(card: MilesCard, payees: [String: BonusCategory], tree: CategoryTree) {
            self.card = card
            self.payees = payees
            self.tree = tree
        }

        mutating func suggestion(for row: MilesCardRepository.Row) -> BonusCategorySuggestion {
            let key = Merchant(description: row.description, payee: row.payee, categoryID: row.categoryID)
            if let known = suggestions[key] { return known }
            let text = [row.description, row.payee].compactMap { $0 }.joined(separator: " ")
            let keys =
                row.categoryID.map { id in ([tree[id]].compactMap { $0 } + tree.ancestors(of: id)).map(\.key) } ?? []
            let made = BonusCategorySuggestion(
                description: text, categoryKeys: keys, choices: card.bonusCategoryChoices, cardCurrency: card.currency)
            suggestions[key] = made
            return made
        }

        mutating func remembered(for row: MilesCardRepository.Row) -> BonusCategory? {
            guard !payees.isEmpty else { return nil }
            let name = row.payee ?? row.description
            if let key = payeeKeys[name] { return payees[key] }
            let key = PayeeKey.normalize(name)
            payeeKeys[name] = key
            return payees[key]
        }

        /// A transaction as the card counts it, or nil when it is not spending.
        mutating func expense(_ row: MilesCardRepository.Row) -> Expense? {
            CardService.expense(row, card: card, sorter: &self)
        }
    }

    /// A transaction as `card` counts it, or nil when it is not spending.
    static func expense(_ row: MilesCardRepository.Row, card: MilesCard, sorter: inout ExpenseSorter) -> Expense? {
        guard row.classification == .expense else { return nil }
        let suggestion = sorter.suggestion(for: row)
        let category: BonusCategory?
        let source: CategorySource
        if let chosen = row.chosenCategory {
            (category, source) = (chosen, .chosen)
        } else if let remembered = sorter.remembered(for: row) {
            (category, source) = (remembered, .payee)
        } else {
            (category, source) = (suggestion.category, .suggested(suggestion.reason))
        }
        let spend = Money(minorUnits: -row.amount.minorUnits, currency: row.amount.currency)
        // The same function "which card" predicts with, so what it promised is what is recorded.
        let expense = card.expense(
            amount: spend, date: row.date, bonusCategory: category,
            isForeignCurrency: row.chosenForeign ?? suggestion.isForeign)
        return Expense(row: row, expense: expense, source: source)
    }

    /// The bonus category named by `text` (its name or key, ignoring case); nil for empty.
    static func bonusCategory(_ text: String?, field: String) -> Result<BonusCategory?, Problem> {
        guard let text = TransactionFields.optional(text) else { return .success(nil) }
        let wanted = text.lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "-", with: "")
        if let found = BonusCategory.allCases.first(where: {
            $0.rawValue.lowercased() == wanted
                || $0.description.lowercased().replacingOccurrences(of: " ", with: "") == wanted
        }) {
            return .success(found)
        }
        return .failure(
            Problem(
                field: field,
                message: "'\(text)' is not a bonus category; use one of "
                    + BonusCategory.allCases.map(\.rawValue).joined(separator: ", ") + "."))
    }

    /// The card named by id, name ("Visa Signature" or "UOB Visa Signature", ignoring case) or last four digits.
    static func resolve(_ reference: String, in cards: [MilesCard]) throws -> MilesCard {
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        if let id = MilesCard.ID(wanted), let card = cards.first(where: { $0.id == id }) { return card }
        let lower = wanted.lowercased()
        return try Reference.single(
            cards.filter {
                $0.name.lowercased() == lower || $0.fullName.lowercased() == lower
                    || $0.title.lowercased() == lower || $0.lastFourDigits == wanted
            },
            none: "There is no card '\(wanted)'"
                + (cards.isEmpty
                    ? "; add one from the library first."
                    : "; the cards are: \(cards.map(\.title).joined(separator: ", "))."),
            many: "More than one card is called '\(wanted)'; use its id or its last four digits.")
    }
}
