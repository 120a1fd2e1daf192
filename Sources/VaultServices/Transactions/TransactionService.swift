import Foundation
import VaultCore
import VaultStore

/// Manual entry, editing, deleting and listing of a household's transactions.
///
/// A manual account's balance follows its transactions: adding, changing or deleting one moves the
/// balance by the difference, so the account shows what a person would count. Accounts from bank
/// sync keep the balance the bank reports.
public struct TransactionService: Sendable {
    let scope: HouseholdScope

    /// A transaction with the names a person reads beside it.
    public struct Listed: Sendable {
        public let transaction: Transaction
        public let account: Account
        /// The category's path ("Transportation / Fuel"), nil when uncategorised.
        public let categoryPath: String?
        /// The name of the rule that set a field, for "Matched: <rule name>".
        public var ruleName: String?

        /// The one name the transaction goes by everywhere (`Transaction.displayName`): payee, else description,
        /// else the category's own name.
        public var name: String {
            transaction.displayName(
                category: categoryPath.map { $0.components(separatedBy: " / ").last ?? $0 })
        }

        /// Why the transaction is classified as it is, as the Transactions page shows it.
        public var reason: String {
            if let ruleName { return "Matched: \(ruleName)" }
            switch transaction.classificationSource {
            case .manual: return "Set by you"
            case .transferMatch, .cardPayment, .incomePattern, .merchantPattern: return "Auto-detected"
            case .rule: return "Matched: a rule"
            case .default: return transaction.categorySource == .merchantPattern ? "Auto-detected" : "Default"
            }
        }
    }

    /// Adds a manual expense or income, or refuses the entry whole and writes nothing.
    ///
    /// `receipts` are attached in the same write: a refused file refuses the entry, and nothing is written.
    public func add(_ input: TransactionInput, receipts: [ReceiptService.Attachment] = []) async throws -> Listed {
        guard receipts.count <= ReceiptService.maximumPerTransaction else {
            throw ReceiptService.tooMany(receipts.count)
        }
        let files = try receipts.map { try ReceiptService.checked($0, field: "receipts") }
        return try await scope.write { session in
            let household = try await session.household()
            let today = household.today(at: session.now)
            let accounts = try await session.accounts.all()
            let tree = try await session.categories.tree()
            var problems: [Problem] = []

            let card = try await CardService.card(for: input, accounts: accounts, session: session, problems: &problems)
            let account =
                TransactionFields.optional(input.card) == nil
                ? Reference.account(input.account, in: accounts).value(collecting: &problems) : card?.account
            let amount = Self.amount(
                input.amount, currency: account?.currency, fallback: household.baseCurrency, problems: &problems)
            let date = TransactionFields.date(input.date ?? "today", today: today).value(collecting: &problems)
            var category: Category?
            if let reference = TransactionFields.optional(input.category) {
                category = Reference.category(reference, in: tree).value(collecting: &problems)
                if let found = category, !found.isActive {
                    problems.append(
                        Problem(
                            field: "category", message: "'\(found.name)' is inactive; reactivate it or choose another.")
                    )
                }
            }
            let payment = TransactionFields.payment(input.payment ?? "").value(collecting: &problems)
            let reimbursement = TransactionFields.reimbursement(input.reimbursement ?? "").value(collecting: &problems)
            let payee = TransactionFields.optional(input.payee)
            let notes = TransactionFields.optional(input.notes)
            let description = TransactionFields.optional(input.description) ?? payee ?? category?.name ?? "Manual entry"
            let tags = Tag.parseList(input.tags ?? "")
            problems += Self.lengthProblems(description: description, payee: payee, notes: notes, tags: tags)
            problems += Self.plainTextProblems(
                description: input.description, payee: input.payee, notes: input.notes, tags: input.tags)
            let schedule = input.recurrence.flatMap {
                RecurringRuleService.schedule($0, defaultStart: date ?? today, today: today, problems: &problems)
            }
            guard problems.isEmpty, let account, let amount, let date, let payment, let reimbursement else {
                throw InvalidInput(problems)
            }

            var transaction = Transaction(
                id: scope.vault.newID(), householdID: household.id, accountID: account.id, date: date, amount: amount,
                description: description, payee: payee, isPending: Self.isExpectation(on: account), notes: notes,
                tags: tags, paymentFlag: payment, reimbursementFlag: reimbursement, isExcluded: input.isExcluded,
                excludedSource: input.isExcluded ? .manual : .default, categoryID: category?.id,
                categorySource: category == nil ? .default : .manual,
                classification: category.map { Self.classification(for: $0.kind) } ?? .byDefault(for: amount),
                classificationSource: category == nil ? .default : .manual, source: .manual)
            // A new entry goes through the pipeline like any other: transfer matching, rules and patterns
            // (fields chosen here stay).
            let ingest = try await Ingest.open(in: session)
            let plan = try await ingest.plan(
                [(IngestPlanner.Batch(account: account.id, rows: [transaction], listIsComplete: false), [])])
            try await ingest.apply(plan)
            transaction = plan.inserts.first { $0.id == transaction.id } ?? transaction
            try await Self.adjustBalance(of: account, by: amount.minorUnits, today: today, session: session)
            if let schedule {
                _ = try await RecurringRuleService.start(
                    from: transaction, schedule: schedule, session: session, newID: { scope.vault.newID() },
                    newTransactionID: { scope.vault.newID() })
            }
            if let card {
                try await session.milesCards.choose(
                    card.bonusCategory, foreign: input.isForeignCurrency, for: transaction.id, loggedWithCard: true)
            }
            for file in files {
                _ = try await ReceiptService.attach(
                    file, to: transaction.id, session: session, newID: scope.vault.newID())
            }
            return Listed(
                transaction: transaction, account: account,
                categoryPath: transaction.categoryID.map { tree.path(of: $0) })
        }
    }

