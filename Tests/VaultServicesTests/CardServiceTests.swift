import Foundation
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// The card miles tracker at the service level: the 17 steps of the spec's verification plan
/// (`card-miles.md`), a linked bank-synced card, "which card", and bad input. The fixture's today is 2026-11-21.
@Suite struct CardServiceTests {
    /// Logs a card expense of `amount` dollars on `card` today (or on `date`), in `bonus` when given.
    @discardableResult
    func spend(
        _ f: ServiceFixture, _ amount: String, on card: MilesCard, bonus: String? = nil, date: String? = nil
    ) async throws -> Transaction {
        try await f.scope.transactions.add(
            TransactionInput(
                amount: "-" + amount, account: "", date: date, description: "Purchase", card: card.id.description,
                bonusCategory: bonus)
        ).transaction
    }

    func cardStatus(_ f: ServiceFixture, _ card: MilesCard) async throws -> CardService.Status {
        try await f.scope.cards.status(card.id.description)
    }

    /// One cap's progress as text: "Online 100.00/600.00 earningBonus blue".
    func cap(_ status: CardService.Status, _ index: Int) -> String {
        let cap = status.report.caps[index]
        return "\(cap.cap.name) \(cap.spend.decimalString)/\(cap.bar.target.decimalString) \(cap.stage.rawValue) "
            + "\(cap.bar.colour)"
    }

