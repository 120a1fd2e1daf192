import ArgumentParser
import VaultCore
import VaultServices

/// `ghostvault tags`: the household's tags with how many transactions carry each (the spec's TagStat).
struct TagsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List the tags in use, most used first, with how many transactions carry each.",
        discussion: "List the transactions of a tag with `ghostvault transactions --tag TAG`.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await global.withHousehold { household, _ in
            let tags = try await household.transactions.tagCounts()
            if output.json { return try Terminal.printJSON(tags.map(TagStatView.init)) }
            guard !tags.isEmpty else {
                Terminal.print("No tags yet; add some with `ghostvault add ... --tags` or `transactions edit --tags`.")
                return
            }
            Terminal.print(
                Terminal.table(["Tag", "Transactions"], tags.map { [$0.tag, String($0.count)] }, rightAligned: [1]))
        }
    }
}