    /// Changes one transaction; returns it and the names of the fields that changed. On a transaction
    /// from bank sync only a person's own fields (category, notes, tags, flags, exclusion,
    /// classification) may change.
    public func edit(_ id: String, _ changes: TransactionChanges) async throws -> (listed: Listed, changed: [String]) {
        let edited = try await editOnly(id, changes)
        guard changes.applyToPayee, changes.category != nil || changes.classification != nil else { return edited }
        try await RuleService(scope: scope).addPayeeRule(from: edited.listed.transaction)
        return (try await find(id), edited.changed)
    }

    private func editOnly(
        _ id: String, _ changes: TransactionChanges
    ) async throws -> (listed: Listed, changed: [String]) {
        try await scope.write { session in
            let household = try await session.household()
            let today = household.today(at: session.now)
            let original = try await Self.find(id, session: session)
            let accounts = try await session.accounts.all()
            let tree = try await session.categories.tree()
            var transaction = original
            var problems: [Problem] = []

            if original.source == .bank, !changes.bankOwnedFields.isEmpty {
                problems.append(
                    Problem(
                        field: changes.bankOwnedFields[0],
                        message: "This transaction comes from your bank, "
                            + "so its " + changes.bankOwnedFields.joined(separator: ", ") + " cannot be changed; "
                            + "change its category, notes, tags or flags, or exclude it from totals."))
            }
            var account = accounts.first { $0.id == original.accountID }
            if let reference = changes.account {
                account = Reference.account(reference, in: accounts).value(collecting: &problems)
                if let account {
                    transaction.accountID = account.id
                    // An entry of the person's own moved to another account is an expectation there exactly when
                    // the bank syncs that account; a row from a bank or a file keeps what its source said.
                    if original.bankTransactionID == nil, original.source == .manual || original.source == .recurring {
                        transaction.isPending = Self.isExpectation(on: account)
                    }
                }
            }
            if changes.amount == nil, let account, account.currency != original.amount.currency {
                problems.append(
                    Problem(
                        field: "amount",
                        message:
                            "'\(account.displayName)' is in \(account.currency.code), not \(original.amount.currency.code); "
                            + "give the amount in \(account.currency.code) too."))
            }
            if let text = changes.amount,
                let amount = Self.amount(
                    text, currency: account?.currency, fallback: household.baseCurrency, problems: &problems)
            {
                transaction.amount = amount
            }
            if let text = changes.date,
                let date = TransactionFields.date(text, today: today).value(collecting: &problems)
            {
                transaction.date = date
            }
            if let text = changes.description {
                if let description = TransactionFields.optional(text) {
                    transaction.description = description
                } else {
                    problems.append(Problem(field: "description", message: "A transaction needs a description."))
                }
            }
            if let text = changes.payee { transaction.payee = TransactionFields.optional(text) }
            if let text = changes.notes { transaction.notes = TransactionFields.optional(text) }
            if let text = changes.tags { transaction.tags = Tag.parseList(text) }
            if let text = changes.payment, let flag = TransactionFields.payment(text).value(collecting: &problems) {
                transaction.paymentFlag = flag
            }
            if let text = changes.reimbursement,
                let flag = TransactionFields.reimbursement(text).value(collecting: &problems)
            {
                transaction.reimbursementFlag = flag
            }
            if let excluded = changes.isExcluded {
                transaction.isExcluded = excluded
                transaction.excludedSource = .manual
            }
            if let reference = changes.category {
                if let text = TransactionFields.optional(reference) {
                    if let category = Reference.category(text, in: tree).value(collecting: &problems) {
                        transaction.categoryID = category.id
                        transaction.classification = Self.classification(for: category.kind)
                        transaction.classificationSource = .manual
                    }
                } else {
                    transaction.categoryID = nil
                }
                transaction.categorySource = .manual
            }
            if let text = changes.classification {
                if let classification = Classification(rawValue: text.lowercased()) {
                    transaction.classification = classification
                    transaction.classificationSource = .manual
                } else {
                    problems.append(
                        Problem(
                            field: "classification",
                            message: "'\(text)' is not a classification; use income, expense, transfer or ignore."))
                }
            } else if transaction.classificationSource == .default {
                transaction.classification = .byDefault(for: transaction.amount)
            }
            problems += Self.lengthProblems(
                description: transaction.description, payee: transaction.payee, notes: transaction.notes,
                tags: transaction.tags)
            problems += Self.plainTextProblems(
                description: changes.description, payee: changes.payee, notes: changes.notes, tags: changes.tags)
            guard problems.isEmpty, let account else { throw InvalidInput(problems) }

            // The edited row goes through the pipeline again: its pair and derived fields follow the edit.
            let ingest = try await Ingest.open(in: session)
            let plan = try await ingest.plan(revisit: [(original, transaction)])
            try await ingest.apply(plan)
            let update = plan.updates.first { $0.after.id == transaction.id }
            transaction = update?.after ?? transaction
            let changed = update?.fields ?? []
            // A rule's instance a person changed is theirs now: the rule never replaces it.
            if !changed.isEmpty { try await session.recurringRules.markEdited(transaction.id) }
            if let oldAccount = accounts.first(where: { $0.id == original.accountID }),
                oldAccount.id != account.id || original.amount != transaction.amount
            {
                try await Self.adjustBalance(
                    of: oldAccount, by: -original.amount.minorUnits, today: today, session: session)
                let current = try await session.accounts.find(account.id) ?? account
                try await Self.adjustBalance(
                    of: current, by: transaction.amount.minorUnits, today: today, session: session)
            }
            let path = transaction.categoryID.map { tree.path(of: $0) }
            return (Listed(transaction: transaction, account: account, categoryPath: path), changed)
        }
    }

