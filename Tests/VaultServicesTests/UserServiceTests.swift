import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

@Suite struct UserServiceTests {
    func users(_ database: VaultDatabase, at now: Date = Fixture.now) -> UserService {
        Vault(database: database, actor: .system, clock: { now }).users(passwordCost: 4)
    }

    @Test(
        "signing up makes a household with its categories and one sign-in; the email is taken after",
        arguments: TestBackend.enabled)
    func signUp(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let user = try await users(database).signUp(
                .init(
                    email: " Jo@Example.COM ", password: "correct horse", confirmation: "correct horse",
                    timeZone: "Asia/Singapore", currency: "SGD"))
            #expect(user.email == "jo@example.com")
            let household = try #require(try await database.households.find(user.householdID))
            #expect(household.baseCurrency.code == "SGD")
            #expect(household.timeZone.identifier == "Asia/Singapore")
            let categories = try await Fixture.vault(database).household(household.id).categories.tree()
            #expect(!categories.categories.isEmpty)
            await expectVaultError(.invalidInput) {
                try await users(database).signUp(
                    .init(email: "jo@example.com", password: "another one", confirmation: "another one"))
            }
            #expect(try await database.households.all().count == 1)
        }
    }

    @Test("a refused sign-up lists every problem and writes nothing", arguments: TestBackend.enabled)
    func refused(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            do {
                _ = try await users(database).signUp(.init(email: "jo", password: "short", confirmation: "shorter"))
                Issue.record("accepted")
            } catch let error as VaultError {
                #expect(Set(error.problems.map(\.field)) == ["email", "password", "confirmation"])
            }
            let long = String(repeating: "x", count: 73)
            await expectVaultError(.invalidInput) {
                try await users(database).signUp(.init(email: "jo@example.com", password: long, confirmation: long))
            }
            #expect(try await database.households.all().isEmpty)
        }
    }

    @Test(
        "a password opens the account; a wrong one or an unknown email is refused alike", arguments: TestBackend.enabled
    )
    func authenticate(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let service = users(database)
            _ = try await service.signUp(
                .init(email: "jo@example.com", password: "correct horse", confirmation: "correct horse"))
            #expect(
                try await service.authenticate(email: "JO@example.com", password: "correct horse").email
                    == "jo@example.com")
            await expectVaultError(.unauthorized) {
                try await service.authenticate(email: "jo@example.com", password: "wrong horse")
            }
            await expectVaultError(.unauthorized) {
                try await service.authenticate(email: "no@example.com", password: "correct horse")
            }
        }
    }

    @Test(
        "a session is found by its token until it ends or expires; only a hash is stored",
        arguments: TestBackend.enabled)
    func sessions(backend: TestBackend) async throws {
        try await backend.withDatabase(file: true) { database async throws in
            let service = users(database)
            let user = try await service.signUp(
                .init(email: "jo@example.com", password: "correct horse", confirmation: "correct horse"))
            let browser = try await service.startSession(for: user, kind: .browser)
            let api = try await service.startSession(for: user, kind: .api)
            #expect(try await service.session(token: browser.token)?.kind == .browser)
            #expect(try await service.session(token: api.token)?.user.id == user.id)
            #expect(try await service.session(token: "made up") == nil)
            // After the browser session's lifetime it is gone; the API token lasts longer.
            let later = Fixture.now.addingTimeInterval(UserService.browserSessionLifetime + 60)
            #expect(try await users(database, at: later).session(token: browser.token) == nil)
            #expect(try await users(database, at: later).session(token: api.token) != nil)
            #expect(try await service.endSession(token: api.token))
            #expect(try await service.session(token: api.token) == nil)
            #expect(!(try await service.endSession(token: api.token)))
            if case .sqliteFile(let path) = database.location {
                let bytes =
                    try Data(contentsOf: URL(fileURLWithPath: path))
                    + ((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
                #expect(bytes.range(of: Data(browser.token.utf8)) == nil)
                #expect(bytes.range(of: Data("correct horse".utf8)) == nil)
            }
        }
    }

    @Test("preferences are saved: theme, dashboard layout, onboarding", arguments: TestBackend.enabled)
    func preferences(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let service = users(database)
            var user = try await service.signUp(
                .init(email: "jo@example.com", password: "correct horse", confirmation: "correct horse"))
            user.theme = .dark
            user.dashboardLayout = ["recurring", "income"]
            user.onboardedAt = Fixture.now
            try await service.savePreferences(user)
            let saved = try #require(try await database.users.find(user.id))
            #expect(saved.theme == .dark)
            #expect(saved.dashboardLayout == ["recurring", "income"])
            #expect(saved.onboardedAt == Fixture.now)
        }
    }

    @Test("an existing household can be given a sign-in", arguments: TestBackend.enabled)
    func addMember(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let household = try await Fixture.vault(database).households.create(
                .init(name: "Home", timeZone: "America/New_York", currency: "USD"))
            let user = try await users(database).addMember(
                email: "jo@example.com", password: "correct horse", to: household.id)
            #expect(user.householdID == household.id)
            #expect(try await database.users.members(of: household.id).map(\.email) == ["jo@example.com"])
            await expectVaultError(.invalidInput) {
                try await users(database).addMember(
                    email: "jo@example.com", password: "correct horse", to: household.id)
            }
            await expectVaultError(.notFound) {
                try await users(database).addMember(
                    email: "sam@example.com", password: "correct horse", to: Fixture.newID())
            }
        }
    }
}
