import Foundation
import VaultCore
import VaultStore

/// Recurring rules (spec `expense-tracker.md` 2.6 and 4.3, issue 18): scheduled entries made from the Add page,
/// their instances, and "Generate Next Year".
///
/// - A rule is made from an entry (the Add page's recurrence sheet, or Settings > Add rule, which is the same
///   form): the entry is its template, and every occurrence from the rule's start through the end of the
///   current year is generated at once (the template's own date excepted).
/// - Instances are ordinary transactions (source `recurring`) that go through the ingest pipeline like any
///   entry, so rules, patterns and transfer matching apply. A person may edit any of them; an edited instance
///   is never replaced by the rule.
/// - Changing a rule replaces its untouched instances dated today or later with ones made from the new fields
///   and schedule; past instances stay as they were.
/// - Generate Next Year: for every enabled rule not yet generated through next year, the days after the last year
///   generated (never before today: a rule switched off for a while is not back-filled) through next year are
///   generated, and recorded. Running it twice makes nothing the second time.
/// - A date the rule has filled stays filled: an entry a person moved keeps its scheduled date, and one a person
///   deleted is remembered, so no later change or generation brings it back.
/// - A generated instance moves a manual account's balance like any entry, whatever its date.
public struct RecurringRuleService: Sendable {
    let scope: HouseholdScope

    /// The most instances one rule may make in one go: ten years of a daily rule.
    public static let maximumGenerated = 3_660
    /// The most rules a household keeps: far more than anyone schedules, and a bound on what one request writes.
    public static let maximumRules = 200

    /// A recurrence as a person sets it in the sheet.
    public struct Recurrence: Sendable, Hashable {
        /// `daily`, `weekly`, `monthly` or `yearly`.
        public var cadence: String
        /// Every how many days, weeks, months or years; nil for 1.
        public var interval: String?
        /// `YYYY-MM-DD`; nil for the entry's date.
        public var start: String?
        /// `YYYY-MM-DD`; nil or empty for no end.
        public var end: String?

        public init(cadence: String, interval: String? = nil, start: String? = nil, end: String? = nil) {
            self.cadence = cadence
            self.interval = interval
            self.start = start
            self.end = end
        }
    }

    /// A rule with what its list and detail show.
    public struct Listed: Sendable {
        public let rule: RecurringRule
        public let account: Account?
        public let category: Category?
        public let instanceCount: Int

        /// `🏠 Rent • $2,500.00 • monthly` (spec 2.6.3).
        public var summary: String {
            let emoji = category?.emoji.map { "\($0) " } ?? ""
            let magnitude = Money(minorUnits: abs(rule.amount.minorUnits), currency: rule.amount.currency)
            return "\(emoji)\(rule.description) • \(magnitude.formatted()) • \(rule.cadenceText)"
        }
    }

    /// Changes to a rule; nil leaves a field as it is, an empty category, payee, notes or end clears it.
    public struct Changes: Sendable {
        /// Signed: `-2500` for an expense.
        public var amount: String?
        public var category: String?
        public var description: String?
        public var payee: String?
        public var tags: String?
        public var notes: String?
        public var cadence: String?
        public var interval: String?
        public var start: String?
        public var end: String?
        public var isEnabled: Bool?

        public init(
            amount: String? = nil, category: String? = nil, description: String? = nil, payee: String? = nil,
            tags: String? = nil, notes: String? = nil, cadence: String? = nil, interval: String? = nil,
            start: String? = nil, end: String? = nil, isEnabled: Bool? = nil
        ) {
            self.amount = amount
            self.category = category
            self.description = description
            self.payee = payee
            self.tags = tags
            self.notes = notes
            self.cadence = cadence
            self.interval = interval
            self.start = start
            self.end = end
            self.isEnabled = isEnabled
        }
    }

    public func list() async throws -> [Listed] {
        try await scope.read { session in
            try await Self.listed(try await session.recurringRules.all(), session: session)
        }
    }

