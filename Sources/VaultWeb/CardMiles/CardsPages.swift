import Foundation
import Hummingbird
import VaultCore
import VaultServices
import VaultStore

/// The card miles tracker's pages (spec `card-miles.md`, issue 17): the cards with their cycles, the library,
/// a custom card, a card's page with its transactions, edit and delete, and "Which card should I use?".
///
/// Every handler reaches cards only through the signed-in person's household (`scope.cards`), so another
/// household's card id is a card that is not there: 404.
struct CardsPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/cards") { request, context in try await overview(request, context) }
        router.get("/cards/library") { _, context in try await library(context) }
        router.post("/cards/library") { request, context in try await addFromLibrary(request, context) }
        router.get("/cards/new") { _, context in try await newCard(CardForm(), problems: [], context) }
        router.post("/cards/new") { request, context in try await addCustom(request, context) }
        router.get("/cards/:id") { _, context in try await detail(context) }
        router.post("/cards/:id") { request, context in try await edit(request, context) }
        router.post("/cards/:id/move") { request, context in try await move(request, context) }
        router.post("/cards/:id/bonus") { request, context in try await choose(request, context) }
        router.get("/cards/:id/delete") { _, context in try await confirmDelete(context) }
        router.post("/cards/:id/delete") { request, context in try await delete(request, context) }
    }

    func scope(_ context: PageContext) -> HouseholdScope { environment.household(of: context.signedIn.user) }

    /// The problems of a refused form, from the service's error; nil for any other failure.
    static func problems(_ error: any Error) -> [Problem]? {
        if let invalid = error as? InvalidInput { return invalid.problems }
        if let error = error as? VaultError, error.code == .invalidInput { return error.problems }
        return nil
    }

    /// The card id in the path: a card of this household, else a 404 page.
    static func cardID(_ context: PageContext) throws -> String {
        guard let id = context.parameters.get("id"), MilesCard.ID(id) != nil else {
            throw PageError(status: .notFound, title: "Not found", message: "There is no such card here.")
        }
        return id
    }

    /// The credit-card accounts a card can count: none another card already counts.
    func accounts(_ context: PageContext, for card: MilesCard? = nil) async throws -> [Account] {
        let scope = scope(context)
        let cards = try await scope.cards.list()
        let taken = Set(cards.filter { $0.id != card?.id }.compactMap(\.linkedAccountID))
        return try await scope.accounts.list(counting: false).map(\.account).filter {
            $0.kind == .creditCard && !taken.contains($0.id)
        }
    }

    // MARK: - Cards and "Which card should I use?"

    func overview(_ request: Request, _ context: PageContext) async throws -> Response {
        let scope = scope(context)
        let overview = try await scope.cards.overview()
        let query = request.queryForm
        var which = CardsPage.WhichCard(
            amount: query["amount"] ?? "", category: query["category"] ?? "", foreign: query.isOn("foreign"),
            asked: query["ask"] != nil)
        if which.asked, !overview.cards.isEmpty {
            do {
                which.answer = try await scope.cards.best(
                    amount: which.amount, category: which.category, foreign: which.foreign)
            } catch {
                guard let problems = Self.problems(error) else { throw error }
                which.problems = problems
            }
        }
        return .html(
            CardsPage.render(overview, which: which, signedIn: context.signedIn),
            status: which.problems.isEmpty ? .ok : .unprocessableContent)
    }

    func move(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let id = try Self.cardID(context)
        let offset = form["direction"] == "up" ? -1 : 1
        _ = try await scope(context).cards.move(id, by: offset)
        return .seeOther("/cards#miles-card-\(id)")
    }

    // MARK: - Library

    func library(
        _ context: PageContext, entry: CardLibraryPage.Entry? = nil, problems: [Problem] = []
    ) async throws -> Response {
        let household = try await scope(context).details()
        return .html(
            CardLibraryPage.render(
                today: household.today(at: environment.clock()), accounts: try await accounts(context), entry: entry,
                problems: problems, signedIn: context.signedIn),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    func addFromLibrary(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let entry = CardLibraryPage.Entry(
            template: form["template"] ?? "", lastFour: form["lastFour"] ?? "",
            statementDay: form["statementDay"] ?? "", account: form["account"] ?? "",
            categories: form.all("category").map { $0.trimmingCharacters(in: .whitespaces) })
        // Said here rather than by the service, whose message points at the command line.
        guard CardLibrary.card(id: entry.template) != nil else {
            throw PageError(
                status: .notFound, title: "Not found",
                message: "There is no such card in the library; choose one from the library's list.")
        }
        do {
            let card = try await scope(context).cards.addFromLibrary(
                entry.template, lastFourDigits: entry.lastFour, statementDay: entry.statementDay,
                chosenCategories: entry.categories.filter { !$0.isEmpty },
                account: entry.account.isEmpty ? nil : entry.account)
            return .seeOther("/cards#miles-card-\(card.id)", flash: Flash(.notice, "Added \(card.title)."))
        } catch {
            guard let problems = Self.problems(error) else { throw error }
            return try await library(context, entry: entry, problems: problems)
        }
    }

    // MARK: - Custom card

    func newCard(_ form: CardForm, problems: [Problem], _ context: PageContext) async throws -> Response {
        .html(
            CardFormPage.render(
                form, accounts: try await accounts(context), problems: problems, signedIn: context.signedIn),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    func addCustom(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = CardForm(try await context.form(request))
        do {
            let card = try await scope(context).cards.addCustom(form.fields)
            return .seeOther("/cards#miles-card-\(card.id)", flash: Flash(.notice, "Added \(card.title)."))
        } catch {
            guard let refused = Self.problems(error) else { throw error }
            return try await newCard(form, problems: form.problemsByRow(refused), context)
        }
    }

    // MARK: - A card's page

    func detail(
        _ context: PageContext, form: CardForm? = nil, problems: [Problem] = [], bonusProblems: [Problem] = []
    ) async throws -> Response {
        let status = try await scope(context).cards.status(try Self.cardID(context))
        return .html(
            CardDetailPage.render(
                status, form: form ?? CardForm(status.card),
                accounts: try await accounts(context, for: status.card), problems: problems,
                bonusProblems: bonusProblems, signedIn: context.signedIn),
            status: problems.isEmpty && bonusProblems.isEmpty ? .ok : .unprocessableContent)
    }

    func edit(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = CardForm(try await context.form(request))
        let id = try Self.cardID(context)
        do {
            let (card, changed) = try await scope(context).cards.edit(id, form.fields)
            let message = changed.isEmpty ? "Nothing changed." : "Saved \(card.title)."
            return .seeOther("/cards/\(id)", flash: Flash(.notice, message))
        } catch {
            guard let refused = Self.problems(error) else { throw error }
            return try await detail(context, form: form, problems: form.problemsByRow(refused))
        }
    }

    /// One transaction's bonus category (and foreign flag), remembered for its payee unless unticked.
    func choose(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let id = try Self.cardID(context)
        let status = try await scope(context).cards.status(id)
        guard let transaction = form["transaction"],
            status.expenses.contains(where: { $0.row.id.description == transaction })
        else {
            throw PageError(
                status: .notFound, title: "Not found", message: "That transaction is not in this card's cycle.")
        }
        let category = form["bonusCategory"] ?? "general"
        // Ticked is foreign; unticked is local, except for the foreign currency category, which is foreign by name.
        let foreign: Bool? =
            form.isOn("foreign") ? true : (category == BonusCategory.foreignCurrency.rawValue ? nil : false)
        do {
            _ = try await scope(context).cards.choose(
                category, foreign: foreign, transaction: transaction, rememberForPayee: form.isOn("remember"))
        } catch {
            guard let refused = Self.problems(error) else { throw error }
            return try await detail(
                context, bonusProblems: refused.map { Problem(field: transaction, message: $0.message) })
        }
        return .seeOther("/cards/\(id)#cycle-transactions", flash: Flash(.notice, "Saved."))
    }

    // MARK: - Delete

    func confirmDelete(_ context: PageContext) async throws -> Response {
        let id = try Self.cardID(context)
        let cards = scope(context).cards
        let card = try await cards.find(id)
        let going = try await cards.expensesGoing(with: id)
        return .html(CardDetailPage.confirmDelete(card, going: going, signedIn: context.signedIn))
    }

    func delete(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let id = try Self.cardID(context)
        do {
            let removal = try await scope(context).cards.remove(id, confirmed: form["confirm"] == "1")
            var message = "Deleted \(removal.card.title)"
            if removal.expensesDeleted > 0 {
                message +=
                    " and its \(removal.expensesDeleted) manual expense\(removal.expensesDeleted == 1 ? "" : "s")"
            }
            return .seeOther("/cards", flash: Flash(.notice, message + "."))
        } catch let error as VaultError where error.code == .confirmationRequired {
            return .seeOther("/cards/\(id)/delete", flash: Flash(.error, error.message))
        }
    }
}
