import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault report`: net worth, the month, budgets, recurring bills, the 50/30/20 lens and analysis.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Net worth, a month's income and spending, budgets, recurring bills, 50/30/20, analysis.",
        subcommands: [
            NetWorthReport.self, MonthSummary.self, BudgetSummary.self, RecurringSummary.self, UpcomingBills.self,
            LensSummary.self, Analysis.self,
        ],
        defaultSubcommand: MonthSummary.self)

    struct NetWorthReport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "networth",
            abstract: "Assets, liabilities and net worth by category and institution, or its history.",
            discussion: "With --history (1M, 3M, YTD, 1Y) or --from/--to, prints the history instead.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Option(help: ArgumentHelp("A timeframe for the history: 1M, 3M, YTD or 1Y.", valueName: "range"))
        var history: String?
        @Option(help: ArgumentHelp("The first day of a custom history (YYYY-MM-DD).", valueName: "date"))
        var from: String?
        @Option(help: ArgumentHelp("The last day of a custom history (YYYY-MM-DD).", valueName: "date"))
        var to: String?

        func run() async throws {
            try await global.withHousehold { household, _ in
                if history != nil || from != nil || to != nil {
                    let history = try await household.reports.netWorthHistory(try range())
                    if output.json { return try Terminal.printJSON(NetWorthHistoryView(history)) }
                    Terminal.print(ReportText.history(history))
                    return
                }
                let (worth, change) = try await household.reports.netWorth()
                if output.json { return try Terminal.printJSON(NetWorthView(worth, change: change)) }
                Terminal.print(ReportText.netWorth(worth, change: change))
            }
        }

        func range() throws -> HistoryRange {
            try HistoryRange.parse(timeframe: history, from: from, to: to)
        }
    }

    struct MonthSummary: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "month",
            abstract: "Income, spending, net and savings rate for a month, by category, with the months before.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var chosen: MonthOption
        @Option(help: "How many months the income vs spending series shows, ending with this one.")
        var months = 12
        @Option(help: "Count only transactions with this tag (repeat for any of several).")
        var tag: [String] = []

        @Option(help: "Count only transactions with this payment flag: paid, unpaid or none.")
        var payment: String?

        @Option(help: "Count only transactions with this reimbursement flag: reimbursed, unreimbursed or none.")
        var reimbursement: String?

        func run() async throws {
            try await global.withHousehold { household, _ in
                let report = try await household.reports.month(
                    chosen.month, seriesMonths: months, tags: tag, payment: payment, reimbursement: reimbursement)
                if output.json { return try Terminal.printJSON(MonthReportView(report)) }
                let tags = Tag.unique(tag.flatMap { Tag.parseList($0) })
                if !tags.isEmpty {
                    Terminal.print("Only transactions tagged " + tags.joined(separator: " or ") + ".")
                }
                for (name, value) in [("payment", payment), ("reimbursement", reimbursement)] {
                    if let value, !value.isEmpty { Terminal.print("Only transactions whose \(name) flag is \(value).") }
                }
                Terminal.print(ReportText.month(report))
            }
        }
    }

    struct BudgetSummary: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "budget", abstract: "Targets against this month's spending, and uncategorised spending.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var chosen: MonthOption

        func run() async throws {
            try await global.withHousehold { household, _ in
                let (report, uncategorized) = try await household.reports.budget(chosen.month)
                if output.json { return try Terminal.printJSON(BudgetReportView(report, uncategorized: uncategorized)) }
                Terminal.print(ReportText.budget(report, uncategorized: uncategorized))
            }
        }
    }

    struct RecurringSummary: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recurring",
            abstract: "Recurring series detected in your bank history, and the monthly total.",
            discussion: """
                The detector's answer is kept until your data changes or the day turns; --refresh looks again. \
                These are found in your data, not set up by you: the recurring rules you make with \
                `ghostvault add --repeat` are in `ghostvault recurring-rules`.
                """
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Flag(help: "Look through the history again even if nothing changed.") var refresh = false

        func run() async throws {
            try await global.withHousehold { household, _ in
                let report = try await household.reports.recurring(refresh: refresh)
                if output.json { return try Terminal.printJSON(RecurringReportView(report)) }
                Terminal.print(ReportText.recurring(report))
            }
        }
    }

    struct UpcomingBills: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "upcoming", abstract: "Bills expected in the coming days, soonest first.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "How many days ahead to look.")
        var days = 30

        func run() async throws {
            try await global.withHousehold { household, _ in
                let report = try await household.reports.recurring(horizonDays: days)
                if output.json { return try Terminal.printJSON(RecurringReportView(report).upcoming) }
                Terminal.print(ReportText.upcoming(report))
            }
        }
    }

    struct LensSummary: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lens", abstract: "A month through the 50/30/20 lens: needs, wants, savings/debt.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var chosen: MonthOption
        @Option(help: "List one segment's transactions with why each landed there: needs, wants or savings.")
        var bucket: String?
        @Option(help: "The page of the segment's list (50 a page).") var page = 1

        func run() async throws {
            let segment = try bucket.map { name in
                guard let bucket = LensBucket(name: name) else {
                    throw InvalidInput(field: "bucket", "'\(name)' is not a bucket; use needs, wants or savings.")
                }
                return bucket
            }
            try await global.withHousehold { household, _ in
                guard let segment else {
                    let report = try await household.reports.lens(chosen.month)
                    if output.json { return try Terminal.printJSON(LensReportView(report)) }
                    return Terminal.print(ReportText.lens(report))
                }
                guard let request = PageRequest(number: page, size: 50) else {
                    throw InvalidInput(field: "page", "Pages count from 1.")
                }
                let found = try await household.lens.segment(chosen.month, bucket: segment, page: request)
                if output.json { return try Terminal.printJSON(LensSegmentView(found)) }
                Terminal.print(ReportText.lensSegment(found))
            }
        }
    }

    struct Analysis: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Expense or income for a year, month or week: totals per part, by category, and the list.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "expense or income.") var type = "expense"
        @Option(help: "year, month or week.") var timeframe = "month"
        @Option(help: ArgumentHelp("A day in the period (YYYY-MM-DD); today when left out.", valueName: "date"))
        var date: String?
        @Option(name: .customLong("category"), help: "Only this category and its children (repeat for more).")
        var categories: [String] = []
        @Option(name: .customLong("tag"), help: "Only transactions with this tag (repeat for more).")
        var tags: [String] = []
        @Option(help: "paid or unpaid.") var payment: String?
        @Option(help: "reimbursed or unreimbursed.") var reimbursement: String?
        @Option(help: "Only the entries of this recurring rule: its id or description (`ghostvault recurring-rules`).")
        var recurringRule: String?
        @Option(help: ArgumentHelp("The first day to count, inside the period (YYYY-MM-DD).", valueName: "date"))
        var from: String?
        @Option(help: ArgumentHelp("The last day to count, inside the period (YYYY-MM-DD).", valueName: "date"))
        var through: String?
        @Option(help: "The page of the list.") var page = 1
        @Option(help: "Transactions per page of the list.") var pageSize = 50

        func run() async throws {
            try await global.withHousehold { household, _ in
                var query = AnalysisQuery(
                    type: type, timeframe: timeframe, date: date, categories: categories, tags: tags,
                    payment: payment, reimbursement: reimbursement, page: page, pageSize: pageSize)
                (query.recurringRule, query.from, query.through) = (recurringRule, from, through)
                if output.json { return try Terminal.printJSON(try await AnalysisPayload.load(query, in: household)) }
                let (report, transactions) = try await household.reports.analysis(query)
                Terminal.print(ReportText.analysis(report, transactions: transactions))
            }
        }
    }
}

/// `--month` on the reports of one month.
struct MonthOption: ParsableArguments {
    @Option(help: ArgumentHelp("The month (YYYY-MM); this month when left out.", valueName: "month"))
    var month: String?
}

/// `ghostvault budget`: set or clear a category's monthly target and notes.
struct BudgetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budget", abstract: "Set or clear a category's monthly target and notes.",
        subcommands: [Set.self, Clear.self])

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set a category's monthly target (and notes).")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The category's name or id.") var category: String
        @Argument(help: "The monthly target, like 450 or 450.00; leave out to change only the notes.")
        var target: String?
        @Option(help: "Notes for the category's budget (\"\" clears them).") var notes: String?

        func run() async throws {
            try await global.withHousehold { household, details in
                let budget = try await household.budgets.set(category: category, target: target, notes: notes)
                let amount = budget.target.map { $0.formatted() } ?? "no target"
                Terminal.print(
                    "Budget for \(category): \(amount) a month" + (budget.notes.map { ", notes: \($0)" } ?? "") + ".")
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Clear a category's target and notes.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The category's name or id.") var category: String

        func run() async throws {
            try await global.withHousehold { household, _ in
                let cleared = try await household.budgets.clear(category: category)
                Terminal.print(cleared ? "Cleared the budget for \(category)." : "\(category) had no budget to clear.")
            }
        }
    }
}

/// `ghostvault recurring`: confirm, dismiss, delete or restore a recurring series.
struct RecurringCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recurring",
        abstract:
            "Confirm, dismiss (remembered), delete (until it charges again), restore or reclassify (need, want, savings) a detected recurring series.",
        discussion: """
            Series are what `ghostvault report recurring` detects in your bank data. The recurring rules you set up \
            with `ghostvault add --repeat` are managed with `ghostvault recurring-rules`.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "confirm, dismiss, delete or restore; or need, want or savings to reclassify the series.")
    var action: String
    @Argument(help: "The series' key (from `report recurring --json`) or its name.") var series: String

    func run() async throws {
        if let bucket = LensBucket(rawValue: action.lowercased()) {
            try await global.withHousehold { household, _ in
                let done = try await household.recurring.reclassify(series, as: bucket)
                Terminal.print("\(done.name) is now under \(bucket.displayName).")
            }
            return
        }
        guard let chosen = RecurringService.Action(rawValue: action.lowercased()) else {
            throw InvalidInput(
                field: "action",
                "'\(action)' is not an action; use confirm, dismiss, delete, restore, need, want or savings.")
        }
        try await global.withHousehold { household, _ in
            let done = try await household.recurring.apply(chosen, to: series)
            let verb = ["confirm": "Confirmed", "dismiss": "Dismissed", "delete": "Deleted", "restore": "Restored"][
                chosen.rawValue]!
            Terminal.print("\(verb) \(done.name) (\(done.cadence.displayName), \(done.amount.formatted())).")
        }
    }
}

/// `ghostvault lens`: the 50/30/20 targets and payee choices.
struct LensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lens",
        abstract: "Change the 50/30/20 targets, or put a payee or one transaction in needs, wants or savings.",
        subcommands: [Targets.self, Classify.self, Choose.self])

    struct Targets: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or set the targets, like `lens targets 60 20 20`.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Needs, wants and savings as whole percentages adding up to 100.") var shares: [Int] = []

        func run() async throws {
            try await global.withHousehold { household, _ in
                let targets: LensTargets
                if shares.isEmpty {
                    targets = try await household.lens.targets()
                } else {
                    guard shares.count == 3 else {
                        throw InvalidInput(
                            field: "targets", "Give three numbers: needs, wants and savings, like 50 30 20.")
                    }
                    targets = try await household.lens.setTargets(
                        needs: shares[0], wants: shares[1], savings: shares[2])
                }
                Terminal.print("Needs \(targets.needs)%, wants \(targets.wants)%, savings/debt \(targets.savings)%.")
            }
        }
    }

    /// `need`, `want` or `savings`, or `auto` (nil: the automatic rules).
    static func bucket(_ text: String) throws -> LensBucket? {
        let chosen = LensBucket(name: text)
        guard chosen != nil || text.lowercased() == "auto" else {
            throw InvalidInput(field: "bucket", "'\(text)' is not a bucket; use need, want, savings or auto.")
        }
        return chosen
    }

    struct Classify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Always count a payee as need, want or savings; `auto` returns it to the automatic rules.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The payee, like Netflix.") var payee: String
        @Argument(help: "need, want, savings or auto.") var bucket: String

        func run() async throws {
            let chosen = try LensCommand.bucket(bucket)
            try await global.withHousehold { household, _ in
                let key = try await household.lens.classify(payee: payee, as: chosen)
                Terminal.print(
                    chosen.map { "Spending at \u{201C}\(key)\u{201D} now counts as \($0.displayName)." }
                        ?? "Spending at \u{201C}\(key)\u{201D} follows the automatic rules again.")
            }
        }
    }

    struct Choose: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Count one transaction as need, want or savings; `auto` returns it to the payee and automatic rules.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The transaction's id (`transactions --json` lists them).") var transaction: String
        @Argument(help: "need, want, savings or auto.") var bucket: String

        func run() async throws {
            let chosen = try LensCommand.bucket(bucket)
            try await global.withHousehold { household, _ in
                let entry = try await household.lens.choose(transaction: transaction, as: chosen)
                Terminal.print(
                    "\(entry.name) (\(entry.transaction.date)) counts as \(entry.placement.bucket.displayName): "
                        + "\(entry.placement.reason).")
            }
        }
    }
}
