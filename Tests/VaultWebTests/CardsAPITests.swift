import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultTestSupport
import VaultWeb

/// The card miles tracker through the API (issue 17): each route, refusals with every problem, another
/// household's cards, confirmation before manual expenses go, and "which card?" ranking. Today is 2026-11-21.
@Suite struct CardsAPITests {
    /// Signs up `email` with a household in SGD, the library cards' currency; returns the bearer token.
    func token(_ world: WebWorld, _ email: String = "jo@example.com") async throws -> String {
        let response = try await send(
            world, .post, "/api/v1/auth/signup",
            #"{"email":"\#(email)","password":"correct horse battery","currency":"SGD","timeZone":"Asia/Singapore"}"#)
        #expect(response.status == .created)
        return try #require(try json(response)["token"] as? String)
    }

    func send(
        _ world: WebWorld, _ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil, token: String? = nil
    ) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if body != nil { headers[.contentType] = "application/json" }
        return try await world.client.execute(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    /// Adds a card; returns its JSON.
    func addCard(_ world: WebWorld, _ body: String, token: String) async throws -> [String: Any] {
        let response = try await send(world, .post, "/api/v1/cards", body, token: token)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try json(response)
    }

    /// Logs a purchase on a card; returns the transaction's id.
    func spend(
        _ world: WebWorld, _ amount: String, card: String, category: String? = nil, token: String
    ) async throws -> String {
        let bonus = category.map { #","bonusCategory":"\#($0)""# } ?? ""
        let response = try await send(
            world, .post, "/api/v1/transactions",
            #"{"amount":"-\#(amount)","card":"\#(card)","description":"Purchase"\#(bonus)}"#, token: token)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try #require(try json(response)["id"] as? String)
    }

    func problemFields(_ response: TestResponse) throws -> Set<String> {
        let error = try #require(try json(response)["error"] as? [String: Any])
        let problems = try #require(error["problems"] as? [[String: Any]])
        return Set(problems.compactMap { $0["field"] as? String })
    }

    @Test("the library lists every card by bank with its id, rates as decimal strings and what to choose")
    func library() async throws {
        try await withWeb { world in
            let token = try await token(world)
            let response = try await send(world, .get, "/api/v1/cards/library", token: token)
            #expect(response.status == .ok)
            let cards = try jsonArray(response)
            #expect(cards.count == CardLibrary.cards.count)
            #expect(cards.first?["bank"] as? String == "dbs")
            let signature = try #require(cards.first { $0["id"] as? String == "uob-visa-signature" })
            #expect(signature["localRate"] as? String == "4.0")
            #expect(signature["earnRates"] as? String == "4.0 / 4.0 / 0.4 mpd")
            let caps = try #require(signature["caps"] as? [[String: Any]])
            #expect(caps.map { $0["minimumSpend"] as? String } == ["1000.00", "1000.00"])
            let solitaire = try #require(cards.first { $0["id"] as? String == "uob-ladys-solitaire" })
            #expect(solitaire["categoriesToChoose"] as? Int == 2)
            let premierMiles = try #require(cards.first { ($0["availability"] as? String) == "discontinuing" })
            #expect(premierMiles["discontinued"] as? Bool == true)
            #expect(cards.contains { $0["availability"] as? String == "not-miles" })
        }
    }

    @Test("a library card is added with the person's details and shows its caps' two-stage bars on the overview")
    func addFromLibrary() async throws {
        try await withWeb { world in
            let token = try await token(world)
            let empty = try json(try await send(world, .get, "/api/v1/cards", token: token))
            #expect((empty["cards"] as? [Any])?.isEmpty == true)

            let response = try await send(
                world, .post, "/api/v1/cards",
                #"{"template":"uob-visa-signature","lastFourDigits":"1234","statementDay":15}"#, token: token)
            #expect(response.status == .created)
            let card = try json(response)
            let id = try #require(card["id"] as? String)
            #expect(response.headers[.location] == "/api/v1/cards/\(id)")
            #expect(card["title"] as? String == "UOB Visa Signature ···1234")
            #expect(card["statementDay"] as? Int == 15)
            #expect(card["cycleStart"] as? String == "2026-11-15" && card["cycleEnd"] as? String == "2026-12-14")
            #expect(card["template"] as? String == "uob-visa-signature")
            #expect(card["bonusCategories"] as? [String] == ["foreignCurrency", "contactless", "general"])
            #expect((card["account"] as? [String: Any])?["ownedByCard"] as? Bool == true)

            _ = try await spend(world, "800", card: "1234", category: "contactless", token: token)
            let overview = try json(try await send(world, .get, "/api/v1/cards", token: token))
            #expect(overview["month"] as? String == "2026-11")
            #expect(
                (overview["monthSpend"] as? [[String: Any]])?.first?["amount"] as? String == "800.00")
            let listed = try #require((overview["cards"] as? [[String: Any]])?.first)
            #expect(listed["spend"] as? String == "800.00")
            #expect(listed["miles"] as? Int == 320)
            let caps = try #require(listed["capProgress"] as? [[String: Any]])
            #expect(
                caps.map { $0["label"] as? String } == [
                    "Foreign currency: S$0 / S$1,000 min", "Contactless: S$800 / S$1,000 min",
                ])
            #expect(caps[1]["stage"] as? String == "belowMinimum")
            #expect(caps[1]["colour"] as? String == "orange")
            #expect(caps[1]["share"] as? String == "80.00")
            #expect(listed["minimumBar"] == nil && listed["badge"] == nil)

            _ = try await spend(world, "300", card: "1234", category: "contactless", token: token)
            let detail = try json(try await send(world, .get, "/api/v1/cards/\(id)", token: token))
            let after = try #require(detail["card"] as? [String: Any])
            let contactless = try #require((after["capProgress"] as? [[String: Any]])?.last)
            #expect(contactless["label"] as? String == "Contactless: S$1,100 / S$1,200 cap")
            #expect(contactless["colour"] as? String == "green")
            // 4 mpd on all S$1,100 once the minimum is met.
            #expect(after["miles"] as? Int == 4_400)
            let transactions = try #require(detail["transactions"] as? [[String: Any]])
            #expect(transactions.count == 2)
            #expect(transactions.allSatisfy { $0["bonusCategory"] as? String == "contactless" })
            #expect(transactions.allSatisfy { $0["bonusCategorySource"] as? String == "chosen" })
            #expect(Set(transactions.compactMap { $0["spend"] as? String }) == ["800.00", "300.00"])
            #expect(Set(transactions.compactMap { $0["amount"] as? String }) == ["-800.00", "-300.00"])
        }
    }

    @Test("a custom card with thresholds has minimum and maximum bars and a badge; PATCH changes only what is sent")
    func customCard() async throws {
        try await withWeb { world in
            let token = try await token(world)
            let card = try await addCard(
                world,
                #"""
                {"name":"Everyday","bank":"DBS","network":"visa","minimumSpend":"500","maximumSpend":"2000",
                 "localRate":"1.4","foreignRate":"2.4","baseRate":"0.4","notes":"Mine"}
                """#, token: token)
            let id = try #require(card["id"] as? String)
            #expect(card["title"] as? String == "DBS Everyday")
            #expect(card["earnRates"] as? String == "1.4 / 2.4 / 0.4 mpd")
            _ = try await spend(world, "600", card: "Everyday", token: token)
            let patched = try await send(
                world, .patch, "/api/v1/cards/\(id)", #"{"minimumSpend":"800","notes":""}"#, token: token)
            #expect(patched.status == .ok)
            let after = try json(patched)
            #expect(after["minimumSpend"] as? String == "800.00")
            #expect(after["maximumSpend"] as? String == "2000.00")
            #expect(after["notes"] == nil)
            #expect(after["localRate"] as? String == "1.4")
            let minimum = try #require(after["minimumBar"] as? [String: Any])
            #expect(minimum["label"] as? String == "S$600 / S$800 min")
            #expect(minimum["colour"] as? String == "orange")
            let badge = try #require(after["badge"] as? [String: Any])
            #expect(badge["status"] as? String == "belowMinimum" && badge["text"] as? String == "Below minimum")

            let caps = try await send(
                world, .patch, "/api/v1/cards/\(id)",
                #"{"caps":[{"categories":["contactless"],"minimumSpend":"1000","cap":"1200","bonusRate":"4.0"}]}"#,
                token: token)
            #expect(caps.status == .ok)
            let capped = try json(caps)
            #expect((capped["caps"] as? [[String: Any]])?.first?["bonusRate"] as? String == "4.0")
            #expect(capped["badge"] == nil)
        }
    }

    @Test("bad input is refused whole with every problem named, and nothing is written")
    func refused() async throws {
        try await withWeb { world in
            let token = try await token(world)
            let bad = try await send(
                world, .post, "/api/v1/cards",
                #"""
                {"name":"X","lastFourDigits":"12a","statementDay":40,"localRate":"abc","minimumSpend":"5",
                 "maximumSpend":"1","caps":[{"categories":["general"],"cap":"100","bonusRate":"4"}]}
                """#, token: token)
            #expect(bad.status == .unprocessableContent)
            #expect(try json(bad)["error"].flatMap { ($0 as? [String: Any])?["code"] as? String } == "invalid_input")
            #expect(
                try problemFields(bad).isSuperset(of: [
                    "lastFourDigits", "statementDay", "localRate", "maximumSpend", "categoryCaps[0]",
                ]))
            let nameless = try await send(world, .post, "/api/v1/cards", #"{"bank":"DBS"}"#, token: token)
            #expect(nameless.status == .unprocessableContent)
            #expect(try problemFields(nameless).contains("name"))
            let customChoices = try await send(
                world, .post, "/api/v1/cards", #"{"name":"Mine","categories":["dining"]}"#, token: token)
            #expect(try problemFields(customChoices) == ["categories"])
            let mixed = try await send(
                world, .post, "/api/v1/cards", #"{"template":"uob-prvi-visa","localRate":"9","name":"Mine"}"#,
                token: token)
            #expect(mixed.status == .unprocessableContent)
            #expect(try problemFields(mixed) == ["localRate", "name"])
            let choices = try await send(
                world, .post, "/api/v1/cards", #"{"template":"uob-ladys-solitaire","categories":["dining"]}"#,
                token: token)
            #expect(choices.status == .unprocessableContent)
            #expect(try problemFields(choices) == ["categories"])
            let unknown = try await send(world, .post, "/api/v1/cards", #"{"template":"no-such-card"}"#, token: token)
            #expect(unknown.status == .unprocessableContent)
            #expect(try problemFields(unknown) == ["template"])
            let malformed = try await send(world, .post, "/api/v1/cards", #"{"name": 12"#, token: token)
            #expect(malformed.status == .badRequest)
            let cards = try json(try await send(world, .get, "/api/v1/cards", token: token))
            #expect((cards["cards"] as? [Any])?.isEmpty == true)

            let card = try await addCard(world, #"{"template":"uob-prvi-visa"}"#, token: token)
            let id = try #require(card["id"] as? String)
            let patch = try await send(
                world, .patch, "/api/v1/cards/\(id)", #"{"baseRate":"1.234","network":"Diners"}"#, token: token)
            #expect(patch.status == .unprocessableContent)
            #expect(try problemFields(patch) == ["baseRate", "network"])
            let retemplate = try await send(
                world, .patch, "/api/v1/cards/\(id)", #"{"template":"uob-visa-signature"}"#, token: token)
            #expect(retemplate.status == .unprocessableContent)
            let best = try await send(
                world, .get, "/api/v1/cards/best?amount=abc&category=lunch&date=2026-02-30", token: token)
            #expect(best.status == .unprocessableContent)
            #expect(try problemFields(best) == ["amount", "category", "date"])
            let foreign = try await send(world, .get, "/api/v1/cards/best?amount=10&foreign=maybe", token: token)
            #expect(foreign.status == .unprocessableContent)
        }
    }

    @Test("another household's card or transaction is 404 for every card route, and so is an id that is not one")
    func otherHousehold() async throws {
        try await withWeb { world in
            let jo = try await token(world)
            let card = try await addCard(world, #"{"template":"uob-preferred-platinum"}"#, token: jo)
            let id = try #require(card["id"] as? String)
            let transaction = try await spend(world, "10", card: id, category: "online", token: jo)
            let mallory = try await token(world, "mallory@example.com")
            for (method, uri, body) in [
                (HTTPRequest.Method.get, "/api/v1/cards/\(id)", nil),
                (.patch, "/api/v1/cards/\(id)", #"{"name":"Mine"}"#),
                (.delete, "/api/v1/cards/\(id)?confirm=true", nil),
                (.post, "/api/v1/cards/order", #"{"ids":["\#(id)"]}"#),
                (.put, "/api/v1/transactions/\(transaction)/bonus-category", #"{"bonusCategory":"contactless"}"#),
                (.get, "/api/v1/cards/not-a-uuid", nil),
            ] as [(HTTPRequest.Method, String, String?)] {
                let response = try await send(world, method, uri, body, token: mallory)
                #expect(response.status == .notFound, "\(method) \(uri)")
                let error = try json(response)["error"] as? [String: Any]
                #expect(error?["code"] as? String == "not_found", "\(method) \(uri)")
            }
            let still = try json(try await send(world, .get, "/api/v1/cards/\(id)", token: jo))
            #expect((still["card"] as? [String: Any])?["name"] as? String == "Preferred Platinum Visa")
            #expect((still["transactions"] as? [Any])?.count == 1)
        }
    }

    @Test("changing needs a signed-in writer: signed out is 401, and a browser session without its CSRF token 403")
    func writesNeedSignIn() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            #expect(try await browser.request("/api/v1/cards").status == .ok)
            for (method, uri) in [
                (HTTPRequest.Method.post, "/api/v1/cards"), (.post, "/api/v1/cards/order"),
                (.put, "/api/v1/transactions/0193a5b0-0000-7000-8000-000000000001/bonus-category"),
            ] {
                let forged = try await browser.request(
                    uri, method: method, body: #"{"template":"uob-prvi-visa","ids":[]}"#,
                    contentType: "application/json")
                #expect(forged.status == .forbidden, "\(uri)")
                #expect(String(buffer: forged.body).contains("\"csrf\""))
                let signedOut = try await send(world, method, uri, #"{"template":"uob-prvi-visa"}"#)
                #expect(signedOut.status == .unauthorized, "\(uri)")
            }
            let scope = try await world.scope(of: "jo@example.com")
            #expect(try await scope.cards.list().isEmpty)
        }
    }

    @Test("deleting a card with manual expenses is refused with their count until confirmed")
    func confirmDelete() async throws {
        try await withWeb { world in
            let token = try await token(world)
            let card = try await addCard(world, #"{"template":"uob-prvi-visa","lastFourDigits":"4321"}"#, token: token)
            let id = try #require(card["id"] as? String)
            _ = try await spend(world, "12", card: "4321", token: token)
            _ = try await spend(world, "30", card: "4321", token: token)

            let refused = try await send(world, .delete, "/api/v1/cards/\(id)", token: token)
            #expect(refused.status == .conflict)
            let error = try #require(try json(refused)["error"] as? [String: Any])
            #expect(error["code"] as? String == "confirmation_required")
            #expect(error["count"] as? Int == 2)
            #expect((error["message"] as? String)?.contains("2 manual expenses") == true)
            #expect(try await send(world, .get, "/api/v1/cards/\(id)", token: token).status == .ok)

            let deleted = try await send(world, .delete, "/api/v1/cards/\(id)?confirm=true", token: token)
            #expect(deleted.status == .ok)
            let removal = try json(deleted)
            #expect(removal["expensesDeleted"] as? Int == 2)
            #expect(removal["accountDeleted"] as? String == "UOB PRVI Miles Visa 4321")
            #expect(try await send(world, .get, "/api/v1/cards/\(id)", token: token).status == .notFound)
            let list = try json(try await send(world, .get, "/api/v1/transactions", token: token))
            #expect(list["totalCount"] as? Int == 0)

            let bare = try await addCard(world, #"{"template":"uob-prvi-visa"}"#, token: token)
            let bareID = try #require(bare["id"] as? String)
            #expect(try await send(world, .delete, "/api/v1/cards/\(bareID)", token: token).status == .ok)
        }
    }

    @Test("best ranks a card with room under its cap over one whose cap is used up, with miles and why")
    func bestRanksUnmaxedCap() async throws {
        try await withWeb { world in
            let token = try await token(world)
            // The maxed card comes first in the cards' order, so only the miles can put the other ahead.
            let maxed = try await addCard(
                world, #"{"template":"uob-preferred-platinum","lastFourDigits":"1111"}"#, token: token)
            let fresh = try await addCard(
                world, #"{"template":"uob-preferred-platinum","lastFourDigits":"2222"}"#, token: token)
            _ = try await spend(world, "600", card: "1111", category: "online", token: token)

            let response = try await send(world, .get, "/api/v1/cards/best?amount=100&category=online", token: token)
            #expect(response.status == .ok)
            let ranked = try jsonArray(response)
            #expect(ranked.map { $0["card"] as? String } == [fresh["id"] as? String, maxed["id"] as? String])
            #expect(ranked.map { $0["rank"] as? Int } == [1, 2])
            #expect(ranked.map { $0["miles"] as? Int } == [400, 40])
            #expect((ranked[1]["reason"] as? String)?.contains("already reached") == true)
            #expect(ranked[0]["title"] as? String == "UOB Preferred Platinum Visa ···2222")
        }
    }

    @Test("the cards are put in the order given; the rest keep theirs after them")
    func reorder() async throws {
        try await withWeb { world in
            let token = try await token(world)
            var ids: [String] = []
            for template in ["uob-prvi-visa", "ocbc-90n", "hsbc-travelone"] {
                ids.append(
                    try #require(
                        try await addCard(world, #"{"template":"\#(template)"}"#, token: token)["id"] as? String))
            }
            let response = try await send(
                world, .post, "/api/v1/cards/order", #"{"ids":["\#(ids[2])","\#(ids[1])"]}"#, token: token)
            #expect(response.status == .ok)
            let cards = try #require(try json(response)["cards"] as? [[String: Any]])
            #expect(cards.map { $0["id"] as? String } == [ids[2], ids[1], ids[0]])
            let unknown = try await send(
                world, .post, "/api/v1/cards/order", #"{"ids":["0193a5b0-0000-7000-8000-000000000009"]}"#,
                token: token)
            #expect(unknown.status == .notFound)
        }
    }

    @Test("a transaction's bonus category is set, remembered for its payee, and refused when not the card's")
    func bonusCategory() async throws {
        try await withWeb { world in
            let token = try await token(world)
            let card = try await addCard(world, #"{"template":"uob-preferred-platinum"}"#, token: token)
            let id = try #require(card["id"] as? String)
            let transaction = try await spend(world, "50", card: id, token: token)
            let set = try await send(
                world, .put, "/api/v1/transactions/\(transaction)/bonus-category",
                #"{"bonusCategory":"online","foreign":false}"#, token: token)
            #expect(set.status == .ok)
            let body = try json(set)
            #expect(body["bonusCategory"] as? String == "online")
            #expect(body["card"] as? String == id)
            #expect(body["rememberedForPayee"] as? Bool == true)
            let detail = try json(try await send(world, .get, "/api/v1/cards/\(id)", token: token))
            let counted = try #require((detail["transactions"] as? [[String: Any]])?.first)
            #expect(counted["bonusCategory"] as? String == "online")
            #expect(counted["bonusCategorySource"] as? String == "chosen")
            let online = try #require(((detail["card"] as? [String: Any])?["capProgress"] as? [[String: Any]])?.first)
            #expect(online["label"] as? String == "Online: S$50 / S$600")

            let notOnCard = try await send(
                world, .put, "/api/v1/transactions/\(transaction)/bonus-category", #"{"bonusCategory":"dining"}"#,
                token: token)
            #expect(notOnCard.status == .unprocessableContent)
            #expect(try problemFields(notOnCard) == ["bonusCategory"])
            let missing = try await send(
                world, .put, "/api/v1/transactions/\(transaction)/bonus-category", #"{"foreign":true}"#, token: token)
            #expect(missing.status == .unprocessableContent)
            let patched = try await send(
                world, .patch, "/api/v1/transactions/\(transaction)", #"{"bonusCategory":"online"}"#, token: token)
            #expect(patched.status == .unprocessableContent)
            #expect(try problemFields(patched) == ["bonusCategory"])
            let wrongCard = try await send(
                world, .post, "/api/v1/transactions", #"{"amount":"-5","card":"Nope"}"#, token: token)
            #expect(wrongCard.status == .unprocessableContent)
            #expect(try problemFields(wrongCard).contains("card"))
        }
    }

    @Test("a card's answer keeps its shape: the whole JSON of GET /cards/{id}, ids redacted")
    func snapshot() async throws {
        try await withWeb { world in
            let token = try await token(world)
            let card = try await addCard(
                world, #"{"template":"uob-visa-signature","lastFourDigits":"1234","statementDay":15}"#, token: token)
            let id = try #require(card["id"] as? String)
            _ = try await spend(world, "1100", card: "1234", category: "contactless", token: token)
            let response = try await send(world, .get, "/api/v1/cards/\(id)", token: token)
            let actual = try #require(
                try JSONSerialization.jsonObject(with: Data(Golden.redactingIDs(String(buffer: response.body)).utf8))
                    as? NSDictionary)
            let expected = try #require(
                try JSONSerialization.jsonObject(with: Data(Self.cardSnapshot.utf8)) as? NSDictionary)
            #expect(expected.count == 2)
            #expect(actual == expected, "\(String(buffer: response.body))")
        }
    }

    /// Hand-checked: 1,100 of the 1,200 contactless cap is 91.66% (rounded down below a target), and with its 1,000 minimum met all of it
    /// earns 4 mpd, 4,400 miles; the statement day 15 puts 2026-11-21 in the cycle 2026-11-15 to 2026-12-14.
    static let cardSnapshot = #"""
        {
          "card": {
            "account": {
              "id": "<id-1>",
              "name": "UOB Visa Signature 1234",
              "ownedByCard": true
            },
            "bank": "uob",
            "bankName": "UOB",
            "baseRate": "0.4",
            "bonusCategories": [
              "foreignCurrency",
              "contactless",
              "general"
            ],
            "capProgress": [
              {
                "bonusRate": "4.0",
                "cap": "1200.00",
                "categories": [
                  "foreignCurrency"
                ],
                "colour": "orange",
                "filled": "0.00",
                "label": "Foreign currency: S$0 / S$1,000 min",
                "minimumSpend": "1000.00",
                "name": "Foreign currency",
                "share": "0.00",
                "spend": "0.00",
                "stage": "belowMinimum",
                "target": "1000.00",
                "towardMinimum": true
              },
              {
                "bonusRate": "4.0",
                "cap": "1200.00",
                "categories": [
                  "contactless"
                ],
                "colour": "green",
                "filled": "91.66",
                "label": "Contactless: S$1,100 / S$1,200 cap",
                "minimumSpend": "1000.00",
                "name": "Contactless",
                "share": "91.66",
                "spend": "1100.00",
                "stage": "earningBonus",
                "target": "1200.00",
                "towardMinimum": false
              }
            ],
            "caps": [
              {
                "bonusRate": "4.0",
                "cap": "1200.00",
                "categories": [
                  "foreignCurrency"
                ],
                "minimumSpend": "1000.00"
              },
              {
                "bonusRate": "4.0",
                "cap": "1200.00",
                "categories": [
                  "contactless"
                ],
                "minimumSpend": "1000.00"
              }
            ],
            "currency": "SGD",
            "cycleEnd": "2026-12-14",
            "cycleStart": "2026-11-15",
            "earnRates": "4.0 / 4.0 / 0.4 mpd",
            "foreignRate": "4.0",
            "id": "<id-2>",
            "lastFourDigits": "1234",
            "localRate": "4.0",
            "miles": 4400,
            "name": "Visa Signature",
            "network": "visa",
            "notes": "Each category needs its own $1,000 minimum to unlock 4 mpd, up to $1,200",
            "sortOrder": 0,
            "spend": "1100.00",
            "statementDay": 15,
            "template": "uob-visa-signature",
            "title": "UOB Visa Signature ···1234"
          },
          "transactions": [
            {
              "amount": "-1100.00",
              "bonusCategory": "contactless",
              "bonusCategorySource": "chosen",
              "date": "2026-11-21",
              "description": "Purchase",
              "foreign": false,
              "id": "<id-3>",
              "manual": true,
              "pending": false,
              "spend": "1100.00"
            }
          ]
        }
        """#

    @Test("the OpenAPI document describes the card routes and every field their answers send")
    func documented() async throws {
        try await withWeb { world in
            let yaml = String(buffer: try await world.client.execute(uri: "/api/v1/openapi.yaml", method: .get).body)
            for path in ["/cards:", "/cards/library:", "/cards/best:", "/cards/order:", "/cards/{id}:"] {
                #expect(yaml.contains("\n  \(path)\n"), "\(path)")
            }
            #expect(yaml.contains("\n  /transactions/{id}/bonus-category:\n"))
            let token = try await token(world)
            let card = try await addCard(
                world, #"{"template":"uob-visa-signature","lastFourDigits":"1234"}"#, token: token)
            let simple = try await addCard(
                world, #"{"name":"Simple","minimumSpend":"10","maximumSpend":"20"}"#, token: token)
            let id = try #require(card["id"] as? String)
            _ = try await spend(world, "5", card: "1234", category: "contactless", token: token)
            let detail = try json(try await send(world, .get, "/api/v1/cards/\(id)", token: token))
            let overview = try json(try await send(world, .get, "/api/v1/cards", token: token))
            let library = try jsonArray(try await send(world, .get, "/api/v1/cards/library", token: token))
            let best = try jsonArray(try await send(world, .get, "/api/v1/cards/best?amount=5", token: token))
            let samples: [(String, [String: Any])] = [
                ("Card", card), ("Card", simple), ("CardsOverview", overview), ("CardDetail", detail),
                ("LibraryCard", try #require(library.first { $0["availability"] as? String == "discontinuing" })),
                ("CardRecommendation", try #require(best.first)),
                ("CardCapProgress", try #require((card["capProgress"] as? [[String: Any]])?.first)),
                ("CardBar", try #require(simple["minimumBar"] as? [String: Any])),
            ]
            for (name, sample) in samples {
                let schema = OpenAPISchemaTests.schema(name, in: yaml)
                #expect(!schema.isEmpty, "schema \(name)")
                for key in sample.keys {
                    #expect(schema.contains(" \(key):"), "\(name).\(key) is not documented")
                }
            }
        }
    }

    @Test("best answers in one currency: a card in another is last, without a rank, saying why it cannot earn")
    func bestOneCurrency() async throws {
        try await withWeb { world in
            let token = try await token(world)
            // Household in SGD; the USD card comes first in the cards' order.
            let dollars = try await addCard(
                world, #"{"name":"Dollar Rewards","currency":"USD","localRate":"4.0"}"#, token: token)
            let prvi = try await addCard(world, #"{"template":"uob-prvi-visa"}"#, token: token)
            let ranked = try jsonArray(try await send(world, .get, "/api/v1/cards/best?amount=100", token: token))
            #expect(ranked.map { $0["card"] as? String } == [prvi["id"] as? String, dollars["id"] as? String])
            #expect(ranked.map { $0["canEarn"] as? Bool } == [true, false])
            #expect(ranked.map { $0["rank"] as? Int } == [1, nil])
            #expect(ranked.map { $0["miles"] as? Int } == [140, 0])
            #expect((ranked[1]["reason"] as? String)?.contains("amounts are in USD") == true)
            let inUSD = try jsonArray(
                try await send(world, .get, "/api/v1/cards/best?amount=100&currency=USD", token: token))
            #expect(inUSD.map { $0["card"] as? String } == [dollars["id"] as? String, prvi["id"] as? String])
            #expect(inUSD.first?["miles"] as? Int == 400)
        }
    }

    @Test("a card purchase that is not money out, names another account, or a category the card has not is refused")
    func cardPurchaseRefusals() async throws {
        try await withWeb { world in
            let token = try await token(world)
            _ = try await addCard(world, #"{"template":"uob-prvi-visa","lastFourDigits":"4321"}"#, token: token)
            for (body, field) in [
                (#"{"amount":"25","card":"4321"}"#, "amount"),
                (#"{"amount":"0","card":"4321"}"#, "amount"),
                (#"{"amount":"-25","card":"4321","account":"Cash"}"#, "account"),
                (#"{"amount":"-25","card":"4321","bonusCategory":"dining"}"#, "bonusCategory"),
            ] {
                let response = try await send(world, .post, "/api/v1/transactions", body, token: token)
                #expect(response.status == .unprocessableContent, "\(body)")
                #expect(try problemFields(response).contains(field), "\(body): \(String(buffer: response.body))")
            }
            // Foreign currency on a card without caps is a foreign purchase: 2.4 mpd.
            let foreign = try await send(
                world, .post, "/api/v1/transactions",
                #"{"amount":"-100","card":"4321","bonusCategory":"foreignCurrency"}"#,
                token: token)
            #expect(foreign.status == .created)
            let cards = try json(try await send(world, .get, "/api/v1/cards", token: token))
            let list = try #require(cards["cards"] as? [[String: Any]])
            #expect(list.first?["miles"] as? Int == 240)
        }
    }
}
