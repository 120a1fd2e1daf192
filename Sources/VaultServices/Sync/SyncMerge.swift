import Foundation
import SimpleFIN
import VaultCore
import VaultStore

/// Merges what `/accounts` returned into the store, inside the caller's transaction.
///
/// Institutions are matched by (connection, the bridge's connection id), accounts by (institution,
/// the bank's account id), transactions by the identity stage (`TransactionIdentity`). Accounts the
/// bank stops reporting become inactive, never deleted. Each account gets today's balance snapshot.
struct SyncMerge {
    let session: HouseholdSession
    let household: Household
    let connection: BankConnection
    let now: Date

    /// How far around the incoming dates stored rows are read as identity candidates (the posting window and then some).
    static let candidateMarginDays = 10

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
        for (_, entry) in byAccount.sorted(by: { $0.key < $1.key }) {
            guard let institution = institutions[entry.account.connectionID], !institution.isRemoved else { continue }
            let account = try await mergeAccount(entry.account, institution: institution, report: &report)
            seenAccounts.insert(account.id)
            // After a partial failure the list may be incomplete, so nothing is inferred from what is missing.
            let failed = messages.contains {
                $0.accountID == entry.account.id || ($0.connectionID == entry.account.connectionID && $0.kind == "con")
            }
            try await mergeTransactions(
                Array(entry.transactions.values), into: account, coverage: failed ? nil : coverage, report: &report)
        }
        // Accounts of this connection the bank no longer reports stay, marked inactive.
        let connectionInstitutions = Set(institutions.values.map(\.id))
        for account in try await session.accounts.all()
        where account.institutionID.map(connectionInstitutions.contains) == true && !seenAccounts.contains(account.id)
            && account.isActive
        {
            var inactive = account
            inactive.isActive = false
            try await session.accounts.update(inactive)
            report.accountsDeactivated += 1
        }
    }

    /// Creates or updates an institution per bridge connection; records its status and message.
    private func mergeInstitutions(
        _ sets: [AccountSet], report: inout SyncService.Report
    ) async throws
        -> [String: Institution]
    {
        var result: [String: Institution] = [:]
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
            if existing.contains(where: { $0.id == institution.id }) {
                try await session.institutions.update(institution)
            } else {
                try await session.institutions.insert(institution)
                report.newInstitution = !existing.isEmpty || connection.lastSuccessAt != nil
            }
            result[bankID] = institution
        }
        return result
    }

    private func mergeAccount(
        _ bank: AccountSet.Account, institution: Institution, report: inout SyncService.Report
    )
        async throws -> Account
    {
        let currency = BankData.currency(bank.currency)
        let balance = try BankData.money(bank.balance, currency)
        let balanceDate = LocalDate(bank.balanceDate, in: household.timeZone)
        let accounts = try await session.accounts.all()
        var account: Account
        if let found = accounts.first(where: { $0.institutionID == institution.id && $0.bankAccountID == bank.id }) {
            account = found
            account.isActive = true
        } else {
            let kind = BankData.kind(name: bank.name, balance: balance, hasHoldings: !bank.holdings.isEmpty)
            account = Account(
                id: newID(), householdID: household.id, institutionID: institution.id, name: bank.name, kind: kind,
                currency: currency, balance: balance, balanceDate: balanceDate,
                sortOrder: (accounts.map(\.sortOrder).max() ?? -1) + 1, bankAccountID: bank.id)
            try await session.accounts.insert(account)
            report.accountsAdded += 1
        }
        account.name = bank.name
        account.balance = balance
        account.balanceDate = balanceDate
        try await session.accounts.update(account)
        try await session.syncRecords.recordBalance(of: account.id, on: balanceDate, minorUnits: balance.minorUnits)
        return account
    }

    private func mergeTransactions(
        _ incoming: [AccountSet.Transaction], into account: Account, coverage: DateRange?,
        report: inout SyncService.Report
    ) async throws {
        let dated = try incoming.map { bank -> (AccountSet.Transaction, TransactionIdentity.Incoming) in
            let instant = bank.posted ?? bank.transactedAt ?? now
            return (
                bank,
                TransactionIdentity.Incoming(
                    bankID: bank.id, date: LocalDate(instant, in: household.timeZone),
                    amount: try BankData.money(bank.amount, account.currency), description: bank.description,
                    payee: bank.payee, isPending: bank.isPending)
            )
        }.sorted { ($0.1.date, $0.1.bankID) < ($1.1.date, $1.1.bankID) }
        let dates = dated.map(\.1.date) + [coverage?.start, coverage?.end].compactMap { $0 }
        guard let earliest = dates.min(), let latest = dates.max() else { return }
        let first = earliest.adding(days: -Self.candidateMarginDays)
        let last = latest.adding(days: Self.candidateMarginDays)
        // Rows near the incoming dates, plus any row holding one of the incoming bank ids (however old)
        // and every pending row of the account, so nothing already stored is taken for new.
        var stored = try await session.transactions.bankTransactions(in: account.id, from: first, through: last)
        let nearby = Set(stored.map(\.id))
        for extra in try await session.transactions.bankTransactions(
            in: account.id, bankIDs: incoming.map(\.id), orPending: true)
        where !nearby.contains(extra.id) {
            stored.append(extra)
        }
        var candidates = stored.map(TransactionIdentity.Candidate.init)
        let byID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
        let listed = Set(incoming.map(\.id))
        let deleted = try await session.syncRecords.deletedTransactions(in: account)
        let deletedIDs = Set(deleted.compactMap(\.bankID))
        var claimed: Set<Transaction.ID> = []
        var inserts: [Transaction] = []
        for (bank, item) in dated {
            let decision = TransactionIdentity.decide(
                item, candidates: candidates, listedBankIDs: listed, deletedBankIDs: deletedIDs, claimed: claimed,
                deleted: deleted, listIsComplete: coverage != nil)
            switch decision {
            case .deletedByPerson:
                report.skippedDeleted += 1
            case .new:
                var transaction = Transaction(
                    id: newID(), householdID: household.id, accountID: account.id, date: item.date,
                    postedAt: bank.posted,
                    transactedAt: bank.transactedAt, amount: item.amount, description: bank.description,
                    payee: bank.payee,
                    memo: bank.memo, isPending: bank.isPending, source: .bank, bankTransactionID: bank.id)
                transaction.identityNote = decision.explanation
                inserts.append(transaction)
            case .known(let id), .postedFromPending(let id), .reissued(let id):
                claimed.insert(id)
                guard var transaction = byID[id] else { continue }
                transaction.bankTransactionID = bank.id
                transaction.date = item.date
                transaction.postedAt = bank.posted
                transaction.transactedAt = bank.transactedAt ?? transaction.transactedAt
                transaction.amount = item.amount
                transaction.description = bank.description
                transaction.payee = bank.payee ?? transaction.payee
                transaction.memo = bank.memo ?? transaction.memo
                transaction.isPending = bank.isPending
                if transaction.classificationSource == .default {
                    transaction.classification = .byDefault(for: transaction.amount)
                }
                if case .known = decision {} else { transaction.identityNote = decision.explanation }
                if case .postedFromPending = decision { report.pendingPosted += 1 }
                if case .reissued = decision { report.idsReissued += 1 }
                if !(try await session.transactions.update(transaction)).isEmpty { report.transactionsUpdated += 1 }
                if let index = candidates.firstIndex(where: { $0.id == id }) {
                    candidates[index] = TransactionIdentity.Candidate(transaction)
                }
            }
        }
        try await session.transactions.insert(inserts)
        report.transactionsAdded += inserts.count
        // Authorisations the bank stopped listing without posting were cancelled (reference 5.10).
        // Only a complete answer says anything by leaving a row out. A pending item older than the
        // requested period is dropped too: it is either long settled under a new id or cancelled.
        guard coverage != nil else { return }
        for transaction in stored
        where transaction.isPending && !claimed.contains(transaction.id)
            && !(transaction.bankTransactionID.map(listed.contains) ?? false)
        {
            _ = try await session.transactions.delete(transaction.id)
            report.pendingDropped += 1
        }
    }

    private func newID<Owner>() -> Identifier<Owner> {
        var generator = SystemRandomNumberGenerator()
        return Identifier.generate(at: now, using: &generator)
    }
}