    /// One rule by id, or by its description when only one rule has it.
    public func find(_ reference: String) async throws -> Listed {
        try await scope.read { session in
            let rule = try Self.resolve(reference, in: try await session.recurringRules.all())
            return try await Self.listed([rule], session: session)[0]
        }
    }

    /// The rule a transaction belongs to, as its template or an instance; nil when it belongs to none.
    public func rule(of transaction: Transaction.ID) async throws -> Listed? {
        try await scope.read { session in
            guard let instance = try await session.recurringRules.instance(transaction: transaction),
                let rule = try await session.recurringRules.find(instance.ruleID)
            else { return nil }
            return try await Self.listed([rule], session: session).first
        }
    }

    /// Make Recurring (spec 3.3): a rule from an existing entry, which becomes its template; the rest of the
    /// year's occurrences are generated as when an entry is saved with recurrence on.
    public func make(
        from transaction: String, _ recurrence: Recurrence
    ) async throws -> (rule: RecurringRule, generated: Int) {
        try await scope.write { session in
            let today = try await session.household().today(at: session.now)
            let template = try await TransactionService.find(transaction, session: session)
            if try await session.recurringRules.instance(transaction: template.id) != nil {
                throw VaultError(.conflict, "This entry already belongs to a recurring rule; change that rule instead.")
            }
            guard template.source != .bank else {
                throw VaultError(
                    .conflict,
                    "This transaction comes from your bank, which records each payment itself; "
                        + "a recurring rule repeats entries you make by hand.")
            }
            var problems: [Problem] = []
            let schedule = Self.schedule(recurrence, defaultStart: template.date, today: today, problems: &problems)
            guard problems.isEmpty, let schedule else { throw InvalidInput(problems) }
            return try await Self.start(
                from: template, schedule: schedule, session: session, newID: { scope.vault.newID() },
                newTransactionID: { scope.vault.newID() })
        }
    }

    /// What changing a rule did.
    public struct Edited: Sendable {
        public let rule: RecurringRule
        public let changed: [String]
        /// Untouched instances dated today or later that were replaced.
        public let removed: Int
        public let generated: Int
    }

    /// Changes a rule, then replaces its untouched instances from today on.
    public func edit(_ reference: String, _ changes: Changes) async throws -> Edited {
        try await scope.write { session in
            let household = try await session.household()
            let today = household.today(at: session.now)
            var rule = try Self.resolve(reference, in: try await session.recurringRules.all())
            var problems: [Problem] = []
            if let text = changes.amount {
                let amount = TransactionService.amount(
                    text, currency: rule.amount.currency, fallback: rule.amount.currency, problems: &problems)
                if let amount {
                    if amount.minorUnits == 0 {
                        problems.append(
                            Problem(field: "amount", message: "A recurring entry needs an amount other than zero."))
                    } else {
                        rule.amount = amount
                    }
                }
            }
            if let text = changes.category {
                if let reference = TransactionFields.optional(text) {
                    let tree = try await session.categories.tree()
                    rule.categoryID = Reference.category(reference, in: tree).value(collecting: &problems)?.id
                } else {
                    rule.categoryID = nil
                }
            }
            if let text = changes.description {
                if let description = TransactionFields.optional(text) {
                    rule.description = description
                } else {
                    problems.append(Problem(field: "description", message: "Give the entry a description."))
                }
            }
            if let text = changes.payee { rule.payee = TransactionFields.optional(text) }
            if let text = changes.tags { rule.tags = Tag.parseList(text) }
            if let text = changes.notes { rule.notes = TransactionFields.optional(text) }
            problems += TransactionService.lengthProblems(
                description: rule.description, payee: rule.payee, notes: rule.notes, tags: rule.tags)
            problems += TransactionService.plainTextProblems(
                description: changes.description, payee: changes.payee, notes: changes.notes, tags: changes.tags)
            let schedule = Self.schedule(
                Recurrence(
                    cadence: changes.cadence ?? rule.cadence.rawValue,
                    interval: changes.interval ?? String(rule.interval),
                    start: changes.start ?? rule.start.description,
                    end: changes.end ?? rule.end?.description), defaultStart: rule.start, today: today,
                problems: &problems)
            if let enabled = changes.isEnabled {
                // A rule switched back on carries on from today: the years it was off are not back-filled.
                if enabled, !rule.isEnabled { rule.generatedThroughYear = max(rule.generatedThroughYear, today.year) }
                rule.isEnabled = enabled
            }
            guard problems.isEmpty, let schedule else { throw InvalidInput(problems) }
            (rule.cadence, rule.interval, rule.start, rule.end) =
                (schedule.cadence, schedule.interval, schedule.start, schedule.end)
            let changed = try await session.recurringRules.update(rule)
            guard !changed.isEmpty else { return Edited(rule: rule, changed: [], removed: 0, generated: 0) }
            let removed = try await Self.removeUntouched(of: rule.id, from: today, session: session)
            var generated = 0
            if rule.isEnabled, rule.generatedThroughYear >= today.year,
                let range = DateRange(
                    start: today, end: LocalDate(year: rule.generatedThroughYear, month: 12, day: 31)!)
            {
                generated = try await Self.generate(rule, in: range, session: session, newID: { scope.vault.newID() })
            }
            return Edited(rule: rule, changed: changed, removed: removed, generated: generated)
        }
    }

