import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Recurring rules through the API (issue 18; spec `expense-tracker.md` 2.6 and 4.3): the list with summaries, one
/// rule with its instances, changing and deleting a rule, and Generate Next Year. A rule is made by adding a
/// transaction with `recurrence` (`POST /api/v1/transactions`). Every route is for a signed-in person (the
/// `APIContext` group) and sees only their household's rules: another household's id is 404.
///
/// Not to be confused with `/recurring`, the recurring series GhostVault detects in bank data.
struct RecurringRulesAPI: Sendable {
    let environment: WebEnvironment

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.get("/recurring-rules") { _, context in
            let rules = environment.household(of: context.user).recurringRules
            return try Response.json(try await rules.list().map(RecurringRulePayload.init))
        }
        api.post("/recurring-rules/generate-next-year") { _, context in
            let rules = environment.household(of: context.user).recurringRules
            return try Response.json(try await rules.generateNextYear().map(GeneratedYearPayload.init))
        }
        api.get("/recurring-rules/:id") { request, context in
            let scope = environment.household(of: context.user)
            let form = request.queryForm
            let listed = try await scope.recurringRules.find(try APIController.id(context))
            let page = try APIController.number(form, "page", 1)
            let size = try APIController.number(form, "size", PageRequest.defaultSize)
            let instances = try await scope.transactions.list(
                Self.instances(of: listed.rule, page: page, size: size))
            return try Response.json(RecurringRuleDetailPayload(listed, instances: instances))
        }
        api.patch("/recurring-rules/:id") { request, context in
            let rules = environment.household(of: context.user).recurringRules
            let id = try APIController.id(context)
            let body = try await request.decode(as: RecurringRuleBody.self, context: context)
            let edited = try await rules.edit(id, body.changes)
            return try Response.json(RecurringRuleEditPayload(try await rules.find(id), edited: edited))
        }
        api.delete("/recurring-rules/:id") { request, context in
            let rules = environment.household(of: context.user).recurringRules
            let id = try APIController.id(context)
            let future = try CardsAPI.flag(request.queryForm["futureTransactions"], field: "futureTransactions")
            let (rule, deleted) = try await rules.delete(id, futureTransactions: future)
            return try Response.json(
                RecurringRuleDeletionPayload(rule: rule, futureTransactions: future, deleted: deleted))
        }
    }

    /// A rule's template and instances, oldest first; transfers included, since an instance matched as one is
    /// still the rule's.
    static func instances(of rule: RecurringRule, page: Int, size: Int) -> TransactionQuery {
        TransactionQuery(
            includeTransfers: true, recurringRule: rule.id.description, sort: "asc", page: page, pageSize: size)
    }
}
