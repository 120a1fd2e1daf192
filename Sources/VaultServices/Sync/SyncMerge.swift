import Foundation
import SimpleFIN
import VaultCore
import VaultStore

/// Merges what `/accounts` returned into the store, inside the caller's transaction.
///
/// Institutions are matched by (connection, the bridge's connection id), accounts by (institution,
/// the bank's account id). Transactions go through the ingest pipeline (`Ingest`, `IngestPlanner`) as
/// one batch per account, and their classification is written in the same transaction. Accounts the
/// bank stops reporting become inactive, never deleted. Each account gets today's balance snapshot.
struct SyncMerge {
    let session: HouseholdSession
    let household: Household
    let connection: BankConnection
    let now: Date

    func merge(_ sets: [(SyncWindows.Window, AccountSet)], into report: inout SyncService.Report) async throws {
        let institutions = try await mergeInstitutions(sets.map(\.1), report: &report)
        var seenAccounts: Set<Account.ID> = []
        // The calendar days the requests covered: pending rows in them that the bank stopped listing were cancelled.
        let earliest = sets.map(\.0.start).min() ?? now
        let coverage = DateRange(
            start: LocalDate(earliest, in: household.timeZone).adding(days: 1),
            end: LocalDate(now, in: household.timeZone))
        // The same account arrives once per window; gather its transactions across windows, each
        // kept only if it falls inside the window that returned it (the bridge may send more).
        var byAccount: [String: (account: AccountSet.Account, transactions: [String: AccountSet.Transaction])] = [:]
        for (window, set) in sets {
            for account in set.accounts {
                let key = account.connectionID + "\u{1F}" + account.id
                var entry = byAccount[key] ?? (account, [:])
                if account.balanceDate >= entry.account.balanceDate { entry.account = account }
                for transaction in account.transactions {
                    let instant = transaction.posted ?? transaction.transactedAt ?? now
                    guard window.contains(instant) || (transaction.isPending && transaction.posted == nil) else {
                        continue
                    }
                    entry.transactions[transaction.id] = transaction
                }
                byAccount[key] = entry
            }
        }
        let messages = sets.flatMap(\.1.messages)
        var batches: [(batch: IngestPlanner.Batch, dates: [LocalDate])] = []
        // The household's accounts, read once and kept as merged; the accounts and today's balances are written
        // together once all are merged.
        let stored = try await session.accounts.all()
        var accounts = stored
        var balances: [(account: Account.ID, date: LocalDate, minorUnits: Int64)] = []
        for (_, entry) in byAccount.sorted(by: { $0.key < $1.key }) {
            guard let institution = institutions[entry.account.connectionID], !institution.isRemoved else { continue }
            let account = try mergeAccount(
                entry.account, institution: institution, accounts: &accounts, balances: &balances, report: &report)
            seenAccounts.insert(account.id)
            // After a partial failure the list may be incomplete, so nothing is inferred from what is missing.
            let failed = messages.contains {
                $0.accountID == entry.account.id || ($0.connectionID == entry.account.connectionID && $0.kind == "con")
            }
            batches.append(
                try batch(Array(entry.transactions.values), into: account, coverage: failed ? nil : coverage))
        }
        // Accounts of this connection the bank no longer reports stay, marked inactive.
        let connectionInstitutions = Set(institutions.values.map(\.id))
        for (index, account) in accounts.enumerated()
        where account.institutionID.map(connectionInstitutions.contains) == true && !seenAccounts.contains(account.id)
            && account.isActive
        {
            accounts[index].isActive = false
            report.accountsDeactivated += 1
        }
        let before = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
        try await session.accounts.insert(accounts.filter { before[$0.id] == nil })
        try await session.accounts.update(accounts.compactMap { new in before[new.id].map { ($0, new) } })
        try await session.syncRecords.recordBalances(balances)
        try await ingest(batches, report: &report)
    }

    /// Creates or updates an institution per bridge connection; records its status and message.
    private func mergeInstitutions(
        _ sets: [AccountSet], report: inout SyncService.Report
    ) async throws
        -> [String: Institution]
    {
        var result: [String: Institution] = [:]
        var added: [Institution] = []
        var updated: [(old: Institution, new: Institution)] = []
        let existing = try await session.institutions.all(of: connection.id)
        let messages = sets.flatMap(\.messages)
        for message in messages where !report.messages.contains(message.text) { report.messages.append(message.text) }
        var connections: [String: AccountSet.Connection] = [:]
        for set in sets { for item in set.connections { connections[item.id] = item } }
        for (bankID, item) in connections.sorted(by: { $0.key < $1.key }) {
            let accountIDs = Set(sets.flatMap(\.accounts).filter { $0.connectionID == bankID }.map(\.id))
            let problems = messages.filter {
                $0.connectionID == bankID || $0.accountID.map(accountIDs.contains) == true
            }
            // A server that answered v1 (`org:<org id>`) before and v2 (`conn_id`) now still names the same institution.
            var institution =
                existing.first { $0.bankConnectionID == bankID }
                ?? item.institutionID.flatMap { orgID in existing.first { $0.bankConnectionID == "org:" + orgID } }
                ?? Institution(
                    id: newID(), householdID: household.id, name: item.institutionName ?? item.name,
                    connectionID: connection.id, bankConnectionID: bankID)
            institution.bankConnectionID = bankID
            institution.name = item.institutionName ?? item.name
            institution.domain = item.institutionDomain ?? institution.domain
            institution.status = problems.isEmpty ? .success : .failure
            institution.statusMessage = problems.first?.text
            if problems.isEmpty { institution.lastSuccessAt = now }
            if !problems.isEmpty { report.partialFailure = true }
            if let old = existing.first(where: { $0.id == institution.id }) {
                updated.append((old, institution))
            } else {
                added.append(institution)
                report.newInstitution = !existing.isEmpty || connection.lastSuccessAt != nil
            }
            result[bankID] = institution
        }
        try await session.institutions.insert(added)
        try await session.institutions.update(updated)
        return result
    }

