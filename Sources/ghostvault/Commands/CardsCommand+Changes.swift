import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// The card fields `cards add` and `cards edit` take, and the `--cap` syntax.
struct CardFieldOptions: ParsableArguments {
    @Option(help: "The card's name without the bank, like \"Altitude Visa Signature\".")
    var name: String?

    @Option(help: "DBS, UOB, OCBC, Citibank, HSBC, Standard Chartered, AMEX, Maybank or Other.")
    var bank: String?

    @Option(help: "Visa, Mastercard, AMEX or Other.")
    var network: String?

    @Option(help: "The minimum total spend per cycle for the local and foreign rates (\"\" for none).")
    var min: String?

    @Option(help: "The most spend per cycle at those rates; above it the base rate (\"\" for none).")
    var max: String?

    @Option(help: "Miles per dollar on local spend, like 1.4 (\"\" for none).")
    var local: String?

    @Option(help: "Miles per dollar on foreign-currency spend (\"\" for none).")
    var foreign: String?

    @Option(help: "Miles per dollar outside the thresholds and caps (\"\" for none).")
    var base: String?

    @Option(help: "What else the card earns (\"\" to remove).")
    var notes: String?

    @Option(help: "ISO 4217 currency of its amounts (default: its account's, else the household's).")
    var currency: String?

    @Option(
        help: ArgumentHelp(
            "A bonus cap as CATEGORY:MIN:CAP:RATE, like contactless:1000:1200:4.0; leave MIN empty for none "
                + "(online::600:4.0); join categories sharing one cap with + (online+contactless::1500:4.0). "
                + "Repeat for each cap; given on edit, the caps replace all of the card's.",
            valueName: "cap"))
    var cap: [String] = []

    /// Whether any custom field was given.
    var isEmpty: Bool {
        [name, bank, network, min, max, local, foreign, base, notes, currency].allSatisfy { $0 == nil } && cap.isEmpty
    }

    /// The caps as typed, or the problems with their syntax.
    func caps() throws -> [CardService.Fields.Cap]? {
        guard !cap.isEmpty else { return nil }
        return try cap.map(Self.parseCap)
    }

    /// `CATEGORY[+CATEGORY]:MIN:CAP:RATE`, MIN optional (empty, or left out: `online:600:4.0`).
    static func parseCap(_ text: String) throws -> CardService.Fields.Cap {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard (3...4).contains(parts.count), !parts[0].isEmpty else {
            throw ValidationError(
                "'\(text)' is not a cap; write CATEGORY:MIN:CAP:RATE, like contactless:1000:1200:4.0 "
                    + "(MIN empty for none: online::600:4.0).")
        }
        let categories = parts[0].split(separator: "+").map { $0.trimmingCharacters(in: .whitespaces) }
        let minimum = parts.count == 4 ? parts[1] : ""
        return CardService.Fields.Cap(
            categories: categories, minimumSpend: minimum.isEmpty ? nil : minimum, cap: parts[parts.count - 2],
            bonusRate: parts[parts.count - 1])
    }

    /// The fields for the service, with the options that `cards add` and `cards edit` share.
    func fields(lastFour: String?, statementDay: String?, account: String?) throws -> CardService.Fields {
        CardService.Fields(
            bank: bank, network: network, name: name, lastFourDigits: lastFour, currency: currency,
            minimumSpend: min, maximumSpend: max, statementDay: statementDay, localRate: local, foreignRate: foreign,
            baseRate: base, notes: notes, caps: try caps(), account: account)
    }
}

