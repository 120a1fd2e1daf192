import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault classify`: re-runs classification over all history and prints what changed.
struct ClassifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classify",
        abstract: "Re-run transfers, rules and patterns over all history; print what changed.",
        discussion: "Fields you set by hand are never changed. Running it twice changes nothing the second time.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await global.withHousehold { household, _ in
            let result = try await ClassificationService(scope: household).run()
            if output.json {
                try Terminal.printJSON(ClassificationResultView(result))
                return
            }
            let rows = result.changes.prefix(50).map { change -> [String] in
                [
                    change.transaction.date.description, change.transaction.description,
                    "\(change.before.classification) → \(change.transaction.classification)",
                    change.transaction.classificationSource.rawValue, change.fields.joined(separator: ", "),
                ]
            }
            if !rows.isEmpty {
                Terminal.print(Terminal.table(["Date", "Description", "Classification", "Source", "Changed"], rows))
            }
            Terminal.print(
                "\(result.changes.count) of \(result.examined) transactions changed; \(result.pairsAdded) transfer pair(s) found, "
                    + "\(result.pairsRemoved) dropped.")
            for name in result.skippedRules { Terminal.print("Skipped the rule '\(name)': its filters are invalid.") }
        }
    }
}

/// `ghostvault transfers`: list, mark and unlink transfer pairs.
struct TransfersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfers",
        abstract: "List transfer pairs, pair two transactions by hand, or unlink a pair.",
        subcommands: [List.self, Candidates.self, Mark.self, Unlink.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Transfer pairs, newest first.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await global.withHousehold { household, _ in
                let pairs = try await TransferService(scope: household).list()
                if output.json {
                    try Terminal.printJSON(pairs.map(TransferPairView.init))
                    return
                }
                guard !pairs.isEmpty else {
                    Terminal.print("No transfer pairs.")
                    return
                }
                let rows = pairs.map { pair -> [String] in
                    [
                        pair.outflow.transaction.date.description, pair.outflow.account.displayName,
                        pair.inflow.account.displayName, pair.inflow.transaction.amount.formatted(),
                        pair.isManual ? "Manual" : (pair.isCardPayment ? "Card payment" : "Auto detected"),
                        "From \(pair.outflow.transaction.id) To \(pair.inflow.transaction.id)",
                    ]
                }
                Terminal.print(
                    Terminal.table(["Date", "From", "To", "Amount", "Type", "Pair"], rows, rightAligned: [3]))
            }
        }
    }

    struct Candidates: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The transactions a transaction can be paired with: equal and opposite, in another account.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "The transaction's id.") var id: String

        func run() async throws {
            try await global.withHousehold { household, _ in
                let candidates = try await TransferService(scope: household).candidates(for: id)
                if output.json {
                    try Terminal.printJSON(candidates.map(TransactionView.init))
                    return
                }
                guard !candidates.isEmpty else {
                    Terminal.print("No transaction in another account has the equal and opposite amount.")
                    return
                }
                let rows = candidates.map {
                    [
                        $0.transaction.date.description, $0.account.displayName, $0.transaction.description,
                        $0.transaction.amount.formatted(), $0.transaction.id.description,
                    ]
                }
                Terminal.print(
                    Terminal.table(["Date", "Account", "Description", "Amount", "Id"], rows, rightAligned: [3]))
            }
        }
    }

    struct Mark: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Pair two transactions as a transfer by hand.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "One transaction's id.") var first: String
        @Argument(help: "Its equal and opposite partner's id.") var second: String

        func run() async throws {
            try await global.withHousehold { household, _ in
                try await TransferService(scope: household).mark(first, with: second)
                Terminal.print("Marked as a transfer pair.")
            }
        }
    }

    struct Unlink: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Break up the pair a transaction is in; it is never paired automatically again.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The id of either transaction of the pair.") var id: String

        func run() async throws {
            try await global.withHousehold { household, _ in
                try await TransferService(scope: household).unlink(id)
                Terminal.print("Unlinked; both transactions count in totals again.")
            }
        }
    }
}
