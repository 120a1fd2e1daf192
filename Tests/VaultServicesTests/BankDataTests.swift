import Testing
import VaultCore

@testable import VaultServices

@Suite struct BankDataTests {
    @Test("a SimpleFIN custom currency is kept by its URL with no decimals")
    func customCurrency() throws {
        let miles = BankData.currency("https://rewards.example.com/frequent-flyer-miles")
        #expect(miles.code == "https://rewards.example.com/frequent-flyer-miles")
        #expect(miles.exponent == 0)
        #expect(try BankData.money("48210", miles).formatted() == "48,210 Frequent Flyer Miles")
        #expect(BankData.currency("usd") == .usd)
    }

    @Test("an account in points or miles is not a checking account unless its name says so")
    func customCurrencyKind() throws {
        let miles = BankData.currency("https://rewards.example.com/frequent-flyer-miles")
        let balance = try BankData.money("48210", miles)
        #expect(BankData.kind(name: "SkyMiles", balance: balance, hasHoldings: false) == .other)
        #expect(BankData.kind(name: "Rewards Card", balance: balance, hasHoldings: false) == .creditCard)
        #expect(
            BankData.kind(name: "Everyday", balance: try BankData.money("10.00", .usd), hasHoldings: false) == .checking
        )
    }
}
