import ArgumentParser
import VaultCore
import VaultServices

/// `ghostvault add -12.50 --account Cash --category Dining`: a manual expense (negative) or income (positive).
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a manual expense (negative amount) or income (positive amount).",
        discussion: """
            Example: ghostvault add -12.50 --account Cash --category Dining --tags "Amazon, coffee" --date 2026-11-01
            Paid with a miles card: ghostvault add -45 --card "Visa Signature" --bonus-category contactless
            (it goes into the card's account, so --account is not given; a purchase's amount is below zero).
            Without --bonus-category none is stored: the payee's remembered category or a suggestion decides.
            Every month: ghostvault add -2500 --account Checking --description Rent --repeat monthly \
            [--every N] [--starts DATE] [--until DATE] makes a recurring rule with this entry as its template and \
            adds every occurrence through the end of this year (`ghostvault recurring-rules` manages them).
            Tags are stored trimmed and lower-case. The date defaults to today in the household's time zone.
            Nothing is saved unless every field is valid.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    // A negative amount starts with "-", which would otherwise read as an option.
    @Argument(
        parsing: .allUnrecognized, help: ArgumentHelp("The signed amount, like -12.50 or 2500.", valueName: "amount"))
    var amountWords: [String] = []

    @Option(help: "The account's name, nickname or id (not needed with --card).")
    var account: String?

    @Option(help: "The miles card paid with: its id, name or last four digits (`ghostvault cards`).")
    var card: String?

    @Option(
        help: ArgumentHelp(
            "The card's bonus category it counts toward: online, contactless, ... (default: none chosen; the "
                + "payee's remembered category or a suggestion decides)."))
    var bonusCategory: String?

    @Flag(help: "Charged in a foreign currency (earns a card's foreign rate).")
    var foreign = false

    @Option(help: "The category's name, path (Transportation/Fuel) or id.")
    var category: String?

    @Option(help: "YYYY-MM-DD, today or yesterday (default: today).")
    var date: String?

    @Option(help: "What it was (default: the payee, else the category).")
    var description: String?

    @Option(help: "Who was paid or who paid.")
    var payee: String?

    @Option(help: "Comma-separated tags.")
    var tags: String?

    @Option(help: "A note.")
    var note: String?

    @Option(help: "paid or unpaid.")
    var payment: String?

    @Option(help: "reimbursed or unreimbursed.")
    var reimbursement: String?

    @Flag(help: "Leave it out of totals.")
    var exclude = false

    @Option(name: .customLong("repeat"), help: "Make it recurring: daily, weekly, monthly or yearly.")
    var cadence: String?

    @Option(help: "With --repeat: every how many days, weeks, months or years (default: 1).")
    var every: String?

    @Option(help: ArgumentHelp("With --repeat: the first occurrence (YYYY-MM-DD; default: --date).", valueName: "date"))
    var starts: String?

    @Option(
        help: ArgumentHelp("With --repeat: the last day an occurrence may fall on (YYYY-MM-DD).", valueName: "date"))
    var until: String?

    func validate() throws {
        if amountWords.isEmpty {
            throw ValidationError("Give the amount, like `ghostvault add -12.50 --account Cash`.")
        }
        if amountWords.count > 1 {
            throw ValidationError(
                "Expected one amount, but got: \(amountWords.joined(separator: " ")). "
                    + "Check the spelling of the options (`ghostvault add --help`).")
        }
        if account == nil, card == nil {
            throw ValidationError("Give the account (--account Cash), or the card it was paid with (--card).")
        }
        if cadence == nil, every != nil || starts != nil || until != nil {
            throw ValidationError(
                "--every, --starts and --until describe a schedule; add --repeat monthly (or daily, ...).")
        }
        if card == nil, bonusCategory != nil || foreign {
            throw ValidationError("--bonus-category and --foreign are for an expense paid with a card; add --card.")
        }
        if card != nil, account != nil {
            throw ValidationError(
                "Give --card or --account, not both: an expense paid with a card goes into the card's account. "
                    + "Leave out --account, or leave out --card to add it to that account.")
        }
    }

    func run() async throws {
        try await global.withHousehold { household, _ in
            var input = TransactionInput(
                amount: amountWords[0], account: account ?? "", date: date, category: category,
                description: description, payee: payee, tags: tags, notes: note, payment: payment,
                reimbursement: reimbursement, isExcluded: exclude, card: card, bonusCategory: bonusCategory,
                isForeignCurrency: foreign ? true : nil)
            input.recurrence = cadence.map {
                RecurringRuleService.Recurrence(cadence: $0, interval: every, start: starts, end: until)
            }
            let listed = try await household.transactions.add(input)
            let rule =
                input.recurrence == nil ? nil : try await household.recurringRules.rule(of: listed.transaction.id)
            if output.json {
                if input.recurrence != nil {
                    try Terminal.printJSON(RecurringEntryPayload(listed, rule: rule))
                } else {
                    try Terminal.printJSON(TransactionView(listed))
                }
                return
            }
            let transaction = listed.transaction
            Terminal.print(
                "Added \(transaction.amount.formatted()) on \(transaction.date) to \(listed.account.displayName)"
                    + (listed.categoryPath.map { " in \($0)" } ?? "") + " (\(transaction.id)).")
            if let rule {
                Terminal.print(
                    "Repeats \(rule.rule.cadenceText) from \(rule.rule.start)"
                        + (rule.rule.end.map { " until \($0)" } ?? "")
                        + ": rule \(rule.rule.id), \(rule.instanceCount) entries through \(rule.rule.generatedThroughYear)."
                )
            }
        }
    }
}
