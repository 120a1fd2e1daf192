import PropertyBased
import Testing
import VaultCore
import VaultTestSupport

/// The parsers and schedules of issues 17 and 18 that read outside input (a bank's description, a typed rate, a
/// typed schedule), checked on generated inputs (scripts/fuzz runs this suite with many more of them).
@Suite struct CardAndRecurrencePropertyTests {
    /// A bank's description: letters, digits, the punctuation statements carry, ISO codes, and anything else.
    static let descriptionCharacter = Gen<Character>.oneOf(
        Gen.letterOrNumber,
        Gen<Character?>.element(of: Array(" .,:*#/$-+()'\"\n\t") as [Character]).map { $0! },
        Gen.character(in: "\u{0}"..."\u{2FF}"),
        Gen.character(in: "\u{1F300}"..."\u{1F5FF}")
    )
    static let words = Gen<String?>.element(of: ["USD", "ALL", "APPLE PAY", "12.50", ".COM", "FX", "SGD", "1,500"])
        .map { $0! }

    @Test func aSuggestionIsAlwaysOneOfTheCardsCategoriesOrGeneral() async {
        let choices = Gen<[BonusCategory]?>.element(of: [
            [], [.online, .contactless, .general], [.foreignCurrency, .contactless, .general], BonusCategory.allCases,
        ]).map { $0! }
        let text = Gen<String>.oneOf(Self.descriptionCharacter.string(of: 0...40), Self.words)
        await propertyCheck(
            count: PropertyRuns.count(), input: zip(text, text).map { $0 + " " + $1 }, choices
        ) { description, choices in
            let suggestion = BonusCategorySuggestion(
                description: description, categoryKeys: ["dining", "online", "travel"], choices: choices,
                cardCurrency: .sgd)
            #expect(suggestion.category == .general || choices.contains(suggestion.category), "\(description)")
            #expect(!suggestion.reason.isEmpty)
        }
    }

    @Test func aRateReadsBackAsWritten() async {
        await propertyCheck(count: PropertyRuns.count(), input: Gen.int64(in: 0...99_999_999)) { hundredths in
            let rate = MilesRate(hundredths: hundredths)
            #expect(MilesRate(rate.description) == rate, "\(rate)")
        }
        await propertyCheck(count: PropertyRuns.count(), input: Self.descriptionCharacter.string(of: 0...12)) { text in
            // Anything read is a rate that writes back to the same number.
            if let rate = MilesRate(text) { #expect(MilesRate(rate.description) == rate, "\(text)") }
        }
    }

    @Test func aScheduleGivesOrderedDatesInsideTheRangeOnOrAfterItsStart() async {
        let day = Gen.int(in: 0...(80 * 366)).map {
            LocalDate(dayNumber: LocalDate(year: 1990, month: 1, day: 1)!.dayNumber + $0)
        }
        let cadence = Gen<Cadence?>.element(of: Cadence.allCases).map { $0! }
        await propertyCheck(
            count: PropertyRuns.count(), input: cadence, Gen.int(in: 1...RecurringRule.maximumInterval), day, day
        ) { cadence, interval, start, from in
            let range = DateRange(start: from, end: from.adding(days: 400))!
            let schedule = RecurrenceSchedule(cadence: cadence, interval: interval, start: start, end: nil)
            let dates = schedule.dates(in: range)
            #expect(dates == dates.sorted() && Set(dates).count == dates.count, "\(cadence) \(interval) \(start)")
            #expect(dates.allSatisfy { range.contains($0) && $0 >= start })
            // Nothing is skipped: the occurrence after the last one listed lies past the range.
            if let last = dates.last {
                let next = (0...).lazy.map(schedule.occurrence).first { $0 > last }!
                #expect(next > range.end)
            }
        }
    }
}