    @Test(
        "steps 1-6: a library card, a custom statement-cycle card, expenses, thresholds and the month's total",
        arguments: TestBackend.enabled)
    func simpleCards(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            // 1. DBS Altitude from the library with the last four digits
            let altitude = try await f.scope.cards.addFromLibrary("dbs-altitude-visa", lastFourDigits: "1234")
            var overview = try await f.scope.cards.overview()
            #expect(overview.cards.map(\.card.title) == ["DBS Altitude Visa Signature ···1234"])
            #expect(overview.cards[0].card.earnRatesLine == "1.2 / 2.0 / 1.2 mpd")
            #expect(overview.cards[0].account?.kind == .creditCard, "a manual account is made for its expenses")
            // 2. A custom card on a statement cycle from the 15th with a $500 minimum
            let custom = try await f.scope.cards.addCustom(
                .init(
                    bank: "OCBC", network: "Visa", name: "Everyday", currency: "SGD", minimumSpend: "500",
                    statementDay: "15", localRate: "1.4", foreignRate: "2.4", baseRate: "1.4"))
            var customStatus = try await cardStatus(f, custom)
            #expect(customStatus.report.range.description == "2026-11-15 to 2026-12-14")
            #expect(customStatus.report.status == .belowMinimum)
            // 3. $100 on the custom card
            try await spend(f, "100", on: custom)
            customStatus = try await cardStatus(f, custom)
            #expect(customStatus.report.spend.decimalString == "100.00")
            #expect(customStatus.report.minimumBar?.colour == .orange)
            // 4. Crossing the minimum turns the badge green
            try await spend(f, "399.99", on: custom)
            #expect(try await cardStatus(f, custom).report.status == .belowMinimum, "one cent short")
            try await spend(f, "0.01", on: custom)
            customStatus = try await cardStatus(f, custom)
            #expect(customStatus.report.status == .minimumMet)
            #expect(customStatus.report.minimumBar?.colour == .green)
            #expect(customStatus.report.miles == 700, "500.00 at 1.4 mpd")
            // 5. Spend on another card: the month's total counts both, whatever each card's cycle
            try await spend(f, "50", on: altitude)
            try await spend(f, "20", on: custom, date: "2026-11-10")  // last cycle, this month
            try await spend(f, "30", on: custom, date: "2026-10-31")  // last month
            overview = try await f.scope.cards.overview()
            #expect(overview.monthSpend[.sgd].decimalString == "570.00")
            #expect(try await cardStatus(f, custom).report.spend.decimalString == "500.00")
            // 6. Moving the Altitude card to a statement day of 15 moves its cycle
            _ = try await f.scope.cards.edit(altitude.id.description, .init(statementDay: "15"))
            #expect(try await cardStatus(f, altitude).report.range.description == "2026-11-15 to 2026-12-14")
        }
    }

    @Test(
        "steps 7-10: UOB Preferred Platinum's caps without a minimum fill independently",
        arguments: TestBackend.enabled)
    func capsWithoutMinimum(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            // 7.
            let card = try await f.scope.cards.addFromLibrary("uob-preferred-platinum")
            var status = try await cardStatus(f, card)
            #expect(status.report.caps.count == 2)
            #expect(cap(status, 0) == "Online 0.00/600.00 earningBonus blue")
            #expect(cap(status, 1) == "Contactless 0.00/600.00 earningBonus blue")
            #expect(card.bonusCategoryChoices == [.online, .contactless, .general])
            // 8.
            try await spend(f, "100", on: card, bonus: "online")
            #expect(cap(try await cardStatus(f, card), 0) == "Online 100.00/600.00 earningBonus blue")
            // 9.
            try await spend(f, "500", on: card, bonus: "Online")
            status = try await cardStatus(f, card)
            #expect(cap(status, 0) == "Online 600.00/600.00 maxed green")
            #expect(cap(status, 1) == "Contactless 0.00/600.00 earningBonus blue")
            // 10.
            try await spend(f, "300", on: card, bonus: "contactless")
            status = try await cardStatus(f, card)
            #expect(cap(status, 0) == "Online 600.00/600.00 maxed green")
            #expect(cap(status, 1) == "Contactless 300.00/600.00 earningBonus blue")
            #expect(status.report.miles == 3_600, "900.00 at 4 mpd")
            // A category the card has no cap for is refused, and nothing is written
            let before = try await f.footprint()
            await #expect(throws: VaultError.self) { try await spend(f, "5", on: card, bonus: "dining") }
            #expect(try await f.footprint() == before)
        }
    }

    @Test("steps 11-14: UOB Visa Signature's caps need their own $1,000 minimum", arguments: TestBackend.enabled)
    func capsWithMinimum(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            // 11.
            let card = try await f.scope.cards.addFromLibrary("uob-visa-signature")
            var status = try await cardStatus(f, card)
            #expect(cap(status, 0) == "Foreign currency 0.00/1000.00 belowMinimum orange")
            #expect(cap(status, 1) == "Contactless 0.00/1000.00 belowMinimum orange")
            // 12.
            try await spend(f, "500", on: card, bonus: "contactless")
            status = try await cardStatus(f, card)
            #expect(cap(status, 1) == "Contactless 500.00/1000.00 belowMinimum orange")
            #expect(status.report.miles == 200, "below the minimum: base 0.4 mpd")
            // 13.
            try await spend(f, "600", on: card, bonus: "contactless")
            status = try await cardStatus(f, card)
            #expect(cap(status, 1) == "Contactless 1100.00/1200.00 earningBonus green")
            #expect(status.report.miles == 4_400, "the minimum unlocks 4 mpd on all 1,100.00")
            // 14.
            #expect(cap(status, 0) == "Foreign currency 0.00/1000.00 belowMinimum orange")
        }
    }

    @Test(
        "steps 15-17: edited thresholds move the bars; deleting takes the manual expenses; data survives a restart",
        arguments: TestBackend.enabled)
    func editDeleteRestart(backend: TestBackend) async throws {
        try await backend.withDatabase(file: true) { database async throws in
            let f = try await ServiceFixture.make(database)
            let card = try await f.scope.cards.addCustom(
                .init(name: "Simple", currency: "SGD", minimumSpend: "500", maximumSpend: "1000", localRate: "1.2"))
            try await spend(f, "600", on: card)
            #expect(try await cardStatus(f, card).report.status == .inRange)
            // 15. Lowering the maximum below the spend turns it red at once
            let edited = try await f.scope.cards.edit(card.id.description, .init(maximumSpend: "550"))
            #expect(edited.changed == ["maximumSpend"])
            var status = try await cardStatus(f, card)
            #expect(status.report.status == .overMaximum)
            #expect(status.report.maximumBar?.colour == .red)
            // A maximum below the minimum is refused, whole
            await #expect(throws: VaultError.self) {
                try await f.scope.cards.edit(card.id.description, .init(minimumSpend: "600", maximumSpend: "200"))
            }
            #expect(try await f.scope.cards.find(card.id.description).maximumSpend?.decimalString == "550.00")
            // 16. Deleting asks first, says how many expenses go, then takes them and the account made for it
            try await spend(f, "10", on: card)
            let accountName = try #require(status.account?.name)
            do {
                _ = try await f.scope.cards.remove(card.id.description, confirmed: false)
                Issue.record("deleting a card with expenses must ask first")
            } catch let error as VaultError {
                #expect(error.code == .confirmationRequired)
                #expect(error.message.contains("2 manual expenses"))
            }
            #expect(try await f.scope.cards.expensesGoing(with: card.id.description) == 2)
            let removal = try await f.scope.cards.remove(card.id.description, confirmed: true)
            #expect(removal.expensesDeleted == 2)
            #expect(removal.accountDeleted?.name == accountName)
            #expect(try await f.scope.cards.list().isEmpty)
            await #expect(throws: VaultError.self) { try await f.scope.accounts.find(accountName) }
            // 17. A card and its expenses are in the database, not in memory
            let kept = try await f.scope.cards.addFromLibrary("hsbc-revolution", statementDay: "31")
            try await spend(f, "42.50", on: kept, bonus: "online")
            status = try await cardStatus(f, kept)
            let reopened = Fixture.vault(database).household(f.household.id)
            let again = try await reopened.cards.status(kept.id.description)
            #expect(again.card == status.card)
            #expect(again.report == status.report)
            #expect(again.report.range.description == "2026-10-31 to 2026-11-29")
        }
    }

    @Test(
        "a card linked to the demo's bank-synced card counts its spending in the cycle, never its payment",
        arguments: TestBackend.enabled)
    func linkedBankCard(backend: TestBackend) async throws {
        let now = Date(timeIntervalSince1970: TimeInterval(SyncServiceTests.now))
        try await SyncServiceTests().withWorld(backend, scenario: DemoHousehold.scenario(now: now)) { world in
            _ = try await world.sync.connect(setupToken: BridgeHarness.token(world.root, "DEMO"))
            let summit = try #require(
                try await world.scope.accounts.list().map(\.account).first { $0.name.hasPrefix("Summit") })
            #expect(summit.kind == .creditCard)
            // A statement day of 24: the cycle 2026-10-24 to 2026-11-23 holds the 25 October card payment.
            let card = try await world.scope.cards.addCustom(
                .init(
                    bank: "Other", name: "Summit Cash Rewards", currency: "USD", statementDay: "24",
                    localRate: "1.5", account: summit.id.description))
            let status = try await world.scope.cards.status(card.id.description)
            #expect(status.problem == nil)
            #expect(status.report.range.description == "2026-10-24 to 2026-11-23")
            // Expected: the account's transactions in the cycle that are spending, signs turned
            let listed = try await world.scope.transactions.list(
                TransactionQuery(
                    from: "2026-10-24", through: "2026-11-23", accounts: [summit.id.description],
                    includeTransfers: true, pageSize: 1_000)
            ).items.map(\.transaction)
            #expect(listed.contains { $0.classification == .transfer }, "the card payment is in the cycle")
            let expected = listed.filter { $0.classification == .expense }.reduce(Int64(0)) {
                $0 - $1.amount.minorUnits
            }
            #expect(expected > 0)
            #expect(status.report.spend.minorUnits == expected)
            #expect(
                Set(status.expenses.map(\.row.id)) == Set(listed.filter { $0.classification == .expense }.map(\.id)))
            #expect(status.report.miles == expected * 150 / 10_000, "1.5 mpd, rounded down once")
            // A second card cannot count the same account; a checking account is not a card's
            await #expect(throws: VaultError.self) {
                try await world.scope.cards.addFromLibrary("uob-prvi-visa", account: summit.id.description)
            }
            let checking = try #require(
                try await world.scope.accounts.list().map(\.account).first { $0.name.hasPrefix("Everyday") })
            await #expect(throws: VaultError.self) {
                try await world.scope.cards.addCustom(
                    .init(name: "Debit", currency: "USD", account: checking.id.description))
            }
            // Deleting the card never deletes the bank's transactions
            let removal = try await world.scope.cards.remove(card.id.description, confirmed: false)
            #expect(removal.expensesDeleted == 0)
            #expect(removal.accountDeleted == nil)
            #expect(try await world.scope.accounts.find(summit.id.description).id == summit.id)
        }
    }

    @Test(
        "a library card linked to an account in another currency says so and counts nothing",
        arguments: TestBackend.enabled)
    func otherCurrency(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let visa = try await f.scope.accounts.add(.init(name: "US Visa", kind: "credit-card"))
            _ = try await f.scope.transactions.add(TransactionInput(amount: "-80", account: "US Visa"))
            let card = try await f.scope.cards.addFromLibrary("uob-prvi-visa", account: visa.id.description)
            let status = try await cardStatus(f, card)
            #expect(status.report.spend.decimalString == "0.00")
            #expect(status.problem?.contains("USD") == true)
            #expect(status.problem?.contains("nothing is converted") == true)
            await #expect(throws: VaultError.self) { try await spend(f, "5", on: card) }
        }
    }

    @Test("which card: an unreached cap beats a maxed one; the reason says why", arguments: TestBackend.enabled)
    func whichCard(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let maxed = try await f.scope.cards.addFromLibrary("uob-preferred-platinum")
            let open = try await f.scope.cards.addFromLibrary("hsbc-revolution")
            let prvi = try await f.scope.cards.addFromLibrary("uob-prvi-visa")
            try await spend(f, "600", on: maxed, bonus: "online")
            let ranked = try await f.scope.cards.best(amount: "100", category: "online")
            #expect(ranked.map(\.card.id) == [open.id, prvi.id, maxed.id])
            #expect(ranked.map(\.miles) == [400, 140, 40])
            #expect(ranked[2].reason.contains("already reached"))
            // Foreign spend on PRVI earns its 2.4 foreign rate
            let foreign = try await f.scope.cards.best(amount: "100", category: "general", foreign: true)
            #expect(foreign.first?.card.id == prvi.id)
            #expect(foreign.first?.miles == 240)
            await #expect(throws: VaultError.self) { try await f.scope.cards.best(amount: "-5") }
            await #expect(throws: VaultError.self) { try await f.scope.cards.best(amount: "10", category: "pets") }
        }
    }

    @Test(
        "a card entry dated after today earns from its day, not now (docs/figures.md)", arguments: TestBackend.enabled)
    func scheduledSpendWaits(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let card = try await f.scope.cards.addFromLibrary("uob-preferred-platinum")
            // The fixture's today is 2026-11-21; the 25th is in the same calendar-month cycle, but scheduled.
            _ = try await spend(f, "100", on: card, bonus: "online", date: "2026-11-20")
            _ = try await spend(f, "250", on: card, bonus: "online", date: "2026-11-25")
            #expect(try await cardStatus(f, card).report.spend.decimalString == "100.00")
            #expect(cap(try await cardStatus(f, card), 0) == "Online 100.00/600.00 earningBonus blue")
        }
    }

    @Test(
        "a bonus category chosen for one transaction is remembered for its payee on the card",
        arguments: TestBackend.enabled)
    func payeeMemory(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let card = try await f.scope.cards.addFromLibrary("uob-preferred-platinum")
            let account = try #require(try await cardStatus(f, card).account)
            // Entered without the card picker, so nothing is chosen yet: the description suggests online
            let first = try await f.scope.transactions.add(
                TransactionInput(
                    amount: "-20", account: account.id.description, date: "2026-11-19", payee: "Kopi Corner"))
            _ = try await f.scope.transactions.add(
                TransactionInput(
                    amount: "-30", account: account.id.description, date: "2026-11-20", description: "SHOPEE SG ONLINE")
            )
            var status = try await cardStatus(f, card)
            #expect(status.expenses.map(\.expense.bonusCategory) == [.general, .online])
            #expect(status.expenses[1].source == .suggested("Description says ONLINE"))
            // Chosen for the first Kopi Corner purchase; a later one follows
            _ = try await f.scope.cards.choose("contactless", transaction: first.transaction.id.description)
            _ = try await f.scope.transactions.add(
                TransactionInput(amount: "-5", account: account.id.description, payee: "KOPI CORNER #12"))
            status = try await cardStatus(f, card)
            #expect(status.expenses.map(\.expense.bonusCategory) == [.contactless, .online, .contactless])
            #expect(status.expenses.map(\.source) == [.chosen, .suggested("Description says ONLINE"), .payee])
            #expect(cap(status, 1) == "Contactless 25.00/600.00 earningBonus blue")
            // A transaction no card counts is refused
            let cash = try await f.scope.transactions.add(TransactionInput(amount: "-1", account: "Cash"))
            await #expect(throws: VaultError.self) {
                try await f.scope.cards.choose("online", transaction: cash.transaction.id.description)
            }
        }
    }

    @Test("bad card input is refused whole, naming each field", arguments: TestBackend.enabled)
    func badInput(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let before = try await f.footprint()
            do {
                _ = try await f.scope.cards.addCustom(
                    .init(
                        bank: "Bank of Nowhere", name: " ", lastFourDigits: "12a4", minimumSpend: "abc",
                        statementDay: "32", localRate: "140",
                        caps: [.init(categories: ["general"], cap: "0", bonusRate: "4")]))
                Issue.record("bad input must be refused")
            } catch let error as VaultError {
                let fields = Set(error.problems.map(\.field))
                #expect(
                    fields.isSuperset(of: [
                        "bank", "name", "lastFourDigits", "minimumSpend", "statementDay", "localRate",
                        "categoryCaps[0]",
                    ]))
            }
            await #expect(throws: VaultError.self) { try await f.scope.cards.addFromLibrary("no-such-card") }
            await #expect(throws: VaultError.self) {
                try await f.scope.cards.addFromLibrary("uob-ladys-solitaire", chosenCategories: ["dining"])
            }
            #expect(try await f.footprint() == before)
            let solitaire = try await f.scope.cards.addFromLibrary(
                "uob-ladys-solitaire", chosenCategories: ["dining", "Groceries"])
            #expect(solitaire.bonusCategoryChoices == [.dining, .groceries, .general])
        }
    }

    @Test(
        "deleting the account a card counts asks first, names the card, and logs the card's deletion",
        arguments: TestBackend.enabled)
    func accountDeleted(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let card = try await f.scope.cards.addFromLibrary("ocbc-90n", lastFourDigits: "9012")
            let account = try #require(try await cardStatus(f, card).account)
            #expect(account.name == "OCBC 90°N Card 9012")
            do {
                _ = try await f.scope.accounts.delete(account.id.description, confirmed: false)
                Issue.record("deleting a card's account must ask first")
            } catch let error as VaultError {
                #expect(error.code == .confirmationRequired)
                #expect(error.message.contains("OCBC 90°N Card ···9012"))
            }
            _ = try await f.scope.accounts.delete(account.id.description, confirmed: true)
            #expect(try await f.scope.cards.list().isEmpty)
            let log = try await f.vault.database.read(household: f.household.id) { try await $0.changes(limit: 1_000) }
            #expect(
                log.contains { $0.entity == "card" && $0.entityID == card.id.description && $0.operation == .delete })
        }
    }

    @Test(
        "a card linked to an account of the household takes only the entries logged with it when deleted",
        arguments: TestBackend.enabled)
    func deleteLinkedTakesOnlyItsOwn(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let visa = try await f.scope.accounts.add(.init(name: "Visa", kind: "credit-card"))
            let card = try await f.scope.cards.addCustom(
                .init(
                    name: "Visa", currency: "USD",
                    caps: [.init(categories: ["online"], cap: "500", bonusRate: "4")], account: visa.id.description))
            let logged = try await spend(f, "30", on: card, bonus: "online")
            let sorted = try await f.scope.transactions.add(
                TransactionInput(amount: "-12", account: "Visa", description: "Book shop")
            ).transaction
            _ = try await f.scope.cards.choose("online", transaction: sorted.id.description)
            // Choosing again keeps the first entry's mark
            _ = try await f.scope.cards.choose("general", transaction: logged.id.description)
            #expect(try await f.scope.cards.expensesGoing(with: card.id.description) == 1)
            let removal = try await f.scope.cards.remove(card.id.description, confirmed: true)
            #expect(removal.expensesDeleted == 1)
            #expect(removal.accountDeleted == nil)
            #expect(try await f.scope.transactions.find(sorted.id.description).transaction.id == sorted.id)
            await #expect(throws: VaultError.self) { try await f.scope.transactions.find(logged.id.description) }
        }
    }

    @Test("reordering moves a card up and down the list", arguments: TestBackend.enabled)
    func reorder(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let a = try await f.scope.cards.addFromLibrary("dbs-altitude-visa")
            let b = try await f.scope.cards.addFromLibrary("ocbc-90n")
            let c = try await f.scope.cards.addFromLibrary("maybank-horizon")
            #expect(try await f.scope.cards.move(c.id.description, by: -1).map(\.id) == [a.id, c.id, b.id])
            #expect(try await f.scope.cards.move(a.id.description, by: 5).map(\.id) == [c.id, b.id, a.id])
            #expect(try await f.scope.cards.reorder([b.id.description]).map(\.id) == [b.id, c.id, a.id])
        }
    }
}
