import Foundation
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultStore

@Suite struct ChangeLogTests {
    @Test("every mutation is logged in order, with its fields and actor", arguments: TestBackend.enabled)
    func logged(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let household = Fixture.household()
            var account = Fixture.account(in: household.id)
            try await database.households.create(household, actor: .system)
            try await database.write(household: household.id, actor: .commandLine, at: Fixture.now) {
                session async throws in
                try await session.accounts.insert(account)
            }
            account.nickname = "Main"
            account.isHidden = true
            try await database.write(household: household.id, actor: ChangeActor(rawValue: "user:ann"), at: Fixture.now)
            { session async throws in
                #expect(try await session.accounts.update(account) == ["nickname", "isHidden"])
                #expect(
                    try await session.accounts.update(account) == [], "an unchanged row is neither written nor logged")
                #expect(try await session.accounts.delete(account.id))
            }
            let changes = try await database.read(household: household.id) { try await $0.changes() }
            #expect(changes.map(\.sequence) == [1, 2, 3, 4])
            #expect(changes.map(\.entity) == ["household", "account", "account", "account"])
            #expect(changes.map(\.operation) == [.insert, .insert, .update, .delete])
            #expect(changes[1].fields == [], "an insert sets every field and names none")
            #expect(changes[2].fields == ["nickname", "isHidden"])
            #expect(changes[2].actor.rawValue == "user:ann")
            #expect(changes[1].entityID == account.id.description)
            #expect(changes[1].at == Fixture.now)
        }
    }

    @Test("a failed write keeps neither its rows nor its log entries", arguments: TestBackend.enabled)
    func atomic(backend: TestBackend) async throws {
        struct Abort: Error {}
        try await backend.withDatabase { database async throws in
            let household = Fixture.household()
            try await database.households.create(household, actor: .system)
            await #expect(throws: Abort.self) {
                try await database.write(household: household.id, actor: .commandLine) { session async throws in
                    try await session.accounts.insert(Fixture.account(in: household.id))
                    throw Abort()
                }
            }
            try await database.read(household: household.id) { session async throws in
                #expect(try await session.accounts.all().isEmpty)
                #expect(try await session.changes().count == 1)
            }
            // The sequence continues without a gap after the rolled-back write.
            try await database.write(household: household.id, actor: .commandLine) { session async throws in
                try await session.accounts.insert(Fixture.account(in: household.id))
            }
            #expect(
                try await database.read(household: household.id) { try await $0.changes() }.map(\.sequence) == [1, 2])
        }
    }

    @Test("concurrent writers to one household get distinct, gap-free sequence numbers", arguments: TestBackend.enabled)
    func concurrentWriters(backend: TestBackend) async throws {
        try await backend.withDatabase(file: true) { database async throws in
            let household = Fixture.household()
            try await database.households.create(household, actor: .system)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await database.write(household: household.id, actor: .commandLine) { session in
                            try await session.accounts.insert(
                                Fixture.account(in: household.id, name: "Account \(index)"))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let sequences = try await database.read(household: household.id) { try await $0.changes() }.map(\.sequence)
            #expect(sequences == Array(1...21))
        }
    }
}