    /// Updates the account the bank reports in `accounts`, or adds it there, and adds its balance to `balances`;
    /// the caller writes both.
    private func mergeAccount(
        _ bank: AccountSet.Account, institution: Institution, accounts: inout [Account],
        balances: inout [(account: Account.ID, date: LocalDate, minorUnits: Int64)], report: inout SyncService.Report
    ) throws -> Account {
        let currency = BankData.currency(bank.currency)
        let balance = try BankData.money(bank.balance, currency)
        let balanceDate = LocalDate(bank.balanceDate, in: household.timeZone)
        let account: Account
        if let index = accounts.firstIndex(where: {
            $0.institutionID == institution.id && $0.bankAccountID == bank.id
        }) {
            accounts[index].isActive = true
            accounts[index].name = bank.name
            accounts[index].balance = balance
            accounts[index].balanceDate = balanceDate
            account = accounts[index]
        } else {
            let kind = BankData.kind(name: bank.name, balance: balance, hasHoldings: !bank.holdings.isEmpty)
            account = Account(
                id: newID(), householdID: household.id, institutionID: institution.id, name: bank.name, kind: kind,
                currency: currency, balance: balance, balanceDate: balanceDate,
                sortOrder: (accounts.map(\.sortOrder).max() ?? -1) + 1, bankAccountID: bank.id)
            accounts.append(account)
            report.accountsAdded += 1
        }
        balances.append((account.id, balanceDate, balance.minorUnits))
        return account
    }

    /// An account's incoming bank transactions as the pipeline's rows, with the dates the bank answered for.
    private func batch(
        _ incoming: [AccountSet.Transaction], into account: Account, coverage: DateRange?
    ) throws -> (batch: IngestPlanner.Batch, dates: [LocalDate]) {
        let rows = try incoming.map { bank in
            let instant = bank.posted ?? bank.transactedAt ?? now
            return Transaction(
                id: newID(), householdID: household.id, accountID: account.id,
                date: LocalDate(instant, in: household.timeZone), postedAt: bank.posted,
                transactedAt: bank.transactedAt, amount: try BankData.money(bank.amount, account.currency),
                description: bank.description, payee: bank.payee, memo: bank.memo, isPending: bank.isPending,
                source: .bank, bankTransactionID: bank.id)
        }.sorted { ($0.date, $0.bankTransactionID ?? "") < ($1.date, $1.bankTransactionID ?? "") }
        return (
            IngestPlanner.Batch(account: account.id, rows: rows, listIsComplete: coverage != nil),
            [coverage?.start, coverage?.end].compactMap { $0 }
        )
    }

    /// Plans every account's batch at once (so transfers between them pair) and writes the plan.
    private func ingest(
        _ batches: [(batch: IngestPlanner.Batch, dates: [LocalDate])], report: inout SyncService.Report
    ) async throws {
        let ingest = try await Ingest.open(in: session)
        let plan = try await ingest.plan(batches)
        try await ingest.apply(plan)
        report.transactionsAdded += plan.inserts.count
        report.pendingDropped += plan.drops.count
        report.skippedDeleted += plan.skipped.count
        let incoming = Set(batches.flatMap(\.batch.rows).compactMap(\.bankTransactionID))
        for (before, after, fields) in plan.updates {
            if after.bankTransactionID.map(incoming.contains) == true, before.bankTransactionID != nil {
                report.transactionsUpdated += 1
                if before.isPending, !after.isPending, before.bankTransactionID != after.bankTransactionID {
                    report.pendingPosted += 1
                } else if before.bankTransactionID != after.bankTransactionID {
                    report.idsReissued += 1
                }
            }
            if fields.contains(where: ["classification", "categoryID"].contains) { report.classified += 1 }
        }
        report.classified += plan.inserts.count
    }

    private func newID<Owner>() -> Identifier<Owner> {
        var generator = SystemRandomNumberGenerator()
        return Identifier.generate(at: now, using: &generator)
    }
}
