import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault categories`: the category tree (the default), add, edit and remove.
struct CategoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories",
        abstract: "Show and change the category tree.",
        subcommands: [List.self, Add.self, Edit.self, Remove.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the categories as an indented tree.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await global.withHousehold { household, _ in
                let tree = try await household.categories.tree()
                let flattened = tree.flattened()
                if output.json {
                    try Terminal.printJSON(flattened.map { CategoryView($0.category, tree: tree, depth: $0.depth) })
                    return
                }
                let rows = flattened.map { entry -> [String] in
                    let category = entry.category
                    return [
                        String(repeating: "  ", count: entry.depth) + category.label, category.kind.displayName,
                        category.key,
                        category.isActive ? "" : "inactive",
                    ]
                }
                Terminal.print(Terminal.table(["Category", "Type", "Key", ""], rows))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a category.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The category's name.")
        var name: String

        @Option(name: .customLong("type"), help: "expense, income or transfer (default: the parent's, else expense).")
        var kind: String?

        @Option(help: "The parent category (default: none, a top-level category).")
        var parent: String?

        @Option(help: "An emoji shown beside the name.")
        var emoji: String?

        @Option(help: "A colour as #RRGGBB.")
        var color: String?

        func run() async throws {
            try await global.withHousehold { household, _ in
                let category = try await household.categories.add(
                    .init(
                        name: name, kind: kind, parent: parent, emoji: emoji, color: color))
                if output.json {
                    try Terminal.printJSON(CategoryView(category, tree: try await household.categories.tree()))
                } else {
                    Terminal.print("Created \(category.kind) category '\(category.label)' (key \(category.key)).")
                }
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rename, move or restyle a category; only the options given change.",
            discussion: "--parent \"\" moves it to the top level. Its key stays the same when renamed.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The category's name, key, path or id.")
        var category: String

        @Option(help: "A new name.") var name: String?
        @Option(name: .customLong("type"), help: "expense, income or transfer.") var kind: String?
        @Option(help: "The new parent (\"\" for the top level).") var parent: String?
        @Option(help: "An emoji (\"\" to remove).") var emoji: String?
        @Option(help: "A colour as #RRGGBB (\"\" to remove).") var color: String?
        @Flag(inversion: .prefixedNo, help: "Offer it for new entries (--active) or not (--no-active).")
        var active: Bool?

        func run() async throws {
            try await global.withHousehold { household, _ in
                let (category, changed) = try await household.categories.edit(
                    self.category,
                    .init(
                        name: name, kind: kind, parent: parent, emoji: emoji, color: color, isActive: active))
                if output.json {
                    try Terminal.printJSON(CategoryView(category, tree: try await household.categories.tree()))
                } else {
                    Terminal.print(
                        changed.isEmpty
                            ? "Nothing changed."
                            : "Changed " + changed.joined(separator: ", ")
                                + " of '\(category.name)'.")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a category.",
            discussion: """
                Its children move up to its parent and its transactions become uncategorised, or move to \
                --move-transactions-to. When anything besides the category itself is affected, the command \
                says what would happen and does it only with --yes.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The category's name, key, path or id.")
        var category: String

        @Option(help: "Move its transactions to this category instead of leaving them uncategorised.")
        var moveTransactionsTo: String?

        @Flag(help: "Confirm what removing it will do.")
        var yes = false

        func run() async throws {
            try await global.withHousehold { household, _ in
                let plan = try await household.categories.remove(
                    category, moveTransactionsTo: moveTransactionsTo, confirmed: yes)
                Terminal.print(plan.description.replacingOccurrences(of: " will:", with: ":"))
                Terminal.print("Removed '\(plan.category.name)'.")
            }
        }
    }
}
