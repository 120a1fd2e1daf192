import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault cards`: the card miles tracker (issue 17) - the library, your cards with their cycles, adding,
/// changing and removing cards, and which card to use for a purchase.
struct CardsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cards",
        abstract: "Track miles cards: their cycles, minimums, caps and miles, and which card to use.",
        discussion: """
            Each card counts the transactions of one credit-card account: one you link with --account, or a \
            manual account made for it (expenses added with `ghostvault add --card`). Miles are computed exactly \
            and rounded down once per card per cycle.
            """,
        subcommands: [List.self, Library.self, Add.self, Edit.self, Remove.self, Best.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show each card as the cards page does: cycle, spend, bars, caps, rates and miles.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await global.withHousehold { household, _ in
                let overview = try await household.cards.overview()
                if output.json {
                    try Terminal.printJSON(CardsOverviewPayload(overview))
                    return
                }
                guard !overview.cards.isEmpty else {
                    Terminal.print(
                        "No cards yet. Pick one from `ghostvault cards library` and add it: "
                            + "ghostvault cards add --template uob-prvi-visa")
                    return
                }
                Terminal.print(CardText.overview(overview))
            }
        }
    }

    struct Library: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the card library, grouped by bank, with the id to add each card by.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await global.withHousehold { household, details in
                let today = details.today(at: household.vault.now)
                if output.json {
                    try Terminal.printJSON(CardService.library.map { LibraryCardPayload($0, today: today) })
                    return
                }
                Terminal.print(CardText.library(CardService.library, today: today))
            }
        }
    }

    struct Best: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rank your cards by the miles one purchase would earn now, with why.",
            discussion: """
                Each card's miles are its cycle's miles with the purchase minus without it, so a cap already \
                used up earns the base rate. Example: ghostvault cards best 120 --category contactless
                Categories: \(BonusCategory.allCases.map(\.rawValue).joined(separator: ", ")).
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "What you will spend, like 120 or 45.50.")
        var amount: String

        @Option(help: "The kind of spend: online, contactless, dining, ... (default: general).")
        var category: String?

        @Flag(help: "Charged in a foreign currency.")
        var foreign = false

        @Option(help: "YYYY-MM-DD, today or yesterday (default: today).")
        var date: String?

        @Option(
            help: ArgumentHelp(
                "The purchase's currency, like SGD (default: the household's; the first card's when no card is in "
                    + "it). Only cards in it can earn."))
        var currency: String?

        func run() async throws {
            try await global.withHousehold { household, _ in
                let ranked = try await household.cards.best(
                    amount: amount, category: category, foreign: foreign, date: date, currency: currency)
                let payloads = CardRecommendationPayload.ranked(ranked)
                if output.json {
                    try Terminal.printJSON(payloads)
                    return
                }
                let earning = payloads.filter(\.canEarn)
                var text = Terminal.table(
                    ["#", "Card", "Miles", "Why"],
                    earning.map { [String($0.rank ?? 0), $0.title, String($0.miles), $0.reason] },
                    rightAligned: [0, 2])
                let cannot = payloads.filter { !$0.canEarn }
                if earning.isEmpty { text = "No card can earn on this purchase." }
                if !cannot.isEmpty {
                    text +=
                        "\n\nCannot earn on this purchase:\n"
                        + cannot.map { "  \($0.title): \($0.reason)" }.joined(separator: "\n")
                }
                Terminal.print(text)
            }
        }
    }
}
