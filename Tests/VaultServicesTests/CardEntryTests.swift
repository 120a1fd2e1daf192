import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// Card miles as issue 34 found them wrong: "which card" in one currency, the foreign flag and a foreign cap, the
/// prediction against what is recorded, what is said beside a card when logging an expense, and a bonus category
/// stored only when chosen. The fixture's household is in USD; the library cards are in SGD.
@Suite struct CardEntryTests {
    func spend(
        _ f: ServiceFixture, _ amount: String, on card: MilesCard, bonus: String? = nil, foreign: Bool? = nil,
        account: String = "", description: String = "Purchase", payee: String? = nil
    ) async throws -> Transaction {
        try await f.scope.transactions.add(
            TransactionInput(
                amount: amount, account: account, description: description, payee: payee, card: card.id.description,
                bonusCategory: bonus, isForeignCurrency: foreign)
        ).transaction
    }

    func miles(_ f: ServiceFixture, _ card: MilesCard) async throws -> Int64 {
        try await f.scope.cards.status(card.id.description).report.miles ?? -1
    }

    @Test(
        "which card: a purchase in the household's currency ranks the card in it first; one in another says why",
        arguments: TestBackend.enabled)
    func whichCardOneCurrency(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            // The SGD card comes first in the cards' order; the purchase is in the household's USD.
            let prvi = try await f.scope.cards.addFromLibrary("uob-prvi-visa")
            let dollars = try await f.scope.cards.addCustom(
                .init(name: "Dollar Rewards", currency: "USD", localRate: "1.0"))
            let ranked = try await f.scope.cards.best(amount: "100")
            #expect(ranked.map(\.card.id) == [dollars.id, prvi.id])
            #expect(ranked.map(\.canEarn) == [true, false])
            #expect(ranked.map(\.miles) == [100, 0])
            #expect(
                ranked[1].reason
                    == "Cannot earn on a purchase in USD: this card's amounts are in SGD, and nothing is converted")
            // Said to be in SGD, the SGD card earns and the dollar card cannot.
            let inSGD = try await f.scope.cards.best(amount: "100", currency: "SGD")
            #expect(inSGD.map(\.card.id) == [prvi.id, dollars.id])
            #expect(inSGD.map(\.miles) == [140, 0])
            #expect(inSGD[1].reason.contains("this card's amounts are in USD"))
            await #expect(throws: VaultError.self) { try await f.scope.cards.best(amount: "100", currency: "XX") }
        }
    }

    @Test(
        "what which card promises is what the card records: foreign on PRVI, a foreign cap on UOB Visa Signature",
        arguments: TestBackend.enabled)
    func predictionIsRecording(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let prvi = try await f.scope.cards.addFromLibrary("uob-prvi-visa")
            let signature = try await f.scope.cards.addFromLibrary("uob-visa-signature")
            // PRVI has no caps: the foreign currency category is a foreign purchase at 2.4 mpd.
            let promised = try await f.scope.cards.best(amount: "100", category: "foreignCurrency")
            #expect(promised.first { $0.card.id == prvi.id }?.miles == 240)
            _ = try await spend(f, "-100", on: prvi, bonus: "foreignCurrency")
            #expect(try await miles(f, prvi) == 240, "recorded as promised, not 140")
            // UOB Visa Signature: S$1,200 marked foreign fills its foreign-currency cap at 4 mpd.
            let foreign = try await f.scope.cards.best(amount: "1200", foreign: true)
            #expect(foreign.first?.card.id == signature.id)
            #expect(foreign.first?.miles == 4_800)
            _ = try await spend(f, "-1200", on: signature, foreign: true)
            #expect(try await miles(f, signature) == 4_800, "not 480 at the base rate")
            let status = try await f.scope.cards.status(signature.id.description)
            #expect(status.report.caps.first?.cap.name == "Foreign currency")
            #expect(status.report.caps.first?.spend.decimalString == "1200.00")
            // Each further purchase: the miles it was promised are the miles its cycle gains.
            for (amount, category, isForeign) in [
                ("50", "contactless", false), ("30", nil, true), ("20", "general", true), ("10", nil, false),
            ] as [(String, String?, Bool)] {
                for card in [prvi, signature] {
                    let before = try await miles(f, card)
                    let ranked = try await f.scope.cards.best(amount: amount, category: category, foreign: isForeign)
                    let promise = try #require(ranked.first { $0.card.id == card.id }).miles
                    let bonus = card.hasCategoryCaps || category == nil ? category : nil
                    _ = try await spend(f, "-" + amount, on: card, bonus: bonus, foreign: isForeign ? true : nil)
                    #expect(
                        try await miles(f, card) - before == promise,
                        "\(card.name): \(amount) \(category ?? "none") foreign \(isForeign)")
                }
            }
        }
    }

    @Test(
        "a positive or zero amount, a category a card without caps ignores, and another account are refused whole",
        arguments: TestBackend.enabled)
    func refusedBesideCard(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let prvi = try await f.scope.cards.addFromLibrary("uob-prvi-visa")
            let account = try #require(try await f.scope.cards.status(prvi.id.description).account)
            let before = try await f.footprint()
            func refused(
                _ amount: String, bonus: String? = nil, account: String = "", field: String, saying words: String
            ) async throws {
                do {
                    _ = try await spend(f, amount, on: prvi, bonus: bonus, account: account)
                    Issue.record("\(amount) \(bonus ?? "") \(account) must be refused")
                } catch let error as VaultError {
                    let problem = try #require(error.problems.first { $0.field == field }, "\(error.problems)")
                    #expect(problem.message.contains(words), "\(problem.message)")
                }
            }
            try await refused("25", field: "amount", saying: "below zero")
            try await refused("0", field: "amount", saying: "cannot be zero")
            try await refused("-25", bonus: "dining", field: "bonusCategory", saying: "has no bonus categories")
            try await refused("-25", account: "Cash", field: "account", saying: "goes into the card's account")
            #expect(try await f.footprint() == before, "nothing written")
            // The card's own account named beside it is what happens anyway; general means no bonus category.
            let own = try await spend(f, "-25", on: prvi, account: account.id.description)
            #expect(own.accountID == account.id)
            _ = try await spend(f, "-10", on: prvi, bonus: "general")
            #expect(try await miles(f, prvi) == 49, "35.00 at 1.4 mpd")
        }
    }

    @Test(
        "logged with a card and no bonus category, the payee's remembered category or the suggestion decides",
        arguments: TestBackend.enabled)
    func noChoiceStored(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let card = try await f.scope.cards.addFromLibrary("uob-preferred-platinum")
            // Chosen for one Kopi Corner purchase on the card's page, so remembered for the payee.
            let first = try await spend(f, "-5", on: card, payee: "Kopi Corner")
            _ = try await f.scope.cards.choose("contactless", transaction: first.id.description)
            let remembered = try await spend(f, "-6", on: card, payee: "Kopi Corner")
            let suggested = try await spend(f, "-30", on: card, description: "SHOPEE SG ONLINE")
            let chosen = try await spend(f, "-7", on: card, bonus: "general", payee: "Kopi Corner")
            let status = try await f.scope.cards.status(card.id.description)
            func counted(_ transaction: Transaction) throws -> CardService.Expense {
                try #require(status.expenses.first { $0.row.id == transaction.id })
            }
            #expect(try counted(remembered).source == .payee)
            #expect(try counted(remembered).expense.bonusCategory == .contactless)
            #expect(try counted(suggested).source == .suggested("Description says ONLINE"))
            #expect(try counted(suggested).expense.bonusCategory == .online)
            #expect(try counted(chosen).source == .chosen)
            #expect(try counted(chosen).expense.bonusCategory == .general)
        }
    }

    @Test(
        "an entry logged with a card but no category still goes with the card it was logged with",
        arguments: TestBackend.enabled)
    func noChoiceKeepsMark(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let visa = try await f.scope.accounts.add(.init(name: "Visa", kind: "credit-card"))
            let card = try await f.scope.cards.addCustom(
                .init(
                    name: "Visa", currency: "USD",
                    caps: [.init(categories: ["online"], cap: "500", bonusRate: "4")], account: visa.id.description))
            _ = try await spend(f, "-30", on: card)
            _ = try await f.scope.transactions.add(TransactionInput(amount: "-12", account: "Visa"))
            #expect(try await f.scope.cards.expensesGoing(with: card.id.description) == 1)
        }
    }
}