extension CardsCommand {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a card from the library (--template) or your own (--name and its fields).",
            discussion: """
                From the library: ghostvault cards add --template uob-visa-signature --last-four 1234 \
                --statement-day 15
                UOB Lady's Solitaire needs its two categories: --category dining --category travel
                Your own: ghostvault cards add --name "Everyday" --bank DBS --network Visa --min 500 --max 2000 \
                --local 1.4 --foreign 2.4 --base 0.4 --cap "contactless:1000:1200:4.0"
                Without --account a manual credit-card account is made for the card, for the expenses you add \
                with `ghostvault add --card`; with it, the card counts that account's transactions.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Option(help: "A library card's id (`ghostvault cards library` lists them).")
        var template: String?

        @Option(name: .customLong("last-four"), help: "The card's last four digits, to tell two apart.")
        var lastFour: String?

        @Option(
            help:
                "The statement day, 1 to 31, when the cycle runs statement to statement (default: the calendar month).")
        var statementDay: String?

        @Option(help: "A category for a library cap you choose (repeat, one per such cap).")
        var category: [String] = []

        @Option(help: "The credit-card account whose transactions count (its name or id).")
        var account: String?

        @OptionGroup var card: CardFieldOptions

        func validate() throws {
            if template != nil, !card.isEmpty {
                throw ValidationError(
                    "A library card comes with its own name, rates and caps; add it with --template alone "
                        + "(and --last-four, --statement-day, --category, --account), then change it with `cards edit`."
                )
            }
            if template == nil {
                if !category.isEmpty {
                    throw ValidationError("--category is for a library card's caps; give --cap for your own card.")
                }
                if card.name == nil {
                    throw ValidationError(
                        "Give --template ID for a library card (`ghostvault cards library`), or --name for your own.")
                }
            }
            _ = try card.caps()
        }

        func run() async throws {
            try await global.withHousehold { household, _ in
                let cards = household.cards
                let added: MilesCard
                if let template {
                    added = try await cards.addFromLibrary(
                        template, lastFourDigits: lastFour, statementDay: statementDay, chosenCategories: category,
                        account: account)
                } else {
                    added = try await cards.addCustom(
                        try card.fields(lastFour: lastFour, statementDay: statementDay, account: account))
                }
                let status = try await cards.status(added.id.description)
                if output.json {
                    try Terminal.printJSON(CardPayload(status))
                    return
                }
                let account = status.account.map { " counting '\($0.displayName)'" } ?? ""
                Terminal.print("Added \(added.title)\(account) (\(added.id)).\n")
                Terminal.print(CardText.card(status))
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a card; only the options given change.",
            discussion: """
                Example: ghostvault cards edit "Visa Signature" --statement-day 15 --min 800
                An empty value ("") clears a threshold, rate, last four digits or notes; --statement-day "" goes \
                back to the calendar month. --cap replaces all the caps; --no-caps removes them.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The card: its id, name (\"UOB Visa Signature\") or last four digits.")
        var reference: String

        @Option(name: .customLong("last-four"), help: "The last four digits (\"\" to remove).")
        var lastFour: String?

        @Option(help: "The statement day, 1 to 31 (\"\" for the calendar month).")
        var statementDay: String?

        @Option(help: "Count another credit-card account's transactions (its name or id).")
        var account: String?

        @Flag(help: "Remove every cap; the card is then tracked by its minimum and maximum.")
        var noCaps = false

        @OptionGroup var card: CardFieldOptions

        func validate() throws {
            if noCaps, !card.cap.isEmpty { throw ValidationError("Give --cap or --no-caps, not both.") }
            _ = try card.caps()
        }

        func run() async throws {
            try await global.withHousehold { household, _ in
                var fields = try card.fields(lastFour: lastFour, statementDay: statementDay, account: account)
                if noCaps { fields.caps = [] }
                let (edited, changed) = try await household.cards.edit(reference, fields)
                if output.json {
                    try Terminal.printJSON(CardPayload(try await household.cards.status(edited.id.description)))
                    return
                }
                Terminal.print(
                    changed.isEmpty
                        ? "Nothing changed." : "Changed " + changed.joined(separator: ", ") + " of \(edited.title).")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a card, and the manual expenses logged with it.",
            discussion: """
                Bank-synced transactions are never deleted. When manual expenses would go with the card, it is \
                deleted only with --yes; the message says how many.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The card: its id, name or last four digits.")
        var reference: String

        @Flag(help: "Confirm deleting its manual expenses too.")
        var yes = false

        func run() async throws {
            try await global.withHousehold { household, _ in
                let removal: CardService.Removal
                do {
                    removal = try await household.cards.remove(reference, confirmed: yes)
                } catch let error as VaultError where error.code == .confirmationRequired {
                    let count = try await household.cards.expensesGoing(with: reference)
                    let title = try await household.cards.find(reference).title
                    throw VaultError(
                        .confirmationRequired,
                        "Deleting \(title) also deletes its \(count) manual expense\(count == 1 ? "" : "s"). "
                            + "Run again with --yes to delete \(count == 1 ? "it" : "them") too.")
                }
                if output.json {
                    try Terminal.printJSON(CardRemovalPayload(removal))
                    return
                }
                var parts = ["Deleted \(removal.card.title)"]
                if removal.expensesDeleted > 0 {
                    parts.append(
                        "its \(removal.expensesDeleted) manual expense\(removal.expensesDeleted == 1 ? "" : "s")")
                }
                if let account = removal.accountDeleted { parts.append("its account '\(account.displayName)'") }
                Terminal.print(
                    parts.count == 1
                        ? parts[0] + "."
                        : parts.dropLast().joined(separator: ", ") + " and "
                            + parts[parts.count - 1] + ".")
            }
        }
    }
}
