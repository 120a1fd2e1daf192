import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The 50/30/20 lens's API (issue 20): a month's lens, a segment's transactions with why each landed there, a
/// transaction's bucket, payee choices and the targets. Signed in, this household's data only.
struct LensAPI: Sendable {
    let environment: WebEnvironment

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.get("/lens") { request, context in
            try Response.json(
                LensReportView(
                    try await environment.household(of: context.user).reports.lens(request.queryForm["month"])))
        }
        api.get("/lens/targets") { _, context in
            try Response.json(LensTargetsPayload(try await environment.household(of: context.user).lens.targets()))
        }
        api.put("/lens/targets") { request, context in
            let body = try await request.decode(as: LensTargetsPayload.self, context: context)
            let targets = try await environment.household(of: context.user).lens.setTargets(
                needs: body.needs, wants: body.wants, savings: body.savings)
            return try Response.json(LensTargetsPayload(targets))
        }
        api.get("/lens/payees") { _, context in
            let choices = try await environment.household(of: context.user).lens.payeeChoices()
            return try Response.json(choices.map { LensPayeePayload(payee: $0.payeeKey, bucket: $0.bucket.rawValue) })
        }
        api.put("/lens/payees") { request, context in
            let body = try await request.decode(as: LensPayeePayload.self, context: context)
            let bucket = try Self.bucket(body.bucket)
            let key = try await environment.household(of: context.user).lens.classify(payee: body.payee, as: bucket)
            return try Response.json(LensPayeePayload(payee: key, bucket: bucket?.rawValue))
        }
        api.get("/lens/:bucket") { request, context in
            guard let bucket = context.parameters.get("bucket").flatMap(LensBucket.init(name:)) else {
                throw VaultError(.notFound, "The lens has three segments: needs, wants and savings.")
            }
            let query = request.queryForm
            let page = try APIController.pageRequest(query, size: LensPages.pageSize)
            let segment = try await environment.household(of: context.user).lens.segment(
                query["month"], bucket: bucket, page: page)
            return try Response.json(LensSegmentView(segment))
        }
        api.put("/transactions/:id/lens") { request, context in
            let body = try await request.decode(as: LensChoiceBody.self, context: context)
            let entry = try await environment.household(of: context.user).lens.choose(
                transaction: try APIController.id(context), as: try Self.bucket(body.bucket))
            return try Response.json(LensEntryView(entry))
        }
        api.get("/transactions/:id/lens") { _, context in
            guard
                let entry = try await environment.household(of: context.user).lens.entry(of: APIController.id(context))
            else {
                throw VaultError(
                    .notFound, "The 50/30/20 lens does not count this transaction (income, a transfer, or excluded).")
            }
            return try Response.json(LensEntryView(entry))
        }
    }

    /// `need`, `want`, `savings`, or null for the automatic rules.
    static func bucket(_ text: String?) throws -> LensBucket? {
        guard let text else { return nil }
        guard let bucket = LensBucket(rawValue: text) else {
            throw VaultError(
                InvalidInput(field: "bucket", "'\(text)' is not a bucket; use need, want, savings or null."))
        }
        return bucket
    }
}

/// The lens's target shares, whole percentages adding up to 100.
struct LensTargetsPayload: Codable, Sendable {
    let needs: Int
    let wants: Int
    let savings: Int

    init(_ targets: LensTargets) {
        needs = targets.needs
        wants = targets.wants
        savings = targets.savings
    }
}

/// A payee's bucket: what `PUT /lens/payees` takes and answers (the payee as its stored key).
struct LensPayeePayload: Codable, Sendable {
    let payee: String
    let bucket: String?
}

/// What `PUT /transactions/{id}/lens` takes: a bucket, or null for the automatic rules.
struct LensChoiceBody: Decodable, Sendable {
    let bucket: String?
}
