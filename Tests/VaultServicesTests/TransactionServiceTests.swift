import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

@Suite struct TransactionServiceTests {
    @Test(
        "a manual expense is stored with tags lower-cased, its category locked, and the cash balance moved",
        arguments: TestBackend.enabled)
    func addExpense(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let listed = try await f.scope.transactions.add(
                TransactionInput(
                    amount: "-12.50", account: "cash", date: "2026-11-01", category: "Dining",
                    tags: "Amazon, coffee,  Coffee Shop ",
                    notes: "lunch with Sam", payment: "Paid"))
            let stored = try await f.scope.transactions.find(listed.transaction.id.description).transaction
            #expect(stored.amount == Money(minorUnits: -1_250, currency: .usd))
            #expect(stored.tags == ["amazon", "coffee", "coffee shop"])
            #expect(stored.date.description == "2026-11-01")
            #expect(stored.classification == .expense)
            #expect(stored.categorySource == .manual)
            #expect(stored.paymentFlag == .paid)
            #expect(stored.description == "Dining")
            #expect(try await f.balance(of: "Cash") == "87.50")
        }
    }

    @Test("the date defaults to today in the household's time zone", arguments: TestBackend.enabled)
    func defaultDate(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            // The fixture clock is 2026-11-21 15:00 UTC, 10:00 in New York.
            let f = try await ServiceFixture.make(database)
            let listed = try await f.scope.transactions.add(TransactionInput(amount: "2500", account: "Cash"))
            #expect(listed.transaction.date.description == "2026-11-21")
            #expect(listed.transaction.classification == .income)
            #expect(listed.transaction.classificationSource == .default)
        }
    }

    @Test("bad input is refused whole, every problem named, and nothing is written", arguments: TestBackend.enabled)
    func refusedWhole(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let before = try await f.footprint()
            let cases: [(TransactionInput, Set<String>)] = [
                (TransactionInput(amount: "12.345", account: "Cash"), ["amount"]),
                (TransactionInput(amount: "abc", account: "Cash"), ["amount"]),
                (TransactionInput(amount: "-5", account: "Nope"), ["account"]),
                (TransactionInput(amount: "-5", account: "Cash", category: "Nope"), ["category"]),
                (TransactionInput(amount: "-5", account: "Cash", date: "2026-02-30"), ["date"]),
                (TransactionInput(amount: "-5", account: "Cash", payment: "maybe"), ["payment"]),
                (
                    TransactionInput(
                        amount: "abc", account: "Nope", date: "yesterday-ish", category: "Nope", reimbursement: "x"),
                    ["amount", "account", "date", "category", "reimbursement"]
                ),
            ]
            for (input, fields) in cases {
                do {
                    _ = try await f.scope.transactions.add(input)
                    Issue.record("\(input.amount) on \(input.account) was accepted")
                } catch let error as VaultError {
                    #expect(error.code == .invalidInput)
                    #expect(Set(error.problems.map(\.field)) == fields)
                }
            }
            #expect(try await f.footprint() == before)
            #expect(try await f.balance(of: "Cash") == "100.00")
        }
    }

    @Test("editing amount or account moves the manual balances by the difference", arguments: TestBackend.enabled)
    func editMovesBalances(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await f.scope.accounts.add(.init(name: "Wallet", kind: "cash"))
            let id = try await f.scope.transactions.add(TransactionInput(amount: "-10", account: "Cash")).transaction.id
                .description
            let (_, changed) = try await f.scope.transactions.edit(
                id, TransactionChanges(amount: "-25.00", tags: "Work"))
            #expect(Set(changed) == ["amount", "tags"])
            #expect(try await f.balance(of: "Cash") == "75.00")
            _ = try await f.scope.transactions.edit(id, TransactionChanges(account: "Wallet"))
            #expect(try await f.balance(of: "Cash") == "100.00")
            #expect(try await f.balance(of: "Wallet") == "-25.00")
            _ = try await f.scope.transactions.delete(id)
            #expect(try await f.balance(of: "Wallet") == "0.00")
        }
    }

    @Test(
        "a category set by hand re-classifies and locks; an explicit classification wins",
        arguments: TestBackend.enabled)
    func editClassification(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let id = try await f.scope.transactions.add(TransactionInput(amount: "40", account: "Cash")).transaction.id
                .description
            var (listed, _) = try await f.scope.transactions.edit(id, TransactionChanges(category: "Groceries"))
            #expect(
                listed.transaction.classification == .expense,
                "a refund in Groceries reduces spending, it is not income")
            #expect(listed.transaction.classificationSource == .manual)
            (listed, _) = try await f.scope.transactions.edit(
                id, TransactionChanges(category: "", classification: "ignore"))
            #expect(listed.transaction.categoryID == nil)
            #expect(listed.transaction.classification == .ignore)
            await expectVaultError(.invalidInput) {
                try await f.scope.transactions.edit(id, TransactionChanges(classification: "sideways"))
            }
        }
    }

    @Test(
        "a bank transaction keeps the bank's fields; a person's own fields still change", arguments: TestBackend.enabled
    )
    func bankTransactions(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let account = Fixture.account(in: f.household.id, name: "Bank checking", bankID: "ACT-1")
            let bank = Fixture.transaction(
                in: account, date: "2026-11-10", cents: -8_000, description: "SHELL OIL", source: .bank, bankID: "T1")
            try await database.write(household: f.household.id, actor: .system) { session async throws in
                try await session.accounts.insert(account)
                try await session.transactions.insert(bank)
            }
            let id = bank.id.description
            do {
                _ = try await f.scope.transactions.edit(id, TransactionChanges(amount: "-1", notes: "fuel"))
                Issue.record("the bank's amount was changed")
            } catch let error as VaultError {
                #expect(error.problems.map(\.field) == ["amount"])
            }
            let (listed, _) = try await f.scope.transactions.edit(
                id, TransactionChanges(category: "Fuel", tags: "Road Trip", isExcluded: true))
            #expect(listed.transaction.tags == ["road trip"])
            #expect(listed.transaction.isExcluded && listed.transaction.excludedSource == .manual)
            #expect(listed.categoryPath == "Transportation / Fuel")
            _ = try await f.scope.transactions.delete(id)
            let remembered = try await database.read(household: f.household.id) { session async throws in
                try await session.syncRecords.deletedTransactions(in: [account])[account.id, default: []].compactMap(
                    \.bankID)
            }
            #expect(remembered == ["T1"], "a deleted bank transaction is remembered so sync does not bring it back")
            #expect(try await f.balance(of: "Bank checking") == "0.00", "bank balances are the bank's")
        }
    }

    @Test("a list query is checked whole: page size, dates, accounts, sort", arguments: TestBackend.enabled)
    func listValidation(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            do {
                _ = try await f.scope.transactions.list(
                    TransactionQuery(
                        from: "2026-11-30", through: "2026-11-01", accounts: ["Nope"], sort: "sideways", page: 0,
                        pageSize: 0))
                Issue.record("a bad query was accepted")
            } catch let error as VaultError {
                #expect(Set(error.problems.map(\.field)) == ["to", "account", "sort", "page", "page-size"])
            }
        }
    }

    @Test(
        "a manual -250.00 on a card and +250.00 on checking two days apart become a transfer pair",
        arguments: TestBackend.enabled)
    func manualEntriesPair(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await f.scope.accounts.add(.init(name: "Visa", kind: "credit-card", balance: "-600"))
            _ = try await f.scope.accounts.add(.init(name: "Checking", kind: "checking", balance: "2000"))
            let payment = try await f.scope.transactions.add(
                TransactionInput(
                    amount: "-250.00", account: "Checking", date: "2026-11-03", description: "Card payment"))
            let received = try await f.scope.transactions.add(
                TransactionInput(amount: "250.00", account: "Visa", date: "2026-11-05", description: "Payment received")
            )
            let pairs = try await TransferService(scope: f.scope).list()
            #expect(pairs.count == 1)
            let pair = try #require(pairs.first)
            #expect(pair.outflow.transaction.id == payment.transaction.id)
            #expect(pair.inflow.transaction.id == received.transaction.id)
            for id in [payment.transaction.id, received.transaction.id] {
                #expect(try await f.scope.transactions.find(id.description).transaction.classification == .transfer)
            }
        }
    }

    @Test(
        "a payment from checking that pairs with a mortgage is Housing, with a car loan Loans, on both sides",
        arguments: TestBackend.enabled)
    func paymentsFiledByAccountKind(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await f.scope.accounts.add(.init(name: "Checking", kind: "checking", balance: "9000"))
            _ = try await f.scope.accounts.add(.init(name: "Home", kind: "mortgage", balance: "-250000"))
            _ = try await f.scope.accounts.add(.init(name: "Car", kind: "loan", balance: "-12000"))
            var added: [String: Transaction.ID] = [:]
            for (account, amount, description) in [
                ("Checking", "-1850.00", "ONLINE PAYMENT 4471"), ("Home", "1850.00", "PAYMENT RECEIVED"),
                ("Checking", "-410.00", "ONLINE PAYMENT 9912"), ("Car", "410.00", "PAYMENT RECEIVED"),
            ] {
                added[account + amount] = try await f.scope.transactions.add(
                    TransactionInput(amount: amount, account: account, date: "2026-11-02", description: description)
                ).transaction.id
            }
            var filed: [String: String?] = [:]
            for (name, id) in added {
                let found = try await f.scope.transactions.find(id.description)
                #expect(found.transaction.classification == .transfer, "\(name)")
                filed[name] = found.categoryPath
            }
            #expect(filed["Checking-1850.00"] == "Housing" && filed["Home1850.00"] == "Housing")
            #expect(filed["Checking-410.00"] == "Loans" && filed["Car410.00"] == "Loans")
        }
    }

    @Test("a transaction takes at most 50 tags", arguments: TestBackend.enabled)
    func tagCount(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let tags = (1...51).map { "t\($0)" }.joined(separator: ",")
            await expectVaultError(.invalidInput, "at most 50 tags") {
                _ = try await f.scope.transactions.add(TransactionInput(amount: "-1", account: "Cash", tags: tags))
            }
        }
    }

    @Test(
        "reads take today from the vault's clock, as writes do, not from the wall clock", arguments: TestBackend.enabled
    )
    func oneClock(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await f.scope.transactions.add(TransactionInput(amount: "-5", account: "Cash", date: "today"))
            let found = try await f.scope.transactions.list(TransactionQuery(from: "today", through: "today"))
            #expect(found.items.map(\.transaction.date) == [LocalDate(iso: "2026-11-21")])
        }
    }

    @Test(
        "a category filter includes the category's children; transfers stay out unless asked for",
        arguments: TestBackend.enabled)
    func listFilters(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            for (amount, category) in [
                ("-10", "Transportation"), ("-20", "Fuel"), ("-30", "Dining"), ("-40", "Credit Card Payment"),
            ] {
                _ = try await f.scope.transactions.add(
                    TransactionInput(amount: amount, account: "Cash", category: category))
            }
            let transport = try await f.scope.transactions.list(TransactionQuery(category: "transportation"))
            #expect(Set(transport.items.map(\.transaction.amount.decimalString)) == ["-10.00", "-20.00"])
            #expect(try await f.scope.transactions.list(TransactionQuery()).totalCount == 3)
            #expect(try await f.scope.transactions.list(TransactionQuery(includeTransfers: true)).totalCount == 4)
            let found = try await f.scope.transactions.list(
                TransactionQuery(search: "credit card", includeTransfers: true))
            #expect(found.items.map(\.transaction.classification) == [.transfer])
        }
    }

    @Test(
        "limits: huge pages, long tags, overflowing balances and currency changes are refused as input",
        arguments: TestBackend.enabled)
    func limits(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            await expectVaultError(.invalidInput) {
                _ = try await f.scope.transactions.list(TransactionQuery(page: Int.max))
            }
            await expectVaultError(.invalidInput) {
                _ = try await f.scope.transactions.add(
                    TransactionInput(amount: "-1", account: "Cash", tags: String(repeating: "x", count: 101)))
            }
            let before = try await f.footprint()
            let overflow = await expectVaultError(.invalidInput) {
                _ = try await f.scope.transactions.add(
                    TransactionInput(amount: "92233720368547758.07", account: "Cash"))
            }
            #expect(overflow?.problems.map(\.field) == ["amount"])
            #expect(try await f.footprint() == before, "the overflowing entry left nothing behind")
            _ = try await f.scope.accounts.add(.init(name: "Tokyo", kind: "cash", currency: "JPY"))
            let id = try await f.scope.transactions.add(TransactionInput(amount: "-12.50", account: "Cash")).transaction
                .id
            let moved = await expectVaultError(.invalidInput) {
                _ = try await f.scope.transactions.edit(id.description, TransactionChanges(account: "Tokyo"))
            }
            #expect(moved?.problems.map(\.field) == ["amount"])
            let (listed, _) = try await f.scope.transactions.edit(
                id.description, TransactionChanges(amount: "-1800", account: "Tokyo"))
            #expect(listed.transaction.amount == Money(minorUnits: -1_800, currency: .jpy))
            #expect(try await f.balance(of: "Tokyo") == "-1800")
            #expect(try await f.balance(of: "Cash") == "100.00")
        }
    }

    @Test(
        "a new entry without a category goes through the built-in patterns; one with a category keeps it",
        arguments: TestBackend.enabled)
    func newEntriesAreClassified(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let coffee = try await f.scope.transactions.add(
                TransactionInput(amount: "-4.50", account: "Cash", description: "STARBUCKS STORE 0042"))
            #expect(coffee.categoryPath == "Dining")
            #expect(coffee.transaction.categorySource == .merchantPattern)
            let chosen = try await f.scope.transactions.add(
                TransactionInput(amount: "-4.50", account: "Cash", category: "Travel", description: "STARBUCKS AIRPORT")
            )
            #expect(chosen.categoryPath == "Travel" && chosen.transaction.categorySource == .manual)
        }
    }

    @Test(
        "two manual entries that are equal and opposite pair up; deleting one sends the other back to the default",
        arguments: TestBackend.enabled)
    func manualTransferPair(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await f.scope.accounts.add(.init(name: "Jar", kind: "savings"))
            let out = try await f.scope.transactions.add(
                TransactionInput(amount: "-40.00", account: "Cash", date: "2026-11-02", description: "Into the jar"))
            let into = try await f.scope.transactions.add(
                TransactionInput(amount: "40.00", account: "Jar", date: "2026-11-03", description: "From cash"))
            #expect(into.transaction.classification == .transfer)
            #expect(
                try await f.scope.transactions.find(out.transaction.id.description).transaction.classification
                    == .transfer)
            _ = try await f.scope.transactions.delete(out.transaction.id.description)
            let left = try await f.scope.transactions.find(into.transaction.id.description).transaction
            #expect(left.classification == .income && left.classificationSource == .default)
        }
    }
}
