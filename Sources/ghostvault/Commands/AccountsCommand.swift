import ArgumentParser
import VaultCore
import VaultServices

/// `ghostvault accounts`: list (the default), add, edit and remove manual accounts.
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "List, add, edit and remove accounts.",
        subcommands: [List.self, Add.self, Edit.self, Remove.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List accounts with their balances.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Flag(help: "Include hidden accounts.")
        var all = false

        func run() async throws {
            try await global.withHousehold { household, _ in
                let accounts = try await household.accounts.list(includeHidden: all)
                if output.json {
                    try Terminal.printJSON(accounts.map(AccountView.init))
                    return
                }
                guard !accounts.isEmpty else {
                    Terminal.print("No accounts yet. Add one: ghostvault accounts add \"Cash\" --kind cash")
                    return
                }
                let rows = accounts.map { listed -> [String] in
                    let account = listed.account
                    var notes: [String] = []
                    if account.isHidden { notes.append("hidden") }
                    if account.isTrackingOnly { notes.append("tracking only") }
                    if !account.isActive { notes.append("inactive") }
                    return [
                        account.displayName, listed.institution?.name ?? "—", account.kind.displayName,
                        account.netWorthCategory.displayName, account.balance.formatted(),
                        listed.transactionCount.map(String.init) ?? "", notes.joined(separator: ", "),
                    ]
                }
                Terminal.print(
                    Terminal.table(
                        ["Account", "Institution", "Kind", "Net worth group", "Balance", "Transactions", "Notes"], rows,
                        rightAligned: [4, 5]))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a manual account.",
            discussion: "Kinds: " + AccountKind.allCases.map(\.rawValue).joined(separator: ", ")
                + ". Credit cards, loans and mortgages are liabilities; give what is owed as a negative balance.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The account's name.")
        var name: String

        @Option(help: "The kind of account.")
        var kind = "checking"

        @Option(help: "ISO 4217 currency (default: the household's).")
        var currency: String?

        @Option(parsing: .unconditional, help: "The current balance (default 0).")
        var balance: String?

        @Option(help: "The bank or issuer.")
        var institution: String?

        @Option(help: "A shorter name to show instead.")
        var nickname: String?

        @Option(help: "bank-accounts, investments, liabilities or other-assets (default: from the kind).")
        var netWorthCategory: String?

        @Flag(help: "Show it, but leave it out of totals.")
        var trackingOnly = false

        @Flag(help: "Hide it from lists and totals.")
        var hidden = false

        func run() async throws {
            try await global.withHousehold { household, _ in
                let account = try await household.accounts.add(
                    .init(
                        name: name, kind: kind, currency: currency, balance: balance, institution: institution,
                        nickname: nickname, netWorthCategory: netWorthCategory, isHidden: hidden,
                        isTrackingOnly: trackingOnly))
                if output.json {
                    try Terminal.printJSON(AccountView(account))
                } else {
                    Terminal.print(
                        "Added \(account.kind.displayName.lowercased()) account '\(account.displayName)' "
                            + "with balance \(account.balance.formatted()) (\(account.id)).")
                }
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an account; only the options given change.",
            discussion: "--nickname \"\" removes the nickname. The balance can be set only on manual accounts.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The account's name, nickname or id.")
        var account: String

        @Option(help: "A new name.") var name: String?
        @Option(help: "A nickname (\"\" to remove).") var nickname: String?
        @Option(help: "The kind of account.") var kind: String?
        @Option(help: "The net worth group.") var netWorthCategory: String?
        @Option(parsing: .unconditional, help: "The balance (manual accounts).") var balance: String?
        @Option(help: "Position within its institution, lowest first.") var sortOrder: Int?
        @Flag(inversion: .prefixedNo, help: "Hide it from lists and totals, or show it again.")
        var hidden: Bool?
        @Flag(inversion: .prefixedNo, help: "Show it but leave it out of totals.")
        var trackingOnly: Bool?
        @Flag(inversion: .prefixedNo, help: "Mark it active or inactive.")
        var active: Bool?

        func run() async throws {
            try await global.withHousehold { household, _ in
                let (account, changed) = try await household.accounts.edit(
                    self.account,
                    .init(
                        name: name, nickname: nickname, kind: kind, netWorthCategory: netWorthCategory,
                        balance: balance,
                        isHidden: hidden, isTrackingOnly: trackingOnly, isActive: active, sortOrder: sortOrder))
                if output.json {
                    try Terminal.printJSON(AccountView(account))
                } else {
                    Terminal.print(
                        changed.isEmpty
                            ? "Nothing changed."
                            : "Changed " + changed.joined(separator: ", ")
                                + " of '\(account.displayName)'.")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a manual account and its transactions.",
            discussion: "An account with transactions is deleted only with --yes. To keep its history, hide it instead."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The account's name, nickname or id.")
        var account: String

        @Flag(help: "Confirm deleting its transactions too.")
        var yes = false

        func run() async throws {
            try await global.withHousehold { household, _ in
                let count = try await household.accounts.delete(account, confirmed: yes)
                Terminal.print(
                    "Deleted '\(account)'"
                        + (count > 0 ? " and its \(count) transaction\(count == 1 ? "" : "s")." : "."))
            }
        }
    }
}
