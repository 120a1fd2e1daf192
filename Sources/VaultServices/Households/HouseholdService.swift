import Foundation
import VaultCore
import VaultStore

/// Creating households and finding the one a command or request is about.
public struct HouseholdService: Sendable {
    let vault: Vault

    /// What a person gives to create a household.
    public struct Input: Sendable {
        public var name: String
        /// An IANA time zone name such as `America/Chicago`.
        public var timeZone: String
        /// An ISO 4217 code such as `USD`.
        public var currency: String
        /// The day weeks start on, by English name; nil for Monday (ISO 8601).
        public var firstWeekday: String?

        public init(name: String, timeZone: String, currency: String, firstWeekday: String? = nil) {
            self.name = name
            self.timeZone = timeZone
            self.currency = currency
            self.firstWeekday = firstWeekday
        }
    }

    /// Creates a household with the default categories, or refuses the input whole.
    public func create(_ input: Input) async throws -> Household {
        try await create(input, unlessAnyExists: false).household
    }

    /// Creates the database's first household; when one exists already, returns it unchanged
    /// (`ghostvault init` run twice).
    public func createFirst(_ input: Input) async throws -> (household: Household, created: Bool) {
        try await create(input, unlessAnyExists: true)
    }

    /// Creates a household with the default categories and runs `also` in the same transaction (sign-up adds
    /// its first user there, so a household never exists without the person it was made for).
    func create(
        _ input: Input, unlessAnyExists: Bool, also: (HouseholdSession, Household) async throws -> Void = { _, _ in }
    ) async throws -> (household: Household, created: Bool) {
        try await vaultOperation {
            var problems: [Problem] = []
            let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
            if name.isEmpty || name.count > 200 {
                problems.append(Problem(field: "name", message: "A household needs a name of 1 to 200 characters."))
            } else if let problem = PlainText.problem(name, field: "name", label: "The name") {
                problems.append(problem)
            }
            let zone = TimeZone(identifier: input.timeZone)
            if zone == nil {
                problems.append(
                    Problem(
                        field: "time-zone",
                        message: "'\(input.timeZone)' is not a time zone; "
                            + "use an IANA name such as America/New_York or Asia/Singapore."))
            }
            let currency = Currency(isoCode: input.currency)
            if currency == nil {
                problems.append(
                    Problem(
                        field: "currency",
                        message: "'\(input.currency)' is not a currency code; "
                            + "use three letters such as USD, EUR or SGD."))
            }
            var weekday = Weekday.monday
            if let text = input.firstWeekday {
                if let parsed = Weekday(name: text) {
                    weekday = parsed
                } else {
                    problems.append(Problem(field: "week-start", message: "'\(text)' is not a day of the week."))
                }
            }
            guard problems.isEmpty, let zone, let currency else { throw InvalidInput(problems) }
            let household = Household(
                id: vault.newID(), name: name, timeZone: zone, baseCurrency: currency, firstWeekday: weekday)
            let categories = defaultCategories(for: household.id)
            return try await vault.database.households.create(
                household, actor: vault.actor, at: vault.now, unlessAnyExists: unlessAnyExists
            ) { session in
                try await session.categories.insert(categories)
                try await ClassificationService.ensureBuiltIns(in: session, newID: { vault.newID() })
                // Nothing to classify yet: the household starts with its classification whole.
                try await session.markClassificationCurrent()
                try await also(session, household)
            }
        }
    }

    /// Every household in the database, oldest first.
    public func all() async throws -> [Household] {
        try await vaultOperation { try await vault.database.households.all() }
    }

    /// The household a command means: the one named or with this id, or the only one there is.
    public func resolve(_ reference: String?) async throws -> Household {
        try Reference.named(
            reference, in: try await all(), id: \.id.description, name: \.name, kind: "household",
            noneYet: "This database has no household yet; run `ghostvault init` first.")
    }

    /// The default category set with fresh ids, parents before children.
    func defaultCategories(for household: Household.ID) -> [Category] {
        var idsByKey: [String: Category.ID] = [:]
        return DefaultCategories.entries.map { entry in
            let id: Category.ID = vault.newID()
            idsByKey[entry.key] = id
            return Category(
                id: id, householdID: household, parentID: entry.parentKey.flatMap { idsByKey[$0] }, name: entry.name,
                key: entry.key, kind: entry.kind, emoji: entry.emoji, color: entry.color)
        }
    }
}
