import Foundation
import Testing
import VaultTestSupport

/// The card miles tracker from the command line (issue 17): `cards library|add|list|edit|remove|best` and
/// `add --card`; one process per command, data kept in between. The CLI's clock is the wall clock, so every
/// expense is dated today and falls in each card's current cycle.
@Suite struct CardsCommandTests {
    /// A household in SGD, the library cards' currency.
    func setUp() throws -> CLIRunner {
        let cli = try CLIRunner()
        #expect(
            try cli.run("init", "--name", "Home", "--time-zone", "Asia/Singapore", "--currency", "SGD").status == 0)
        return cli
    }

    /// Runs a command that must succeed.
    @discardableResult
    func ok(_ cli: CLIRunner, _ arguments: String...) throws -> CLIRunner.Result {
        let result = try cli.run(arguments)
        #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    @Test("cards library lists every card under its bank's name, with the id to add it by")
    func library() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        let text = try ok(cli, "cards", "library").stdout
        let uob = try #require(text.range(of: "\nUOB\n"))
        let ocbc = try #require(text.range(of: "\nOCBC\n"))
        let signature = try #require(text.range(of: "uob-visa-signature"))
        #expect(uob.upperBound < signature.lowerBound && signature.upperBound < ocbc.lowerBound)
        #expect(text.hasPrefix("DBS\n"))
        #expect(text.contains("choose 2 with --category"))
        #expect(text.contains("Not a miles card"))
        let json = try #require(try cli.json(try ok(cli, "cards", "library", "--json")) as? [[String: Any]])
        #expect(json.contains { $0["id"] as? String == "uob-visa-signature" && $0["localRate"] as? String == "4.0" })
    }

    @Test("cards list shows each card like the cards page: cycle, spend, bars with status, caps, rates and miles")
    func list() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        #expect(try ok(cli, "cards").stdout.contains("No cards yet"))
        try ok(cli, "cards", "add", "--template", "uob-visa-signature", "--last-four", "1234")
        try ok(
            cli, "cards", "add", "--name", "Everyday", "--bank", "DBS", "--network", "Visa", "--min", "500", "--max",
            "2000", "--local", "1.4", "--foreign", "2.4", "--base", "0.4", "--notes", "My own")
        try ok(cli, "add", "-800", "--card", "1234", "--bonus-category", "contactless", "--description", "Dinner")
        try ok(cli, "add", "-250", "--card", "Everyday", "--description", "Groceries")

        let text = try ok(cli, "cards", "list").stdout
        #expect(text.contains("S$1,050.00 spent across all cards"))
        let blocks = text.components(separatedBy: "\n\n")
        let signature = try #require(blocks.first { $0.hasPrefix("UOB Visa Signature ···1234") })
        #expect(signature.contains("spent S$800.00, 320 miles"))
        #expect(signature.contains("[################----]  Contactless: S$800 / S$1,000 min  below minimum"))
        #expect(signature.contains("Foreign currency: S$0 / S$1,000 min"))
        #expect(signature.contains("Rates: 4.0 / 4.0 / 0.4 mpd"))
        let everyday = try #require(blocks.first { $0.hasPrefix("DBS Everyday") })
        #expect(everyday.contains("[##########----------]  Minimum: S$250 / S$500 min (orange)"))
        #expect(everyday.contains("Maximum: S$250 / S$2,000 max (blue)"))
        #expect(everyday.contains("Status: Below minimum (orange)"))
        #expect(everyday.contains("Rates: 1.4 / 2.4 / 0.4 mpd"))
        #expect(everyday.contains("Notes: My own"))
        #expect(everyday.contains("100 miles"))

        let json = try #require(try cli.json(try ok(cli, "cards", "--json")) as? [String: Any])
        let cards = try #require(json["cards"] as? [[String: Any]])
        #expect(cards.map { $0["title"] as? String } == ["UOB Visa Signature ···1234", "DBS Everyday"])
        #expect(cards.map { $0["miles"] as? Int } == [320, 100])
    }

    @Test("the library and a cards list print as the golden files show (dates, which follow the clock, redacted)")
    func golden() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        try Golden.check(try ok(cli, "cards", "library").stdout, against: "cards-library.txt")
        try ok(cli, "cards", "add", "--template", "uob-preferred-platinum", "--last-four", "1111")
        try ok(cli, "cards", "add", "--template", "sc-visa-infinite")
        try ok(cli, "add", "-450", "--card", "1111", "--bonus-category", "online")
        try ok(cli, "add", "-600", "--card", "1111", "--bonus-category", "contactless")
        try ok(cli, "add", "-80.40", "--card", "1111")
        try ok(cli, "add", "-2500", "--card", "Visa Infinite")
        let list = try ok(cli, "cards", "list").stdout
        let redacted = list.replacing(/[0-9]{4}-[0-9]{2}-[0-9]{2}/, with: "YYYY-MM-DD")
            .replacing(/\([0-9]{4}-[0-9]{2}\)/, with: "(YYYY-MM)")
        try Golden.check(redacted, against: "cards-list.txt")
    }

    @Test("cards add takes caps as CATEGORY:MIN:CAP:RATE and refuses a bad one before touching the data")
    func customCaps() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        let added = try ok(
            cli, "cards", "add", "--name", "Capped", "--base", "0.4", "--cap", "contactless:1000:1200:4.0", "--cap",
            "online+dining::600:3", "--json")
        let card = try #require(try cli.json(added) as? [String: Any])
        let caps = try #require(card["caps"] as? [[String: Any]])
        #expect(caps.count == 2)
        #expect(caps[0]["minimumSpend"] as? String == "1000.00" && caps[0]["cap"] as? String == "1200.00")
        #expect(caps[1]["categories"] as? [String] == ["online", "dining"])
        #expect(caps[1]["minimumSpend"] == nil && caps[1]["bonusRate"] as? String == "3.0")

        let bad = try cli.run("cards", "add", "--name", "Bad", "--cap", "contactless-1000")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("CATEGORY:MIN:CAP:RATE"))
        let refused = try cli.run("cards", "add", "--name", "Bad", "--cap", "general::100:4", "--local", "x")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("localRate") && refused.stderr.contains("categoryCaps[0]"))
        let mixed = try cli.run("cards", "add", "--template", "uob-prvi-visa", "--local", "2")
        #expect(mixed.status == 2)
        let list = try #require(try cli.json(try ok(cli, "cards", "--json")) as? [String: Any])
        #expect((list["cards"] as? [Any])?.count == 1)
    }

    @Test("cards edit changes only the options given and says which")
    func edit() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        try ok(cli, "cards", "add", "--template", "uob-prvi-visa", "--last-four", "4321")
        let edited = try ok(cli, "cards", "edit", "4321", "--statement-day", "15", "--min", "800")
        #expect(edited.stdout.contains("Changed"))
        #expect(edited.stdout.contains("UOB PRVI Miles Visa ···4321"))
        let card = try #require(
            (try cli.json(try ok(cli, "cards", "--json")) as? [String: Any])?["cards"] as? [[String: Any]])
        #expect(card.first?["statementDay"] as? Int == 15)
        #expect(card.first?["minimumSpend"] as? String == "800.00")
        #expect(card.first?["localRate"] as? String == "1.4")
        #expect(try ok(cli, "cards", "edit", "4321").stdout.contains("Nothing changed."))
        let unknown = try cli.run("cards", "edit", "9999", "--min", "1")
        #expect(unknown.status == 2)
    }

    @Test("cards remove says how many manual expenses would go and refuses without --yes")
    func remove() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        try ok(cli, "cards", "add", "--template", "uob-prvi-visa")
        try ok(cli, "add", "-12", "--card", "PRVI Miles Visa")
        try ok(cli, "add", "-30", "--card", "PRVI Miles Visa")
        let refused = try cli.run("cards", "remove", "PRVI Miles Visa")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("2 manual expenses"))
        #expect(refused.stderr.contains("--yes"))
        let removed = try ok(cli, "cards", "remove", "PRVI Miles Visa", "--yes")
        #expect(removed.stdout.contains("Deleted UOB PRVI Miles Visa"))
        #expect(removed.stdout.contains("2 manual expenses"))
        #expect(try ok(cli, "cards").stdout.contains("No cards yet"))
    }

    @Test("cards best ranks the card with room under its cap first, with miles and why")
    func best() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        try ok(cli, "cards", "add", "--template", "uob-preferred-platinum", "--last-four", "1111")
        try ok(cli, "cards", "add", "--template", "uob-preferred-platinum", "--last-four", "2222")
        try ok(cli, "add", "-600", "--card", "1111", "--bonus-category", "online")
        let table = try ok(cli, "cards", "best", "100", "--category", "online").stdout
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].contains("···2222") && lines[1].contains("400"))
        #expect(lines[2].contains("···1111") && lines[2].contains("already reached"))
        let json = try #require(
            try cli.json(try ok(cli, "cards", "best", "100", "--category", "online", "--json")) as? [[String: Any]])
        #expect(json.map { $0["miles"] as? Int } == [400, 40])
        let bad = try cli.run("cards", "best", "abc")
        #expect(bad.status == 2)
    }

    @Test("add --card needs no account; --bonus-category without a card is refused")
    func addWithCard() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        try ok(cli, "cards", "add", "--template", "uob-preferred-platinum")
        let added = try ok(cli, "add", "-20", "--card", "Preferred Platinum Visa", "--bonus-category", "online")
        #expect(added.stdout.contains("UOB Preferred Platinum Visa"))
        let orphan = try cli.run("add", "-20", "--bonus-category", "online", "--account", "Cash")
        #expect(orphan.status == 2)
        #expect(orphan.stderr.contains("--card"))
        let neither = try cli.run("add", "-20")
        #expect(neither.status == 2)
        let notOnCard = try cli.run("add", "-20", "--card", "Preferred Platinum Visa", "--bonus-category", "dining")
        #expect(notOnCard.status == 2)
    }

    @Test("cards best ranks the cards in the purchase's currency; a card in another is listed apart, saying why")
    func bestOneCurrency() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        // The USD card comes first in the cards' order and would earn more; the purchase is in the household's SGD.
        try ok(cli, "cards", "add", "--name", "Dollar Rewards", "--currency", "USD", "--local", "4.0")
        try ok(cli, "cards", "add", "--template", "uob-prvi-visa")
        let text = try ok(cli, "cards", "best", "100").stdout
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[1].contains("UOB PRVI Miles Visa") && lines[1].contains("140"))
        #expect(text.contains("Cannot earn on this purchase:"))
        #expect(
            text.contains(
                "Dollar Rewards: Cannot earn on a purchase in SGD: this card's amounts are in USD, and nothing is "
                    + "converted"))
        let json = try #require(try cli.json(try ok(cli, "cards", "best", "100", "--json")) as? [[String: Any]])
        #expect(json.map { $0["canEarn"] as? Bool } == [true, false])
        #expect(json.map { $0["rank"] as? Int } == [1, nil])
        let dollars = try ok(cli, "cards", "best", "100", "--currency", "USD").stdout
        #expect(dollars.split(separator: "\n")[1].contains("Dollar Rewards"))
    }

    @Test("add --foreign fills a foreign-currency cap, and a foreign category earns what cards best promised")
    func foreignAsPromised() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        try ok(cli, "cards", "add", "--template", "uob-visa-signature", "--last-four", "1234")
        try ok(cli, "cards", "add", "--template", "uob-prvi-visa", "--last-four", "5678")
        try ok(cli, "add", "-1200", "--card", "1234", "--foreign", "--description", "Hotel in Tokyo")
        let promised = try #require(
            try cli.json(try ok(cli, "cards", "best", "100", "--category", "foreignCurrency", "--json"))
                as? [[String: Any]])
        #expect(promised.first { ($0["title"] as? String)?.contains("5678") == true }?["miles"] as? Int == 240)
        try ok(cli, "add", "-100", "--card", "5678", "--bonus-category", "foreignCurrency")
        let blocks = try ok(cli, "cards", "list").stdout.components(separatedBy: "\n\n")
        let signature = try #require(blocks.first { $0.hasPrefix("UOB Visa Signature ···1234") })
        #expect(signature.contains("spent S$1,200.00, 4,800 miles"))
        let prvi = try #require(blocks.first { $0.hasPrefix("UOB PRVI Miles Visa ···5678") })
        #expect(prvi.contains("spent S$100.00, 240 miles"))
    }

    @Test("add --card refuses money in, zero, --account beside it, and a category a card without caps has not")
    func addWithCardRefusals() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        try ok(cli, "cards", "add", "--template", "uob-prvi-visa")
        let positive = try cli.run("add", "25", "--card", "PRVI Miles Visa")
        #expect(positive.status != 0)
        #expect(positive.stderr.contains("below zero"))
        let zero = try cli.run("add", "0", "--card", "PRVI Miles Visa")
        #expect(zero.status != 0)
        #expect(zero.stderr.contains("cannot be zero"))
        let both = try cli.run("add", "-25", "--card", "PRVI Miles Visa", "--account", "Cash")
        #expect(both.status == 2)
        #expect(both.stderr.contains("Give --card or --account, not both"))
        let dining = try cli.run("add", "-25", "--card", "PRVI Miles Visa", "--bonus-category", "dining")
        #expect(dining.status != 0)
        #expect(dining.stderr.contains("has no bonus categories"))
        #expect(try ok(cli, "cards", "list").stdout.contains("spent S$0.00"))
    }
}
