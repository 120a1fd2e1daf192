import Foundation
import VaultCore
import VaultStore

/// The ghost-safe LLM export of a household's period (spec `ghostvault.md` section 14): reads the period's
/// tallies, lens groups, balances and recurring commitments, builds the export in VaultCore, renders it and
/// runs the leak check on exactly the text that would be offered.
public struct LLMExportService: Sendable {
    let scope: HouseholdScope

    /// An export with its leak check and the preview of every transformation.
    public struct Result: Sendable {
        public let request: LLMExportRequest
        public let export: LLMExport
        /// The export in the chosen format, as it would be downloaded.
        public let text: String
        public let check: LeakCheck
        public let preview: LLMExportPreview

        /// `ghostvault-llm-export.md`.
        public var fileName: String { "ghostvault-llm-export.\(request.format.fileExtension)" }
    }

    /// Builds the export asked for, renders it and checks it. The check's result is part of the answer: callers
    /// offer `text` only when `check.passed`.
    public func export(_ request: LLMExportRequest) async throws -> Result {
        let gathered = try await scope.read { session in
            let household = try await session.household()
            let today = household.today(at: scope.vault.now)
            // History only: scheduled entries (dated after today) are not yet part of the picture.
            let range = DateRange(start: request.range.start, end: min(request.range.end, today)) ?? request.range
            let accounts = try await session.accounts.asOf(today)
            let tree = try await session.categories.tree()
            let excluded = try await session.transactions.find(request.excluded)
            let missing = Set(request.excluded).subtracting(excluded.map(\.id))
            if !missing.isEmpty {
                throw InvalidInput(
                    missing.sorted { $0.description < $1.description }.map {
                        Problem(field: "exclude", message: "There is no transaction \($0) in this household.")
                    })
            }
            let latest = ([range.end, today] + accounts.compactMap(\.balanceDate)).max()!
            let lens = try LensReport(
                month: CalendarMonth(containing: range.end), currency: household.baseCurrency, accounts: accounts,
                tree: tree,
                groups: try await session.tallies.lensGroups(
                    from: range.start, through: range.end, excluding: request.excluded),
                targets: try await session.lens.targets() ?? .standard, overrides: try await session.lens.overrides())
            return (
                household: household, today: today, accounts: accounts, tree: tree, excluded: excluded, lens: lens,
                institutions: try await session.institutions.all(),
                tallies: try await session.tallies.tallies(
                    TransactionFilter(from: range.start, through: range.end), grouping: .month),
                dailyNet: try await session.tallies.dailyNet(from: range.start, through: latest),
                transactions: try await session.transactions.digest(
                    from: range.start, through: range.end,
                    largest: LLMExportPreview.amountCount + request.excluded.count)
            )
        }
        let recurring = try await scope.reports.recurring()
        let input = LLMExport.Input(
            range: request.range, currency: gathered.household.baseCurrency, accounts: gathered.accounts,
            tree: gathered.tree,
            tallies: gathered.tallies, excluded: gathered.excluded, dailyNet: gathered.dailyNet, today: gathered.today,
            lens: gathered.lens, recurring: recurring)
        let export = try LLMExport(input, options: request.options)
        let text = export.rendered(request.format)
        var sensitive = LeakCheck.Sensitive(
            accounts: gathered.accounts, institutions: gathered.institutions, transactions: gathered.transactions,
            tree: gathered.tree, period: request.range, currency: gathered.household.baseCurrency)
        for account in gathered.accounts {
            for date in [request.range.end, request.range.start.adding(days: -1)] {
                let balance = try LLMExport.balance(of: account, at: date, input: input)
                sensitive.exactAmounts.insert(Int64(balance.minorUnits.magnitude))
            }
        }
        let check = LeakCheck(
            output: text, format: request.format, rounding: request.options.rounding, sensitive: sensitive)
        let preview = LLMExportPreview(
            export: export, accounts: gathered.accounts, transactions: gathered.transactions,
            excluded: gathered.excluded, tree: gathered.tree, range: request.range)
        return Result(request: request, export: export, text: text, check: check, preview: preview)
    }
}
