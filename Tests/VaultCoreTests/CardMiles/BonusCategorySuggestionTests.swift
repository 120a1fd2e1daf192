import Testing
import VaultCore

@Suite struct BonusCategorySuggestionTests {
    static let everything = BonusCategory.cappable + [.general]

    @Test(
        "a suggestion comes from a foreign charge, then payment words, then the category",
        arguments: [
            ("AMAZON.COM SEATTLE US USD 12.50", [String](), "foreignCurrency", "Charged in USD"),
            ("12,500 JPY TOKYO RAMEN", ["dining"], "foreignCurrency", "Charged in JPY"),
            ("SGD 12.50 KOPITIAM", ["coffee", "dining"], "dining", "Category coffee"),
            ("COLD STORAGE APPLE PAY", ["groceries"], "contactless", "Description says APPLE PAY"),
            ("SHOPEE SINGAPORE", [], "online", "Description says SHOPEE"),
            ("WWW.AGODA.COM", ["travel"], "online", "Description says .COM"),
            ("SHELL JURONG", ["fuel", "transportation"], "fuel", "Category fuel"),
            ("SMRT TRAINS", ["transit", "transportation"], "transport", "Category transit"),
            ("ALL 20 STORES", [], "general", "No bonus category fits"),
            ("Top 10 Cafe", [], "general", "No bonus category fits"),
        ])
    func suggestions(description: String, keys: [String], category: String, reason: String) {
        let suggestion = BonusCategorySuggestion(
            description: description, categoryKeys: keys, choices: Self.everything, cardCurrency: .sgd)
        #expect(suggestion.category.rawValue == category)
        #expect(suggestion.reason == reason)
    }

    @Test("only a category the card has a cap for is suggested; a foreign charge is flagged either way")
    func onlyTheCardsCategories() {
        let online = BonusCategorySuggestion(
            description: "NETFLIX.COM USD 15.49", categoryKeys: ["entertainment"], choices: [.online, .general],
            cardCurrency: .sgd)
        #expect(online.category == .online)
        #expect(online.isForeign)
        let none = BonusCategorySuggestion(
            description: "JOE'S DINER", categoryKeys: ["dining"], choices: [], cardCurrency: .sgd)
        #expect(none.category == .general)
        #expect(!none.isForeign)
        let home = BonusCategorySuggestion(
            description: "HAWKER SGD 4.50", categoryKeys: [], choices: Self.everything, cardCurrency: .sgd)
        #expect(!home.isForeign, "the card's own currency is not foreign")
    }
}
