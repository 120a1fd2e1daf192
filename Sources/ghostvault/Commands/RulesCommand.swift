import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault rules`: list, add, edit, enable or disable, delete, preview and apply rules.
struct RulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Auto-categorisation rules: list, add, edit, enable, disable, delete, preview, apply.",
        subcommands: [
            List.self, Add.self, Edit.self, Enable.self, Disable.self, Delete.self, Preview.self, Apply.self,
        ],
        defaultSubcommand: List.self)

    /// The options that describe a rule, shared by add and edit.
    struct RuleOptions: ParsableArguments {
        @Option(help: "The category matching transactions go to.") var category: String?
        @Option(
            name: .customLong("if"),
            help:
                "A filter: 'description contains UBER', 'payee regex ^SQ', 'amount > 100', 'amount between 10 50'. Repeat for more."
        )
        var filters: [String] = []
        @Flag(help: "Any filter may match (OR); by default all must (AND).") var any = false
        @Option(help: "Higher wins when several rules match.") var priority = 0
        @Option(help: "Also set the classification: income, expense, transfer or ignore.") var classification: String?
        @Option(help: "Comma-separated tags to add.") var tags: String?
        @Flag(help: "Leave matching transactions out of totals.") var exclude = false
        @Flag(help: "Save it switched off.") var inactive = false

        func input(name: String) throws -> RuleService.Input {
            var conditions: [RuleCondition] = []
            var problems: [Problem] = []
            for filter in filters {
                do throws(Problem) {
                    conditions.append(try RuleCondition(parsing: filter))
                } catch {
                    problems.append(error)
                }
            }
            if !problems.isEmpty { throw VaultError(InvalidInput(problems)) }
            return RuleService.Input(
                name: name, category: category, classification: classification, join: any ? "any" : "all",
                priority: priority, isActive: !inactive, conditions: conditions, tags: tags, excludeFromTotals: exclude)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rules by name; built-in patterns are marked.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "Only rules whose name contains this.") var search: String?

        func run() async throws {
            try await global.withHousehold { household, _ in
                let rules = try await RuleService(scope: household).list(search: search)
                let tree = try await household.categories.tree()
                if output.json {
                    try Terminal.printJSON(rules.map { RuleView($0, tree: tree) })
                    return
                }
                guard !rules.isEmpty else {
                    Terminal.print(
                        "No rules yet. The built-in patterns appear after the first sync or `ghostvault classify`.")
                    return
                }
                let rows = rules.map { rule -> [String] in
                    [
                        rule.name + (rule.origin == .user ? "" : " (built-in)"),
                        rule.conditions.map(\.summary).joined(separator: rule.join == .all ? " AND " : " OR ").prefix(
                            70
                        ).description,
                        rule.categoryID.map { tree.path(of: $0) } ?? rule.classification?.rawValue ?? "—",
                        String(rule.priority),
                        rule.isActive ? "Active" : rule.inactiveReason.map { "Switched off: \($0)" } ?? "Inactive",
                    ]
                }
                Terminal.print(Terminal.table(["Rule", "Filters", "Assigns", "Priority", "Status"], rows))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a rule.",
            discussion:
                "Example: ghostvault rules add \"Coffee\" --category Coffee --if \"description contains BLUE BOTTLE\" --apply"
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The rule's name.") var name: String
        @OptionGroup var rule: RuleOptions
        @Flag(help: "Show which transactions it would change, without saving it.") var preview = false
        @Flag(help: "Apply it to existing transactions after saving.") var apply = false

        func run() async throws {
            try await global.withHousehold { household, _ in
                let service = RuleService(scope: household)
                let input = try rule.input(name: name)
                if preview {
                    try await RulesCommand.printPreview(try await service.preview(adding: input), household: household)
                    return
                }
                let created = try await service.add(input)
                Terminal.print("Created the rule '\(created.name)'.")
                if apply {
                    Terminal.print("\(try await service.apply().changes.count) transaction(s) changed.")
                }
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Replace a rule's settings with the ones given.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The rule's name or id.") var reference: String
        @Option(help: "A new name.") var name: String?
        @OptionGroup var rule: RuleOptions

        func run() async throws {
            try await global.withHousehold { household, _ in
                let service = RuleService(scope: household)
                let existing = try await service.find(reference)
                let edited = try await service.edit(reference, try rule.input(name: name ?? existing.name))
                Terminal.print(
                    "Saved the rule '\(edited.name)'. Run `ghostvault rules apply` to apply it to existing transactions."
                )
            }
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Switch a rule on.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The rule's name or id.") var reference: String

        func run() async throws {
            try await global.withHousehold { household, _ in
                Terminal.print(
                    "Switched on '\(try await RuleService(scope: household).setActive(reference, true).name)'.")
            }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Switch a rule off (built-in patterns included).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The rule's name or id.") var reference: String

        func run() async throws {
            try await global.withHousehold { household, _ in
                Terminal.print(
                    "Switched off '\(try await RuleService(scope: household).setActive(reference, false).name)'.")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a rule.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The rule's name or id.") var reference: String

        func run() async throws {
            try await global.withHousehold { household, _ in
                try await RuleService(scope: household).delete(reference)
                Terminal.print("Deleted the rule.")
            }
        }
    }

    struct Preview: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show what applying the rules to all history would change.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await global.withHousehold { household, _ in
                try await RulesCommand.printPreview(
                    try await RuleService(scope: household).preview(), household: household)
            }
        }
    }

    struct Apply: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Apply the rules to existing transactions.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await global.withHousehold { household, _ in
                Terminal.print(
                    "\(try await RuleService(scope: household).apply().changes.count) transaction(s) changed.")
            }
        }
    }

    static func printPreview(_ items: [RuleService.PreviewItem], household: HouseholdScope) async throws {
        let tree = try await household.categories.tree()
        func name(_ id: VaultCore.Category.ID?) -> String { id.map { tree.path(of: $0) } ?? "—" }
        let rows = items.prefix(100).map { item -> [String] in
            [
                item.transaction.date.description, item.transaction.description,
                "\(name(item.categoryBefore)) → \(name(item.categoryAfter))",
                "\(item.classificationBefore) → \(item.classificationAfter)",
            ]
        }
        if !rows.isEmpty {
            Terminal.print(Terminal.table(["Date", "Description", "Category", "Classification"], rows))
        }
        Terminal.print("\(items.count) transaction(s) would change. Nothing was saved.")
    }
}
