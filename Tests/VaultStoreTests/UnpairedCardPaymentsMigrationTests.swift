import Foundation
import SQLKit
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultStore

/// Migration 0025 re-files the card payments stored as refunds before issue 34: a credit on a card that names a
/// payment, with no pair in the household, classified expense by default.
@Suite struct UnpairedCardPaymentsMigrationTests {
    @Test(
        "a stored unpaired card payment becomes a card payment; refunds and what a person chose stay",
        arguments: TestBackend.enabled)
    func refiled(backend: TestBackend) async throws {
        // Given a database at 0024 holding a card's payment read as a refund, a real refund, and a payment a person
        // classified as an expense by hand
        let location = try backend.freshLocation(file: true)
        let before = Array(Migration.all.prefix { $0.name != Migration.unpairedCardPayments.name })
        let household = Fixture.household(name: "Card")
        let card = Fixture.account(in: household.id, name: "Visa", kind: .creditCard)
        let checking = Fixture.account(in: household.id, name: "Checking")
        var payment = Fixture.transaction(
            in: card, date: "2026-11-03", cents: 25_000, description: "AUTOMATIC PAYMENT - THANK YOU",
            classification: .expense, source: .import)
        payment.classificationSource = .default
        let refund = Fixture.transaction(
            in: card, date: "2026-11-04", cents: 2_000, description: "AMAZON.COM REFUND", classification: .expense)
        var chosen = Fixture.transaction(
            in: card, date: "2026-11-05", cents: 5_000, description: "PAYMENT RECEIVED", classification: .expense)
        chosen.classificationSource = .manual
        let intoChecking = Fixture.transaction(
            in: checking, date: "2026-11-05", cents: 5_000, description: "PAYMENT RECEIVED", classification: .expense)
        try await VaultDatabase.using(try DatabaseLocation(parsing: location), migrations: before) { database in
            try await MigrationSeed.household(household, in: database, builtIns: false)
            try await database.write(household: household.id, actor: .system) { session in
                try await session.accounts.insert([card, checking])
                try await session.transactions.insert([payment, refund, chosen, intoChecking])
            }
        }

        // When it is opened by this version
        let found = try await VaultDatabase.using(try DatabaseLocation(parsing: location)) { database in
            try await database.read(household: household.id) { session in
                try await session.transactions.find([payment.id, refund.id, chosen.id, intoChecking.id])
            }
        }

        // Then only the unpaired card payment is re-filed
        let byID = Dictionary(uniqueKeysWithValues: found.map { ($0.id, $0) })
        #expect(byID[payment.id]?.classification == .transfer && byID[payment.id]?.classificationSource == .cardPayment)
        #expect(byID[refund.id]?.classification == .expense)
        #expect(byID[chosen.id]?.classification == .expense && byID[chosen.id]?.classificationSource == .manual)
        #expect(byID[intoChecking.id]?.classification == .expense)
    }
}
