import Foundation
import VaultCore
import VaultStore

extension DatasetService {
    /// What an import did, or would do: per tab, rows added, changed and left as they were, with examples.
    public struct ImportReport: Sendable, Hashable {
        public struct Count: Sendable, Hashable {
            public var added = 0
            public var changed = 0
            public var unchanged = 0
        }

        public var counts: [DatasetTab: Count] = [:]
        /// The first few changes to rows already here, one line each, for the preview.
        public var changes: [String] = []
        /// Whether the household held no accounts and no transactions: the import restores it whole,
        /// settings included.
        public var intoEmptyHousehold = false
        /// Transfer pairs the ingest pipeline formed between new rows and rows already here (a merge only).
        public var pairedWithHousehold = 0
        public var applied = false

        public var added: Int { counts.values.map(\.added).reduce(0, +) }
        public var changed: Int { counts.values.map(\.changed).reduce(0, +) }

        mutating func count(_ tab: DatasetTab, added: Int = 0, changed: Int = 0, unchanged: Int = 0) {
            counts[tab, default: Count()].added += added
            counts[tab, default: Count()].changed += changed
            counts[tab, default: Count()].unchanged += unchanged
        }

        mutating func note(_ line: String) {
            if changes.count < 20 { changes.append(line) }
        }
    }

    /// What importing the dataset in `file` would do, without writing anything.
    public func previewImport(_ file: URL) async throws -> ImportReport {
        let content = try await read(file)
        let vault = scope.vault
        return try await scope.read { session in
            try await DatasetMerge(session: session, content: content, newID: { vault.newID() }, apply: false).run()
        }
    }

    /// Imports the dataset in `file`: into an empty household it restores everything; into one with data it
    /// merges by id (categories by key), adding what is new and updating what differs. One transaction: a
    /// problem anywhere leaves the household as it was.
    @discardableResult
    public func importDataset(_ file: URL) async throws -> ImportReport {
        let content = try await read(file)
        let vault = scope.vault
        return try await scope.write { session in
            let report = try await DatasetMerge(
                session: session, content: content, newID: { vault.newID() }, apply: true
            )
            .run()
            // Rows, pairs and unlinked pairs are stored as the dataset recorded them, not as the rules would file them.
            try await session.markClassificationUnknown()
            return report
        }
    }

    private func read(_ file: URL) async throws -> DatasetContent {
        let accounts = try await scope.read { try await $0.accounts.all() }
        let household = scope.householdID
        do {
            return try DatasetReader.read(
                file, household: household,
                knownCurrencies: Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0.currency) }))
        } catch let problem as DatasetProblem {
            throw VaultError(.invalidInput, problem.description)
        } catch let malformed as SheetReader.Malformed {
            throw VaultError(.invalidInput, "The workbook cannot be read: \(malformed). Nothing was imported.")
        }
    }
}

/// Merges a dataset into a household: plans every change, and writes them when `apply` is set.
private struct DatasetMerge {
    let session: HouseholdSession
    let content: DatasetContent
    let newID: @Sendable () -> UUID
    let apply: Bool

    init(
        session: HouseholdSession, content: DatasetContent, newID: @escaping @Sendable () -> Identifier<Transaction>,
        apply: Bool
    ) {
        self.session = session
        self.content = content
        self.newID = { newID().uuid }
        self.apply = apply
    }

    func id<Owner>(_: Owner.Type = Owner.self) -> Identifier<Owner> { Identifier(newID()) }