    /// Deletes a transaction and its receipts (`ReceiptService.count(of:)` says how many, for the
    /// confirmation); returns what was deleted and how many receipts went with it, counted in the same write.
    /// A bank transaction's id is remembered so the next sync does not bring it back.
    @discardableResult
    public func delete(_ id: String) async throws -> (listed: Listed, receipts: Int) {
        try await scope.write { session in
            let transaction = try await Self.find(id, session: session)
            let (account, receipts) = try await Self.delete(transaction, session: session)
            let tree = try await session.categories.tree()
            let listed = Listed(
                transaction: transaction, account: account,
                categoryPath: transaction.categoryID.map { tree.path(of: $0) })
            return (listed, receipts)
        }
    }

    /// Deletes one transaction in a write: remembers it so sync does not bring it back, deletes its receipts,
    /// re-pairs its transfer partner, and takes it out of a manual account's balance. Returns its account and how
    /// many receipts went with it.
    static func delete(
        _ transaction: Transaction, session: HouseholdSession
    ) async throws -> (account: Account, receipts: Int) {
        let household = try await session.household()
        guard let account = try await session.accounts.find(transaction.accountID) else {
            throw VaultError(.notFound, "The transaction's account no longer exists.")
        }
        try await session.syncRecords.rememberDeleted(transaction)
        // Its receipts go with it, each in the change log (the schema's cascade would leave no record).
        let receipts = try await session.receipts.deleteAll(transaction: transaction.id)
        let partners = try await session.transfers.involving([transaction.id]).flatMap(\.pair.key)
        _ = try await session.transactions.delete(transaction.id)
        // Its transfer partner, left without a pair, goes through the pipeline again.
        try await TransferService.revisit(Set(partners).subtracting([transaction.id]), in: session)
        try await Self.adjustBalance(
            of: account, by: -transaction.amount.minorUnits, today: household.today(at: session.now),
            session: session)
        return (account, receipts)
    }

    /// One transaction by id.
    public func find(_ id: String) async throws -> Listed {
        try await scope.read { session in
            let transaction = try await Self.find(id, session: session)
            return try await Self.listed([transaction], session: session)[0]
        }
    }

