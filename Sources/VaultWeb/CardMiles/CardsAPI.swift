import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The card miles tracker's API (issue 17): the cards page, the library, adding, changing, ordering and deleting
/// cards, "which card should I use?", and a card transaction's bonus category. Every route is for a signed-in
/// person (the `APIContext` group) and sees only their household's cards: another household's id is 404.
struct CardsAPI: Sendable {
    let environment: WebEnvironment

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.get("/cards") { _, context in
            let cards = environment.household(of: context.user).cards
            return try Response.json(CardsOverviewPayload(try await cards.overview()))
        }
        api.get("/cards/library") { _, context in
            let scope = environment.household(of: context.user)
            let today = try await scope.details().today(at: scope.vault.now)
            return try Response.json(CardService.library.map { LibraryCardPayload($0, today: today) })
        }
        api.post("/cards") { request, context in
            let cards = environment.household(of: context.user).cards
            let body = try await request.decode(as: CardBody.self, context: context)
            let card: MilesCard
            if let template = body.template {
                try body.refuseCustomFields()
                // Named here rather than by the service, whose message points at the CLI's library command.
                guard CardService.library.contains(where: { $0.id == template.trimmingCharacters(in: .whitespaces) })
                else {
                    throw VaultError(
                        InvalidInput(
                            field: "template",
                            "There is no library card '\(template)'; GET /api/v1/cards/library lists their ids."))
                }
                card = try await cards.addFromLibrary(
                    template, lastFourDigits: body.lastFourDigits, statementDay: body.statementDay?.text,
                    chosenCategories: body.categories ?? [], account: body.account)
            } else {
                if body.categories != nil {
                    throw VaultError(
                        InvalidInput(
                            field: "categories",
                            "`categories` picks a library card's cap categories; give a custom card `caps` instead."))
                }
                card = try await cards.addCustom(body.fields)
            }
            var response = try Response.json(
                CardPayload(try await cards.status(card.id.description)), status: .created)
            response.headers[.location] = "/api/v1/cards/\(card.id)"
            return response
        }
        api.get("/cards/best") { request, context in
            let cards = environment.household(of: context.user).cards
            let query = request.queryForm
            let foreign = try Self.flag(query["foreign"], field: "foreign")
            let ranked = try await cards.best(
                amount: query["amount"] ?? "", category: query["category"], foreign: foreign, date: query["date"],
                currency: query["currency"])
            return try Response.json(CardRecommendationPayload.ranked(ranked))
        }
        api.post("/cards/order") { request, context in
            let cards = environment.household(of: context.user).cards
            let body = try await request.decode(as: CardOrderBody.self, context: context)
            _ = try await cards.reorder(body.ids)
            return try Response.json(CardsOverviewPayload(try await cards.overview()))
        }
        api.get("/cards/:id") { _, context in
            let cards = environment.household(of: context.user).cards
            return try Response.json(CardDetailPayload(try await cards.status(try APIController.id(context))))
        }
        api.patch("/cards/:id") { request, context in
            let cards = environment.household(of: context.user).cards
            let id = try APIController.id(context)
            let body = try await request.decode(as: CardBody.self, context: context)
            if body.template != nil || body.categories != nil {
                throw VaultError(
                    InvalidInput(
                        field: body.template != nil ? "template" : "categories",
                        "A card's library template and chosen categories are set when it is added; change its "
                            + "caps with `caps` instead."))
            }
            let (card, _) = try await cards.edit(id, body.fields)
            return try Response.json(CardPayload(try await cards.status(card.id.description)))
        }
        api.delete("/cards/:id") { request, context in
            let cards = environment.household(of: context.user).cards
            let id = try APIController.id(context)
            do {
                let removal = try await cards.remove(id, confirmed: request.queryForm["confirm"] == "true")
                return try Response.json(CardRemovalPayload(removal))
            } catch let error as VaultError where error.code == .confirmationRequired {
                // The count, for a client to put in its own question ("Delete its 3 expenses too?").
                var refusal = APIError(error)
                refusal.count = try await cards.expensesGoing(with: id)
                throw refusal
            }
        }
        api.put("/transactions/:id/bonus-category") { request, context in
            let cards = environment.household(of: context.user).cards
            let id = try APIController.id(context)
            let body = try await request.decode(as: BonusCategoryBody.self, context: context)
            guard let category = body.bonusCategory else {
                throw VaultError(
                    InvalidInput(
                        field: "bonusCategory",
                        "Give the bonus category, one of "
                            + BonusCategory.allCases.map(\.rawValue).joined(separator: ", ")
                            + " (general for none)."))
            }
            let remember = body.rememberForPayee ?? true
            let card = try await cards.choose(
                category, foreign: body.foreign, transaction: id, rememberForPayee: remember)
            return try Response.json(
                BonusCategoryChoicePayload(
                    transaction: id, card: card.id.description, cardTitle: card.title,
                    bonusCategory: card.hasCategoryCaps ? Self.bonusCategory(category) ?? .general : nil,
                    foreign: body.foreign,
                    rememberedForPayee: remember && card.hasCategoryCaps))
        }
    }

    /// The category named by its key or name, ignoring case, spaces and dashes (as the service reads it).
    static func bonusCategory(_ text: String) -> BonusCategory? {
        let fold = { (text: String) in text.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" } }
        return BonusCategory.allCases.first { fold($0.rawValue) == fold(text) || fold($0.description) == fold(text) }
    }

    /// A yes-or-no query parameter: `true`, `1`, `false`, `0`, or absent for no.
    static func flag(_ text: String?, field: String) throws -> Bool {
        switch text?.lowercased() {
        case nil, "", "false", "0": return false
        case "true", "1": return true
        case let other?:
            throw VaultError(InvalidInput(field: field, "'\(other)' is not true or false."))
        }
    }
}