    func run() async throws -> DatasetService.ImportReport {
        var report = DatasetService.ImportReport()
        let dataset = session.dataset
        let existingAccounts = try await session.accounts.all()
        let coverage = try await session.transactions.coverage()
        report.intoEmptyHousehold = existingAccounts.isEmpty && coverage.count == 0

        // Settings: an empty household takes the dataset's; one with data keeps its own.
        var household = try await session.household()
        if let zone = content.settings[.timeZone].flatMap(TimeZone.init(identifier:)),
            let code = content.settings[.currency], !code.isEmpty
        {
            let decimals = content.settings[.currencyDecimals].flatMap(Int.init) ?? household.baseCurrency.exponent
            var restored = household
            restored.name =
                content.settings[.householdName].map { String($0.prefix(200)) }.flatMap { $0.isEmpty ? nil : $0 }
                ?? household.name
            restored.timeZone = zone
            restored.baseCurrency = Currency(code: code, exponent: min(max(decimals, 0), Currency.maximumExponent))
            restored.firstWeekday = content.settings[.weekStart].flatMap(Weekday.init(name:)) ?? household.firstWeekday
            if restored != household {
                if report.intoEmptyHousehold {
                    report.count(.settings, changed: 1)
                    if apply { try await dataset.updateHousehold(restored) }
                    household = restored
                } else {
                    report.note(
                        "Settings: the dataset's (\(restored.timeZone.identifier), \(restored.baseCurrency.code)) differ from this household's; this household keeps its own."
                    )
                }
            }
        }
        if report.intoEmptyHousehold, let text = content.settings[.lensTargets], !text.isEmpty {
            let parts = text.split(separator: "/").compactMap { Int($0) }
            if parts.count == 3,
                let targets = try? LensTargets.make(needs: parts[0], wants: parts[1], savings: parts[2]),
                try await session.lens.targets() != targets
            {
                report.count(.settings, changed: 1)
                if apply { try await session.lens.setTargets(targets, newID: id(Household.self).description) }
            }
        }

        // Categories, by key.
        var categoryByKey = Dictionary(uniqueKeysWithValues: try await session.categories.all().map { ($0.key, $0) })
        let takenCategories = try await dataset.takenElsewhere(
            .categories, content.categories.map(\.category.id.description))
        var pending = content.categories
        var progress = true
        while !pending.isEmpty, progress {
            progress = false
            var next: [DatasetCategory] = []
            for item in pending {
                var parentID: Category.ID?
                if let key = item.parentKey {
                    guard let parent = categoryByKey[key] else {
                        next.append(item)
                        continue
                    }
                    parentID = parent.id
                }
                progress = true
                var category = item.category
                if let existing = categoryByKey[category.key] {
                    var updated = existing
                    updated.name = category.name
                    updated.kind = category.kind
                    updated.emoji = category.emoji
                    updated.color = category.color
                    updated.isActive = category.isActive
                    updated.parentID = parentID
                    if updated != existing {
                        report.count(.categories, changed: 1)
                        report.note("Category \(existing.key): \(existing.name) → \(updated.name)")
                        if apply { _ = try await session.categories.update(updated) }
                    } else {
                        report.count(.categories, unchanged: 1)
                    }
                    categoryByKey[category.key] = updated
                } else {
                    let fresh = takenCategories.contains(category.id.description) ? id(Category.self) : category.id
                    category = Category(
                        id: fresh, householdID: session.householdID, parentID: parentID, name: category.name,
                        key: category.key, kind: category.kind, emoji: category.emoji, color: category.color,
                        isActive: category.isActive)
                    report.count(.categories, added: 1)
                    if apply { try await session.categories.insert(category) }
                    categoryByKey[category.key] = category
                }
            }
            pending = next
        }
        if let orphan = pending.first {
            throw VaultError(
                .invalidInput,
                "Categories: \(orphan.category.key) names the parent \(orphan.parentKey ?? ""), which is not in the dataset or the household. Nothing was imported."
            )
        }
        func categoryID(_ key: String?, _ what: String) throws -> Category.ID? {
            guard let key else { return nil }
            guard let category = categoryByKey[key] else {
                throw VaultError(
                    .invalidInput,
                    "\(what) names the category \(key), which is not in the Categories tab. Nothing was imported.")
            }
            return category.id
        }

        // Accounts, by id, else by the bank's account id; institutions by name.
        var accountMap: [Account.ID: Account.ID] = [:]
        var accountsByID = Dictionary(uniqueKeysWithValues: existingAccounts.map { ($0.id, $0) })
        let byBankID = Dictionary(
            existingAccounts.compactMap { account in account.bankAccountID.map { ($0, account) } },
            uniquingKeysWith: { a, _ in a })
        let takenAccounts = try await dataset.takenElsewhere(.accounts, content.accounts.map(\.account.id.description))
        var institutions = Dictionary(
            try await session.institutions.all().map { ($0.name, $0.id) }, uniquingKeysWith: { a, _ in a })
        for item in content.accounts {
            var account = item.account
            if let existing = accountsByID[account.id] ?? account.bankAccountID.flatMap({ byBankID[$0] }) {
                accountMap[account.id] = existing.id
                var updated = existing
                updated.name = account.name
                updated.nickname = account.nickname
                updated.kind = account.kind
                updated.netWorthCategory = account.netWorthCategory
                updated.isHidden = account.isHidden
                updated.isTrackingOnly = account.isTrackingOnly
                updated.isActive = account.isActive
                updated.sortOrder = account.sortOrder
                if existing.isManual, existing.currency == account.currency {
                    updated.balance = account.balance
                    updated.balanceDate = account.balanceDate
                }
                if updated != existing {
                    report.count(.accounts, changed: 1)
                    report.note("Account \(existing.displayName): its details differ and take the dataset's")
                    if apply { _ = try await session.accounts.update(updated) }
                } else {
                    report.count(.accounts, unchanged: 1)
                }
                continue
            }
            let fresh = takenAccounts.contains(account.id.description) ? id(Account.self) : account.id
            accountMap[account.id] = fresh
            var institutionID: Institution.ID?
            if let name = item.institution {
                if let known = institutions[name] {
                    institutionID = known
                } else {
                    let institution = Institution(
                        id: id(), householdID: session.householdID, name: String(name.prefix(200)))
                    if apply { try await session.institutions.insert(institution) }
                    institutions[name] = institution.id
                    institutionID = institution.id
                }
            }
            account = Account(
                id: fresh, householdID: session.householdID, institutionID: institutionID, name: account.name,
                nickname: account.nickname, kind: account.kind, netWorthCategory: account.netWorthCategory,
                currency: account.currency, balance: account.balance, balanceDate: account.balanceDate,
                isHidden: account.isHidden, isTrackingOnly: account.isTrackingOnly, isActive: account.isActive,
                sortOrder: account.sortOrder, bankAccountID: account.bankAccountID)
            report.count(.accounts, added: 1)
            if apply { try await session.accounts.insert(account) }
            accountsByID[fresh] = account
        }
        func accountID(_ id: Account.ID) -> Account.ID { accountMap[id] ?? id }

        // Rules: by id; a built-in rule by its origin and name, since each household has its own copies.
        let existingRules = try await session.rules.all()
        var ruleMap: [Rule.ID: Rule.ID] = [:]
        let rulesByID = Dictionary(uniqueKeysWithValues: existingRules.map { ($0.id, $0) })
        let builtIns = Dictionary(
            existingRules.filter { $0.origin != .user }.map { ("\($0.origin.rawValue)/\($0.name)", $0) },
            uniquingKeysWith: { a, _ in a })
        let takenRules = try await dataset.takenElsewhere(.rules, content.rules.map(\.rule.id.description))
        var newRules: [Rule] = []
        for item in content.rules {
            var rule = item.rule
            rule.categoryID = try categoryID(item.categoryKey, "The rule \(rule.name)")
            let existing =
                rulesByID[rule.id] ?? (rule.origin == .user ? nil : builtIns["\(rule.origin.rawValue)/\(rule.name)"])
            if let existing {
                ruleMap[rule.id] = existing.id
                let updated = Rule(
                    id: existing.id, householdID: session.householdID, name: rule.name, categoryID: rule.categoryID,
                    classification: rule.classification, tagsToAdd: rule.tagsToAdd,
                    excludeFromTotals: rule.excludeFromTotals, join: rule.join, priority: rule.priority,
                    isActive: rule.isActive, inactiveReason: rule.inactiveReason, conditions: rule.conditions,
                    origin: existing.origin)
                if updated != existing {
                    report.count(.rules, changed: 1)
                    report.note("Rule \(existing.name): takes the dataset's conditions and actions")
                    if apply { _ = try await session.rules.update(updated) }
                } else {
                    report.count(.rules, unchanged: 1)
                }
                continue
            }
            let fresh = takenRules.contains(rule.id.description) ? id(Rule.self) : rule.id
            ruleMap[rule.id] = fresh
            rule = Rule(
                id: fresh, householdID: session.householdID, name: rule.name, categoryID: rule.categoryID,
                classification: rule.classification, tagsToAdd: rule.tagsToAdd,
                excludeFromTotals: rule.excludeFromTotals,
                join: rule.join, priority: rule.priority, isActive: rule.isActive, inactiveReason: rule.inactiveReason,
                conditions: rule.conditions, origin: rule.origin)
            newRules.append(rule)
        }
        report.count(.rules, added: newRules.count)
        if apply, !newRules.isEmpty { try await session.rules.insert(newRules) }

        // Recurring rules, by id.
        var recurringMap: [RecurringRule.ID: RecurringRule.ID] = [:]
        let existingRecurring = Dictionary(
            uniqueKeysWithValues: try await session.recurringRules.all().map { ($0.id, $0) })
        let takenRecurring = try await dataset.takenElsewhere(
            .recurringRules, content.recurringRules.map(\.rule.id.description))
        for item in content.recurringRules {
            var rule = item.rule
            rule.accountID = accountID(rule.accountID)
            rule.categoryID = try categoryID(item.categoryKey, "The recurring rule \(rule.description)")
            guard accountsByID[rule.accountID] != nil else {
                throw VaultError(
                    .invalidInput,
                    "The recurring rule \(rule.description) names an account that is not in the dataset. Nothing was imported."
                )
            }
            if let existing = existingRecurring[rule.id] {
                recurringMap[rule.id] = existing.id
                if existing != rule {
                    report.count(.recurringRules, changed: 1)
                    report.note("Recurring rule \(existing.description): takes the dataset's schedule and amount")
                    if apply { _ = try await session.recurringRules.update(rule) }
                } else {
                    report.count(.recurringRules, unchanged: 1)
                }
                continue
            }
            let fresh = takenRecurring.contains(rule.id.description) ? id(RecurringRule.self) : rule.id
            recurringMap[rule.id] = fresh
            rule = RecurringRule(
                id: fresh, householdID: session.householdID, accountID: rule.accountID, amount: rule.amount,
                categoryID: rule.categoryID, description: rule.description, payee: rule.payee, tags: rule.tags,
                notes: rule.notes, cadence: rule.cadence, interval: rule.interval, start: rule.start, end: rule.end,
                isEnabled: rule.isEnabled, generatedThroughYear: rule.generatedThroughYear)
            report.count(.recurringRules, added: 1)
            if apply { try await session.recurringRules.insert(rule) }
        }

        // Transactions: by id; a new row whose bank id the account already holds is that row.
        var transactionMap: [Transaction.ID: Transaction.ID] = [:]
        var present: Set<Transaction.ID> = []
        var inserts: [Transaction] = []
        var updates: [(before: Transaction, after: Transaction)] = []
        for chunk in content.transactions.chunked(by: 2_000) {
            let ids = chunk.map(\.transaction.id)
            let stored = Dictionary(uniqueKeysWithValues: try await session.transactions.find(ids).map { ($0.id, $0) })
            let taken = try await dataset.takenElsewhere(
                .transactions, ids.filter { stored[$0] == nil }.map(\.description))
            var byAccountBankIDs: [Account.ID: [String]] = [:]
            for item in chunk where stored[item.transaction.id] == nil {
                if let bankID = item.transaction.bankTransactionID {
                    byAccountBankIDs[accountID(item.transaction.accountID), default: []].append(bankID)
                }
            }
            var heldBankIDs: [Account.ID: [String: Transaction.ID]] = [:]
            for row in try await session.transactions.bankTransactions(
                bankIDs: byAccountBankIDs.filter { accountsByID[$0.key] != nil })
            {
                if let bankID = row.bankTransactionID { heldBankIDs[row.accountID, default: [:]][bankID] = row.id }
            }
            for item in chunk {
                var transaction = item.transaction
                transaction.accountID = accountID(transaction.accountID)
                guard accountsByID[transaction.accountID] != nil else {
                    throw VaultError(
                        .invalidInput,
                        "The transaction \(transaction.id) names an account that is not in the dataset. Nothing was imported."
                    )
                }
                transaction.categoryID = try categoryID(item.categoryKey, "The transaction \(transaction.id)")
                transaction.ruleID = transaction.ruleID.map { ruleMap[$0] ?? $0 }
                if let rule = transaction.ruleID, rulesByID[rule] == nil, !newRules.contains(where: { $0.id == rule }) {
                    transaction.ruleID = nil
                }
                if let before = stored[transaction.id] {
                    transactionMap[transaction.id] = before.id
                    present.insert(before.id)
                    if before != transaction {
                        updates.append((before, transaction))
                        report.count(.transactions, changed: 1)
                        report.note(
                            "Transaction \(before.date) \(before.description.prefix(40)): takes the dataset's \(Self.changedFields(before, transaction).joined(separator: ", "))"
                        )
                    } else {
                        report.count(.transactions, unchanged: 1)
                    }
                    continue
                }
                if let bankID = transaction.bankTransactionID, let held = heldBankIDs[transaction.accountID]?[bankID] {
                    transactionMap[transaction.id] = held
                    present.insert(held)
                    report.count(.transactions, unchanged: 1)
                    continue
                }
                let fresh = taken.contains(transaction.id.description) ? id(Transaction.self) : transaction.id
                transactionMap[transaction.id] = fresh
                present.insert(fresh)
                var inserted = Transaction(
                    id: fresh, householdID: session.householdID, accountID: transaction.accountID,
                    date: transaction.date,
                    postedAt: transaction.postedAt, transactedAt: transaction.transactedAt, amount: transaction.amount,
                    description: transaction.description, payee: transaction.payee, memo: transaction.memo,
                    isPending: transaction.isPending, notes: transaction.notes, tags: transaction.tags,
                    paymentFlag: transaction.paymentFlag, reimbursementFlag: transaction.reimbursementFlag,
                    isExcluded: transaction.isExcluded, excludedSource: transaction.excludedSource,
                    categoryID: transaction.categoryID, categorySource: transaction.categorySource,
                    classification: transaction.classification, classificationSource: transaction.classificationSource,
                    source: transaction.source, bankTransactionID: transaction.bankTransactionID,
                    identityNote: transaction.identityNote)
                inserted.ruleID = transaction.ruleID
                inserts.append(inserted)
                report.count(.transactions, added: 1)
            }
        }
        if apply {
            for chunk in inserts.chunked(by: 2_000) { try await session.transactions.insert(Array(chunk)) }
            if !updates.isEmpty { try await session.transactions.update(updates) }
        }
        func transactionID(_ id: Transaction.ID) -> Transaction.ID { transactionMap[id] ?? id }

        // Transfer pairs, where both sides are here and neither is paired already.
        let storedPairs = try await session.transfers.all()
        var paired = Set(storedPairs.flatMap { [$0.pair.outflow, $0.pair.inflow] })
        var manualPairs: [TransferMatcher.Pair] = []
        var autoPairs: [TransferMatcher.Pair] = []
        let amounts = Dictionary(
            content.transactions.map {
                (transactionID($0.transaction.id), ($0.transaction.amount, accountID($0.transaction.accountID)))
            },
            uniquingKeysWith: { a, _ in a })
        for item in content.transactions {
            guard let transfer = item.transfer, item.transaction.amount.isNegative else { continue }
            let outflow = transactionID(item.transaction.id)
            let inflow = transactionID(transfer.partner)
            guard present.contains(outflow), present.contains(inflow), !paired.contains(outflow),
                !paired.contains(inflow),
                let (_, inflowAccount) = amounts[inflow]
            else { continue }
            paired.formUnion([outflow, inflow])
            let card = accountsByID[inflowAccount]?.kind == .creditCard
            let pair = TransferMatcher.Pair(outflow: outflow, inflow: inflow, isCardPayment: card)
            if transfer.isManual { manualPairs.append(pair) } else { autoPairs.append(pair) }
        }
        if apply {
            if !manualPairs.isEmpty { try await session.transfers.insert(manualPairs, manual: true) }
            if !autoPairs.isEmpty { try await session.transfers.insert(autoPairs, manual: false) }
        }
        if !report.intoEmptyHousehold {
            // Rows of accounts this household already had; an account the dataset brings arrives as it recorded it.
            let known = Set(existingAccounts.map(\.id))
            try await pipeline(
                inserts.filter { !paired.contains($0.id) && known.contains($0.accountID) }, drafts: newRules,
                alreadyChanged: Set(updates.map(\.before.id)), report: &report)
        }

        // Receipts, by id.
        let takenReceipts = try await dataset.takenElsewhere(
            .receipts, content.receipts.map(\.0.receipt.id.description))
        for (item, data) in content.receipts {
            let receipt = item.receipt
            if try await session.receipts.find(receipt.id) != nil {
                report.count(.receipts, unchanged: 1)
                continue
            }
            let owner = transactionID(receipt.transactionID)
            let ownerExists = present.contains(owner) ? true : try await session.transactions.find(owner) != nil
            guard ownerExists else {
                throw VaultError(
                    .invalidInput,
                    "The receipt \(receipt.fileName) belongs to a transaction that is not in the dataset. Nothing was imported."
                )
            }
            let fresh = takenReceipts.contains(receipt.id.description) ? id(Receipt.self) : receipt.id
            report.count(.receipts, added: 1)
            if apply {
                try await session.receipts.insert(
                    Receipt(
                        id: fresh, householdID: session.householdID, transactionID: owner, fileName: receipt.fileName,
                        type: receipt.type, byteSize: receipt.byteSize, createdAt: receipt.createdAt),
                    content: data)
            }
        }

        // Budgets, one per category.
        let takenBudgets = try await dataset.takenElsewhere(.budgets, content.budgets.map(\.id.description))
        for item in content.budgets {
            guard let category = try categoryID(item.categoryKey, "A budget") else { continue }
            let existing = try await session.budgets.find(category: category, currency: household.baseCurrency)
            let target = BudgetTarget(
                id: existing?.id ?? (takenBudgets.contains(item.id.description) ? id() : item.id),
                householdID: session.householdID, categoryID: category,
                target: item.target.map { Money(minorUnits: $0.minorUnits, currency: household.baseCurrency) },
                notes: item.notes)
            if let existing, existing.target == target.target, existing.notes == target.notes {
                report.count(.budgets, unchanged: 1)
                continue
            }
            report.count(.budgets, added: existing == nil ? 1 : 0, changed: existing == nil ? 0 : 1)
            if apply { _ = try await session.budgets.save(target) }
        }

        // Cards, by id.
        var cardMap: [MilesCard.ID: MilesCard.ID] = [:]
        let existingCards = Dictionary(uniqueKeysWithValues: try await session.milesCards.all().map { ($0.id, $0) })
        let takenCards = try await dataset.takenElsewhere(.cards, content.cards.map(\.card.id.description))
        for item in content.cards {
            var card = item.card
            card.linkedAccountID = card.linkedAccountID.map(accountID)
            if let linked = card.linkedAccountID, accountsByID[linked] == nil {
                throw VaultError(
                    .invalidInput,
                    "The card \(card.name) names an account that is not in the dataset. Nothing was imported.")
            }
            if let existing = existingCards[card.id] {
                cardMap[card.id] = existing.id
                if existing != card {
                    report.count(.cards, changed: 1)
                    report.note("Card \(existing.name): takes the dataset's rates and caps")
                    if apply { _ = try await session.milesCards.update(card) }
                } else {
                    report.count(.cards, unchanged: 1)
                }
                continue
            }
            let fresh = takenCards.contains(card.id.description) ? id(MilesCard.self) : card.id
            cardMap[card.id] = fresh
            card = MilesCard(
                id: fresh, householdID: session.householdID, bank: card.bank, network: card.network, name: card.name,
                lastFourDigits: card.lastFourDigits, currency: card.currency, minimumSpend: card.minimumSpend,
                maximumSpend: card.maximumSpend, cycle: card.cycle, localRate: card.localRate,
                foreignRate: card.foreignRate, baseRate: card.baseRate, notes: card.notes,
                categoryCaps: card.categoryCaps, linkedAccountID: card.linkedAccountID, ownsAccount: card.ownsAccount,
                templateID: card.templateID, sortOrder: card.sortOrder)
            report.count(.cards, added: 1)
            if apply { try await session.milesCards.insert(card) }
        }

        // What hangs off transactions and rules: recurring instances, card choices, balances, remembered choices.
        var instances: [(rule: RecurringRule.ID, date: LocalDate, transaction: Transaction.ID?, role: String)] = []
        for item in content.transactions {
            guard let recurring = item.recurring else { continue }
            guard let rule = recurringMap[recurring.rule] else {
                throw VaultError(
                    .invalidInput,
                    "The transaction \(item.transaction.id) names a recurring rule that is not in the RecurringRules tab. Nothing was imported."
                )
            }
            instances.append((rule, recurring.scheduledDate, transactionID(item.transaction.id), recurring.role))
        }
        for item in content.recurringRules {
            guard let rule = recurringMap[item.rule.id] else { continue }
            instances += item.skippedDates.map { (rule, $0, nil, "generated") }
        }
        let bonuses = content.transactions.compactMap { item in
            item.bonus.map { (transactionID(item.transaction.id), $0) }
        }
        let balances = content.balances.compactMap { balance -> DatasetBalance? in
            let account = accountID(balance.accountID)
            guard accountsByID[account] != nil else { return nil }
            return DatasetBalance(accountID: account, date: balance.date, balance: balance.balance)
        }
        var storedBalances: [String: Int64] = [:]
        for (account, date, minor) in try await dataset.balances() { storedBalances["\(account) \(date)"] = minor }
        for balance in balances {
            switch storedBalances["\(balance.accountID) \(balance.date)"] {
            case nil: report.count(.balances, added: 1)
            case balance.balance.minorUnits: report.count(.balances, unchanged: 1)
            default: report.count(.balances, changed: 1)
            }
        }
        // A remembered unlinked pair names two transactions: each must be in the dataset or in this household.
        // One naming any other transaction (another household's, say) is refused, never stored: the memory is
        // keyed by the pair alone, so it would stand in for that household's own.
        let inDataset = Set(content.transactions.map(\.transaction.id))
        for choice in content.choices where choice.kind == .unlinkedTransfer {
            for text in [choice.subject ?? "", choice.key] {
                guard let named = Transaction.ID(text) else { continue }
                if inDataset.contains(named) { continue }
                if try await session.transactions.find(transactionID(named)) != nil { continue }
                throw VaultError(
                    .invalidInput,
                    "The Choices tab remembers an unlinked transfer with the transaction \(text), which is neither in the dataset nor in this household; remove that row. Nothing was imported."
                )
            }
        }
        report.count(.choices, added: content.choices.count)
        guard apply else { return report }
        try await dataset.setInstances(instances)
        try await dataset.setExpenseChoices(bonuses)
        try await dataset.setBalances(balances)
        for choice in content.choices {
            switch choice.kind {
            case .cardPayee:
                guard let subject = choice.subject.flatMap(MilesCard.ID.init), let card = cardMap[subject],
                    let category = choice.value.flatMap(BonusCategory.init(rawValue:))
                else { continue }
                try await session.milesCards.remember(category, payeeKey: choice.key, card: card)
            case .lensBucket:
                guard let bucket = choice.value.flatMap(LensBucket.init(rawValue:)), choice.key.count <= 300 else {
                    continue
                }
                try await session.lens.setOverride(
                    payeeKey: choice.key, bucket: bucket, newID: id(Household.self).description)
            case .lensTransaction:
                guard let id = Transaction.ID(choice.key),
                    let bucket = choice.value.flatMap(LensBucket.init(rawValue:)),
                    try await session.transactions.find(transactionID(id)) != nil
                else { continue }
                try await session.lens.choose(bucket, for: transactionID(id))
            case .recurringDecision:
                guard let status = choice.value.flatMap(RecurringSeries.Status.init(rawValue:)), status != .detected,
                    choice.key.count <= 300, let date = choice.date
                else { continue }
                try await session.recurring.decide(choice.key, status, on: date, newID: id(Household.self).description)
            case .unlinkedTransfer:
                guard let first = choice.subject.flatMap(Transaction.ID.init), let second = Transaction.ID(choice.key)
                else { continue }
                try await session.transfers.rememberUnlinked(
                    TransferMatcher.Pair(
                        outflow: transactionID(first), inflow: transactionID(second), isCardPayment: false))
            }
        }
        report.applied = true
        return report
    }

