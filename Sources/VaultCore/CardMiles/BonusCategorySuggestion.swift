import Foundation

/// The bonus category a card transaction most likely belongs to, with the reason (issue 17: a linked card's
/// transactions count toward its caps without a person sorting each one).
///
/// The evidence, strongest first:
/// 1. A foreign charge (the description names another currency next to an amount, or says FX / foreign), for a
///    card with a foreign-currency cap.
/// 2. Words in the description that say how it was paid: `APPLE PAY`, `GOOGLE PAY`, `PAYWAVE`, `CONTACTLESS`
///    (contactless); `.COM`, `WWW.`, `ONLINE`, marketplaces and app stores (online).
/// 3. The transaction's household category, through its stable key and its parents' (`dining` and `coffee` are
///    dining, `fuel` is fuel, `transportation` and `transit` are transport, `online` is online before `shopping`
///    is shopping, `groceries`, `travel`).
///
/// Only a category the card has a cap for is suggested; anything else is `general`. A person's choice for one
/// transaction, or remembered for its payee, always comes before a suggestion (the service's job).
public struct BonusCategorySuggestion: Hashable, Sendable {
    public let category: BonusCategory
    /// "Category Dining", "Description says APPLE PAY", "Charged in USD", "No bonus category fits".
    public let reason: String
    /// Whether the transaction looks charged in a foreign currency (it earns a card's foreign rate).
    public let isForeign: Bool

    /// The suggestion for a transaction on a card whose cap categories are `choices` (`MilesCard.bonusCategoryChoices`).
    ///
    /// - Parameters:
    ///   - description: the bank's description (and payee, when different), as stored.
    ///   - categoryKeys: the stable keys of the transaction's category and its parents, innermost first.
    ///   - cardCurrency: the card's currency; a charge naming it is not foreign.
    public init(
        description: String, categoryKeys: [String], choices: [BonusCategory], cardCurrency: Currency
    ) {
        let foreign = Self.foreignCurrency(in: description, home: cardCurrency)
        isForeign = foreign != nil
        let offered = Set(choices)
        if let foreign, offered.contains(.foreignCurrency) {
            (category, reason) = (.foreignCurrency, "Charged in \(foreign)")
            return
        }
        let words = Self.words(description)
        for (category, phrases) in Self.descriptionPhrases where offered.contains(category) {
            if let phrase = phrases.first(where: { Self.contains(words, $0) }) {
                (self.category, reason) = (category, "Description says \(phrase.uppercased())")
                return
            }
        }
        let lowered = description.lowercased()
        if offered.contains(.online), let marker = Self.webMarkers.first(where: { lowered.contains($0) }) {
            (category, reason) = (.online, "Description says \(marker.uppercased())")
            return
        }
        for key in categoryKeys {
            if let category = Self.categoryKeys[key], offered.contains(category) {
                (self.category, reason) = (category, "Category \(key)")
                return
            }
        }
        (category, reason) = (.general, "No bonus category fits")
    }

    /// Household category keys (`DefaultCategories`) and the bonus category each suggests.
    static let categoryKeys: [String: BonusCategory] = [
        "dining": .dining, "coffee": .dining, "groceries": .groceries, "fuel": .fuel, "transportation": .transport,
        "transit": .transport, "online": .online, "shopping": .shopping, "travel": .travel,
    ]

    /// Whole-word phrases in a description that say how a purchase was paid or where.
    static let descriptionPhrases: [(BonusCategory, [String])] = [
        (.contactless, ["apple pay", "google pay", "samsung pay", "paywave", "contactless", "nfc"]),
        (
            .online,
            [
                "online", "amazon", "shopee", "lazada", "taobao", "qoo10", "paypal", "app store", "google play",
                "netflix", "spotify",
            ]
        ),
    ]

    /// Pieces of a web address, matched anywhere in the description.
    static let webMarkers = [".com", "www.", ".sg/", ".net"]

    /// The currency a description says the charge was made in, other than `home`: an upper-case ISO code next
    /// to an amount (`USD 12.50`, `12.50 USD`), or `FX` / `FOREIGN` (then "a foreign currency").
    static func foreignCurrency(in description: String, home: Currency) -> String? {
        let tokens = description.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == ":" }).map(String.init)
        for (index, token) in tokens.enumerated() where token.count == 3 && token == token.uppercased() {
            guard token != home.code, Currency.isoCodes.contains(token) else { continue }
            let neighbours = [index - 1, index + 1].filter(tokens.indices.contains).map { tokens[$0] }
            // A code that is also an English word ("ALL 20 STORES") needs an amount with a separator.
            let needsSeparator = wordLikeCodes.contains(token)
            if neighbours.contains(where: { isAmount($0) && (!needsSeparator || $0.contains { ".,".contains($0) }) }) {
                return token
            }
        }
        let words = Self.words(description)
        for phrase in ["fx", "foreign", "foreign currency", "ccy conversion"] where contains(words, phrase) {
            return "a foreign currency"
        }
        return nil
    }

    /// ISO codes that are also English words, upper-case in shop names ("ALL", "TOP", "CUP").
    static let wordLikeCodes: Set<String> = [
        "ALL", "AMD", "BAM", "BOB", "CUP", "GEL", "MAD", "MOP", "PEN", "SOS", "TOP", "TRY",
    ]

    /// Whether a token is an amount: digits with at most separators and a sign around them.
    static func isAmount(_ token: String) -> Bool {
        let trimmed = token.trimmingCharacters(in: CharacterSet(charactersIn: "+-()$"))
        return trimmed.contains(where: \.isASCIIDigit)
            && trimmed.allSatisfy { $0.isASCIIDigit || $0 == "." || $0 == "," }
    }

    /// The description as lower-case words of letters and digits.
    static func words(_ text: String) -> [Substring] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }

    /// Whether `phrase`'s words appear in `words` together and in order.
    static func contains(_ words: [Substring], _ phrase: String) -> Bool {
        let wanted = phrase.split(separator: " ")
        guard !wanted.isEmpty, words.count >= wanted.count else { return false }
        for start in 0...(words.count - wanted.count) where words[start] == wanted[0] {
            if zip(words[start...], wanted).allSatisfy({ $0 == $1 }) { return true }
        }
        return false
    }
}
