import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault recurring-rules`: the recurring rules you set up (issue 18; spec `expense-tracker.md` 2.6 and 4.3) -
/// list, show with instances, change, delete, and Generate Next Year. Not the detector's series in
/// `ghostvault report recurring`.
struct RecurringRulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recurring-rules",
        abstract: "Recurring rules you set up with `add --repeat`: list, show, edit, delete, generate next year.",
        discussion: """
            A rule is made by adding an entry with a schedule: ghostvault add -2500 --account Checking \
            --category Rent --repeat monthly. The entry is the rule's template; every occurrence through the end \
            of this year is added at once, and generate-next-year adds the next year's. A monthly rule from the \
            31st falls on the last day of shorter months and returns to the 31st; a yearly rule from February 29th \
            falls on February 28th in other years.
            Not to be confused with `ghostvault report recurring`, the recurring bills GhostVault detects in your \
            bank data.
            """,
        subcommands: [List.self, Show.self, Edit.self, Delete.self, GenerateNextYear.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the recurring rules with their summary, schedule and instance count.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await global.withHousehold { household, _ in
                let rules = try await household.recurringRules.list()
                if output.json { return try Terminal.printJSON(rules.map(RecurringRulePayload.init)) }
                guard !rules.isEmpty else {
                    Terminal.print(
                        "No recurring rules yet. Add an entry with a schedule to make one: "
                            + "ghostvault add -2500 --account Checking --description Rent --repeat monthly")
                    return
                }
                Terminal.print(
                    Terminal.table(
                        ["Rule", "Account", "Starts", "Ends", "Enabled", "Through", "Entries", "Id"],
                        rules.map(RecurringRuleText.row), rightAligned: [5, 6]))
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one rule with its transactions (its template and instances, oldest first).")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The rule: its id, or its description when only one rule has it.")
        var rule: String

        @Option(help: "The page of its transactions, from 1.")
        var page = 1

        @Option(help: "Transactions per page.")
        var pageSize = 50

        func run() async throws {
            try await global.withHousehold { household, _ in
                let listed = try await household.recurringRules.find(rule)
                let instances = try await household.transactions.list(
                    TransactionQuery(
                        includeTransfers: true, recurringRule: listed.rule.id.description, sort: "asc", page: page,
                        pageSize: pageSize))
                if output.json {
                    return try Terminal.printJSON(RecurringRuleDetailPayload(listed, instances: instances))
                }
                Terminal.print(RecurringRuleText.detail(listed))
                guard !instances.items.isEmpty else { return }
                Terminal.print(
                    "\n"
                        + Terminal.table(
                            ["Date", "Description", "Amount", "Category"],
                            instances.items.map {
                                [
                                    $0.transaction.date.description, $0.transaction.description,
                                    $0.transaction.amount.formatted(), $0.categoryPath ?? "—",
                                ]
                            }, rightAligned: [2]))
                if instances.pageCount > 1 {
                    Terminal.print("Page \(instances.request.number) of \(instances.pageCount) (--page).")
                }
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a rule; only the options given change.",
            discussion: """
                Example: ghostvault recurring-rules edit Rent --amount -2600 --starts 2027-01-01
                An empty value ("") clears a category, payee, note or end date. The rule's untouched entries dated \
                today or later are made again from the new fields and schedule; earlier ones, and any you edited, \
                stay as they are.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The rule: its id, or its description when only one rule has it.")
        var rule: String

        // A negative amount starts with "-", which would otherwise read as an option.
        @Option(parsing: .unconditional, help: "The signed amount, like -2500 (an expense) or 3000 (income).")
        var amount: String?

        @Option(help: "The category's name, path or id (\"\" for none).")
        var category: String?

        @Option(help: "What it is.")
        var description: String?

        @Option(help: "Who is paid or who pays (\"\" for none).")
        var payee: String?

        @Option(help: "Comma-separated tags; replaces them.")
        var tags: String?

        @Option(help: "A note (\"\" for none).")
        var note: String?

        @Option(name: .customLong("repeat"), help: "daily, weekly, monthly or yearly.")
        var cadence: String?

        @Option(help: "Every how many days, weeks, months or years.")
        var every: String?

        @Option(help: ArgumentHelp("The first occurrence (YYYY-MM-DD).", valueName: "date"))
        var starts: String?

        @Option(
            help: ArgumentHelp("The last day an occurrence may fall on (YYYY-MM-DD; \"\" for none).", valueName: "date")
        )
        var until: String?

        @Flag(help: "Turn the rule on.") var enable = false
        @Flag(help: "Turn the rule off: Generate Next Year skips it.") var disable = false

        func validate() throws {
            if enable, disable { throw ValidationError("Give --enable or --disable, not both.") }
        }

        func run() async throws {
            try await global.withHousehold { household, _ in
                let rules = household.recurringRules
                let edited = try await rules.edit(
                    rule,
                    RecurringRuleService.Changes(
                        amount: amount, category: category, description: description, payee: payee, tags: tags,
                        notes: note, cadence: cadence, interval: every, start: starts, end: until,
                        isEnabled: enable ? true : disable ? false : nil))
                let listed = try await rules.find(edited.rule.id.description)
                if output.json { return try Terminal.printJSON(RecurringRuleEditPayload(listed, edited: edited)) }
                guard !edited.changed.isEmpty else {
                    Terminal.print("Nothing changed: \(listed.summary).")
                    return
                }
                Terminal.print(
                    "Saved \(listed.summary) (changed \(edited.changed.map(RecurringRuleEditPayload.fieldName).joined(separator: ", "))); replaced "
                        + "\(edited.removed) upcoming entr\(edited.removed == 1 ? "y" : "ies") with \(edited.generated)."
                )
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a rule; its transactions stay unless --future-transactions is given.",
            discussion: """
                By default only the rule goes ("Delete rule only"): every entry it made stays. With \
                --future-transactions its entries dated today or later are deleted too, edited ones included.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The rule: its id, or its description when only one rule has it.")
        var rule: String

        @Flag(help: "Also delete its entries dated today or later.")
        var futureTransactions = false

        func run() async throws {
            try await global.withHousehold { household, _ in
                let (deleted, count) = try await household.recurringRules.delete(
                    rule, futureTransactions: futureTransactions)
                if output.json {
                    return try Terminal.printJSON(
                        RecurringRuleDeletionPayload(
                            rule: deleted, futureTransactions: futureTransactions, deleted: count))
                }
                Terminal.print(
                    futureTransactions
                        ? "Deleted the rule \(deleted.description) and its \(count) entr\(count == 1 ? "y" : "ies") "
                            + "from today on."
                        : "Deleted the rule \(deleted.description); the entries it made stay.")
            }
        }
    }

    struct GenerateNextYear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate-next-year",
            abstract: "Add next year's entries for every enabled rule; running it again adds nothing.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await global.withHousehold { household, _ in
                let generated = try await household.recurringRules.generateNextYear()
                if output.json { return try Terminal.printJSON(generated.map(GeneratedYearPayload.init)) }
                guard !generated.isEmpty else {
                    Terminal.print("No enabled recurring rules.")
                    return
                }
                let total = generated.reduce(0) { $0 + $1.count }
                Terminal.print(
                    Terminal.table(
                        ["Rule", "Years", "Entries", "Through"],
                        generated.map {
                            [
                                $0.rule.description,
                                $0.years.isEmpty ? "already done" : $0.years.map(String.init).joined(separator: ", "),
                                String($0.count), String($0.rule.generatedThroughYear),
                            ]
                        }, rightAligned: [2, 3]))
                Terminal.print("Added \(total) entr\(total == 1 ? "y" : "ies").")
            }
        }
    }
}