    /// Deletes a rule. Without `futureTransactions` its transactions stay (spec: the default, "Delete rule
    /// only"); with it, its instances dated today or later go too, edited ones included. Returns how many went.
    public func delete(
        _ reference: String, futureTransactions: Bool
    ) async throws -> (rule: RecurringRule, deleted: Int) {
        try await scope.write { session in
            let today = try await session.household().today(at: session.now)
            let rule = try Self.resolve(reference, in: try await session.recurringRules.all())
            var deleted = 0
            if futureTransactions {
                for instance in try await session.recurringRules.instances(of: rule.id) {
                    guard let id = instance.transactionID, let date = instance.date, date >= today,
                        let transaction = try await session.transactions.find(id),
                        transaction.bankTransactionID == nil
                    else { continue }
                    _ = try await TransactionService.delete(transaction, session: session)
                    deleted += 1
                }
            }
            _ = try await session.recurringRules.delete(rule.id)
            return (rule, deleted)
        }
    }

    /// What Generate Next Year did for one rule.
    public struct Generated: Sendable {
        public let rule: RecurringRule
        /// The years generated now; empty when the rule was already generated through next year.
        public let years: [Int]
        public let count: Int
    }

    /// Generate Next Year (spec 2.6.4): for every enabled rule, every year after the last one generated through
    /// next year; a rule already generated through next year is left alone.
    public func generateNextYear() async throws -> [Generated] {
        try await scope.write { session in
            let today = try await session.household().today(at: session.now)
            let next = today.year + 1
            var results: [Generated] = []
            for var rule in try await session.recurringRules.all() where rule.isEnabled {
                guard rule.generatedThroughYear < next else {
                    results.append(Generated(rule: rule, years: [], count: 0))
                    continue
                }
                let years = Array(max(rule.generatedThroughYear + 1, today.year)...next)
                let from = max(LocalDate(year: years[0], month: 1, day: 1)!, today)
                let range = DateRange(start: from, end: LocalDate(year: next, month: 12, day: 31)!)!
                let count = try await Self.generate(rule, in: range, session: session, newID: { scope.vault.newID() })
                rule.generatedThroughYear = next
                try await session.recurringRules.update(rule)
                results.append(Generated(rule: rule, years: years, count: count))
            }
            return results
        }
    }

    // MARK: - Shared with manual entry