    /// Into a household with data, the rows the dataset adds to its accounts and does not pair go through the
    /// ingest pipeline (DESIGN section 3) as a manual entry does: a transfer whose other side is already here is
    /// paired with it, and the household's rules (with the dataset's new ones) file them; a category or kind a
    /// person set stays. An empty household is restored exactly instead. A preview plans the same without writing,
    /// running the dataset's new rules as drafts.
    func pipeline(
        _ rows: [Transaction], drafts: [Rule], alreadyChanged: Set<Transaction.ID>,
        report: inout DatasetService.ImportReport
    ) async throws {
        guard !rows.isEmpty else { return }
        let ingest = try await Ingest.open(in: session, adding: apply ? [] : drafts)
        let plan = try await ingest.plan(revisit: rows.map { ($0, $0) })
        if apply { try await ingest.apply(plan) }
        let new = Set(rows.map(\.id))
        let withHousehold = plan.pairs.filter { !new.contains($0.outflow) || !new.contains($0.inflow) }
        let refiled = plan.updates.filter { new.contains($0.after.id) && $0.fields.contains("categoryID") }.count
        let existing = plan.updates.filter { !new.contains($0.after.id) }
        report.pairedWithHousehold = withHousehold.count
        report.count(.transactions, changed: existing.filter { !alreadyChanged.contains($0.after.id) }.count)
        var lines: [String] = []
        if !withHousehold.isEmpty {
            lines.append(
                "Transfers: \(withHousehold.count) of the new transactions pair with transactions already here (equal and opposite amounts in two accounts)."
            )
        }
        if !plan.unpairs.isEmpty {
            lines.append(
                "Transfers: \(plan.unpairs.count) automatic pair(s) here give way to a closer match among the new transactions."
            )
        }
        if refiled > 0 {
            lines.append(
                "Rules: this household's rules file \(refiled) of the new transactions under another category than the dataset did."
            )
        }
        for (before, after, fields) in existing.prefix(5) {
            lines.append(
                "Transaction \(before.date) \(before.description.prefix(40)): \(fields.joined(separator: ", ")) changed by the pipeline (\(after.classification.rawValue))"
            )
        }
        report.changes.insert(contentsOf: lines, at: 0)
    }

    static func changedFields(_ before: Transaction, _ after: Transaction) -> [String] {
        var fields: [String] = []
        if before.date != after.date { fields.append("date") }
        if before.amount != after.amount { fields.append("amount") }
        if before.description != after.description || before.payee != after.payee { fields.append("description") }
        if before.categoryID != after.categoryID || before.classification != after.classification {
            fields.append("category")
        }
        if before.tags != after.tags { fields.append("tags") }
        if before.notes != after.notes { fields.append("notes") }
        return fields.isEmpty ? ["details"] : fields
    }
}
