import SQLKit
import VaultCore

/// A household's category tree.
public struct CategoryRepository: Sendable {
    let session: HouseholdSession

    /// Every category, active or not.
    public func all() async throws -> [Category] {
        try await session.sql.raw("SELECT * FROM categories WHERE household_id = \(bind: session.household)")
            .all().map(Self.category(from:))
    }

    /// The whole tree, for validation and display.
    public func tree() async throws -> CategoryTree { CategoryTree(try await all()) }

    public func find(_ id: Category.ID) async throws -> Category? {
        try await session.sql.raw(
            """
            SELECT * FROM categories WHERE id = \(bind: id.description) AND household_id = \(bind: session.household)
            """
        ).first().map(Self.category(from:))
    }

    public func insert(_ category: Category) async throws {
        try await insert([category])
    }

    /// Inserts several categories at once; parents must come before their children.
    public func insert(_ categories: [Category]) async throws {
        for category in categories { try session.requireOwn(category.householdID, "category") }
        try await session.insertRows(
            "categories", entity: "category",
            rows: categories.map { ($0.id.description, Self.values(of: $0)) },
            extra: [("created_at", .int(session.now.unixSeconds)), ("updated_at", .int(session.now.unixSeconds))])
    }

    /// Saves the category's changed fields; returns their names.
    @discardableResult
    public func update(_ category: Category) async throws -> [String] {
        guard let old = try await find(category.id) else {
            throw StoreError(.notFound, "There is no category \(category.id) in this household.")
        }
        return try await session.updateRow(
            "categories", entity: "category", id: category.id, from: Self.values(of: old), to: Self.values(of: category)
        )
    }

    /// Deletes a category that no row refers to any more; false when there was no such category.
    public func delete(_ id: Category.ID) async throws -> Bool {
        try await session.deleteRow("categories", entity: "category", id: id)
    }

    /// How many transactions are filed under any of these categories.
    public func transactionCount(in ids: [Category.ID]) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        let row = try await session.sql.raw(
            """
            SELECT COUNT(*) AS n FROM transactions
            WHERE household_id = \(bind: session.household) AND category_id IN (\(binds: ids.map(\.description)))
            """
        ).first()
        return Int(try row?.int("n") ?? 0)
    }

    /// Moves every transaction filed under `from` to `to`, as a person's choice (locked against rules),
    /// or leaves them uncategorised when `to` is nil (unlocked, so rules may file them again); returns
    /// how many moved.
    public func moveTransactions(from: Category.ID, to: Category.ID?) async throws -> Int {
        let log = try session.log()
        let ids = try await session.sql.raw(
            """
            SELECT id FROM transactions WHERE household_id = \(bind: session.household) AND category_id = \(bind: from.description)
            """
        ).all().map { try $0.text("id") }
        guard !ids.isEmpty else { return 0 }
        try await session.sql.raw(
            """
            UPDATE transactions SET category_id = \(bind: to?.description),
                category_source = \(bind: (to == nil ? Provenance.default : Provenance.manual).rawValue),
                updated_at = \(bind: session.now.unixSeconds)
            WHERE household_id = \(bind: session.household) AND category_id = \(bind: from.description)
            """
        ).run()
        try await log.record(
            ids.map {
                ChangeLog.Entry(
                    entity: "transaction", entityID: $0, operation: .update, fields: ["categoryID", "categorySource"])
            })
        return ids.count
    }

    static func values(of category: Category) -> RowValues {
        var values = RowValues()
        values.add("id", "id", .text(category.id.description))
        values.add("parentID", "parent_id", .text(category.parentID?.description))
        values.add("name", "name", .text(category.name))
        values.add("key", "key", .text(category.key))
        values.add("kind", "kind", .text(category.kind.rawValue))
        values.add("emoji", "emoji", .text(category.emoji))
        values.add("color", "color", .text(category.color))
        values.add("isActive", "active", .bool(category.isActive))
        return values
    }

    static func category(from row: any SQLRow) throws -> Category {
        Category(
            id: try row.id("id"), householdID: try row.id("household_id"), parentID: try row.optionalID("parent_id"),
            name: try row.text("name"), key: try row.text("key"), kind: try row.value("kind"),
            emoji: try row.optionalText("emoji"), color: try row.optionalText("color"), isActive: try row.bool("active")
        )
    }
}
