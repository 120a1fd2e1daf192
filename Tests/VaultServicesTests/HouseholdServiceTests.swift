import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

@Suite struct HouseholdServiceTests {
    @Test(
        "a household needs a real time zone, currency and week start, all checked at once",
        arguments: TestBackend.enabled)
    func validation(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let vault = Fixture.vault(database)
            do {
                _ = try await vault.households.create(
                    .init(name: " ", timeZone: "Mars/Olympus", currency: "$$", firstWeekday: "someday"))
                Issue.record("a bad household was accepted")
            } catch let error as VaultError {
                #expect(Set(error.problems.map(\.field)) == ["name", "time-zone", "currency", "week-start"])
            }
            #expect(try await vault.households.all().isEmpty)
        }
    }

    @Test("the household a command means: the only one, or the one named", arguments: TestBackend.enabled)
    func resolve(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let vault = Fixture.vault(database)
            await expectVaultError(.notFound) { try await vault.households.resolve(nil) }
            let home = try await vault.households.create(
                .init(name: "Home", timeZone: "Asia/Singapore", currency: "SGD", firstWeekday: "sun"))
            #expect(try await vault.households.resolve(nil).id == home.id)
            #expect(home.firstWeekday == .sunday)
            _ = try await vault.households.create(.init(name: "Parents", timeZone: "Europe/London", currency: "GBP"))
            await expectVaultError(.invalidInput) { try await vault.households.resolve(nil) }
            #expect(try await vault.households.resolve("parents").baseCurrency == .gbp)
            #expect(try await vault.households.resolve(home.id.description).name == "Home")
        }
    }
}