    /// The money a category's kind means: spending, income, or a move between own accounts.
    static func classification(for kind: CategoryKind) -> Classification {
        switch kind {
        case .expense: .expense
        case .income: .income
        case .transfer: .transfer
        }
    }

    /// Parses an amount in the account's currency; without a known account, still reports text that is no number.
    static func amount(_ text: String, currency: Currency?, fallback: Currency, problems: inout [Problem]) -> Money? {
        do {
            return try Money(
                parsing: text, currency: currency ?? Currency(code: fallback.code, exponent: Currency.maximumExponent))
        } catch {
            problems.append(Problem(field: "amount", message: "\(error)"))
            return nil
        }
    }

    /// Control characters in what a person typed (only the fields given: a bank's text is not theirs to fix).
    static func plainTextProblems(description: String?, payee: String?, notes: String?, tags: String?) -> [Problem] {
        [
            description.flatMap { PlainText.problem($0, field: "description", label: "The description") },
            payee.flatMap { PlainText.problem($0, field: "payee", label: "The payee") },
            notes.flatMap { PlainText.problem($0, field: "notes", label: "The note", multiline: true) },
            tags.flatMap { PlainText.problem($0, field: "tags", label: "The tags") },
        ].compactMap { $0 }
    }

    /// Text limits, counted in Unicode scalars as the databases count them.
    static func lengthProblems(description: String, payee: String?, notes: String?, tags: [String]) -> [Problem] {
        let limit = TransactionFields.maximumTextLength
        var problems = [("description", description), ("payee", payee ?? ""), ("notes", notes ?? "")]
            .filter { $0.1.unicodeScalars.count > limit }
            .map { Problem(field: $0.0, message: "The \($0.0) is longer than \(limit) characters.") }
        if let long = tags.first(where: { $0.unicodeScalars.count > TransactionFields.maximumTagLength }) {
            problems.append(
                Problem(
                    field: "tags",
                    message:
                        "The tag '\(long.prefix(20))…' is longer than \(TransactionFields.maximumTagLength) characters."
                ))
        }
        if tags.count > TransactionFields.maximumTagCount {
            problems.append(
                Problem(
                    field: "tags",
                    message:
                        "A transaction takes at most \(TransactionFields.maximumTagCount) tags; this has \(tags.count)."
                ))
        }
        return problems
    }

    static func find(_ id: String, session: HouseholdSession) async throws -> Transaction {
        guard let parsed = Transaction.ID(id), let transaction = try await session.transactions.find(parsed) else {
            throw VaultError(
                .notFound,
                "There is no transaction '\(id)' in this household; "
                    + "`ghostvault transactions --json` lists ids.")
        }
        return transaction
    }

    /// Whether an entry made by hand (or by a recurring rule) on this account is an *expectation*: on an account
    /// the bank syncs, it is stored pending, so it counts in no total and moves no balance (the bank's balance is
    /// the truth), until the bank's own row arrives and the identity stage merges the two, keeping the person's
    /// category, tags, notes, flags and receipts (`TransactionIdentity`: the posted form of a pending row).
    static func isExpectation(on account: Account) -> Bool { !account.isManual }

    /// Moves a manual account's balance by `minorUnits`; accounts from bank sync are left to the bank.
    static func adjustBalance(
        of account: Account, by minorUnits: Int64, today: LocalDate, session: HouseholdSession
    ) async throws {
        guard account.isManual, minorUnits != 0 else { return }
        var updated = account
        updated.balance = try account.balance.adding(Money(minorUnits: minorUnits, currency: account.currency))
        updated.balanceDate = max(account.balanceDate ?? today, today)
        try await session.accounts.update(updated)
    }

    static func listed(_ transactions: [Transaction], session: HouseholdSession) async throws -> [Listed] {
        let accounts = Dictionary(uniqueKeysWithValues: try await session.accounts.all().map { ($0.id, $0) })
        let tree = try await session.categories.tree()
        let rules = Dictionary(uniqueKeysWithValues: try await session.rules.all().map { ($0.id, $0.name) })
        return try transactions.map { transaction in
            guard let account = accounts[transaction.accountID] else {
                throw VaultError(.notFound, "The account of transaction \(transaction.id) no longer exists.")
            }
            return Listed(
                transaction: transaction, account: account,
                categoryPath: transaction.categoryID.map { tree.path(of: $0) },
                ruleName: transaction.ruleID.flatMap { rules[$0] })
        }
    }
}
