import Foundation
import SQLKit
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultStore

/// An erase must reach every table that holds a household's data (`HouseholdSession.erasedTables`).
@Suite struct HouseholdEraseCoverageTests {
    @Test("every table with a household_id is erased, except the household's members and its change log")
    func everyHouseholdTable() async throws {
        try await TestBackend.sqlite.withDatabase { database async throws in
            let tables = try await database.withConnection { sql in
                var found: [String] = []
                for row in try await sql.raw(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                ).all() {
                    let name = try row.text("name")
                    let columns = try await sql.raw("SELECT name FROM pragma_table_info(\(bind: name))").all()
                    if try columns.contains(where: { try $0.text("name") == "household_id" }) { found.append(name) }
                }
                return found
            }
            #expect(tables.count > 15)
            #expect(Set(tables).subtracting(["users", "changes"]) == Set(HouseholdSession.erasedTables))
        }
    }
}
