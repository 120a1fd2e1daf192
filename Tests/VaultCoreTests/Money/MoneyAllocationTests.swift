import Testing
import VaultCore

@Suite struct MoneyAllocationTests {
    @Test(
        "splits always add up to the whole, the remainder going to the last part",
        arguments: [
            (Int64(1_000), 3, [Int64(333), 333, 334]),
            (-1_000, 3, [-333, -333, -334]),
            (1, 3, [0, 0, 1]),
            (100, 4, [25, 25, 25, 25]),
            (0, 2, [0, 0]),
        ])
    func split(total: Int64, parts: Int, expected: [Int64]) throws {
        let result = try Money(minorUnits: total, currency: .usd).split(into: parts)
        #expect(result.map(\.minorUnits) == expected)
        #expect(result.map(\.minorUnits).reduce(0, +) == total)
    }

    @Test("weighted allocation is proportional and exact")
    func weighted() throws {
        let parts = try Money(minorUnits: 10_000, currency: .usd).allocated(weights: [50, 30, 20])
        #expect(parts.map(\.minorUnits) == [5_000, 3_000, 2_000])
        let uneven = try Money(minorUnits: 10_001, currency: .usd).allocated(weights: [1, 1, 1])
        #expect(uneven.map(\.minorUnits) == [3_333, 3_333, 3_335])
        let large = try Money(minorUnits: .max, currency: .usd).allocated(weights: [Int64.max, 1])
        #expect(large.map(\.minorUnits).reduce(0, &+) == .max)
    }

    @Test("bad weights are refused", arguments: [[Int64](), [0, 0], [1, -1]])
    func badWeights(weights: [Int64]) {
        #expect(throws: MoneyError.invalidWeights) {
            try Money(minorUnits: 100, currency: .usd).allocated(weights: weights)
        }
    }

    @Test(
        "percentages round by the stated rule",
        arguments: [
            // 15% of 10.05 = 1.5075
            (Int64(1_005), Int64(15), Int64(100), FloatingPointRoundingRule.toNearestOrEven, Int64(151)),
            (1_005, 15, 100, .towardZero, 150),
            (1_005, 15, 100, .up, 151),
            // 50% of 0.05 = 0.025: a tie
            (5, 50, 100, .toNearestOrEven, 2),
            (5, 50, 100, .toNearestOrAwayFromZero, 3),
            (-5, 50, 100, .toNearestOrEven, -2),
            (-5, 50, 100, .toNearestOrAwayFromZero, -3),
            (-5, 50, 100, .down, -3),
            (-5, 50, 100, .up, -2),
            (7, 50, 100, .toNearestOrEven, 4),
            (1_000, 1, 3, .toNearestOrEven, 333),
            (2_000, 1, 3, .toNearestOrEven, 667),
            (1_000, 1, 3, .awayFromZero, 334),
        ])
    func share(
        units: Int64, numerator: Int64, denominator: Int64, rule: FloatingPointRoundingRule, expected: Int64
    ) throws {
        #expect(
            try Money(minorUnits: units, currency: .usd).share(numerator, of: denominator, rounding: rule).minorUnits
                == expected)
    }

    @Test("a share that cannot be represented is an overflow, and a zero denominator is refused")
    func shareErrors() {
        #expect(throws: MoneyError.overflow) { try Money(minorUnits: .max, currency: .usd).share(2, of: 1) }
        #expect(throws: MoneyError.invalidWeights) { try Money(minorUnits: 1, currency: .usd).share(1, of: 0) }
    }
}
