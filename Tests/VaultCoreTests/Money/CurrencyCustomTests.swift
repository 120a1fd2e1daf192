import Testing
import VaultCore

@Suite struct CurrencyCustomTests {
    @Test(
        "a custom currency's URL is shown as the name in its last path segment",
        arguments: [
            ("https://rewards.example.com/frequent-flyer-miles", "Frequent Flyer Miles"),
            ("https://www.example.com/flight_miles/", "Flight Miles"),
            ("https://airline.example/points.json", "Points"),
            ("https://skymiles.example.com", "skymiles.example.com"), ("USD", "USD"),
        ])
    func displayCode(url: String, name: String) {
        #expect(Currency(code: url, exponent: 0).displayCode == name)
    }

    @Test("a custom currency has no decimals and is formatted with its name, not its URL")
    func formatted() {
        let miles = Currency.custom(url: "https://rewards.example.com/frequent-flyer-miles")
        #expect(miles.isCustom)
        #expect(miles.exponent == 0)
        #expect(Money(minorUnits: 123_456, currency: miles).formatted() == "123,456 Frequent Flyer Miles")
        #expect(!Currency.usd.isCustom)
    }
}