    /// The schedule of a recurrence as typed, with problems collected: a cadence, an interval of 1 to 999, a
    /// start (default `defaultStart`) and an end on or after it.
    static func schedule(
        _ recurrence: Recurrence, defaultStart: LocalDate, today: LocalDate, problems: inout [Problem]
    ) -> RecurrenceSchedule? {
        let cadence = Cadence(rawValue: recurrence.cadence.trimmingCharacters(in: .whitespaces).lowercased())
        if cadence == nil {
            problems.append(
                Problem(
                    field: "cadence",
                    message: "'\(recurrence.cadence)' is not a cadence; choose daily, weekly, monthly or yearly."))
        }
        var interval = 1
        if let text = TransactionFields.optional(recurrence.interval) {
            if let value = Int(text), (1...RecurringRule.maximumInterval).contains(value) {
                interval = value
            } else {
                problems.append(
                    Problem(
                        field: "interval",
                        message: "The interval is a whole number from 1 to \(RecurringRule.maximumInterval)."))
            }
        }
        var start = defaultStart
        if let text = TransactionFields.optional(recurrence.start) {
            start = TransactionFields.date(text, today: today, field: "start").value(collecting: &problems) ?? start
        }
        var end: LocalDate?
        if let text = TransactionFields.optional(recurrence.end) {
            end = TransactionFields.date(text, today: today, field: "end").value(collecting: &problems)
            if let end, end < start {
                problems.append(Problem(field: "end", message: "The end date is before the start; move one of them."))
            }
        }
        guard let cadence else { return nil }
        return RecurrenceSchedule(cadence: cadence, interval: interval, start: start, end: end)
    }

    /// Makes a rule from a just-saved entry, links the entry as its template, and generates every occurrence from
    /// the start through the end of the current year. Returns the rule and how many instances were made.
    static func start(
        from template: Transaction, schedule: RecurrenceSchedule, session: HouseholdSession,
        newID: @escaping @Sendable () -> RecurringRule.ID, newTransactionID: @escaping @Sendable () -> Transaction.ID
    ) async throws -> (rule: RecurringRule, generated: Int) {
        let today = try await session.household().today(at: session.now)
        guard template.amount.minorUnits != 0 else {
            throw InvalidInput(field: "amount", "A recurring entry needs an amount other than zero.")
        }
        let rule = RecurringRule(
            id: newID(), householdID: template.householdID, accountID: template.accountID, amount: template.amount,
            categoryID: template.categoryID, description: template.description, payee: template.payee,
            tags: template.tags, notes: template.notes, cadence: schedule.cadence, interval: schedule.interval,
            start: schedule.start, end: schedule.end, generatedThroughYear: today.year)
        guard try await session.recurringRules.count() < maximumRules else {
            throw VaultError(
                .conflict, "A household keeps at most \(maximumRules) recurring rules; delete one you no longer use.")
        }
        try await session.recurringRules.insert(rule)
        try await session.recurringRules.link([(template.id, template.date)], to: rule.id, as: .template)
        var generated = 0
        if let range = DateRange(start: schedule.start, end: LocalDate(year: today.year, month: 12, day: 31)!) {
            generated = try await generate(rule, in: range, session: session, newID: newTransactionID)
        }
        return (rule, generated)
    }

