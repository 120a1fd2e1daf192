import ArgumentParser
import VaultCore
import VaultServices

/// `ghostvault transactions`: list (the default), edit and remove.
struct TransactionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transactions",
        abstract: "List, edit and remove transactions.",
        subcommands: [List.self, Edit.self, Remove.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List transactions, newest first, with filters.",
            discussion: "Transfers between your own accounts are left out unless --include-transfers is given.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Option(help: "First day to include (YYYY-MM-DD).")
        var from: String?

        @Option(help: "Last day to include (YYYY-MM-DD).")
        var to: String?

        @Option(help: "Text in the description or payee; case, punctuation and spaces are ignored.")
        var search: String?

        @Option(help: "Only this account (repeat for several).")
        var account: [String] = []

        @Option(help: "Only this category and its children.")
        var category: String?

        @Flag(help: "Only transactions without a category.")
        var uncategorized = false

        @Option(help: "Only transactions with this tag (repeat for any of several).")
        var tag: [String] = []

        @Option(help: "Only transactions flagged paid or unpaid, or none for those with no payment flag.")
        var payment: String?

        @Option(help: "Only transactions flagged reimbursed or unreimbursed, or none for those with neither.")
        var reimbursement: String?

        @Flag(help: "Include transfers between your own accounts (left out by default).")
        var includeTransfers = false

        @Option(help: "Only the entries of this recurring rule: its id or description (`ghostvault recurring-rules`).")
        var recurringRule: String?

        @Option(
            name: .customLong("when"),
            help: "history (dated today or before, the default), scheduled (after today) or all.")
        var timing: String?

        @Option(help: "desc (newest first) or asc.")
        var sort: String?

        @Option(help: "The page to show, from 1.")
        var page = 1

        @Option(help: "Rows per page.")
        var pageSize = 50

        @Flag(
            help: """
                Every matching row, read page by page (--page and --page-size are ignored). With --json, \
                totalCount is then exact; otherwise check totalCountIsExact: long lists are counted only \
                some way past the page.
                """)
        var all = false

        func query(page: Int, pageSize: Int) -> TransactionQuery {
            TransactionQuery(
                from: from, through: to, search: search, accounts: account, category: category,
                uncategorizedOnly: uncategorized, includeTransfers: includeTransfers, tags: tag,
                payment: payment, reimbursement: reimbursement, recurringRule: recurringRule, timing: timing,
                sort: sort, page: page, pageSize: pageSize)
        }

        func run() async throws {
            try await global.withHousehold { household, _ in
                if all {
                    var items: [TransactionService.Listed] = []
                    var number = 1
                    while true {
                        let chunk = try await household.transactions.list(
                            query(page: number, pageSize: PageRequest.maximumSize))
                        items += chunk.items
                        if chunk.items.count < PageRequest.maximumSize { break }
                        number += 1
                    }
                    if output.json {
                        try Terminal.printJSON(PageView(all: items.map(TransactionView.init)))
                    } else {
                        printTable(
                            items, footer: "\(items.count) " + (items.count == 1 ? "transaction." : "transactions."))
                    }
                    return
                }
                let page = try await household.transactions.list(query(page: page, pageSize: pageSize))
                if output.json {
                    try Terminal.printJSON(PageView(page, transform: TransactionView.init))
                    return
                }
                guard !page.items.isEmpty else {
                    Terminal.print(
                        page.totalCount == 0 ? "No transactions match." : "Page \(page.request.number) is past the end."
                    )
                    return
                }
                printTable(
                    page.items,
                    footer:
                        "Page \(page.request.number) of \(page.pageCount)\(page.countIsExact ? "" : "+"), \(page.countText) "
                        + (page.totalCount == 1 && page.countIsExact ? "transaction." : "transactions."))
            }
        }

        /// The rows as a table, then `footer`.
        func printTable(_ items: [TransactionService.Listed], footer: String) {
            guard !items.isEmpty else {
                Terminal.print("No transactions match.")
                return
            }
            let rows = items.map { listed -> [String] in
                let transaction = listed.transaction
                return [
                    transaction.date.description, listed.account.displayName,
                    listed.name + (transaction.isPending ? " (pending)" : ""),
                    listed.categoryPath ?? "—", transaction.amount.formatted(),
                    "\(transaction.classification) (\(listed.reason))",
                    transaction.tags.joined(separator: ", "),
                    [transaction.paymentFlag?.rawValue, transaction.reimbursementFlag?.rawValue].compactMap { $0 }
                        .joined(separator: ", "),
                ]
            }
            Terminal.print(
                Terminal.table(
                    ["Date", "Account", "Name", "Category", "Amount", "Class (why)", "Tags", "Flags"], rows,
                    rightAligned: [4]))
            Terminal.print(footer)
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a transaction; only the options given change.",
            discussion:
                "An empty value (\"\") clears a category, payee, note or flag. Nothing is saved unless every change is valid."
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The transaction's id.")
        var id: String

        @Option(parsing: .unconditional, help: "The signed amount.") var amount: String?
        @Option(help: "The account.") var account: String?
        @Option(help: "YYYY-MM-DD.") var date: String?
        @Option(help: "The category (\"\" for none).") var category: String?
        @Option(help: "The description.") var description: String?
        @Option(help: "The payee.") var payee: String?
        @Option(help: "Comma-separated tags, replacing the old ones.") var tags: String?
        @Option(help: "The note.") var note: String?
        @Option(help: "paid, unpaid or none.") var payment: String?
        @Option(help: "reimbursed, unreimbursed or none.") var reimbursement: String?
        @Option(help: "income, expense, transfer or ignore; locked against rules.") var classification: String?
        @Flag(help: "Also file every transaction from the same payee this way, with a rule.") var applyToPayee = false
        @Flag(help: "Leave it out of totals.") var exclude = false
        @Flag(help: "Count it in totals again.") var include = false

        func validate() throws {
            if exclude && include { throw ValidationError("Give --exclude or --include, not both.") }
            if applyToPayee && category == nil && classification == nil {
                throw ValidationError("--apply-to-payee needs --category or --classification to apply.")
            }
        }

        func run() async throws {
            try await global.withHousehold { household, _ in
                var changes = TransactionChanges(
                    amount: amount, account: account, date: date, category: category, description: description,
                    payee: payee, tags: tags, notes: note, payment: payment, reimbursement: reimbursement,
                    isExcluded: exclude ? true : (include ? false : nil), classification: classification)
                changes.applyToPayee = applyToPayee
                let (listed, changed) = try await household.transactions.edit(id, changes)
                if output.json {
                    try Terminal.printJSON(TransactionView(listed))
                } else {
                    Terminal.print(
                        changed.isEmpty ? "Nothing changed." : "Changed " + changed.joined(separator: ", ") + ".")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a transaction you entered or imported.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The transaction's id.")
        var id: String

        func run() async throws {
            try await global.withHousehold { household, _ in
                let (listed, receipts) = try await household.transactions.delete(id)
                let along =
                    receipts == 0 ? "" : receipts == 1 ? ", with its receipt" : ", with its \(receipts) receipts"
                Terminal.print(
                    "Deleted \(listed.transaction.amount.formatted()) on \(listed.transaction.date) "
                        + "(\(listed.transaction.description)) from \(listed.account.displayName)\(along).")
            }
        }
    }
}
