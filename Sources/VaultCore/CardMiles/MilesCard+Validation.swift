import Foundation

extension MilesCard {
    /// The longest card name and notes a person may give.
    public static let maximumNameLength = 100
    public static let maximumNotesLength = 1_000
    /// The highest earn rate accepted: well above any card's (the library's highest is 4 mpd; promotions
    /// reach 10), so a slipped decimal point (`140` for `1.40`) is caught.
    public static let maximumRate = MilesRate(hundredths: 50_00)

    /// Every problem with the card's fields, for a custom card or an edit (empty when the card is fine).
    ///
    /// Field names are the API's: `name`, `lastFourDigits`, `statementDay`, `minimumSpend`, `maximumSpend`,
    /// `localRate`, `foreignRate`, `baseRate`, `notes`, `categoryCaps[i]`.
    public var problems: [Problem] {
        var problems: [Problem] = []
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            problems.append(Problem(field: "name", message: "Give the card a name, such as “Altitude Visa Signature”."))
        } else if name.count > Self.maximumNameLength {
            problems.append(
                Problem(field: "name", message: "The name is longer than \(Self.maximumNameLength) characters."))
        }
        if let problem = PlainText.problem(name, field: "name", label: "The name") { problems.append(problem) }
        if let lastFourDigits, lastFourDigits.count != 4 || !lastFourDigits.allSatisfy(\.isASCIIDigit) {
            problems.append(
                Problem(
                    field: "lastFourDigits", message: "The last four digits are four digits, 0 to 9, or left empty."))
        }
        if !cycle.isValid {
            problems.append(Problem(field: "statementDay", message: "A statement day is a day of the month, 1 to 31."))
        }
        for (field, amount) in [("minimumSpend", minimumSpend), ("maximumSpend", maximumSpend)] {
            guard let amount else { continue }
            if amount.currency != currency {
                problems.append(Problem(field: field, message: "Give the amount in the card's currency, \(currency)."))
            } else if !amount.isPositive {
                problems.append(Problem(field: field, message: "A threshold is more than zero, or left empty."))
            }
        }
        if let minimumSpend, let maximumSpend, minimumSpend.currency == maximumSpend.currency,
            minimumSpend.minorUnits > maximumSpend.minorUnits
        {
            problems.append(
                Problem(
                    field: "maximumSpend", message: "The maximum is below the minimum; raise it or lower the minimum."))
        }
        for (field, rate) in [("localRate", localRate), ("foreignRate", foreignRate), ("baseRate", baseRate)] {
            if let rate, rate > Self.maximumRate {
                problems.append(
                    Problem(field: field, message: "\(rate) mpd is more than any card earns; check the decimal point."))
            }
        }
        if let notes {
            if notes.count > Self.maximumNotesLength {
                problems.append(
                    Problem(field: "notes", message: "The notes are longer than \(Self.maximumNotesLength) characters.")
                )
            }
            if let problem = PlainText.problem(notes, field: "notes", label: "The notes", multiline: true) {
                problems.append(problem)
            }
        }
        var seen: Set<BonusCategory> = []
        for (index, cap) in categoryCaps.enumerated() {
            problems += cap.problems(field: "categoryCaps[\(index)]", currency: currency, seen: &seen)
        }
        return problems
    }
}

extension CategoryCap {
    /// Every problem with one cap; `seen` holds the categories of the caps before it, none may repeat.
    func problems(field: String, currency: Currency, seen: inout Set<BonusCategory>) -> [Problem] {
        var problems: [Problem] = []
        if categories.isEmpty {
            problems.append(Problem(field: field, message: "Choose the bonus category this cap is for."))
        }
        if categories.contains(.general) {
            problems.append(Problem(field: field, message: "General spend earns no bonus; choose another category."))
        }
        for category in categories where category != .general {
            if !seen.insert(category).inserted {
                problems.append(
                    Problem(
                        field: field, message: "\(category) already has a cap on this card; choose another category."))
            }
        }
        if cap.currency != currency || minimumSpend.map({ $0.currency != currency }) == true {
            problems.append(
                Problem(field: field, message: "Give the cap's amounts in the card's currency, \(currency)."))
            return problems
        }
        if !cap.isPositive {
            problems.append(Problem(field: field, message: "The cap is an amount more than zero."))
        }
        if let minimumSpend {
            if !minimumSpend.isPositive {
                problems.append(Problem(field: field, message: "A minimum is more than zero, or left empty."))
            } else if minimumSpend.minorUnits > cap.minorUnits {
                problems.append(
                    Problem(field: field, message: "The minimum is above the cap; the bonus could never be earned."))
            }
        }
        if bonusRate > MilesCard.maximumRate {
            problems.append(
                Problem(field: field, message: "\(bonusRate) mpd is more than any card earns; check the decimal point.")
            )
        }
        return problems
    }
}