    /// Makes the rule's instances dated in `range` that it does not have yet, through the ingest pipeline, and
    /// links them as generated. Refuses more than `maximumGenerated` at once.
    static func generate(
        _ rule: RecurringRule, in range: DateRange, session: HouseholdSession,
        newID: @escaping @Sendable () -> Transaction.ID
    ) async throws -> Int {
        let existing = Set(try await session.recurringRules.instances(of: rule.id).map(\.scheduledDate))
        let dates = rule.occurrences(in: range, limit: maximumGenerated + existing.count + 1).filter {
            !existing.contains($0)
        }
        guard !dates.isEmpty else { return 0 }
        guard dates.count <= maximumGenerated else {
            throw InvalidInput(
                field: "start",
                "That schedule would make more than \(maximumGenerated) entries at once; "
                    + "choose a later start date or a longer interval.")
        }
        guard let account = try await session.accounts.find(rule.accountID) else {
            throw VaultError(.notFound, "The rule's account no longer exists.")
        }
        let tree = try await session.categories.tree()
        let category = rule.categoryID.flatMap { tree[$0] }
        let rows = dates.map { date in
            Transaction(
                id: newID(), householdID: rule.householdID, accountID: rule.accountID, date: date, amount: rule.amount,
                description: rule.description, payee: rule.payee,
                isPending: TransactionService.isExpectation(on: account), notes: rule.notes, tags: rule.tags,
                categoryID: category?.id, categorySource: category == nil ? .default : .manual,
                classification: category.map { TransactionService.classification(for: $0.kind) }
                    ?? .byDefault(for: rule.amount),
                classificationSource: category == nil ? .default : .manual, source: .recurring)
        }
        let ingest = try await Ingest.open(in: session)
        let plan = try await ingest.plan(
            [(IngestPlanner.Batch(account: rule.accountID, rows: rows, listIsComplete: false), [])])
        try await ingest.apply(plan)
        let inserted = Set(plan.inserts.map(\.id))
        let made = rows.map(\.id).filter { inserted.contains($0) }
        try await session.recurringRules.link(
            rows.filter { inserted.contains($0.id) }.map { ($0.id, $0.date) }, to: rule.id, as: .generated)
        try await TransactionService.adjustBalance(
            of: account, by: try rule.amount.multiplied(by: Int64(made.count)).minorUnits,
            today: try await session.household().today(at: session.now), session: session)
        return made.count
    }

    /// Deletes a rule's untouched generated instances dated `from` or later; returns how many.
    static func removeUntouched(
        of rule: RecurringRule.ID, from date: LocalDate, session: HouseholdSession
    ) async throws -> Int {
        var removed = 0
        for instance in try await session.recurringRules.instances(of: rule)
        where instance.role == .generated && instance.scheduledDate >= date {
            // An instance the bank's own row merged into (an expectation on a synced account) is the bank's now.
            guard let id = instance.transactionID, let transaction = try await session.transactions.find(id),
                transaction.bankTransactionID == nil
            else { continue }
            // Its date is forgotten first, so the rule fills it again (a deleted entry's date stays remembered).
            try await session.recurringRules.unlink([id])
            _ = try await TransactionService.delete(transaction, session: session)
            removed += 1
        }
        return removed
    }

    static func listed(_ rules: [RecurringRule], session: HouseholdSession) async throws -> [Listed] {
        let accounts = Dictionary(uniqueKeysWithValues: try await session.accounts.all().map { ($0.id, $0) })
        let tree = try await session.categories.tree()
        let counts = try await session.recurringRules.instanceCounts()
        return rules.map { rule in
            Listed(
                rule: rule, account: accounts[rule.accountID], category: rule.categoryID.flatMap { tree[$0] },
                instanceCount: counts[rule.id] ?? 0)
        }
    }

    /// The rule a list is filtered by (id or description), with a problem collected when there is none such.
    static func filterID(
        _ reference: String?, session: HouseholdSession, problems: inout [Problem]
    ) async throws -> RecurringRule.ID? {
        guard let reference = TransactionFields.optional(reference) else { return nil }
        do {
            return try resolve(reference, in: try await session.recurringRules.all()).id
        } catch let error as VaultError {
            problems.append(Problem(field: "recurringRule", message: error.message))
            return nil
        }
    }

    static func resolve(_ reference: String, in rules: [RecurringRule]) throws -> RecurringRule {
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        if let id = RecurringRule.ID(wanted), let rule = rules.first(where: { $0.id == id }) { return rule }
        return try Reference.single(
            rules.filter { $0.description.lowercased() == wanted.lowercased() },
            none: "There is no recurring rule '\(wanted)'; make one from the Add page with Recurring on.",
            many: "More than one recurring rule is called '\(wanted)'; use its id.")
    }
}
