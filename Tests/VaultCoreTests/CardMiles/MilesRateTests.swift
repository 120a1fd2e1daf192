import Foundation
import Testing
import VaultCore

extension CardMilesTests {
    @Suite struct MilesRateTests {
        @Test(
            "rates parse exactly to hundredths and print with at least one decimal",
            arguments: [
                ("1.4", 140, "1.4"), ("4", 400, "4.0"), ("4.0", 400, "4.0"), ("1.25", 125, "1.25"), ("0.4", 40, "0.4"),
                ("10", 1_000, "10.0"),
            ])
        func parse(text: String, hundredths: Int64, printed: String) throws {
            let rate = try #require(MilesRate(text))
            #expect(rate.hundredths == hundredths)
            #expect(rate.description == printed)
        }

        @Test("anything else is refused", arguments: ["", "-1", "1.234", ".5", "1.", "abc", "1,4", "1e2"])
        func refused(text: String) {
            #expect(MilesRate(text) == nil)
        }
    }
}
